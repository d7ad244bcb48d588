// How the local service's heuristic credibility score is made (service/search/README.md): the authority
// of the publisher's kind of domain, plus a primary source's and a fact-check site's additions, kept
// within 1..100. The service computes it here and the workbench explains a score with the same parts.
// The ranking's weights live here too, so the workbench can rank again with a person's own rating.

/** What a source registered as primary adds to its publisher's authority. */
export const PRIMARY_SOURCE_ADDS = 10;
/** What a fact-checking site adds. */
export const FACT_CHECK_SITE_ADDS = 5;

/** The heuristic credibility of a source from its publisher's authority and its two flags. */
export function heuristicCredibility(authority: number, primary: boolean, factCheckSite: boolean): number {
  const score = authority + (primary ? PRIMARY_SOURCE_ADDS : 0) + (factCheckSite ? FACT_CHECK_SITE_ADDS : 0);
  return Math.max(1, Math.min(100, score));
}

/** A search ranks by these weights of its three factors (each 0..100); service/search/README.md. */
export const RANKING_WEIGHTS = { relevance: 0.75, authority: 0.15, recency: 0.1 } as const;

/** The combined ranking score of one result from its three factors. */
export function combinedRankScore(factors: {
  relevance: number;
  authority: number;
  recency: number;
}): number {
  return (
    RANKING_WEIGHTS.relevance * factors.relevance +
    RANKING_WEIGHTS.authority * factors.authority +
    RANKING_WEIGHTS.recency * factors.recency
  );
}

/** recency: 100 for the current year (or a later one), 10 less per year of age; 0 when unknown. */
export function recencyOf(year: number | null, now = new Date()): number {
  if (year === null) return 0;
  return Math.max(0, Math.min(100, 100 - 10 * (now.getUTCFullYear() - year)));
}
