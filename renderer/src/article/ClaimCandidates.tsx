import { forwardRef, useId } from 'react';
import type { CandidateFigure, ClaimCandidate, ClaimRelation, ListedClaim } from '../../../shared/api';
import type { Case } from '../../../shared/bridge';
import { formatAmount, formatNumber, periodWording } from '../check/figure-wording';
import { OutcomeBadge } from '../check/OutcomeBadge';
import { shownOutcome } from '../check/outcome-wording';
import { ROLE_WORDING } from '../check/role-wording';
import { FOCUS } from './ArticleSourceForm';

const RELATION_WORDING: Record<ClaimRelation, string> = {
  level: 'a level',
  change: 'a change',
  difference: 'a difference',
  share: 'a share',
  ratio: 'a ratio',
  comparison: 'a comparison',
};

/** "Texas › Handgun · November 2015 · Table 2": where the figure stands, as its table labels it. */
export function figurePlaceWords(figure: CandidateFigure): string {
  const labels = [figure.row_labels.join(' › '), figure.column_headers.join(' › ')];
  const period = figure.period === null ? '' : periodWording(figure.period);
  // A period its header already says ("November 2015") is not said twice.
  const said = labels.some((l) => l.toLowerCase().includes(period.toLowerCase()));
  const parts = [...labels, said ? '' : period].filter((p) => p.trim() !== '');
  return parts.length === 0 ? 'No labels beside it' : parts.join(' · ');
}

const sameRefs = (theCase: Case, candidate: ClaimCandidate) =>
  JSON.stringify(theCase.operands) === JSON.stringify(candidate.figures.map((f) => f.ref));

function FigureLine({
  figure,
  relation,
  onShow,
}: {
  figure: CandidateFigure;
  relation: ClaimRelation;
  onShow: (figure: CandidateFigure) => void;
}) {
  return (
    <li className="flex flex-col gap-0.5">
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-mono text-base font-semibold text-slate-900 dark:text-slate-100">
          {figure.raw}
        </span>
        {relation !== 'level' && (
          <span className="text-xs text-slate-600 dark:text-slate-300">as {ROLE_WORDING[figure.role]}</span>
        )}
        <button
          type="button"
          onClick={() => onShow(figure)}
          aria-label={`Show in its document: ${figure.raw}`}
          className={`text-xs text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100 ${FOCUS}`}
        >
          Show in its document
        </button>
      </span>
      <span className="text-xs text-slate-700 dark:text-slate-300">{figurePlaceWords(figure)}</span>
      {figure.table_title !== null && (
        <span className="text-xs text-slate-600 dark:text-slate-400">Table: {figure.table_title}</span>
      )}
    </li>
  );
}

/** "−5.1%", "+12.0%": how far a near figure is from the claim's number, signed as people write it. */
export function relativeWords(relative: number): string {
  const percent = formatNumber(Math.abs(relative) * 100, 1);
  return `${relative < 0 ? '\u2212' : '+'}${percent}%`;
}

/**
 * "Near: the claim says 60,000; this figure is 56,941 (−5.1%).": a figure outside the claim's precision,
 * said as what it is, with the claim's number as the claim writes it.
 */
export function nearWords(candidate: ClaimCandidate, claim: ListedClaim): string | null {
  const near = candidate.near;
  const figure = candidate.figures[0];
  if (near === null || figure === undefined) return null;
  const said = claim.numbers.find((n) => n.value === near.claim_value)?.raw ?? formatNumber(near.claim_value);
  // The figure as the claim's number is written, so the two read alike ("56941" in a sheet is 56,941).
  const reads = inClaimTerms(candidate.computed ?? figure.value, claim);
  return `Near: the claim says ${said}; this figure is ${reads} (${relativeWords(near.relative_difference)}).`;
}

/** A value in the claim's own terms: its unit, grouped as people write it ("56,941", "10.2%"). */
function inClaimTerms(value: number, claim: ListedClaim): string {
  const unit = claim.numbers[0]?.unit ?? null;
  return unit === null || unit === '%' || unit === 'pp' || unit === 'bp'
    ? formatAmount(value, unit, undefined)
    : `${formatNumber(value, undefined, 4)} ${unit}`;
}

/** What the figures give, in the claim's own terms ("give 10.2%"), or that they were not computed. */
function computedWords(candidate: ClaimCandidate, claim: ListedClaim): string {
  if (candidate.computed === null) return 'Not computed: the check will say what these figures give.';
  const value = inClaimTerms(candidate.computed, claim);
  return candidate.figures.length === 1 ? `The figure reads ${value}.` : `Together they give ${value}.`;
}

export interface ClaimCandidatesProps {
  claim: ListedClaim;
  candidates: readonly ClaimCandidate[] | undefined;
  pending: boolean;
  failure: string | null;
  theCase: Case | null;
  running: string | null;
  checkError: { key: string; message: string } | null;
  onCheck: (candidate: ClaimCandidate) => void;
  /** Opens the figure's document at its page or sheet, the keyboard on the figure. */
  onShow: (figure: CandidateFigure) => void;
}

