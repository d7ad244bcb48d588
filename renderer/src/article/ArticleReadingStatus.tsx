import { useEffect, useRef } from 'react';
import type { ArticleClaimsInput } from '../../../shared/bridge';
import { FOCUS } from './ArticleSourceForm';
import type { ArticleReading } from './article-state';
import { URL_STEPS, urlStepStates, type StepState } from './reading-wording';

const STEP_WORDS: Record<StepState, string> = { done: 'done', now: 'in progress', waiting: 'waiting' };

/** A step's mark, so its state reads without its colour: a tick, a turning ring, an empty circle. */
function StepMark({ state }: { state: StepState }) {
  if (state === 'done')
    return (
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
      >
        <path
          fill="currentColor"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        />
      </svg>
    );
  if (state === 'now')
    return (
      <span
        aria-hidden="true"
        className="size-4 shrink-0 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent motion-reduce:animate-none dark:border-indigo-300 dark:border-t-transparent"
      />
    );
  return (
    <span
      aria-hidden="true"
      className="size-4 shrink-0 rounded-full border-2 border-slate-400 dark:border-slate-500"
    />
  );
}

/**
 * An article being read: what is read (a web address in full), the step it is at, and Stop. Nothing here
 * looks like a result: it is in progress until the claims are listed or it fails.
 */
export function ArticleReadingStatus({
  asked,
  name,
  reading,
  onCancel,
}: {
  asked: ArticleClaimsInput;
  /** The document's name, when a document of the library is read. */
  name: string | null;
  reading: ArticleReading | null;
  onCancel: () => void;
}) {
  const stop = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The form that had focus is gone: focus goes to Stop, the one thing to do now.
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) stop.current?.focus();
  }, []);
  const stage = reading?.stage ?? null;
  const cancelling = reading?.cancelling ?? false;
  const what =
    'url' in asked
      ? 'Reading the article at'
      : 'sourceVersionId' in asked
        ? 'Reading the document'
        : 'Reading the pasted text';

  return (
    <div
      data-testid="article-reading"
      aria-busy="true"
      className="flex flex-col gap-2 rounded-md border border-indigo-200 bg-white px-4 py-3 dark:border-indigo-800 dark:bg-slate-900"
    >
      <p role="status" className="text-sm text-slate-900 dark:text-slate-100">
        <span className="font-medium">{what}</span>
        {'url' in asked && (
          <>
            {' '}
            <bdi data-testid="article-reading-address" className="break-all font-mono text-xs">
              {asked.url}
            </bdi>
          </>
        )}
        {'sourceVersionId' in asked && name !== null && (
          <>
            {' '}
            “<bdi>{name}</bdi>”
          </>
        )}
        {cancelling && ' — stopping…'}
        {'url' in asked && !cancelling && (
          <span className="sr-only"> {URL_STEPS[urlStepStates(stage).indexOf('now')]?.words}</span>
        )}
      </p>
      {'url' in asked && (
        <ol aria-label="Steps" className="flex flex-col gap-1">
          {URL_STEPS.map((step, i) => {
            const state = urlStepStates(stage)[i]!;
            return (
              <li
                key={step.stage}
                data-step={state}
                className={`flex items-center gap-2 text-sm ${state === 'waiting' ? 'text-slate-600 dark:text-slate-400' : 'text-slate-900 dark:text-slate-100'}`}
              >
                <StepMark state={state} />
                <span>
                  {step.words}
                  <span className="sr-only">: {STEP_WORDS[state]}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={stop}
          type="button"
          onClick={() => {
            if (!cancelling) onCancel();
          }}
          // Still focusable while stopping, so focus stays where the person left it.
          aria-disabled={cancelling}
          className={`rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${FOCUS}`}
        >
          {cancelling ? 'Stopping…' : 'Stop'}
        </button>
        {'url' in asked && (
          <p className="text-xs text-slate-600 dark:text-slate-300">
            A site that does not answer within 30 seconds is given up.
          </p>
        )}
      </div>
    </div>
  );
}
