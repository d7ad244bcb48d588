import { randomBytes } from 'node:crypto';
import { SearchRequest, type SearchFilters, type SearchResponse } from '../../shared/api';
import { normaliseDomainFilter } from '../search/domains';
import { parseQuery } from '../search/query';
import { citationsOf, rankSources } from '../search/ranking';
import type { EvidenceStore, SearchIndexFilters } from '../store/contract';
import { ServiceError, parseRequest } from './errors';

// `POST /api/v1/sources/search` over the caller's retained sources (service/search/README.md): the
// store's index finds the units of each source's newest representation that match, filtered on the
// registration metadata; service/search ranks them by relevance, publisher category and recency and
// makes one citation per source (its best unit). No stance analysis: the claim group's stance_summary is
// "unverifiable" and no verdict is given.

/** The filters as the index takes them: every domain entry checked and made bare (400 naming the entry). */
export function indexFilters(filters: SearchFilters | undefined): SearchIndexFilters {
  if (!filters) return {};
  const { domain, ...rest } = filters;
  if (!domain) return rest;
  return {
    ...rest,
    domain: domain.map((entry, i) => {
      const bare = normaliseDomainFilter(entry);
      if (bare === null)
        throw new ServiceError('invalid_request', 'a domain filter entry is not a domain name', [
          {
            path: `filters.domain.${i}`,
            message:
              'expected a bare domain such as "ons.gov.uk" or "www.bbc.co.uk" (no scheme, path or port)',
          },
        ]);
      return bare;
    }),
  };
}

/**
 * `POST /api/v1/sources/search`. `exactTotal` false: the caller reads only the citations, so
 * `relevant_sources_found` may be a lower bound (at least the sources found) instead of every match
 * counted.
 */
export async function searchSources(
  store: EvidenceStore,
  accountId: string,
  body: unknown,
  exactTotal = true,
): Promise<SearchResponse> {
  const started = performance.now();
  const request = parseRequest(SearchRequest, body);
  const query = parseQuery(request.query);
  if (query === null)
    throw new ServiceError('query_without_words', 'the query holds no word to search for', [
      { path: 'query', message: 'only punctuation, symbols or operators: nothing to search' },
    ]);
  const filters = indexFilters(request.filters);

  // Sources holding every phrase first; when none holds them all, those holding any of them.
  let found = await store.searchIndex(
    accountId,
    { phrases: query.phrases, match: 'all' },
    filters,
    request.limit,
    exactTotal,
  );
  if (found.total === 0 && query.phrases.length > 1)
    found = await store.searchIndex(
      accountId,
      { phrases: query.phrases, match: 'any' },
      filters,
      request.limit,
      exactTotal,
    );
  const searched = await store.countSearchableSources(accountId);

  const { citations, domainGroups } = citationsOf(rankSources(found.candidates, request.limit), query);
  return {
    claim_groups: [
      {
        claim_id: 'clm_1',
        claim_index: 1,
        claim: request.query,
        stance_summary: 'unverifiable',
        citation_count: citations.length,
        citations,
        domain_groups: domainGroups,
      },
    ],
    citations,
    domain_groups: domainGroups,
    operation_id: null,
    search_metadata: {
      total_sources_searched: searched,
      relevant_sources_found: found.total,
      processing_time_ms: Math.round((performance.now() - started) * 100) / 100,
      analysis_model: 'none',
    },
    thread_id: `thr_${randomBytes(10).toString('hex')}`,
    totalResults: citations.length,
    usage: { credits: 0 },
  };
}
