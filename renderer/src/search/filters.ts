import { MAX_FILTER_ITEMS, type SearchFilters, type SearchRequestInput } from '../../../shared/api';

// The search panel's filters as the person sets them, and the request they make (service/search/README.md):
// `source_type` exact values, `is_primary_source` where an explicit false is a filter (never dropped),
// `publication_year` inclusive bounds (4-digit years, from ≤ to), `domain` bare host names that include
// their subdomains. What the service would refuse is said here first, beside the field.

/** "any": no filter; "primary": only primary sources; "not_primary": only sources that are not primary. */
export type PrimaryChoice = 'any' | 'primary' | 'not_primary';

export interface FilterDraft {
  sourceTypes: string[];
  primary: PrimaryChoice;
  /** As typed: "" for no bound. */
  yearFrom: string;
  yearTo: string;
  /** As typed: host names separated by commas, spaces or new lines. */
  domains: string;
}

export const EMPTY_FILTERS: FilterDraft = {
  sourceTypes: [],
  primary: 'any',
  yearFrom: '',
  yearTo: '',
  domains: '',
};

/** A problem with one filter field, said so the person can fix it. */
export interface FilterProblem {
  field: 'yearFrom' | 'yearTo' | 'domains';
  message: string;
}

const YEAR = /^\d{4}$/;

function yearOf(text: string, field: 'yearFrom' | 'yearTo', problems: FilterProblem[]): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!YEAR.test(trimmed) || Number(trimmed) < 1000) {
    problems.push({ field, message: 'Write a year with four digits, such as 2021.' });
    return undefined;
  }
  return Number(trimmed);
}

/** The domain entries as typed (commas, spaces or new lines between them), without empty ones. */
export function domainEntries(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter((d) => d !== '');
}

/** The request's `filters`, or the problems to fix first. No filter set gives `undefined`. */
export function filtersOf(
  draft: FilterDraft,
): { ok: true; filters: SearchFilters | undefined } | { ok: false; problems: FilterProblem[] } {
  const problems: FilterProblem[] = [];
  const filters: SearchFilters = {};
  if (draft.sourceTypes.length > 0) filters.source_type = draft.sourceTypes.slice(0, MAX_FILTER_ITEMS);
  if (draft.primary !== 'any') filters.is_primary_source = draft.primary === 'primary';
  const from = yearOf(draft.yearFrom, 'yearFrom', problems);
  const to = yearOf(draft.yearTo, 'yearTo', problems);
  if (from !== undefined && to !== undefined && from > to)
    problems.push({ field: 'yearTo', message: `"To" (${to}) is before "from" (${from}): swap them.` });
  if (from !== undefined || to !== undefined)
    filters.publication_year = {
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    };
  const domains = domainEntries(draft.domains);
  if (domains.length > MAX_FILTER_ITEMS)
    problems.push({ field: 'domains', message: `Name at most ${MAX_FILTER_ITEMS} domains.` });
  else if (domains.length > 0) filters.domain = domains;
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, filters: Object.keys(filters).length > 0 ? filters : undefined };
}

/** The request for a query and filters; `null` query when it is blank (nothing to ask yet). */
export function searchRequestOf(
  query: string,
  draft: FilterDraft,
  limit = 20,
): { ok: true; request: SearchRequestInput | null } | { ok: false; problems: FilterProblem[] } {
  const filters = filtersOf(draft);
  if (!filters.ok) return filters;
  const trimmed = query.trim();
  if (trimmed === '') return { ok: true, request: null };
  return {
    ok: true,
    request: { query: trimmed, limit, ...(filters.filters ? { filters: filters.filters } : {}) },
  };
}

/** Whether any filter is set (to say "clear the filters" when nothing is found). */
export function hasFilters(draft: FilterDraft): boolean {
  return (
    draft.sourceTypes.length > 0 ||
    draft.primary !== 'any' ||
    draft.yearFrom.trim() !== '' ||
    draft.yearTo.trim() !== '' ||
    draft.domains.trim() !== ''
  );
}