/**
 * The figures of the library that could back the selected claim, best first: each figure with its row
 * labels, column headers and period, its role, and what the figures give. A candidate proves nothing:
 * its button runs the same numeric check as a person's own pick, and the result is the check's.
 */
export const ClaimCandidates = forwardRef<HTMLDivElement, ClaimCandidatesProps>(function ClaimCandidates(
  { claim, candidates, pending, failure, theCase, running, checkError, onCheck, onShow },
  ref,
) {
  const id = useId();
  const checkedHere =
    theCase?.check != null &&
    theCase.claimSpan?.start === claim.span.start &&
    theCase.claimSpan.end === claim.span.end;
  let body;
  if (pending)
    body = (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        Looking for figures in your library…
      </p>
    );
  else if (failure !== null)
    body = (
      <p role="alert" className="text-sm text-rose-800 dark:text-rose-300">
        Figures could not be looked for: {failure}
      </p>
    );
  else if (candidates === undefined || candidates.length === 0)
    body = (
      <p data-testid="no-candidates" className="text-sm text-slate-700 dark:text-slate-300">
        No figure in your library has this claim’s number. Add the source it rests on, or pick figures
        yourself in a document.
      </p>
    );
  else
    body = (
      <>
        {candidates.every((c) => c.near !== null) && (
          <p data-testid="only-near" className="text-sm text-slate-700 dark:text-slate-300">
            No figure in your library has this claim’s number. These are near it, under the labels the claim
            names: the figure it may misstate.
          </p>
        )}
        <ol className="flex flex-col gap-2" aria-label={`Candidates for the claim`}>
          {candidates.map((candidate) => {
            const key = `${claim.order}:${candidate.rank}`;
            const isRunning = running === key;
            const checked =
              checkedHere && theCase !== null && sameRefs(theCase, candidate) ? theCase.check : null;
            const labelId = `${id}-c${candidate.rank}`;
            const near = nearWords(candidate, claim);
            return (
              <li
                key={key}
                data-testid="candidate"
                data-near={near === null ? undefined : 'true'}
                aria-labelledby={labelId}
                className={`flex flex-col gap-2 rounded-md border bg-white p-3 dark:bg-slate-900 ${near === null ? 'border-slate-200 dark:border-slate-700' : 'border-dashed border-amber-600/60 dark:border-amber-400/60'}`}
              >
                <p id={labelId} className="text-xs font-medium text-slate-600 dark:text-slate-300">
                  Candidate {candidate.rank}:{' '}
                  {near === null
                    ? `${RELATION_WORDING[candidate.relation]}${candidate.figures.length === 2 ? ' of two figures' : ''}`
                    : 'a near figure, not the claim’s number'}
                </p>
                <ul className="flex flex-col gap-2">
                  {candidate.figures.map((figure, i) => (
                    <FigureLine key={i} figure={figure} relation={candidate.relation} onShow={onShow} />
                  ))}
                </ul>
                {near === null ? (
                  <p className="text-xs text-slate-700 dark:text-slate-300">
                    {computedWords(candidate, claim)}
                  </p>
                ) : (
                  <p
                    data-testid="candidate-near"
                    className="rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-950 ring-1 ring-amber-600/40 ring-inset dark:bg-amber-950/40 dark:text-amber-100"
                  >
                    {near} Its labels are the ones the claim names; the check says whether it contradicts the
                    claim.
                  </p>
                )}
                {candidate.roles === 'unclear' && (
                  <p className="text-xs text-amber-900 dark:text-amber-200">
                    The claim’s words do not say which figure is which: the check will ask you.
                  </p>
                )}
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    data-testid="check-candidate"
                    onClick={() => onCheck(candidate)}
                    disabled={running !== null}
                    aria-describedby={labelId}
                    className={`rounded-md bg-indigo-600 px-3 py-1 text-sm font-semibold text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 dark:disabled:bg-slate-700 dark:disabled:text-slate-300 ${FOCUS}`}
                  >
                    {isRunning ? 'Checking…' : checked !== null ? 'Check again' : 'Check with these figures'}
                  </button>
                  {checked !== null && checked !== undefined && (
                    <span
                      data-testid="candidate-outcome"
                      className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300"
                    >
                      <OutcomeBadge outcome={shownOutcome(checked)} />
                      <span>Result in the Check column</span>
                    </span>
                  )}
                </div>
                {checkError?.key === key && (
                  <p role="alert" className="text-sm text-rose-800 dark:text-rose-300">
                    The check did not run: {checkError.message}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      </>
    );

  return (
    <div ref={ref} tabIndex={-1} data-testid="claim-candidates" className="flex flex-col gap-2 outline-none">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Figures that could back it</h3>
      {claim.problem !== null && (
        <p className="rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-950 ring-1 ring-amber-600/40 ring-inset dark:bg-amber-950/40 dark:text-amber-100">
          Cannot be checked as written: {claim.problem.message}
        </p>
      )}
      {claim.names.relative_period !== null && (
        <p className="text-xs text-slate-700 dark:text-slate-300">
          “{claim.names.relative_period}” names a period relative to another: say which in the check.
        </p>
      )}
      {body}
    </div>
  );
});
