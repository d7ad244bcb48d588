import type { NumericResponse, OperandReference } from '../../../shared/api/numeric';
import type { FigureLabels, PickedOperand } from '../ui-store';
import { ArithmeticSummary } from './ArithmeticSummary';
import { FacetTable } from './FacetTable';
import { labelsWording } from './figure-wording';
import { FigureRoles } from './FigureRoles';
import { echoMismatches } from './operand-echo';
import { OperandEchoWarning } from './OperandEchoWarning';
import { OutcomeBadge } from './OutcomeBadge';
import { FACET_WORDING, failedFacets, shownOutcome, undecidedFacets } from './outcome-wording';
import { readingsInWords } from './role-wording';

export interface ResultCardProps {
  /** The service's answer, exactly as it came. */
  response: NumericResponse;
  /** The claim that was checked. */
  claim: string;
  /** The operand references that were sent, in the case's order. */
  sent: readonly OperandReference[];
  /** The figures in the tray, to compare with what the service echoes. */
  picked: readonly (PickedOperand | null)[];
  /** The case checked, to answer which figure is which; without it the question is shown, not asked. */
  caseId?: string | null;
  /** Each sent figure's row and column labels, in the order sent (null where none are known). */
  labels?: readonly (FigureLabels | null)[];
}

const list = (words: readonly string[]) => words.join(', ');

/**
 * The service's answer to a check: the outcome (colour, icon and words), what is left to a person, which
 * figure is which (or the question when the claim's words cannot tell), the arithmetic, the comparability
 * facets, the reason, and always the scope ("Arithmetic only") and the limitation. Nothing unresolved is
 * drawn as success.
 */
export function ResultCard({ response, claim, sent, picked, caseId = null, labels = [] }: ResultCardProps) {
  const outcome = shownOutcome(response);
  const undecided = undecidedFacets(response);
  const failed = failedFacets(response);
  const mismatches = echoMismatches(response, sent, picked);
  const rolesUnclear = response.roles?.state === 'unclear';
  const readings = readingsInWords(
    response,
    (i) => labelsWording(labels[i]) ?? response.operands[i]?.figure.raw ?? '',
  );
  const figureName = (i: number) => {
    const raw = response.operands[i]?.figure.raw ?? '';
    const named = labelsWording(labels[i]);
    return named === null ? raw : `${named} ${raw}`;
  };
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
          <div
            data-testid="escalate-details"
            className="flex flex-col gap-1 text-sm text-amber-950 dark:text-amber-100"
          >
            {undecided.length > 0 && (
              <p data-testid="undecided-facets">
                Left to a person: {list(undecided.map((f) => FACET_WORDING[f.facet]))}.
              </p>
            )}
            {failed.length > 0 && <p>Failed: {list(failed.map((f) => FACET_WORDING[f.facet]))}.</p>}
            {rolesUnclear ? (
              <p data-testid="roles-unclear">
                Which figure is which: the claim’s words do not say. Answer the question below.
              </p>
            ) : (
              response.arithmetic?.verdict === 'not_computable' && (
                <p>The arithmetic could not be computed.</p>
              )
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
      <FigureRoles response={response} caseId={caseId} labels={labels} />
      <ArithmeticSummary
        arithmetic={response.arithmetic}
        claim={claim}
        readings={readings}
        figures={{ operands: response.operands, figureName }}
      />
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
