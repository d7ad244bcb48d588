import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { REPORT_FORMATS, type ProgressEvent, type ReportFormat } from '../../../shared/bridge';
import { bridge, BridgeCallError, callBridge } from '../bridge';
import { useCases } from '../queries';
import { dialogKeyDown } from '../ui/focus-trap';
import { ModalFrame } from '../ui/ModalFrame';
import {
  CANCELLED_WORDS,
  describeExportProgress,
  exportFailure,
  exportPercent,
  FORMAT_WORDING,
} from './report-wording';
import { openPrintPage, saveFile } from './save-file';

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';
const primary = `rounded-md bg-indigo-600 px-3.5 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 dark:bg-indigo-500 dark:hover:bg-indigo-400 dark:disabled:bg-slate-700 dark:disabled:text-slate-300 ${FOCUS}`;
const quiet = `rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 ${FOCUS}`;

type Outcome =
  | { kind: 'file'; filename: string }
  | { kind: 'print'; filename: string; path: string; opened: boolean }
  | { kind: 'cancelled' }
  | { kind: 'failed'; words: string };

interface Running {
  taskId: string;
  progress: ProgressEvent | null;
  cancelling: boolean;
}

function newTaskId(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return `report-${random}`;
}

/**
 * Export a report of one or more cases: the format (with what each is for), the title, signing for a
 * JSON bundle; then the export's progress in words with Cancel, and where the file went. Escape or Close
 * while it runs cancels it.
 */
