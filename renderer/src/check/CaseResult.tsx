import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OperandReference } from '../../../shared/api/numeric';
import { JudgmentPanel } from '../cases/JudgmentPanel';
import { KeepCheckButton } from '../cases/KeepCheckButton';
import { representationQuery, useCase } from '../queries';
import { useWorkbenchUi, type FigureLabels, type PickedOperand } from '../ui-store';
import { figureLabels, sameRef } from '../viewer/figures';
import { OutcomeBadge } from './OutcomeBadge';
import { ResultCard } from './ResultCard';

const sameRefs = (a: readonly OperandReference[], b: readonly OperandReference[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The row and column labels of each figure a check was sent, read from its representation (immutable and
 * mostly cached already); the tray's copy while that is read; null when neither is known.
 */
function useSentLabels(
  sent: readonly OperandReference[],
  picked: readonly (PickedOperand | null)[],
): (FigureLabels | null)[] {
  const ids = [...new Set(sent.map((ref) => ref.representation_id))];
  const representations = useQueries({ queries: ids.map((id) => representationQuery(id)) });
  return sent.map((ref) => {
    const representation = representations[ids.indexOf(ref.representation_id)]?.data;
    const unit = representation?.units.find((u) => u.source_unit_id === ref.source_unit_id);
    const figure = unit?.figures.find((f) => f.index === ref.figure_index);
    if (unit !== undefined && figure !== undefined) return figureLabels(unit, figure);
    return picked.find((p) => p !== null && sameRef(p.ref, ref))?.labels ?? null;
  });
}

/**
 * The open case's last check: the result card and, beside it, the person's own judgments. Says when the
 * claim or the figures have changed since, so an old result is never read as the answer to new input.
 */
export function CaseResult({
  running,
  answered = 0,
}: {
  running: boolean;
  /** Changes each time a run answers: the result card is then scrolled into view. */
  answered?: number;
}) {
  const activeCaseId = useWorkbenchUi((state) => state.activeCaseId);
  const claim = useWorkbenchUi((state) => state.claimDraft);
  const operands = useWorkbenchUi((state) => state.operands);
  const theCase = useCase(activeCaseId);
  const picked = [operands.A, operands.B];
  const labels = useSentLabels(theCase.data?.operands ?? [], picked);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Below the tray and the claim the card is often out of sight; the answer is what the person ran for.
    if (answered > 0) card.current?.scrollIntoView?.({ block: 'start' });
  }, [answered]);

  let body;
  if (activeCaseId === null)
    body = (
      <p
        data-testid="result-empty"
        className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
      >
        No check yet. Write the claim, pick one or two figures from your documents, and run the check; the
        result appears here and the case is kept in the sidebar.
      </p>
    );
  else if (theCase.isPending)
    body = (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        Opening the case…
      </p>
    );
  else if (theCase.isError)
    body = (
      <div
        role="alert"
        className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-300"
      >
        <p>The case could not be read: {theCase.error.message}</p>
        <button
          type="button"
          onClick={() => void theCase.refetch()}
          className="mt-1 rounded border border-rose-300 px-2 py-0.5 text-xs hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-rose-700 dark:hover:bg-rose-900/40 dark:focus-visible:outline-indigo-400"
        >
          Try again
        </button>
      </div>
    );
  else if (theCase.data.check === null)
    body = (
      <div data-testid="result-unchecked" className="flex flex-col gap-1.5">
        <OutcomeBadge outcome="unchecked" size="large" />
        {(theCase.data.kept ?? []).length > 0 ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {theCase.data.kept?.length === 1
              ? 'One check is kept in this case (listed below).'
              : `${theCase.data.kept?.length} checks are kept in this case (listed below).`}{' '}
            Edit the claim (its figures stay in the tray; change them if it needs others) and run the check
            for the next one.
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            This case has no result yet. Run the check to get one.
          </p>
        )}
      </div>
    );
  else {
    const tray = picked.filter((p) => p !== null).map((p) => p.ref);
    const stale = theCase.data.claim !== claim || !sameRefs(theCase.data.operands, tray);
    body = (
      <>
        {stale && (
          <p
            role="status"
            data-testid="result-stale"
            className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-600/40 ring-inset dark:bg-amber-950/40 dark:text-amber-100"
          >
            <span aria-hidden="true">⚠ </span>The claim or the figures changed since this check. The result
            below is for the case as saved; run the check again to update it.
          </p>
        )}
        <div ref={card} className="scroll-mt-3">
          <ResultCard
            response={theCase.data.check}
            claim={theCase.data.claim}
            sent={theCase.data.operands}
            picked={picked}
            caseId={theCase.data.id}
            labels={labels}
          />
        </div>
        <JudgmentPanel theCase={theCase.data} />
        <KeepCheckButton theCase={theCase.data} />
      </>
    );
  }
  return (
    <section aria-labelledby="case-result-heading" aria-busy={running} className="flex flex-col gap-3">
      <h3 id="case-result-heading" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Result
      </h3>
      {body}
    </section>
  );
}
