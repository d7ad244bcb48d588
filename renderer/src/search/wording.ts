import type { Citation, CredibilityBasis, DomainCategory, StanceSummary } from '../../../shared/api';
import type { DocumentAnnotation, PersonCredibility } from '../../../shared/bridge/annotations';
import {
  FACT_CHECK_SITE_ADDS,
  heuristicCredibility,
  PRIMARY_SOURCE_ADDS,
} from '../../../shared/search/credibility';

// Plain words for what the service says about a result. A claim group's stance is shown as the service
// gives it; a search makes no verdict, so nothing here reads as one.

export const BASIS_WORDING: Record<CredibilityBasis, string> = {
  measured: 'measured by the service',
  heuristic: 'estimated from the publisher’s kind of domain, not measured',
  unknown: 'the service does not say how it was reached',
};

export const CATEGORY_WORDING: Record<DomainCategory, string> = {
  government: 'Government',
  academic: 'Academic',
  news: 'News',
  organization: 'Organisation',
  encyclopedia: 'Encyclopedia',
  social: 'Social media',
  other: 'Other',
};

export const STANCE_WORDING: Record<StanceSummary, string> = {
  supported: 'The service reads these sources as supporting the query.',
  contradicted: 'The service reads these sources as contradicting the query.',
  mixed: 'The service reads these sources as pointing both ways.',
  unverifiable:
    'A search finds passages; it does not judge a claim. Read each passage and decide for yourself.',
};

/** Why a publisher of each kind gets the authority it gets, as the service's domain table says. */
const CATEGORY_REASON: Record<DomainCategory, string> = {
  government: 'a government or intergovernmental domain',
  academic: 'a university or academic publisher',
  news: 'a news organisation the service knows',
  encyclopedia: 'an encyclopedia',
  social: 'a social media or blogging site',
  organization: 'an organisation’s domain',
  other: 'a domain the service puts in no known category',
};

/**
 * What a credibility score is made of, in words, one part a line: the publisher's authority by its kind
 * of domain, then a primary source's and a fact-check site's additions. Only for the service's heuristic
 * (shared/search/credibility.ts), and only when those parts add up to the score it gave;
 * null otherwise, so no make-up is ever guessed.
 */
export function credibilityParts(
  citation: Citation,
  annotation: DocumentAnnotation | null = null,
): string[] | null {
  const metadata = citation.source_metadata;
  const authority = citation.ranking_factors?.source_authority;
  if (citation.credibility_basis !== 'heuristic' || metadata === undefined || authority === undefined)
    return null;
  const score = heuristicCredibility(authority, metadata.is_primary_source, metadata.is_fact_check_site);
  if (score !== citation.credibility_score) return null;
  const publisher =
    metadata.domain === 'local'
      ? 'added without a web address, so its publisher is not known'
      : `${metadata.domain}, ${CATEGORY_REASON[metadata.domain_category]}`;
  return [
    `${authority} for the publisher: ${publisher}.`,
    metadata.is_primary_source
      ? `+${PRIMARY_SOURCE_ADDS}: registered as a primary source.`
      : `+0: not registered as a primary source (+${PRIMARY_SOURCE_ADDS} when it is).`,
    ...(metadata.is_fact_check_site ? [`+${FACT_CHECK_SITE_ADDS}: a fact-checking site.`] : []),
    ...(citation.publication_year === undefined ? [yearPart(annotation?.year ?? null)] : []),
    'It says nothing of this document’s own accuracy, its year or its contents.',
  ];
}

/** The year's part when the service knows none: what it costs in the ranking, and how to give it. */
function yearPart(givenYear: number | null): string {
  return givenYear === null
    ? '+0: year unknown. The year adds nothing to this score, but a result without one ranks as if it were old (recency 0 of 100). Give the document’s year under “Your own rating” below.'
    : `+0: year ${givenYear}, given by you (the service knows none); it counts for recency in the ranking.`;
}

/** “Credibility 80 of 100, set by you: city’s own budget office” (the reason when one was given). */
export function personRatingWords(credibility: PersonCredibility): string {
  const reason = credibility.reason?.trim();
  return `Credibility ${credibility.score} of 100, set by you${reason ? `: ${reason}` : ''}`;
}
