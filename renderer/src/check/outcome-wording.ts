import {
  settledOutcome,
  type ComparabilityFacet,
  type ComparabilityFacetName,
  type NumericResponse,
  type SettledOutcome,
} from '../../../shared/api/numeric';

// What each outcome of a numeric check looks like, in words, colour and icon together (a colour-blind
// reader tells them apart by icon and words alone). The one place the UI words outcomes: the result
// card and the cases list both read it.

/** Only `success` is drawn as success; `warning` and `neutral` are unresolved states. */
export type OutcomeTone = 'success' | 'danger' | 'warning' | 'neutral';

/** An outcome as shown: the service's four, a decision whose own blocks disagree with it, or no check yet. */
export type ShownOutcome = SettledOutcome | 'unchecked';

export interface OutcomeWording {
  label: string;
  tone: OutcomeTone;
  /** One shape per outcome (heroicons outline paths), so the badge reads without its colour. */
  icon: string;
}

export const OUTCOME_WORDING: Record<ShownOutcome, OutcomeWording> = {
  supported: {
    label: 'Supported by the figures',
    tone: 'success',
    // circle with a check
    icon: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  contradicted: {
    label: 'Contradicted by the figures',
    tone: 'danger',
    // circle with a cross
    icon: 'm9.75 9.75 4.5 4.5m0-4.5-4.5 4.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  escalate: {
    label: 'Needs a person’s judgment',
    tone: 'warning',
    // a person
    icon: 'M15.75 6a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0ZM4.501 20.118a7.5 7.5 0 0 1 14.998 0A17.933 17.933 0 0 1 12 21.75c-2.676 0-5.216-.584-7.499-1.632Z',
  },
  not_applicable: {
    label: 'Not checkable',
    tone: 'neutral',
    // circle with a bar through it
    icon: 'M18.364 18.364A9 9 0 0 0 5.636 5.636m12.728 12.728A9 9 0 0 1 5.636 5.636m12.728 12.728L5.636 5.636',
  },
  inconsistent: {
    label: 'Not settled: the answer contradicts itself',
    tone: 'warning',
    // triangle with an exclamation mark
    icon: 'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
  },
  unchecked: {
    label: 'Not checked',
    tone: 'neutral',
    // clock
    icon: 'M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
};

export const TONE_CLASSES: Record<OutcomeTone, string> = {
  success:
    'bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950/40 dark:text-emerald-300 dark:ring-emerald-500/40',
  danger:
    'bg-rose-50 text-rose-800 ring-rose-600/30 dark:bg-rose-950/40 dark:text-rose-300 dark:ring-rose-500/40',
  warning:
    'bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-500/40',
  neutral:
    'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-500/40',
};

/**
 * The outcome to show for a response. A `supported` or `contradicted` whose arithmetic or comparability
 * does not back it (settledOutcome) is never shown as that decision.
 */
export function shownOutcome(response: NumericResponse | null): ShownOutcome {
  return response === null ? 'unchecked' : settledOutcome(response);
}

/** A facet in a fact-checker's words, as a question the facet answers ("same period"). */
export const FACET_WORDING: Record<ComparabilityFacetName, string> = {
  unit: 'same unit',
  scale: 'same scale',
  entity: 'same entity',
  period: 'same period',
  basis: 'same basis',
};

/** Facet rows in one reading order, whatever order the service answered in. */
export const FACET_ORDER: readonly ComparabilityFacetName[] = ['unit', 'scale', 'entity', 'period', 'basis'];

export function sortedFacets(facets: readonly ComparabilityFacet[]): ComparabilityFacet[] {
  return [...facets].sort((a, b) => FACET_ORDER.indexOf(a.facet) - FACET_ORDER.indexOf(b.facet));
}

/** A facet the service did not settle: left to a judge, or with no answer. */
export function isLeftToPerson(facet: ComparabilityFacet): boolean {
  return facet.decidedBy === 'judge' || facet.passed === null;
}

/** Facets the service left to a person, in reading order. */
export function undecidedFacets(response: NumericResponse): ComparabilityFacet[] {
  return sortedFacets(response.comparability?.facets ?? []).filter(isLeftToPerson);
}

/** Facets that failed (and were not left to a person), in reading order. */
export function failedFacets(response: NumericResponse): ComparabilityFacet[] {
  return sortedFacets(response.comparability?.facets ?? []).filter(
    (f) => f.passed === false && !isLeftToPerson(f),
  );
}
