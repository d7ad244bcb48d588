import { useQueryClient } from '@tanstack/react-query';
import { readingMove } from '../ui/extraction-codes';
import { StatusBadge } from '../ui/StatusBadge';
import { humanSize } from './file-size';
import { dismissTask, retryTask, type ImportTask } from './import-queue';

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

/** Where a task stands, in words: "Uploading", "Stored", "Reading page 3 of 12". */
function progressText(task: ImportTask): string {
  switch (task.phase) {
    case 'waiting':
      if (task.kind === 'read' || task.failedStep === 'read') return 'Waiting to be read';
      return task.kind === 'url' ? 'Waiting to download' : 'Waiting to upload';
    case 'uploading':
      if (task.kind === 'url') return 'Downloading';
      return task.progress?.stage === 'upload:received' ? 'Uploading: received, storing' : 'Uploading';
    case 'stored':
      return 'Stored';
    case 'reading': {
      const progress = task.progress;
      const unit =
        progress?.stage === 'extract:page' ? 'page' : progress?.stage === 'extract:sheet' ? 'sheet' : null;
      if (progress === null || unit === null) return 'Reading';
      const current = Math.max(1, progress.done);
      return progress.total !== null
        ? `Reading ${unit} ${current} of ${progress.total}`
        : `Reading ${unit} ${current}`;
    }
    case 'done':
      return 'Read';
    case 'failed':
      if (task.failedStep === 'read') return 'Stored, but reading failed';
      return task.kind === 'url' ? 'Download failed' : 'Upload failed';
    case 'refused':
      return 'Not sent';
  }
}

/** How far a task is, for the bar: [done, total], or null when it cannot be told. */
function fraction(task: ImportTask): [number, number] | null {
  if (task.phase === 'uploading' && task.kind === 'url') return [task.progress?.done ?? 0, 1];
  if (task.phase === 'uploading') return [task.progress?.done ?? 0, 2];
  if (task.phase === 'stored') return [2, 2];
  if (
    task.phase === 'reading' &&
    task.progress !== null &&
    task.progress.total !== null &&
    task.progress.total > 0
  )
    return [Math.min(task.progress.done, task.progress.total), task.progress.total];
  return null;
}

/** One file being added (or one document being read): live progress, then its result or its error. */
export function ImportItem({ task }: { task: ImportTask }) {
  const client = useQueryClient();
  const active = task.phase !== 'done' && task.phase !== 'failed' && task.phase !== 'refused';
  const bar = active ? fraction(task) : null;
  const text = progressText(task);
  const problem = task.phase === 'failed' || task.phase === 'refused';
  const move = task.reading !== null ? readingMove(task.reading.state, task.reading.code) : null;
  const lost = task.reading?.lost.length ?? 0;

  return (
    <li
      data-testid="import-item"
      data-phase={task.phase}
      className={`rounded-lg border px-3 py-2 text-xs ${problem ? 'border-rose-200 bg-rose-50/60 dark:border-rose-800 dark:bg-rose-950/30' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-800 dark:text-slate-200" title={task.name}>
            <bdi>{task.name}</bdi>
          </p>
          <p className="flex flex-wrap items-center gap-x-1 text-slate-600 dark:text-slate-300">
            {task.byteLength !== null && <span>{humanSize(task.byteLength)} ·</span>}
            {task.phase === 'done' && task.reading !== null ? (
              <StatusBadge state={task.reading.state} code={task.reading.code} />
            ) : (
              <span
                data-testid="import-progress"
                className={
                  problem
                    ? 'font-medium text-rose-800 dark:text-rose-300'
                    : 'text-slate-700 dark:text-slate-300'
                }
              >
                {text}
              </span>
            )}
          </p>
        </div>
        {!active && (
          <button
            type="button"
            onClick={() => dismissTask(task.id)}
            aria-label={`Dismiss ${task.name}`}
            title="Dismiss"
            className={`shrink-0 rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 ${FOCUS} dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200`}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path strokeLinecap="round" strokeLinejoin="round" d="M6 18 18 6M6 6l12 12" />
            </svg>
          </button>
        )}
      </div>

      {active && task.phase !== 'waiting' && (
        <div
          role="progressbar"
          aria-label={`Progress of ${task.name}`}
          aria-valuetext={text}
          aria-valuemin={0}
          aria-valuemax={bar?.[1]}
          aria-valuenow={bar?.[0]}
          className="mt-1.5 h-1 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-950"
        >
          <div
            className={`h-full rounded-full bg-indigo-500 ${bar === null ? 'w-1/3 animate-pulse' : ''}`}
            style={bar !== null ? { width: `${Math.round((bar[0] / bar[1]) * 100)}%` } : undefined}
          />
        </div>
      )}

      {task.phase === 'done' && task.reading !== null && move !== null && (
        <p data-testid="import-move" className="mt-1 text-slate-700 dark:text-slate-300">
          {move}.
          {lost > 0 && ` ${lost} ${lost === 1 ? 'part' : 'parts'} lost: listed with the document below.`}
        </p>
      )}

      {problem && task.error !== null && (
        <p data-testid="import-error" className="mt-1 break-words text-rose-800 dark:text-rose-300">
          {task.error}
        </p>
      )}

      {task.phase === 'failed' && (
        <button
          type="button"
          onClick={() => retryTask(task.id, client)}
          aria-label={`Retry ${task.name}`}
          className={`mt-1.5 rounded-md border border-slate-300 bg-white px-2 py-0.5 font-medium text-slate-700 hover:bg-slate-50 ${FOCUS} dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800`}
        >
          Retry
        </button>
      )}
    </li>
  );
}