export function ExportDialog({ caseIds, onClose }: { caseIds: readonly string[]; onClose: () => void }) {
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cases = useCases();
  const [format, setFormat] = useState<ReportFormat>('html');
  const [typedTitle, setTypedTitle] = useState<string | null>(null);
  const [sign, setSign] = useState(false);
  const [running, setRunning] = useState<Running | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const cancelRequested = useRef<string | null>(null);
  const runningRef = useRef<Running | null>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  runningRef.current = running;

  const titles = caseIds.map((id) => cases.data?.find((c) => c.id === id)?.title ?? null);
  const defaultTitle = caseIds.length === 1 ? (titles[0] ?? '') : `${caseIds.length} cases`;
  const title = typedTitle ?? defaultTitle;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => {
      // Closing the dialog while it exports cancels the export.
      const current = runningRef.current;
      if (current !== null) void callBridge('reports.cancel', { taskId: current.taskId }).catch(() => {});
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // The export's progress events, for this export only.
  const taskId = running?.taskId ?? null;
  useEffect(() => {
    if (taskId === null) return;
    return bridge().on('progress', (event) => {
      if (event.taskId !== taskId) return;
      setRunning((current) => (current?.taskId === taskId ? { ...current, progress: event } : current));
    });
  }, [taskId]);

  async function onExport(event?: FormEvent) {
    event?.preventDefault();
    if (running !== null || caseIds.length === 0) return;
    const id = newTaskId();
    cancelRequested.current = null;
    setOutcome(null);
    setRunning({ taskId: id, progress: null, cancelling: false });
    // The Export button gives way to Cancel: focus follows it.
    requestAnimationFrame(() => cancel.current?.focus());
    const trimmed = title.trim();
    try {
      const answer = await callBridge('reports.export', {
        taskId: id,
        caseIds: [...caseIds],
        format,
        ...(trimmed !== '' ? { title: trimmed.slice(0, 500) } : {}),
        sign: format === 'json' && sign,
      });
      if (cancelRequested.current === id) setOutcome({ kind: 'cancelled' });
      else if (answer.kind === 'file') {
        saveFile(answer.filename, answer.mediaType, answer.dataBase64);
        setOutcome({ kind: 'file', filename: answer.filename });
      } else {
        const opened = openPrintPage(answer.path);
        setOutcome({ kind: 'print', filename: answer.filename, path: answer.path, opened });
      }
    } catch (error) {
      const code = error instanceof BridgeCallError ? error.code : 'internal_error';
      const message = error instanceof Error ? error.message : String(error);
      setOutcome(
        code === 'cancelled' || cancelRequested.current === id
          ? { kind: 'cancelled' }
          : { kind: 'failed', words: exportFailure(code, message) },
      );
    } finally {
      setRunning(null);
      // The Cancel button that had focus is gone: focus goes to "Export again".
      requestAnimationFrame(() => {
        if (document.activeElement === document.body) submit.current?.focus();
      });
    }
  }

  function onCancel() {
    if (running === null || running.cancelling) return;
    cancelRequested.current = running.taskId;
    setRunning({ ...running, cancelling: true });
    void callBridge('reports.cancel', { taskId: running.taskId }).catch(() => {});
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => dialogKeyDown(event, panel.current, onClose);

  const host = bridge().host;
  const percent = exportPercent(running?.progress ?? null);
  const progressWords = running?.cancelling
    ? 'Cancelling…'
    : running?.progress
      ? describeExportProgress(running.progress)
      : 'Starting';
  const named = titles.filter((t): t is string => t !== null);

  return (
    <ModalFrame
      title="Export report"
      titleId={`${ids}-title`}
      onClose={onClose}
      onKeyDown={onKeyDown}
      testId="export-dialog"
      width="xl"
      align="center"
      panelRef={panel}
      focusablePanel
    >
      <form onSubmit={(event) => void onExport(event)} noValidate className="flex min-h-0 flex-1 flex-col">
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">
          {caseIds.length === 0 ? (
            <p data-testid="export-no-case" className="text-sm text-slate-700 dark:text-slate-200">
              No case is open. Open a case, or tick cases in the list and choose “Export selected…”, to export
              a report.
            </p>
          ) : (
            <div data-testid="export-cases" className="text-sm text-slate-700 dark:text-slate-200">
              <p>
                {caseIds.length === 1 ? 'A report of the case ' : `A report of ${caseIds.length} cases: `}
                {named.length > 0 &&
                  named.slice(0, 5).map((t, at) => (
                    <span key={`${at}-${t}`}>
                      {at > 0 && ', '}“<bdi>{t}</bdi>”
                    </span>
                  ))}
                {named.length > 5 && <> and {named.length - 5} more</>}.
              </p>
            </div>
          )}
          <fieldset disabled={running !== null || caseIds.length === 0} className="space-y-1.5">
            <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">Format</legend>
            {REPORT_FORMATS.map((value) => (
              <label key={value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${ids}-format`}
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                  aria-describedby={`${ids}-${value}-hint`}
                  className="mt-0.5 accent-indigo-600 dark:accent-indigo-400"
                />
                <span>
                  <span className="font-medium">{FORMAT_WORDING[value].label}</span>
                  <span
                    id={`${ids}-${value}-hint`}
                    className="block text-xs text-slate-600 dark:text-slate-300"
                  >
                    {FORMAT_WORDING[value].description}
                    {value === 'pdf' &&
                      host === 'web' &&
                      ' It opens in a new tab for you to save with Print.'}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {format === 'json' && (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={sign}
                disabled={running !== null}
                onChange={(event) => setSign(event.target.checked)}
                aria-describedby={`${ids}-sign-hint`}
                className="mt-0.5 accent-indigo-600 dark:accent-indigo-400"
              />
              <span>
                Sign the bundle with this computer’s key
                <span id={`${ids}-sign-hint`} className="block text-xs text-slate-600 dark:text-slate-300">
                  Whoever checks the bundle can then confirm it was made with this key and not changed since.
                </span>
              </span>
            </label>
          )}
          <div className="space-y-1">
            <label
              htmlFor={`${ids}-report-title`}
              className="block text-sm font-semibold text-slate-900 dark:text-slate-100"
            >
              Report title
            </label>
            <input
              id={`${ids}-report-title`}
              type="text"
              value={title}
              maxLength={500}
              disabled={running !== null || caseIds.length === 0}
              onChange={(event) => setTypedTitle(event.target.value)}
              aria-describedby={`${ids}-title-hint`}
              className={`w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 ${FOCUS}`}
            />
            <p id={`${ids}-title-hint`} className="text-xs text-slate-600 dark:text-slate-300">
              Printed at the top of the report. If you leave it empty, the report is titled{' '}
              {caseIds.length > 1 ? `“${caseIds.length} cases”` : 'with the case’s title'}.
            </p>
          </div>
        </div>

        <div className="space-y-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">
          {running !== null && (
            <div data-testid="export-progress" className="space-y-1">
              <p
                role="status"
                data-testid="export-progress-words"
                className="text-sm text-slate-700 dark:text-slate-200"
              >
                Exporting: {progressWords}
              </p>
              <progress
                max={100}
                {...(percent !== null ? { value: percent } : {})}
                aria-label={`Export progress: ${progressWords}`}
                className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-indigo-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600 dark:[&::-webkit-progress-bar]:bg-slate-700 dark:[&::-webkit-progress-value]:bg-indigo-400"
              />
            </div>
          )}
          <div role="status" aria-live="polite" data-testid="export-result" className="text-sm">
            {outcome?.kind === 'file' && (
              <p className="text-emerald-800 dark:text-emerald-300">
                {host === 'electron' ? (
                  <>
                    The report is ready as{' '}
                    <strong className="font-semibold break-words">{outcome.filename}</strong>. Choose where to
                    save it in the window that opened.
                  </>
                ) : (
                  <>
                    Saved as <strong className="font-semibold break-words">{outcome.filename}</strong> in your
                    browser’s downloads.
                  </>
                )}
              </p>
            )}
            {outcome?.kind === 'print' && (
              <div className="space-y-1 text-slate-800 dark:text-slate-200">
                {outcome.opened ? (
                  <p>
                    The report opened in a new tab. There, use the browser’s Print (Ctrl+P, or ⌘P on a Mac)
                    and choose “Save as PDF” as the destination; name it{' '}
                    <strong className="font-semibold break-words">{outcome.filename}</strong>.
                  </p>
                ) : (
                  <p>
                    {/* The print page can be opened once, so the link is offered only when no tab took it. */}
                    The report is ready, but your browser did not open a new tab for it (it may have blocked
                    it):{' '}
                    <a
                      href={outcome.path}
                      target="_blank"
                      rel="noopener"
                      className={`text-indigo-700 underline dark:text-indigo-300 ${FOCUS}`}
                    >
                      open the report to print it
                    </a>
                    . There, use the browser’s Print (Ctrl+P, or ⌘P on a Mac) and choose “Save as PDF” as the
                    destination; name it{' '}
                    <strong className="font-semibold break-words">{outcome.filename}</strong>.
                  </p>
                )}
              </div>
            )}
            {outcome?.kind === 'cancelled' && (
              <p data-testid="export-cancelled" className="text-slate-800 dark:text-slate-200">
                {CANCELLED_WORDS}
              </p>
            )}
          </div>
          {outcome?.kind === 'failed' && (
            <p role="alert" data-testid="export-error" className="text-sm text-rose-800 dark:text-rose-300">
              {outcome.words}
            </p>
          )}
          <div className="flex items-center justify-end gap-2">
            {running !== null ? (
              <>
                <p className="mr-auto text-xs text-slate-600 dark:text-slate-300">
                  Closing this window cancels the export.
                </p>
                <button
                  ref={cancel}
                  type="button"
                  onClick={onCancel}
                  aria-disabled={running.cancelling}
                  className={quiet}
                >
                  {running.cancelling ? 'Cancelling…' : 'Cancel export'}
                </button>
              </>
            ) : (
              <button ref={submit} type="submit" disabled={caseIds.length === 0} className={primary}>
                {outcome === null ? 'Export' : 'Export again'}
              </button>
            )}
          </div>
        </div>
      </form>
    </ModalFrame>
  );
}
