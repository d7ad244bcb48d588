import { randomBytes } from 'node:crypto';
import {
  SearchRequest,
  SOURCE_TYPES,
  type Citation,
  type DomainGroup,
  type SearchFilters,
  type SearchResponse,
  type SourceType,
} from '../../shared/api';
import { displayTitle } from '../../shared/text/display-name';
import { ServiceError, parseRequest } from '../operations/errors';
import type { Store } from '../store/store';
import { AUTHORITY, LOCAL_DOMAIN, domainCategory, isFactCheckSite, normaliseDomainFilter } from './domains';
import { UNITS_PER_SOURCE } from '../store/representations';
import { parseQuery, phrasePattern, type ParsedQuery } from './query';

// `POST /api/v1/sources/search` over the caller's retained sources (service/search/README.md): FTS5 over
// the units of each source's newest representation, filters on the registration metadata, one citation
// per source (its best unit), ranked by relevance, publisher category and recency. No stance analysis:
// the claim group's stance_summary is "unverifiable" and no verdict is given.

/** bm25 weights: a hit in the title counts four times a hit in the body. */
const TITLE_WEIGHT = 4;
const SNIPPET_CHARS = 240;

interface Hit {
  /** The source version's rowid and the unit's index, from the index row's rowid. */
  source: number;
  unit_index: number;
  score: number;
  domain: string | null;
  publication_year: number | null;
}

interface SourceRow {
  id: string;
  title: string | null;
  filename: string;
  url: string | null;
  domain: string | null;
  publication_year: number | null;
  source_type: string | null;
  is_primary_source: 0 | 1 | null;
  sha256: string;
  registered_at: string;
  unit_id: string;
  unit_markdown: string;
  representation_id: string;
  representation_state: string;
}

