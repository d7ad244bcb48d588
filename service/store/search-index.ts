import type { StatementSync } from 'node:sqlite';
import type { SearchCandidate, SearchIndexFilters, SearchIndexQuery, SearchIndexResult } from './contract';
import type { Database } from './database';
import { UNITS_PER_SOURCE } from './representations';

// The search index of the SQLite engine: FTS5 over the units of each source version's newest
// representation (`unit_search`, migration 3; written by publishRepresentation in the same transaction).
// An index row's rowid names its source version and unit: (source version rowid << 20) | unit index.
// Ranking beyond bm25, credibility and grouping are the search operation's (service/search/).

/** bm25 weights: a hit in the title counts four times a hit in the body. */
const TITLE_WEIGHT = 4;
/** Sources ranked by the caller's combined score: the best `limit` × this by bm25. */
export const CANDIDATES_PER_RESULT = 3;
/** Units read from the index in the first window, per result asked; the window grows ×8 until enough pass. */
const WINDOW_PER_RESULT = 20;

/** The query as an FTS5 expression: every phrase quoted, so nothing the user typed is FTS5 syntax. */
export function ftsExpression(query: SearchIndexQuery): string {
  return query.phrases
    .map((words) => `"${words.join(' ').replace(/"/g, '""')}"`)
    .join(query.match === 'all' ? ' AND ' : ' OR ');
}

interface Hit {
  /** The source version's rowid and the unit's index, from the index row's rowid. */
  source: number;
  unit_index: number;
  /** bm25: lower is better. */
  score: number;
}

/** The SQL and parameters of the filters (a source whose metadata is unknown never matches). */
export function filterClause(filters: SearchIndexFilters): { sql: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
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
    // A domain includes its subdomains: equal, or ending in "." + domain (compared without LIKE wildcards).
    parts.push(
      `(${filters.domain.map(() => `(s.domain = ? OR substr(s.domain, -length(?) - 1) = '.' || ?)`).join(' OR ')})`,
    );
    for (const d of filters.domain) params.push(d, d, d);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

/** Prepared statements, once per database and SQL text. */
const statements = new WeakMap<Database, Map<string, StatementSync>>();
export function statement(db: Database, sql: string): StatementSync {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

/**
 * Reads the index like a bare FTS5 query does (top units by bm25, account first), keeps the best unit of
 * each source, and applies the filters to those sources only. When the window held every match, the
 * count is exact already; otherwise it is counted without ranking.
 */
function hits(
  db: Database,
  accountId: string,
  match: string,
  filters: SearchIndexFilters,
  limit: number,
  exactTotal: boolean,
): { hits: Hit[]; total: number } {
  const filter = filterClause(filters);
  const candidates = limit * CANDIDATES_PER_RESULT;
  // The index's own top-k by bm25 (title weighted); a row's rowid names its source and unit (migration 3).
  // Other accounts' sources and those the filters refuse drop out when the sources are looked up.
  // With filters, the index rows of sources the filters refuse are dropped in the scan itself (the
  // passing sources are listed once per query), so the window is not spent on them.
  const top = statement(
    db,
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
    db,
    `SELECT s.rowid AS source FROM source_versions s
     WHERE s.rowid IN (SELECT value FROM json_each(?)) AND s.account_id = ?${filter.sql}`,
  );
  for (let window = limit * WINDOW_PER_RESULT; ; window *= 8) {
    const units = top.all(...topParams(window)) as unknown as Hit[];
    const best = new Map<number, Hit>();
    for (const unit of units) if (!best.has(unit.source)) best.set(unit.source, unit);
    const kept = new Set(
      (
        passing.all(JSON.stringify([...best.keys()]), accountId, ...filter.params) as unknown as {
          source: number;
        }[]
      ).map((row) => row.source),
    );
    const passed = [...best.values()].filter((hit) => kept.has(hit.source));
    if (units.length < window) return { hits: passed.slice(0, candidates), total: passed.length };
    if (passed.length >= candidates)
      return {
        hits: passed.slice(0, candidates),
        total: exactTotal ? countSources(db, accountId, match, filter) : passed.length,
      };
  }
}

/** Every matching source of the account that passes the filters, counted from the index's rowids. */
function countSources(
  db: Database,
  accountId: string,
  match: string,
  filter: { sql: string; params: (string | number)[] },
): number {
  const row = statement(
    db,
    `SELECT count(*) AS n FROM source_versions s
     WHERE s.rowid IN (SELECT DISTINCT rowid >> 20 FROM unit_search WHERE unit_search MATCH ?)
       AND s.account_id = ?${filter.sql}`,
  ).get(match, accountId, ...filter.params) as { n: number };
  return row.n;
}

/** The source and its unit behind a hit: the unit of that index in the newest representation. */
function candidateOf(db: Database, hit: Hit): SearchCandidate {
  const row = statement(
    db,
    `SELECT s.id AS source_version_id, s.title, s.filename, s.url, s.domain, s.publication_year,
            s.source_type, s.is_primary_source, s.sha256, s.registered_at,
            r.id AS representation_id, r.state AS representation_state,
            u.id AS unit_id, u.markdown AS unit_markdown, u.page_json AS unit_page
     FROM source_versions s
     JOIN representations r ON r.id = (SELECT id FROM representations WHERE source_version_id = s.id
                                       ORDER BY created_at DESC, rowid DESC LIMIT 1)
     JOIN units u ON u.representation_id = r.id AND u.unit_index = ?
     WHERE s.rowid = ?`,
  ).get(hit.unit_index, hit.source) as unknown as Omit<SearchCandidate, 'relevance'>;
  // bm25 is lower for a better match; the contract's relevance is higher.
  return { relevance: -hit.score, ...row };
}

/**
 * The account's sources whose units match, filtered: the best 3 × `limit` by bm25, and how many matched
 * (with `exactTotal` false, at least as many as found when more matched than the window held).
 */
export function searchIndex(
  db: Database,
  accountId: string,
  query: SearchIndexQuery,
  filters: SearchIndexFilters,
  limit: number,
  exactTotal = true,
): SearchIndexResult {
  const found = hits(db, accountId, ftsExpression(query), filters, limit, exactTotal);
  return { candidates: found.hits.map((hit) => candidateOf(db, hit)), total: found.total };
}

/**
 * How many of the account's sources have a representation to search. Counted again only after the
 * database changed (SQLite's `total_changes()` for this connection moved), not on every search.
 */
const searchableCache = new WeakMap<Database, Map<string, { changes: number; n: number }>>();
export function countSearchableSources(db: Database, accountId: string): number {
  const { changes } = statement(db, 'SELECT total_changes() AS changes').get() as { changes: number };
  let cache = searchableCache.get(db);
  if (!cache) searchableCache.set(db, (cache = new Map()));
  const cached = cache.get(accountId);
  if (cached && cached.changes === changes) return cached.n;
  const { n } = statement(
    db,
    `SELECT count(*) AS n FROM source_versions s WHERE s.account_id = ?
     AND EXISTS (SELECT 1 FROM representations r WHERE r.source_version_id = s.id)`,
  ).get(accountId) as { n: number };
  cache.set(accountId, { changes, n });
  return n;
}
