import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_BUNDLE_CHARS } from '../../../shared/bridge/reports';
import type { VerifyItem, VerifyReport } from '../../../shared/bridge/verify-result';
import { BridgeCallError, callBridge } from '../bridge';
import { dialogKeyDown } from '../ui/focus-trap';
import { ModalFrame } from '../ui/ModalFrame';
import { summarizeVerify, TONE_CLASSES, VERIFY_STATUS_WORDING } from './report-wording';

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

/** The largest bundle file the app reads: 50 MB. */
export const MAX_BUNDLE_BYTES = MAX_BUNDLE_CHARS;

/** Null when `file` may be a report bundle to read, else why it is not read. */
export function bundleFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.json$/i.test(file.name))
    return `“${file.name}” is not a report bundle: choose the .json file exported as “JSON bundle”.`;
  if (file.size > MAX_BUNDLE_BYTES)
    return `“${file.name}” is over 50 MB, larger than any report bundle this workbench checks. It was not read.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}

/** "2 differ", "1 could not be read": a count of items in one status. */
const COUNT_WORDS: Record<'differs' | 'unreadable' | 'refused', (n: number) => string> = {
  differs: (n) => (n === 1 ? 'differs' : 'differ'),
  unreadable: () => 'could not be read',
  refused: () => 'refused',
};

type State =
  | { kind: 'idle' }
  | { kind: 'checking'; name: string }
  | { kind: 'done'; name: string; report: VerifyReport }
  | { kind: 'problem'; words: string };

function StatusBadge({ item }: { item: VerifyItem }) {
  const wording = VERIFY_STATUS_WORDING[item.status];
  return (
    <span
      data-testid="verify-status"
      data-status={item.status}
      data-tone={wording.tone}
      className={`inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[wording.tone]}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path strokeLinecap="round" strokeLinejoin="round" d={wording.icon} />
      </svg>
      {wording.label}
    </span>
  );
}

function ItemRow({ item }: { item: VerifyItem }) {
  return (
    <li data-testid="verify-item" data-status={item.status} className="flex flex-col gap-0.5 py-1.5">
      <div className="flex items-start gap-2">
        <StatusBadge item={item} />
        <span className="min-w-0 flex-1 text-sm font-medium break-words text-slate-900 dark:text-slate-100">
          {item.subject}
        </span>
      </div>
      {item.detail !== '' && (
        <p className="text-xs break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
          {item.detail}
        </p>
      )}
    </li>
  );
}

/**
 * "Check a report bundle": the person picks or drops a bundle's .json file; the workbench re-reads its
 * sources, re-runs its checks and says what it found, item by item. Only a bundle where everything is
 * the same is shown as success.
 */
