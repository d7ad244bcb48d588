import type { Comparability, ComparabilityFacet, ComparabilityVerdict } from '../../../shared/api/numeric';
import { FACET_WORDING, sortedFacets } from './outcome-wording';

const VERDICT_WORDING: Record<ComparabilityVerdict, { label: string; className: string }> = {
  comparable: { label: '✓ Comparable: every facet passed', className: 'text-slate-900 dark:text-slate-100' },
  not_comparable: {
    label: '✗ Not comparable: a facet failed',
    className: 'text-rose-800 dark:text-rose-300',
  },
  unknown: {
    label: '? Unresolved: some facets are left to a person',
    className: 'text-amber-900 dark:text-amber-200',
  },
};

function resultOf(facet: ComparabilityFacet): { label: string; className: string } {
  if (facet.passed === null)
    return { label: '? Left to a person', className: 'text-amber-900 dark:text-amber-200' };
  return facet.passed
    ? { label: '✓ Passed', className: 'text-slate-900 dark:text-slate-100' }
    : { label: '✗ Failed', className: 'text-rose-800 dark:text-rose-300' };
}

function deciderOf(facet: ComparabilityFacet): string {
  if (facet.decidedBy === 'code') return 'code';
  return facet.p === null ? 'a judge' : `a judge (p = ${facet.p})`;
}

/** Whether the figures can be compared at all: unit, scale, entity, period, basis, each with who decided. */
export function FacetTable({ comparability }: { comparability: Comparability | null }) {
  if (comparability === null)
    return (
      <section aria-labelledby="comparability-heading" data-testid="comparability" data-verdict="none">
        <h4
          id="comparability-heading"
          className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
        >
          Comparability
        </h4>
        <p
          data-testid="comparability-verdict"
          data-resolved="false"
          className="mt-1 text-sm text-amber-900 dark:text-amber-200"
        >
          <span aria-hidden="true">? </span>Comparability was not assessed
        </p>
      </section>
    );
  const verdict = VERDICT_WORDING[comparability.verdict];
  return (
    <section
      aria-labelledby="comparability-heading"
      data-testid="comparability"
      data-verdict={comparability.verdict}
    >
      <h4
        id="comparability-heading"
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
      >
        Comparability
      </h4>
      <p
        data-testid="comparability-verdict"
        data-resolved={comparability.verdict !== 'unknown'}
        className={`mt-1 text-sm font-medium ${verdict.className}`}
      >
        {verdict.label}
      </p>
      {comparability.facets.length > 0 && (
        <table data-testid="facet-table" className="mt-1.5 w-full text-left text-xs">
          <caption className="sr-only">Comparability facets</caption>
          <thead className="text-slate-600 dark:text-slate-300">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Facet
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Result
              </th>
              <th scope="col" className="py-1 font-medium">
                Decided by
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {sortedFacets(comparability.facets).map((facet) => {
              const result = resultOf(facet);
              return (
                <tr key={facet.facet} data-testid={`facet-${facet.facet}`}>
                  <th scope="row" className="py-1 pr-2 font-normal text-slate-800 dark:text-slate-200">
                    {FACET_WORDING[facet.facet]}
                  </th>
                  <td className={`py-1 pr-2 ${result.className}`}>{result.label}</td>
                  <td className="py-1 text-slate-700 dark:text-slate-300">{deciderOf(facet)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{comparability.reason}</p>
    </section>
  );
}
