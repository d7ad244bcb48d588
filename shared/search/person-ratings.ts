import type { Citation, SearchResponse } from '../api';
import type { DocumentAnnotation, SearchAnnotations } from '../bridge/annotations';
import { combinedRankScore, recencyOf } from './credibility';

// A search ranked again with what the person said about its documents: their own credibility rating
// counts in place of the publisher's authority, and the year they gave in place of an unknown one. Only
// the order and the rank numbers change; the service's scores and factors are kept as it gave them.

/** The person's annotation of a citation's document, or null. */
export function annotationOf(citation: Citation, annotations: SearchAnnotations): DocumentAnnotation | null {
  const id = citation.source_version_id;
  return id !== undefined && Object.hasOwn(annotations, id) ? (annotations[id] ?? null) : null;
}

/** The three ranking factors of a citation with the person's rating and year in force, or null. */
export function personRankFactors(
  citation: Citation,
  annotation: DocumentAnnotation | null,
  now = new Date(),
): { relevance: number; authority: number; recency: number } | null {
  const factors = citation.ranking_factors;
  if (factors === undefined) return null;
  const year = citation.publication_year ?? annotation?.year ?? null;
  return {
    relevance: factors.content_relevance,
    authority: annotation?.credibility?.score ?? factors.source_authority,
    recency:
      citation.publication_year === undefined && year !== null ? recencyOf(year, now) : factors.recency,
  };
}

/** Every citation of a response: its list and its claim groups' lists (the same citations, as a rule). */
export function citationsOfResponse(response: SearchResponse): Citation[] {
  return [...(response.citations ?? []), ...(response.claim_groups ?? []).flatMap((g) => g.citations)];
}

/**
 * The citations in order of their combined score with the person's ratings in force, ranks renumbered,
 * in the response's list and in each claim group's. Unchanged when nothing was said about the documents
 * found, or when a citation lacks its factors (a service that does not give them cannot be ranked again
 * without guessing).
 */
export function rankWithPersonRatings<R extends SearchResponse>(
  response: R,
  annotations: SearchAnnotations,
  now = new Date(),
): R {
  const all = citationsOfResponse(response);
  if (!all.some((c) => annotationOf(c, annotations) !== null)) return response;
  const byId = new Map<string, Citation>();
  for (const citation of all) if (!byId.has(citation.id)) byId.set(citation.id, citation);
  const scored = [...byId.values()].map((citation) => ({
    citation,
    factors: personRankFactors(citation, annotationOf(citation, annotations), now),
  }));
  if (scored.some((s) => s.factors === null)) return response;
  const ranks = new Map(
    scored
      .map((s) => ({ id: s.citation.id, rank: s.citation.rank, score: combinedRankScore(s.factors!) }))
      .sort((a, b) => b.score - a.score || a.rank - b.rank)
      .map((s, at) => [s.id, at + 1] as const),
  );
  const reranked = (list: readonly Citation[]) =>
    list.map((c) => ({ ...c, rank: ranks.get(c.id) ?? c.rank })).sort((a, b) => a.rank - b.rank);
  return {
    ...response,
    ...(response.citations ? { citations: reranked(response.citations) } : {}),
    ...(response.claim_groups
      ? {
          claim_groups: response.claim_groups.map((group) => ({
            ...group,
            citations: reranked(group.citations),
          })),
        }
      : {}),
  };
}