/** The SQL and parameters of the filters (a source whose metadata is unknown never matches). */
function filterClause(filters: SearchFilters | undefined): { sql: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (!filters) return { sql: '', params };
  if (filters.source_type) {
    parts.push(`s.source_type IN (${filters.source_type.map(() => '?').join(', ')})`);
    params.push(...filters.source_type);
  }
  if (filters.is_primary_source !== undefined) {
    parts.push('s.is_primary_source = ?');
    params.push(filters.is_primary_source ? 1 : 0);
  }
  if (filters.publication_year) {
    const { from, to } = filters.publication_year;
    parts.push('s.publication_year IS NOT NULL');
    if (from !== undefined) {
      parts.push('s.publication_year >= ?');
      params.push(from);
    }
    if (to !== undefined) {
      parts.push('s.publication_year <= ?');
      params.push(to);
    }
  }
  if (filters.domain) {
    const domains = filters.domain.map((entry, i) => {
      const domain = normaliseDomainFilter(entry);
      if (domain === null)
        throw new ServiceError(400, 'invalid_request', 'a domain filter entry is not a domain name', [
          {
            path: `filters.domain.${i}`,
            message:
              'expected a bare domain such as "ons.gov.uk" or "www.bbc.co.uk" (no scheme, path or port)',
          },
        ]);
      return domain;
    });
    // A domain includes its subdomains: equal, or ending in "." + domain (compared without LIKE wildcards).
    parts.push(
      `(${domains.map(() => `(s.domain = ? OR substr(s.domain, -length(?) - 1) = '.' || ?)`).join(' OR ')})`,
    );
    for (const d of domains) params.push(d, d, d);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

/** Sources ranked by the combined score: the best `limit` × this by bm25. */
const CANDIDATES_PER_RESULT = 3;
/** Units read from the index in the first window, per result asked; the window grows ×8 until enough pass. */
const WINDOW_PER_RESULT = 20;

interface Hits {
  /** The best-matching sources that pass the filters (at most `candidates`), best unit each, by bm25. */
  hits: Hit[];
  /** Every source that matched and passed the filters, not only the candidates. */
  total: number;
}

/**
 * Reads the index like a bare FTS5 query does (top units by bm25, account first), keeps the best unit of
 * each source, and applies the filters to those sources only. When the window held every match, the
 * count is exact already; otherwise it is counted without ranking.
 */
function hits(
  store: Store,
  accountId: string,
  match: string,
  filters: SearchFilters | undefined,
  limit: number,
): Hits {
  const filter = filterClause(filters);
  const candidates = limit * CANDIDATES_PER_RESULT;
  // The index's own top-k by bm25 (title weighted); a row's rowid names its source and unit (migration 3).
  // Other accounts' sources and those the filters refuse drop out when the sources are looked up.
  // With filters, the index rows of sources the filters refuse are dropped in the scan itself (the
  // passing sources are listed once per query), so the window is not spent on them.
  const top = statement(
    store,
    `SELECT rowid >> 20 AS source, rowid & ${UNITS_PER_SOURCE - 1} AS unit_index,
            bm25(unit_search, ${TITLE_WEIGHT}, 1.0) AS score
     FROM unit_search WHERE unit_search MATCH ?${
       filter.sql === ''
         ? ''
         : ` AND (rowid >> 20) IN (SELECT s.rowid FROM source_versions s WHERE s.account_id = ?${filter.sql})`
     }
     ORDER BY score LIMIT ?`,
  );
  const topParams = (window: number) =>
    filter.sql === '' ? [match, window] : [match, accountId, ...filter.params, window];
  const passing = statement(
    store,
    `SELECT s.rowid AS source, s.domain, s.publication_year FROM source_versions s
     WHERE s.rowid IN (SELECT value FROM json_each(?)) AND s.account_id = ?${filter.sql}`,
  );
  for (let window = limit * WINDOW_PER_RESULT; ; window *= 8) {
    const units = top.all(...topParams(window)) as unknown as Hit[];
    const best = new Map<number, Hit>();
    for (const unit of units) if (!best.has(unit.source)) best.set(unit.source, unit);
    const meta = new Map(
      (
        passing.all(JSON.stringify([...best.keys()]), accountId, ...filter.params) as unknown as {
          source: number;
          domain: string | null;
          publication_year: number | null;
        }[]
      ).map((row) => [row.source, row]),
    );
    const kept: Hit[] = [];
    for (const hit of best.values()) {
      const row = meta.get(hit.source);
      if (row) kept.push({ ...hit, domain: row.domain, publication_year: row.publication_year });
    }
    if (units.length < window) return { hits: kept.slice(0, candidates), total: kept.length };
    if (kept.length >= candidates)
      return { hits: kept.slice(0, candidates), total: countSources(store, accountId, match, filters) };
  }
}

/** Every matching source of the account that passes the filters, counted from the index's rowids. */
function countSources(
  store: Store,
  accountId: string,
  match: string,
  filters: SearchFilters | undefined,
): number {
  const filter = filterClause(filters);
  const row = statement(
    store,
    `SELECT count(*) AS n FROM source_versions s
     WHERE s.rowid IN (SELECT DISTINCT rowid >> 20 FROM unit_search WHERE unit_search MATCH ?)
       AND s.account_id = ?${filter.sql}`,
  ).get(match, accountId, ...filter.params) as { n: number };
  return row.n;
}

/** Prepared statements, once per store and SQL text. */
const statements = new WeakMap<Store, Map<string, ReturnType<Store['db']['prepare']>>>();
function statement(store: Store, sql: string) {
  let cache = statements.get(store);
  if (!cache) statements.set(store, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = store.db.prepare(sql)));
  return prepared;
}

/** The passage around the first match, cut at spaces, verbatim from the unit text; and the matches in it. */
function snippetOf(text: string, query: ParsedQuery): { snippet: string; ranges: [number, number][] } {
  const patterns = query.phrases.map(phrasePattern);
  let first = -1;
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    const m = pattern.exec(text);
    if (m && (first === -1 || m.index < first)) first = m.index;
  }
  let start = 0;
  if (first > SNIPPET_CHARS / 3) {
    start = first - Math.floor(SNIPPET_CHARS / 3);
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, first)) end = space;
  }
  const snippet = text.slice(start, end);
  const ranges: [number, number][] = [];
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(snippet); m !== null; m = pattern.exec(snippet))
      ranges.push([m.index, m.index + m[0].length]);
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { snippet, ranges };
}

/** recency: 100 for the current year (or a later one), 10 less per year of age; 0 when unknown. */
export function recencyOf(year: number | null, now = new Date()): number {
  if (year === null) return 0;
  return Math.max(0, Math.min(100, 100 - 10 * (now.getUTCFullYear() - year)));
}

/** The source and its unit behind a hit: the unit of that index in the newest representation. */
function sourceRow(store: Store, hit: Hit): SourceRow {
  return statement(
    store,
    `SELECT s.id, s.title, s.filename, s.url, s.domain, s.publication_year, s.source_type,
            s.is_primary_source, s.sha256, s.registered_at,
            u.id AS unit_id, u.markdown AS unit_markdown, r.id AS representation_id,
            r.state AS representation_state
     FROM source_versions s
     JOIN representations r ON r.id = (SELECT id FROM representations WHERE source_version_id = s.id
                                       ORDER BY created_at DESC, rowid DESC LIMIT 1)
     JOIN units u ON u.representation_id = r.id AND u.unit_index = ?
     WHERE s.rowid = ?`,
  ).get(hit.unit_index, hit.source) as unknown as SourceRow;
}

