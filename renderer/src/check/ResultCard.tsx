import type { NumericResponse, OperandReference } from '../../../shared/api/numeric';
import type { PickedOperand } from '../ui-store';
import { ArithmeticSummary } from './ArithmeticSummary';
import { FacetTable } from './FacetTable';
import { echoMismatches } from './operand-echo';
import { OperandEchoWarning } from './OperandEchoWarning';
import { OutcomeBadge } from './OutcomeBadge';
import { FACET_WORDING, failedFacets, shownOutcome, undecidedFacets } from './outcome-wording';

export interface ResultCardProps {
  /** The service's answer, exactly as it came. */
  response: NumericResponse;
  /** The claim that was checked. */
  claim: string;
  /** The operand references that were sent, in order A, B. */
  sent: readonly OperandReference[];
  /** The figures in the tray, to compare with what the service echoes. */
  picked: readonly (PickedOperand | null)[];
}

const list = (words: readonly string[]) => words.join(', ');

/**
 * The service's answer to a check: the outcome (colour, icon and words), what is left to a person, the
 * arithmetic, the comparability facets, the reason, and always the scope ("Arithmetic only") and the
 * limitation. Nothing unresolved is drawn as success.
 */
export function ResultCard({ response, claim, sent, picked }: ResultCardProps) {
  const outcome = shownOutcome(response);
  const undecided = undecidedFacets(response);
  const failed = failedFacets(response);
  const mismatches = echoMismatches(response, sent, picked);
  return (
    <article
      aria-labelledby="result-heading"
      data-testid="result-card"
      data-outcome={outcome}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex flex-col gap-1.5">
        <h3 id="result-heading" className="sr-only">
          Result of the check
        </h3>
        <OutcomeBadge outcome={outcome} size="large" />
        {outcome === 'escalate' && (
          <div data-testid="escalate-details" className="text-sm text-amber-950 dark:text-amber-100">
            {undecided.length > 0 && (
              <p data-testid="undecided-facets">
                Left to a person: {list(undecided.map((f) => FACET_WORDING[f.facet]))}.
              </p>
            )}
            {failed.length > 0 && <p>Failed: {list(failed.map((f) => FACET_WORDING[f.facet]))}.</p>}
            {response.arithmetic?.verdict === 'not_computable' && (
              <p>The arithmetic could not be computed.</p>
            )}
            {response.comparability === null && <p>Comparability was not assessed.</p>}
          </div>
        )}
        {outcome === 'not_applicable' && (
          <p data-testid="result-reason" className="text-sm text-slate-700 dark:text-slate-300">
            {response.reason}
          </p>
        )}
        {outcome === 'inconsistent' && (
          <p className="text-sm text-amber-950 dark:text-amber-100">
            The service answered “{response.outcome}”, but its own arithmetic or comparability does not back
            that. Treat it as unresolved.
          </p>
        )}
      </header>
      <OperandEchoWarning mismatches={mismatches} />
      <ArithmeticSummary arithmetic={response.arithmetic} claim={claim} />
      <FacetTable comparability={response.comparability} />
      {outcome !== 'not_applicable' && (
        <section aria-labelledby="reason-heading">
          <h4
            id="reason-heading"
            className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
          >
            Reason
          </h4>
          <p data-testid="result-reason" className="mt-1 text-sm text-slate-800 dark:text-slate-200">
            {response.reason}
          </p>
        </section>
      )}
      <footer
        data-testid="result-scope"
        className="rounded-md bg-slate-50 px-2.5 py-2 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
      >
        <p className="font-semibold text-slate-900 dark:text-slate-100">Arithmetic only</p>
        <p data-testid="result-limitation" className="mt-0.5">
          {response.limitation}
        </p>
      </footer>
    </article>
  );
}
