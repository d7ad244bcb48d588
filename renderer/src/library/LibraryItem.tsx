import { useQueryClient } from '@tanstack/react-query';
import type { LibraryEntry } from '../../../shared/bridge';
import { displayTitle } from '../../../shared/text/display-name';
import { SourceName } from '../ui/SourceName';
import { CODE_WORDING, METHOD_WORDING, readingMove } from '../ui/extraction-codes';
import { StatusBadge } from '../ui/StatusBadge';
import { useWorkbenchUi } from '../ui-store';
import { humanSize } from './file-size';
import { isActive, readDocument, useImportQueue } from './import-queue';
import { LostParts } from './LostParts';
import { mediaKind, readsSheets } from './media-kind';

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';
const ACTION = `rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50 ${FOCUS} dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800`;

const ADDED_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function added(addedAt: string): string {
  const time = Date.parse(addedAt);
  return Number.isNaN(time) ? addedAt : ADDED_FORMAT.format(time);
}

export interface LibraryItemProps {
  entry: LibraryEntry;
  onRemove: (entry: LibraryEntry) => void;
}

/** One document of the library: what it is, how it was read, and what can be done with it. */
export function LibraryItem({ entry, onRemove }: LibraryItemProps) {
  const client = useQueryClient();
  const isOpen = useWorkbenchUi((state) => state.openSourceVersionId === entry.sourceVersionId);
  const openDocument = useWorkbenchUi((state) => state.openDocument);
  const reading = useImportQueue((queue) =>
    queue.tasks.some((t) => t.sourceVersionId === entry.sourceVersionId && isActive(t)),
  );
  const name = displayTitle(entry.title, entry.filename);
  const kind = mediaKind(entry.mediaType, entry.filename);
  const read = entry.reading;
  const unitWord = readsSheets(kind) ? 'sheet' : 'page';
  const canReread =
    read !== null &&
    read.state !== 'complete' &&
    (read.code === null || CODE_WORDING[read.code].worthRereading);

  return (
    <li
      data-testid="library-item"
      data-source-version-id={entry.sourceVersionId}
      className={`rounded-lg border px-3 py-2 ${isOpen ? 'border-indigo-300 bg-indigo-50/60 dark:border-indigo-700 dark:bg-indigo-950/40' : 'border-slate-200 bg-white hover:border-slate-300 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-500'}`}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          data-library-open
          onClick={() => openDocument(entry.sourceVersionId)}
          aria-current={isOpen ? 'true' : undefined}
          className={`block min-w-0 flex-1 rounded text-left ${FOCUS}`}
        >
          <span
            className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100"
            title={name}
          >
            <SourceName filename={entry.filename} title={entry.title} />
          </span>
          {entry.title !== null && name !== entry.filename && (
            <span
              className="block truncate text-xs text-slate-600 dark:text-slate-300"
              title={entry.filename}
            >
              <bdi>{entry.filename}</bdi>
            </span>
          )}
          <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-300">
            <abbr
              title={entry.mediaType}
              className="font-medium text-slate-600 no-underline dark:text-slate-300"
            >
              {kind}
            </abbr>
            {' · '}
            {humanSize(entry.byteLength)}
            {' · '}
            <time dateTime={entry.addedAt}>{added(entry.addedAt)}</time>
          </span>
        </button>
        <button
          type="button"
          onClick={() => onRemove(entry)}
          aria-label={`Remove ${name}`}
          title="Remove from the library"
          className={`-mr-1 shrink-0 rounded-md p-1 text-slate-500 hover:bg-rose-50 hover:text-rose-700 ${FOCUS} dark:text-slate-400 dark:hover:bg-rose-950/40 dark:hover:text-rose-300`}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
          >
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="m14.74 9-.346 9m-4.788 0L9.26 9m9.968-3.21c.342.052.682.107 1.022.166m-1.022-.165L18.16 19.673a2.25 2.25 0 0 1-2.244 2.077H8.084a2.25 2.25 0 0 1-2.244-2.077L4.772 5.79m14.456 0a48.108 48.108 0 0 0-3.478-.397m-12 .562c.34-.059.68-.114 1.022-.165m0 0a48.11 48.11 0 0 1 3.478-.397m7.5 0v-.916c0-1.18-.91-2.164-2.09-2.201a51.964 51.964 0 0 0-3.32 0c-1.18.037-2.09 1.022-2.09 2.201v.916m7.5 0a48.667 48.667 0 0 0-7.5 0"
            />
          </svg>
        </button>
      </div>

      <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
        {reading ? (
          <span
            data-testid="library-item-reading"
            className="inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300"
          >
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-indigo-500" />
            Reading…
          </span>
        ) : (
          <StatusBadge state={read?.state ?? 'unread'} code={read?.code ?? null} />
        )}
        {read !== null && read.state !== 'error' && read.state !== 'unsupported' && (
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {read.unitCount} {read.unitCount === 1 ? unitWord : `${unitWord}s`} ·{' '}
            {METHOD_WORDING[read.extractionMethod]}
          </span>
        )}
        {!reading && (read === null || canReread) && (
          <button
            type="button"
            onClick={() => readDocument(entry.sourceVersionId, name, client)}
            aria-label={read === null ? `Read ${name}` : `Read ${name} again`}
            className={`ml-auto ${ACTION}`}
          >
            {read === null ? 'Read' : 'Read again'}
          </button>
        )}
      </div>

      {!reading && read !== null && read.state !== 'complete' && (
        <div data-testid="library-item-problem" className="mt-1 text-xs">
          <p className="text-slate-700 dark:text-slate-300">
            <span className="font-medium">What to do: </span>
            {readingMove(read.state, read.code)}
          </p>
          {/* The lost parts carry their own reasons; the document's is shown when there are none. */}
          {read.lost.length === 0 && read.reason !== null && read.reason !== '' && (
            <p className="line-clamp-2 break-words text-slate-600 dark:text-slate-300" title={read.reason}>
              {read.reason}
            </p>
          )}
          <LostParts lost={read.lost} />
        </div>
      )}
    </li>
  );
}
