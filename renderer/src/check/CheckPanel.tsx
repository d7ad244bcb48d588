import type { KeyboardEvent } from 'react';
import { MAX_CLAIM_LENGTH } from '../../../shared/api/numeric';
import { useWorkbenchUi } from '../ui-store';
import { formatNumber } from './figure-wording';
import { runBlocker } from './run-readiness';

export interface CheckPanelProps {
  onRun: () => void;
  running: boolean;
  /** A refusal that concerns the claim, shown beside it; null when none. */
  claimError: string | null;
  /** True when a re-run updates the open case rather than starting one. */
  updatesCase: boolean;
}

/**
 * The claim to check (1 to 10,000 characters, counted as it is typed) and the Run button, enabled with a
 * claim and at least one figure. Ctrl+Enter (⌘+Enter) in the claim runs too.
 */
export function CheckPanel({ onRun, running, claimError, updatesCase }: CheckPanelProps) {
  const claim = useWorkbenchUi((state) => state.claimDraft);
  const setClaim = useWorkbenchUi((state) => state.setClaimDraft);
  const operands = useWorkbenchUi((state) => state.operands);
  const blocker = runBlocker(claim, operands);
  const over = claim.length - MAX_CLAIM_LENGTH;
  const canRun = blocker === null && !running;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (canRun) onRun();
    }
  };

  const describedBy = ['claim-count', over > 0 ? 'claim-too-long' : null, claimError ? 'claim-error' : null]
    .filter(Boolean)
    .join(' ');

  return (
    <section aria-labelledby="claim-label" data-testid="check-panel" className="flex flex-col gap-1.5">
      <label
        id="claim-label"
        htmlFor="claim-field"
        className="text-sm font-semibold text-slate-900 dark:text-slate-100"
      >
        Claim
      </label>
      <textarea
        id="claim-field"
        data-testid="claim-field"
        value={claim}
        onChange={(event) => setClaim(event.target.value)}
        onKeyDown={onKeyDown}
        rows={4}
        aria-invalid={over > 0 || claimError !== null}
        aria-describedby={describedBy}
        placeholder="Paste the sentence to check, e.g. “Revenue rose 12% in 2024.”"
        className={`w-full resize-y rounded-md border px-2.5 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:text-slate-100 dark:focus-visible:outline-indigo-400 ${over > 0 || claimError ? 'border-rose-500' : 'border-slate-300 dark:border-slate-600'}`}
      />
      <div className="flex items-start justify-between gap-2 text-xs">
        <p
          id="claim-count"
          data-testid="claim-count"
          className={over > 0 ? 'text-rose-800 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300'}
        >
          {formatNumber(claim.length)} / {formatNumber(MAX_CLAIM_LENGTH)} characters
        </p>
        <p className="text-slate-500 dark:text-slate-400" aria-hidden="true">
          Ctrl+Enter runs
        </p>
      </div>
      {over > 0 && (
        <p
          id="claim-too-long"
          role="alert"
          data-testid="claim-too-long"
          className="text-sm text-rose-800 dark:text-rose-300"
        >
          The claim is {formatNumber(over)} {over === 1 ? 'character' : 'characters'} over the limit: a claim
          can have at most {formatNumber(MAX_CLAIM_LENGTH)} characters.
        </p>
      )}
      {claimError !== null && (
        <p
          id="claim-error"
          role="alert"
          data-testid="claim-error"
          className="text-sm text-rose-800 dark:text-rose-300"
        >
          {claimError}
        </p>
      )}
      <div className="mt-1 flex items-center gap-3">
        <button
          type="button"
          data-testid="run-check"
          onClick={onRun}
          disabled={!canRun}
          aria-describedby={blocker !== null ? 'run-hint' : undefined}
          aria-keyshortcuts="Control+Enter"
          className="rounded-md bg-indigo-600 px-3.5 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 dark:focus-visible:outline-indigo-400 dark:disabled:bg-slate-700 dark:disabled:text-slate-300"
        >
          {running ? 'Checking…' : updatesCase ? 'Run check again' : 'Run check'}
        </button>
        {blocker !== null && !running && (
          <p id="run-hint" data-testid="run-hint" className="text-xs text-slate-600 dark:text-slate-300">
            {blocker}
          </p>
        )}
        {running && (
          <p role="status" className="text-xs text-slate-600 dark:text-slate-300">
            Saving the case and checking the claim…
          </p>
        )}
      </div>
    </section>
  );
}