/**
 * How many of the account's sources have a representation to search. Counted again only after the
 * database changed (SQLite's `total_changes()` for this connection moved), not on every search.
 */
const searchedCache = new WeakMap<Store, Map<string, { changes: number; n: number }>>();
function sourcesSearched(store: Store, accountId: string): number {
  const { changes } = statement(store, 'SELECT total_changes() AS changes').get() as { changes: number };
  let cache = searchedCache.get(store);
  if (!cache) searchedCache.set(store, (cache = new Map()));
  const cached = cache.get(accountId);
  if (cached && cached.changes === changes) return cached.n;
  const { n } = statement(
    store,
    `SELECT count(*) AS n FROM source_versions s WHERE s.account_id = ?
     AND EXISTS (SELECT 1 FROM representations r WHERE r.source_version_id = s.id)`,
  ).get(accountId) as { n: number };
  cache.set(accountId, { changes, n });
  return n;
}

/** `POST /api/v1/sources/search`. */
export function searchSources(store: Store, accountId: string, body: unknown): SearchResponse {
  const started = performance.now();
  const request = parseRequest(SearchRequest, body);
  const query = parseQuery(request.query);
  if (query === null)
    throw new ServiceError(400, 'query_without_words', 'the query holds no word to search for', [
      { path: 'query', message: 'only punctuation, symbols or operators: nothing to search' },
    ]);

  let found = hits(store, accountId, query.all, request.filters, request.limit);
  if (found.total === 0 && query.phrases.length > 1)
    found = hits(store, accountId, query.any, request.filters, request.limit);
  const searched = sourcesSearched(store, accountId);

  const best = found.hits[0]?.score ?? -1;
  const now = new Date();
  const scored = found.hits.map((hit) => {
    const domain = hit.domain ?? LOCAL_DOMAIN;
    const category = domainCategory(domain);
    const relevance = best < 0 ? Math.max(1, Math.round((100 * hit.score) / best)) : 100;
    const authority = AUTHORITY[category];
    const recency = recencyOf(hit.publication_year, now);
    return { hit, domain, category, relevance, authority, recency };
  });
  // Rank the candidates (the best 3 × limit by bm25): relevance first, then the publisher's category, then
  // recency (weights in the README).
  const combined = (s: (typeof scored)[number]) => 0.75 * s.relevance + 0.15 * s.authority + 0.1 * s.recency;
  scored.sort((a, b) => combined(b) - combined(a) || a.hit.score - b.hit.score);
  const chosen = scored.slice(0, request.limit);

  const groups = new Map<string, DomainGroup>();
  const citations: Citation[] = chosen.map((s, i) => {
    const { hit, domain, category } = s;
    const row = sourceRow(store, hit);
    const { snippet, ranges } = snippetOf(row.unit_markdown, query);
    const id = `cit_${row.unit_id}`;
    let group = groups.get(domain);
    const primary = group === undefined;
    if (!group) {
      group = {
        group_id: `grp_${groups.size + 1}`,
        domain,
        domain_category: category,
        group_stance: 'neutral',
        primary_citation_id: id,
      };
      groups.set(domain, group);
    }
    const factCheck = isFactCheckSite(domain);
    const credibility = Math.max(
      1,
      Math.min(100, s.authority + (row.is_primary_source === 1 ? 10 : 0) + (factCheck ? 5 : 0)),
    );
    const url = row.url ?? `evidence://${row.id}`;
    return {
      id,
      title: displayTitle(row.title, row.filename),
      url,
      snippet,
      author: domain,
      status: row.representation_state === 'complete' ? 'retained' : 'retained_partial',
      credibility_score: credibility,
      credibility_basis: 'heuristic',
      rank: i + 1,
      ranking_factors: {
        source_authority: s.authority,
        content_relevance: s.relevance,
        recency: s.recency,
      },
      ...((SOURCE_TYPES as readonly string[]).includes(row.source_type ?? '')
        ? { source_type: row.source_type as SourceType }
        : {}),
      source_metadata: {
        domain,
        domain_category: category,
        is_primary_source: row.is_primary_source === 1,
        is_fact_check_site: factCheck,
      },
      ...(row.publication_year !== null ? { publication_year: row.publication_year } : {}),
      group_id: group.group_id,
      is_group_primary: primary,
      highlight_ranges: ranges,
      evidence: {
        state: 'retained',
        originalUrl: row.url,
        finalUrl: row.url,
        contentHash: `sha256:${row.sha256}`,
        retrievedAt: row.registered_at,
        quoteMatch: snippet.length > 0 && row.unit_markdown.includes(snippet),
        retention: 'local',
        replayable: true,
      },
      source_version_id: row.id,
      representation_id: row.representation_id,
      source_unit_id: row.unit_id,
    };
  });
  const domainGroups = [...groups.values()];
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
