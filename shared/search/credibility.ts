// How the local service's heuristic credibility score is made (service/search/README.md): the authority
// of the publisher's kind of domain, plus a primary source's and a fact-check site's additions, kept
// within 1..100. The service computes it here and the workbench explains a score with the same parts.

/** What a source registered as primary adds to its publisher's authority. */
export const PRIMARY_SOURCE_ADDS = 10;
/** What a fact-checking site adds. */
export const FACT_CHECK_SITE_ADDS = 5;

/** The heuristic credibility of a source from its publisher's authority and its two flags. */
export function heuristicCredibility(authority: number, primary: boolean, factCheckSite: boolean): number {
  const score = authority + (primary ? PRIMARY_SOURCE_ADDS : 0) + (factCheckSite ? FACT_CHECK_SITE_ADDS : 0);
  return Math.max(1, Math.min(100, score));
}