export function VerifyDialog({ onClose }: { onClose: () => void }) {
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const current = useRef(0);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => {
      current.current += 1;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  async function check(file: File) {
    const problem = bundleFileProblem(file);
    if (problem !== null) {
      setState({ kind: 'problem', words: problem });
      return;
    }
    const run = ++current.current;
    setState({ kind: 'checking', name: file.name });
    try {
      const text = await file.text();
      if (text.length > MAX_BUNDLE_CHARS)
        throw new BridgeCallError({
          code: 'too_large',
          message: `“${file.name}” is over 50 MB. It was not read.`,
        });
      const report = await callBridge('reports.verify', { bundleJson: text });
      if (run === current.current) setState({ kind: 'done', name: file.name, report });
    } catch (error) {
      if (run !== current.current) return;
      const code = error instanceof BridgeCallError ? error.code : '';
      const message = error instanceof Error ? error.message : String(error);
      setState({
        kind: 'problem',
        words:
          code === 'not_built'
            ? 'This version of the workbench cannot check report bundles yet.'
            : code === 'too_large'
              ? message
              : `The bundle could not be checked: ${message}`,
      });
    }
  }

  // While this dialog is open a file dropped anywhere in the window is a bundle to check, never a
  // document for the library: the window's own drop handling (WindowDrop) does not see it.
  const checkRef = useRef(check);
  checkRef.current = check;
  useEffect(() => {
    let depth = 0;
    const carriesFiles = (event: globalThis.DragEvent) =>
      Array.from(event.dataTransfer?.types ?? []).includes('Files') ||
      (event.dataTransfer?.files.length ?? 0) > 0;
    const take = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return false;
      event.preventDefault();
      event.stopPropagation();
      return true;
    };
    const enter = (event: globalThis.DragEvent) => {
      if (!take(event)) return;
      depth += 1;
      setDragging(true);
    };
    const over = (event: globalThis.DragEvent) => {
      if (take(event) && event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: globalThis.DragEvent) => {
      if (!take(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: globalThis.DragEvent) => {
      if (!take(event)) return;
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 1) {
        setState({ kind: 'problem', words: 'Drop one report bundle at a time.' });
        return;
      }
      const file = files[0];
      if (file) void checkRef.current(file);
    };
    const events = [
      ['dragenter', enter],
      ['dragover', over],
      ['dragleave', leave],
      ['drop', drop],
    ] as const;
    for (const [name, listener] of events) window.addEventListener(name, listener, { capture: true });
    return () => {
      for (const [name, listener] of events) window.removeEventListener(name, listener, { capture: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => dialogKeyDown(event, panel.current, onClose);

  const checking = state.kind === 'checking';

  return (
    <ModalFrame
      title="Check a report bundle"
      titleId={`${ids}-title`}
      onClose={onClose}
      onKeyDown={onKeyDown}
      testId="verify-dialog"
      width="2xl"
      align="top"
      panelRef={panel}
      focusablePanel
    >
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Choose a report’s JSON bundle. The workbench reads every source it cites again, confirms their
          fingerprints, runs every check again and compares each result with the bundle. Cases kept on this
          computer are compared too; a colleague’s cases, kept on theirs, are not.
        </p>
        <div
          data-testid="verify-drop-zone"
          className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ${dragging ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40' : 'border-slate-300 dark:border-slate-600'}`}
        >
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {dragging ? 'Drop it to check it.' : 'Drop the .json file here, or'}
          </p>
          <label
            className={`cursor-pointer rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 dark:bg-indigo-500 dark:hover:bg-indigo-400 ${checking ? 'pointer-events-none opacity-60' : ''}`}
          >
            Choose a bundle file…
            <input
              type="file"
              accept=".json,application/json"
              disabled={checking}
              data-testid="verify-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void check(file);
              }}
              className="sr-only"
            />
          </label>
          <p className="text-xs text-slate-600 dark:text-slate-300">A .json file of at most 50 MB.</p>
        </div>

        <div role="status" aria-live="polite" data-testid="verify-progress" className="text-sm">
          {checking && (
            <p className="text-slate-700 dark:text-slate-200">
              Checking <bdi>{state.name}</bdi>… Every source is read again; a large bundle takes a while.
            </p>
          )}
        </div>
        {state.kind === 'problem' && (
          <p
            role="alert"
            data-testid="verify-problem"
            className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-300"
          >
            {state.words}
          </p>
        )}
        {state.kind === 'done' && <VerifyResult name={state.name} report={state.report} />}
      </div>
    </ModalFrame>
  );
}

function VerifyResult({ name, report }: { name: string; report: VerifyReport }) {
  const summary = summarizeVerify(report);
  const counts = (['differs', 'unreadable', 'refused'] as const)
    .map((status) => ({ status, n: summary.problems.filter((i) => i.status === status).length }))
    .filter((c) => c.n > 0);
  return (
    <section aria-labelledby="verify-summary" data-testid="verify-result" className="space-y-3">
      <div
        data-testid="verify-summary"
        data-tone={summary.tone}
        className={`rounded-md px-3 py-2 ring-1 ring-inset ${TONE_CLASSES[summary.tone]}`}
      >
        <h3 id="verify-summary" className="text-sm font-semibold">
          {summary.headline}
        </h3>
        <p className="text-xs">
          Bundle: <bdi>{name}</bdi>
          {counts.length > 0 && ` · ${counts.map((c) => `${c.n} ${COUNT_WORDS[c.status](c.n)}`).join(', ')}`}
          {summary.same.length > 0 && !summary.allSame && ` · ${summary.same.length} the same`}
        </p>
      </div>
      <p data-testid="verify-signature" className="text-xs text-slate-700 dark:text-slate-300">
        {report.signedBy !== null ? (
          <>
            Signed with key <code className="font-mono break-all">{report.signedBy}</code>
          </>
        ) : (
          'No signature was confirmed: the bundle is not signed, or its signature does not hold.'
        )}
      </p>
      {summary.problems.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
            What does not match ({summary.problems.length})
          </h4>
          <ul data-testid="verify-problems" className="divide-y divide-slate-200 dark:divide-slate-700">
            {summary.problems.map((item, at) => (
              <ItemRow key={`${at}-${item.subject}`} item={item} />
            ))}
          </ul>
        </div>
      )}
      {summary.same.length > 0 && (
        <details open={summary.problems.length === 0 && summary.same.length <= 20}>
          <summary
            className={`cursor-pointer rounded text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300 ${FOCUS}`}
          >
            What matches ({summary.same.length})
          </summary>
          <ul data-testid="verify-same" className="divide-y divide-slate-200 dark:divide-slate-700">
            {summary.same.map((item, at) => (
              <ItemRow key={`${at}-${item.subject}`} item={item} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
