import { useId } from 'react';
import { SOURCE_TYPES } from '../../../shared/api';
import type { FilterDraft, FilterProblem, PrimaryChoice } from './filters';

const INPUT =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:focus-visible:outline-indigo-400 dark:aria-invalid:border-red-400';
const LABEL = 'block text-xs font-medium text-slate-700 dark:text-slate-200';

/** The search filters: source type, primary sources, year range and domains (subdomains included). */
export function SearchFiltersForm({
  draft,
  onChange,
  problems,
  refusedFields = [],
}: {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  problems: readonly FilterProblem[];
  /** Fields the service refused (`filters.domain.0`), marked invalid. */
  refusedFields?: readonly string[];
}) {
  const id = useId();
  const problem = (field: FilterProblem['field']) => problems.find((p) => p.field === field)?.message;
  const refused = (prefix: string) => refusedFields.some((f) => f === prefix || f.startsWith(`${prefix}.`));
  const yearFromProblem = problem('yearFrom');
  const yearToProblem = problem('yearTo');
  const domainsProblem = problem('domains');
  const domainsInvalid = domainsProblem !== undefined || refused('filters.domain');

  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" data-testid="search-filters">
      <legend className="sr-only">Filters</legend>
      <fieldset className="sm:col-span-2">
        <legend className={LABEL}>Source type</legend>
        <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {SOURCE_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-1 text-xs text-slate-700 dark:text-slate-200">
              <input
                type="checkbox"
                checked={draft.sourceTypes.includes(type)}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    sourceTypes: event.target.checked
                      ? [...draft.sourceTypes, type]
                      : draft.sourceTypes.filter((t) => t !== type),
                  })
                }
                className="accent-indigo-600"
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-primary`} className={LABEL}>
          Primary sources
        </label>
        <select
          id={`${id}-primary`}
          value={draft.primary}
          onChange={(event) => onChange({ ...draft, primary: event.target.value as PrimaryChoice })}
          className={INPUT}
        >
          <option value="any">Any source</option>
          <option value="primary">Primary sources only</option>
          <option value="not_primary">Not primary sources</option>
        </select>
      </div>
      <fieldset>
        <legend className={LABEL}>Published (years, both included)</legend>
        <div className="mt-1 flex items-start gap-2">
          <div className="flex-1">
            <label htmlFor={`${id}-from`} className="sr-only">
              From year
            </label>
            <input
              id={`${id}-from`}
              inputMode="numeric"
              placeholder="From"
              value={draft.yearFrom}
              maxLength={4}
              aria-invalid={yearFromProblem !== undefined || refused('filters.publication_year.from')}
              aria-describedby={yearFromProblem ? `${id}-from-problem` : undefined}
              onChange={(event) => onChange({ ...draft, yearFrom: event.target.value })}
              className={INPUT}
            />
          </div>
          <div className="flex-1">
            <label htmlFor={`${id}-to`} className="sr-only">
              To year
            </label>
            <input
              id={`${id}-to`}
              inputMode="numeric"
              placeholder="To"
              value={draft.yearTo}
              maxLength={4}
              aria-invalid={yearToProblem !== undefined || refused('filters.publication_year.to')}
              aria-describedby={yearToProblem ? `${id}-to-problem` : undefined}
              onChange={(event) => onChange({ ...draft, yearTo: event.target.value })}
              className={INPUT}
            />
          </div>
        </div>
        {yearFromProblem !== undefined && (
          <p id={`${id}-from-problem`} className="mt-1 text-xs text-red-700 dark:text-red-300">
            From: {yearFromProblem}
          </p>
        )}
        {yearToProblem !== undefined && (
          <p id={`${id}-to-problem`} className="mt-1 text-xs text-red-700 dark:text-red-300">
            To: {yearToProblem}
          </p>
        )}
      </fieldset>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-domains`} className={LABEL}>
          Domains
        </label>
        <input
          id={`${id}-domains`}
          value={draft.domains}
          placeholder="ons.gov.uk, bbc.co.uk"
          aria-invalid={domainsInvalid}
          aria-describedby={`${id}-domains-hint`}
          onChange={(event) => onChange({ ...draft, domains: event.target.value })}
          className={INPUT}
        />
        <p id={`${id}-domains-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {domainsProblem ??
            'Host names separated by commas; each includes its subdomains (gov.uk finds ons.gov.uk).'}
        </p>
      </div>
    </fieldset>
  );
}
