import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Representation, Unit } from '../../../shared/api';
import { displayText } from '../../../shared/text/display-name';
import type { Extraction } from '../../extract/extract';
import {
  FIGURE_COUNT_CEILING,
  LIBRARY_TABLES,
  type AssetRow,
  type CreatedKey,
  type EvidenceStore,
  type FigureValueCandidate,
  type FigureValueQuery,
  type FigureValueResult,
  type LibraryCounts,
  type LibraryRow,
  type LibraryTable,
  type LibraryTransfer,
  type LibraryValue,
  type ListedSourceVersion,
  type NewAsset,
  type RateLimit,
  type SearchCandidate,
  type SearchIndexFilters,
  type SearchIndexQuery,
  type SearchIndexResult,
  type SourceVersionRow,
} from '../contract';
import { newId } from '../ids';
import { hashKey } from '../keys';
import {
  emptyCounts,
  LIBRARY_COLUMNS,
  LibraryNotEmptyError,
  LibraryRowChecker,
  verifiedBlob,
} from '../library-rows';
import { CANDIDATES_PER_RESULT } from '../search-index';
import { insertBlob, lockBlob, PostgresBlobs } from './blobs';
import {
  databaseError,
  NEWEST_SCHEMA,
  newPool,
  redactUrl,
  schemaVersion,
  SchemaBehindError,
  SchemaTooNewError,
  transaction,
  type Queryable,
} from './database';
import {
  FIGURE_COLUMNS,
  figureOf,
  figureRowOf,
  listedOf,
  representationOf,
  representationRowOf,
  REPRESENTATION_COLUMNS,
  unitOf,
  unitsOf,
  unitSearchText,
  type FigureRow,
  type ListedRow,
  type RepresentationRow,
  type UnitRow,
} from '../rows';

export { migrateDatabase, redactUrl, SchemaBehindError, SchemaTooNewError } from './database';
export { LibraryNotEmptyError } from '../library-rows';

// The evidence service's store on PostgreSQL: the same contract as the SQLite engine (store.ts), for any
// number of service instances on one database. Every multi-step write is one transaction on one pooled
// connection; the same bytes or the same publish arriving through two instances at once give one row
// (INSERT … ON CONFLICT DO NOTHING, then read what is there).

const ASSET_COLUMNS = LIBRARY_COLUMNS.assets.join(', ');
const SOURCE_COLUMNS = LIBRARY_COLUMNS.source_versions.join(', ');
const sourceColumnsOf = (alias: string) =>
  LIBRARY_COLUMNS.source_versions.map((c) => `${alias}.${c}`).join(', ');

/** ts_rank weights {D, C, B, A}: the title (A) counts four times the body (D). */
const RANK_WEIGHTS = '{0.25, 0.25, 0.25, 1.0}';
/** Units written per statement when publishing. */
const UNITS_PER_INSERT = 500;
/** The longest text indexed as one tsvector (at most 1 MB of words and positions): longer units in parts. */
export const SEARCH_PART_CHARS = 100_000;

/**
 * A unit's text in parts of at most `max` characters, cut at the last white space before the limit (mid-
 * word only when a part has none), so each part's words are whole. One part for the usual unit.
 */
export function searchParts(text: string, max = SEARCH_PART_CHARS): string[] {
  if (text.length <= max) return [text];
  const parts: string[] = [];
  let from = 0;
  while (text.length - from > max) {
    let cut = from + max;
    const space = text.slice(from, cut + 1).search(/\s\S*$/);
    if (space > 0) cut = from + space;
    // Never split a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--;
    parts.push(text.slice(from, cut));
    from = cut;
  }
  parts.push(text.slice(from));
  return parts;
}

/** The index rows of a batch of units: one per part of each unit's text. */
function indexRows(units: readonly { id: string; index: number; markdown: string }[]) {
  const rows = { ids: [] as string[], indexes: [] as number[], parts: [] as number[], texts: [] as string[] };
  for (const unit of units)
    searchParts(unit.markdown).forEach((text, part) => {
      rows.ids.push(unit.id);
      rows.indexes.push(unit.index);
      rows.parts.push(part);
      rows.texts.push(text);
    });
  return rows;
}

/** Inserts index rows for units of one representation of one source version. */
async function insertIndexRows(
  client: pg.PoolClient,
  source: { id: string; accountId: string; title: string; representationId: string },
  units: readonly { id: string; index: number; markdown: string }[],
): Promise<void> {
  const rows = indexRows(units);
  if (rows.ids.length === 0) return;
  await client.query(
    `INSERT INTO unit_search (source_version_id, unit_index, part, representation_id, unit_id, account_id, document)
     SELECT $1, t.unit_index, t.part, $2, t.id, $3,
            setweight(to_tsvector('simple', evidence_search_text($4)), 'A')
            || setweight(to_tsvector('simple', evidence_search_text(t.text)), 'D')
     FROM unnest($5::text[], $6::bigint[], $7::int[], $8::text[]) AS t(id, unit_index, part, text)`,
    [
      source.id,
      source.representationId,
      source.accountId,
      source.title,
      rows.ids,
      rows.indexes,
      rows.parts,
      rows.texts,
    ],
  );
}

const now = () => new Date().toISOString();
const SWEEP_EVERY_MS = 15 * 60_000;

export class PostgresStore implements EvidenceStore, LibraryTransfer {
  private constructor(
    private readonly pool: pg.Pool,
    readonly blobs: PostgresBlobs,
  ) {}

  /**
   * Opens a pool on the database; refuses one whose schema is newer than this build knows
   * (`SchemaTooNewError`) or not yet migrated (`SchemaBehindError`). Sweeps holds a crashed instance left.
   */
  static async open(url: string): Promise<PostgresStore> {
    const pool = newPool(url);
    try {
      let schema: number;
      try {
        schema = await schemaVersion(pool);
      } catch (error) {
        throw databaseError(url, 'could not open the database', error);
      }
      if (schema > NEWEST_SCHEMA) throw new SchemaTooNewError(redactUrl(url), schema, NEWEST_SCHEMA);
      if (schema < NEWEST_SCHEMA) throw new SchemaBehindError(redactUrl(url), schema, NEWEST_SCHEMA);
      const blobs = await PostgresBlobs.open(pool);
      // A crashed instance's holds (and the bytes they kept) go within the hour after they turn stale,
      // whether or not an instance restarts.
      blobs.sweepEvery(SWEEP_EVERY_MS);
      return new PostgresStore(pool, blobs);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  /** Tests only: the pool itself, for invariants no store method shows. */
  static poolForTests(store: PostgresStore): pg.Pool {
    return store.pool;
  }

  async close(): Promise<void> {
    await this.blobs.close();
    await this.pool.end();
  }

  // --- accounts and keys ---

  async createAccount(): Promise<string> {
    return createAccount(this.pool);
  }

  async localAccount(): Promise<string> {
    await this.pool.query(
      'INSERT INTO accounts (id, created_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
      ['acct_local', now()],
    );
    return 'acct_local';
  }

  async createKey(label: string, accountId?: string): Promise<CreatedKey> {
    return transaction(this.pool, async (client) => {
      const account = accountId ?? (await createAccount(client));
      const known = await client.query('SELECT 1 FROM accounts WHERE id = $1', [account]);
      if (known.rowCount === 0) throw new Error(`no account ${account}`);
      const key = `ewk_${randomBytes(32).toString('base64url')}`;
      const keyId = newId('key');
      await client.query(
        'INSERT INTO api_keys (id, account_id, label, key_hash, created_at) VALUES ($1, $2, $3, $4, $5)',
        [keyId, account, label, hashKey(key), now()],
      );
      return { key, keyId, accountId: account };
    });
  }

  async accountForKey(key: string): Promise<string | null> {
    const row = await this.pool.query<{ account_id: string }>(
      'SELECT account_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
      [hashKey(key)],
    );
    return row.rows[0]?.account_id ?? null;
  }

  /** Buckets in the database, timed by its clock: every instance on it shares them. */
  rateLimiter(perMinute: number): RateLimit {
    if (!Number.isInteger(perMinute) || perMinute < 1)
      throw new Error('rate limit must be a whole number ≥ 1');
    const pool = this.pool;
    return {
      perMinute,
      async take(bucket: string): Promise<number> {
        // One atomic upsert: refill by the time elapsed on the database's clock, then take a token if whole.
        const refilled = `least($2::float8, b.tokens + greatest(0, extract(epoch FROM EXCLUDED.updated - b.updated)) * $2::float8 / 60)`;
        const row = await pool.query<{ tokens: number; last_allowed: boolean }>(
          `INSERT INTO rate_buckets AS b (bucket, tokens, updated, last_allowed)
           VALUES ($1, $2::float8 - 1, clock_timestamp(), true)
           ON CONFLICT (bucket) DO UPDATE SET
             tokens = CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END,
             last_allowed = ${refilled} >= 1,
             updated = EXCLUDED.updated
           RETURNING tokens, last_allowed`,
          [bucket, perMinute],
        );
        const { tokens, last_allowed } = row.rows[0]!;
        if (last_allowed) return 0;
        const refillPerMs = perMinute / 60_000;
        return Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000));
      },
    };
  }

  // --- assets and source versions ---

  async insertAsset(
    asset: NewAsset,
    alsoRegister: boolean,
  ): Promise<{ asset: AssetRow; sourceVersion: SourceVersionRow | null }> {
    return transaction(this.pool, async (client) => {
      const row: AssetRow = { ...asset, id: newId('ast'), created_at: now() };
      await client.query(
        `INSERT INTO assets (${ASSET_COLUMNS}) VALUES (${LIBRARY_COLUMNS.assets.map((_, i) => `$${i + 1}`).join(', ')})`,
        LIBRARY_COLUMNS.assets.map((c) => row[c as keyof AssetRow]),
      );
      const sourceVersion = alsoRegister ? await registerSourceVersion(client, row) : null;
      return { asset: row, sourceVersion };
    });
  }

  async findAsset(accountId: string, assetId: string): Promise<AssetRow | null> {
    const row = await this.pool.query<AssetRow>(
      `SELECT ${ASSET_COLUMNS} FROM assets WHERE id = $1 AND account_id = $2`,
      [assetId, accountId],
    );
    return row.rows[0] ?? null;
  }

  async registerSourceVersion(asset: AssetRow): Promise<SourceVersionRow> {
    return transaction(this.pool, (client) => registerSourceVersion(client, asset));
  }

  async findSourceVersion(accountId: string, sourceVersionId: string): Promise<SourceVersionRow | null> {
    const row = await this.pool.query<SourceVersionRow>(
      `SELECT ${SOURCE_COLUMNS} FROM source_versions WHERE id = $1 AND account_id = $2`,
      [sourceVersionId, accountId],
    );
    return row.rows[0] ?? null;
  }

  async listSourceVersions(accountId: string): Promise<ListedSourceVersion[]> {
    const rows = await this.pool.query<ListedRow>(
      `SELECT ${sourceColumnsOf('s')}, r.id AS rep_id, r.state AS rep_state, r.code AS rep_code,
              r.reason AS rep_reason, r.extraction_method AS rep_method, r.lost_json AS rep_lost,
              (SELECT count(*) FROM units u WHERE u.representation_id = r.id) AS rep_units
       FROM source_versions s
       LEFT JOIN LATERAL (SELECT * FROM representations WHERE source_version_id = s.id
                          ORDER BY created_at DESC, seq DESC LIMIT 1) r ON true
       WHERE s.account_id = $1
       ORDER BY s.registered_at DESC, s.seq DESC`,
      [accountId],
    );
    return rows.rows.map(listedOf);
  }

  async removeSourceVersion(accountId: string, sourceVersionId: string): Promise<boolean> {
    const removal = await transaction(this.pool, async (client) => {
      const found = await client.query<{ id: string; asset_id: string; sha256: string }>(
        'SELECT id, asset_id, sha256 FROM source_versions WHERE id = $1 AND account_id = $2 FOR UPDATE',
        [sourceVersionId, accountId],
      );
      const source = found.rows[0];
      if (!source) return null;
      // The immutability triggers let these deletes through for this source version, in this transaction only.
      await client.query(`SELECT set_config('evidence.removing', $1, true)`, [source.id]);
      await client.query('DELETE FROM unit_search WHERE source_version_id = $1', [source.id]);
      await client.query('DELETE FROM figure_values WHERE source_version_id = $1', [source.id]);
      await client.query(
        `DELETE FROM figures WHERE unit_id IN (
           SELECT u.id FROM units u JOIN representations r ON r.id = u.representation_id
           WHERE r.source_version_id = $1)`,
        [source.id],
      );
      await client.query(
        'DELETE FROM units WHERE representation_id IN (SELECT id FROM representations WHERE source_version_id = $1)',
        [source.id],
      );
      await client.query('DELETE FROM representations WHERE source_version_id = $1', [source.id]);
      await client.query('DELETE FROM source_versions WHERE id = $1', [source.id]);
      await client.query(`SELECT set_config('evidence.removing', '', true)`);
      await client.query(
        'DELETE FROM assets WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM source_versions WHERE asset_id = $1)',
        [source.asset_id],
      );
      return source;
    });
    if (!removal) return false;
    try {
      // After the commit: bytes no row names and no upload holds go too (checked again, under the blob's lock).
      await this.blobs.removeUnused(removal.sha256);
    } catch {
      // The rows are gone either way; bytes no row names are swept at the next open.
    }
    return true;
  }

  // --- representations, units and figures ---

  async findPublishedRepresentation(
    sourceVersionId: string,
    extractorVersion: string,
  ): Promise<string | null> {
    return findPublished(this.pool, sourceVersionId, extractorVersion);
  }

  async publishRepresentation(
    sourceVersionId: string,
    extractorVersion: string,
    extraction: Extraction,
  ): Promise<string> {
    return transaction(this.pool, async (client) => {
      // Publishes of one source version take turns, so the index always holds the newest one's units.
      const found = await client.query<{ title: string | null; filename: string; account_id: string }>(
        'SELECT title, filename, account_id FROM source_versions WHERE id = $1 FOR UPDATE',
        [sourceVersionId],
      );
      const source = found.rows[0];
      if (!source) throw new Error(`source version ${sourceVersionId} does not exist`);
      const id = newId('rep');
      const rep = representationRowOf(id, sourceVersionId, extractorVersion, extraction, now());
      const inserted = await client.query(
        `INSERT INTO representations (${REPRESENTATION_COLUMNS.join(', ')})
         VALUES (${REPRESENTATION_COLUMNS.map((_, at) => `$${at + 1}`).join(', ')})
         ON CONFLICT (source_version_id, extractor_version) DO NOTHING`,
        REPRESENTATION_COLUMNS.map((column) => rep[column]),
      );
      if (inserted.rowCount === 0) {
        const existing = await findPublished(client, sourceVersionId, extractorVersion);
        if (!existing)
          throw new Error(`representation of ${sourceVersionId} by ${extractorVersion} vanished`);
        return existing;
      }
      await client.query('DELETE FROM unit_search WHERE source_version_id = $1', [sourceVersionId]);
      // The title as shown (display-safe), so a search finds what the person reads.
      const indexedTitle = displayText(source.title ?? '') || displayText(source.filename);
      const units = extraction.units.map((unit) => ({ unit, id: newId('unit') }));
      for (let at = 0; at < units.length; at += UNITS_PER_INSERT) {
        const batch = units.slice(at, at + UNITS_PER_INSERT);
        await client.query(
          `INSERT INTO units (id, representation_id, unit_index, kind, extraction_method, markdown, page_json, sheet_json)
           SELECT t.id, $1, t.unit_index, t.kind, t.method, t.markdown, t.page_json, t.sheet_json
           FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
             AS t(id, unit_index, kind, method, markdown, page_json, sheet_json)`,
          [
            id,
            batch.map((u) => u.id),
            batch.map((u) => u.unit.index),
            batch.map((u) => u.unit.kind),
            batch.map((u) => u.unit.extraction_method),
            batch.map((u) => u.unit.markdown),
            batch.map((u) => (u.unit.page ? JSON.stringify(u.unit.page) : null)),
            batch.map((u) => (u.unit.sheet ? JSON.stringify(u.unit.sheet) : null)),
          ],
        );
        await insertIndexRows(
          client,
          { id: sourceVersionId, accountId: source.account_id, title: indexedTitle, representationId: id },
          batch.map((u) => ({
            id: u.id,
            index: u.unit.index,
            markdown: unitSearchText(u.unit.markdown, u.unit.page),
          })),
        );
        const figures = batch.flatMap((u) => u.unit.figures.map((f) => figureRowOf(u.id, f)));
        if (figures.length > 0)
          await client.query(
            `INSERT INTO figures (unit_id, figure_index, raw, value, magnitude, sign, scale, unit, unit_class,
               accounting, ambiguous, span_start, span_end, position_json)
             SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::float8[], $5::float8[], $6::bigint[],
               $7::float8[], $8::text[], $9::text[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[],
               $14::text[])`,
            FIGURE_COLUMNS.map((column) => figures.map((row) => row[column])),
          );
      }
      await indexFigureValues(client, sourceVersionId, id);
      return id;
    });
  }

  async loadRepresentation(accountId: string, representationId: string): Promise<Representation | null> {
    const found = await this.pool.query<RepresentationRow>(
      `SELECT r.id, r.source_version_id, r.extractor_version, r.format, r.state, r.code, r.reason,
              r.extraction_method, r.lost_json
       FROM representations r JOIN source_versions s ON s.id = r.source_version_id
       WHERE r.id = $1 AND s.account_id = $2`,
      [representationId, accountId],
    );
    const rep = found.rows[0];
    if (!rep) return null;
    const units = await this.pool.query<UnitRow>(
      `SELECT ${UNIT_COLUMNS} FROM units WHERE representation_id = $1 ORDER BY unit_index`,
      [rep.id],
    );
    const figures = await this.pool.query<FigureRow>(
      `SELECT ${figureColumnsOf('f')} FROM figures f JOIN units u ON u.id = f.unit_id
       WHERE u.representation_id = $1 ORDER BY u.unit_index, f.figure_index`,
      [rep.id],
    );
    return representationOf(rep, units.rows, figures.rows);
  }

  async isRepresentationOf(sourceVersionId: string, representationId: string): Promise<boolean> {
    const row = await this.pool.query<{ source_version_id: string }>(
      'SELECT source_version_id FROM representations WHERE id = $1',
      [representationId],
    );
    return row.rows[0]?.source_version_id === sourceVersionId;
  }

  async loadUnit(representationId: string, unitId: string): Promise<Unit | null> {
    const unit = await this.pool.query<UnitRow>(
      `SELECT ${UNIT_COLUMNS} FROM units WHERE id = $1 AND representation_id = $2`,
      [unitId, representationId],
    );
    if (!unit.rows[0]) return null;
    const figures = await this.pool.query<FigureRow>(
      `SELECT ${figureColumnsOf('f')} FROM figures f WHERE f.unit_id = $1 ORDER BY f.figure_index`,
      [unitId],
    );
    return unitOf(unit.rows[0], figures.rows.map(figureOf));
  }

  async loadUnits(unitIds: readonly string[]): Promise<Unit[]> {
    if (unitIds.length === 0) return [];
    const ids = [...unitIds];
    const [units, figures] = await Promise.all([
      this.pool.query<UnitRow>(`SELECT ${UNIT_COLUMNS} FROM units WHERE id = ANY($1::text[])`, [ids]),
      this.pool.query<FigureRow>(
        `SELECT ${figureColumnsOf('f')} FROM figures f WHERE f.unit_id = ANY($1::text[])
         ORDER BY f.unit_id, f.figure_index`,
        [ids],
      ),
    ]);
    return unitsOf(units.rows, figures.rows);
  }

  // --- the search index ---

  async searchIndex(
    accountId: string,
    query: SearchIndexQuery,
    filters: SearchIndexFilters,
    limit: number,
  ): Promise<SearchIndexResult> {
    // Each phrase folded like the index's text; its words in a row (<->), all (&&) or any (||) of them. Built
    // once, then given to the search as a constant, so it is not rebuilt for every row.
    const phrases = query.phrases.map((words) => words.join(' '));
    if (phrases.length === 0) return { candidates: [], total: 0 };
    const built = await this.pool.query<{ q: string }>(
      `SELECT (${phrases
        .map((_, i) => `phraseto_tsquery('simple', evidence_search_text($${i + 1}))`)
        .join(query.match === 'all' ? ' && ' : ' || ')})::text AS q`,
      phrases,
    );
    const tsquery = built.rows[0]?.q ?? '';
    if (tsquery === '') return { candidates: [], total: 0 };

    const params: unknown[] = [accountId, tsquery];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const filter = filterClause(filters, param);
    const rank = `ts_rank('${RANK_WEIGHTS}', us.document, $2::tsquery)`;
    // Every matching source's best score (one pass, grouped in a hash, no sort of the units), the best
    // 3 × limit of them with the count of all, then the best unit of only those.
    const rows = await this.pool.query<Omit<SearchCandidate, 'relevance'> & { score: number; total: number }>(
      `WITH per_source AS (
         SELECT us.source_version_id, max(${rank}) AS score
         FROM unit_search us${filter === '' ? '' : ' JOIN source_versions s ON s.id = us.source_version_id'}
         WHERE us.account_id = $1 AND us.document @@ $2::tsquery${filter}
         GROUP BY us.source_version_id
       ),
       ranked AS (
         SELECT p.source_version_id, p.score, s.seq, count(*) OVER () AS total
         FROM per_source p JOIN source_versions s ON s.id = p.source_version_id
         ORDER BY p.score DESC, s.seq
         LIMIT ${param(limit * CANDIDATES_PER_RESULT)}
       )
       SELECT ranked.score, ranked.total, s.id AS source_version_id, s.title, s.filename, s.url, s.domain,
              s.publication_year, s.source_type, s.is_primary_source, s.sha256, s.registered_at,
              r.id AS representation_id, r.state AS representation_state,
              u.id AS unit_id, u.markdown AS unit_markdown, u.page_json AS unit_page
       FROM ranked
       CROSS JOIN LATERAL (
         SELECT us.unit_id, us.representation_id FROM unit_search us
         WHERE us.source_version_id = ranked.source_version_id AND us.document @@ $2::tsquery
         ORDER BY ${rank} DESC, us.unit_index
         LIMIT 1
       ) best
       JOIN source_versions s ON s.id = ranked.source_version_id
       JOIN representations r ON r.id = best.representation_id
       JOIN units u ON u.id = best.unit_id
       ORDER BY ranked.score DESC, ranked.seq`,
      params,
    );
    const total = rows.rows[0]?.total ?? 0;
    return {
      candidates: rows.rows.map(({ score, total: _total, ...candidate }) => ({
        relevance: score,
        ...candidate,
      })),
      total,
    };
  }

  async countSearchableSources(accountId: string): Promise<number> {
    const row = await this.pool.query<{ n: number }>(
      `SELECT count(*) AS n FROM source_versions s WHERE s.account_id = $1
       AND EXISTS (SELECT 1 FROM representations r WHERE r.source_version_id = s.id)`,
      [accountId],
    );
    return row.rows[0]!.n;
  }

  // --- figures by value ---

  async figuresByValue(
    accountId: string,
    query: FigureValueQuery,
    filters: SearchIndexFilters,
    limit: number,
  ): Promise<FigureValueResult> {
    // As SQLite's: two walks of the (account, value) index from the target, `limit` rows each at most.
    const params: unknown[] = [accountId, query.low, query.high];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const classes =
      query.unitClasses === null ? '' : ` AND v.unit_class = ANY(${param([...query.unitClasses])}::text[])`;
    const filter = filterClause(filters, param);
    const sources =
      filter === ''
        ? ''
        : ` AND v.source_version_id IN (SELECT s.id FROM source_versions s WHERE s.account_id = $1${filter})`;
    const where = `v.account_id = $1${classes}${sources}`;
    const countParams = [...params];
    const target = param(Math.min(Math.max(query.target, query.low), query.high));
    const max = param(limit);
    const rows = await this.pool.query<FigureValueCandidate & { up: boolean }>(
      `WITH up AS (SELECT v.*, true AS up FROM figure_values v
                   WHERE ${where} AND v.value >= ${target}::float8 AND v.value <= $3
                   ORDER BY v.value LIMIT ${max}),
            down AS (SELECT v.*, false AS up FROM figure_values v
                     WHERE ${where} AND v.value < ${target}::float8 AND v.value >= $2
                     ORDER BY v.value DESC LIMIT ${max}),
            nearest AS (SELECT * FROM up UNION ALL SELECT * FROM down)
       SELECT n.value, n.unit_id, n.figure_index, n.source_version_id, n.representation_id, n.up,
              s.sha256, s.title, s.filename, s.url, s.domain, s.publication_year, s.source_type
       FROM nearest n JOIN source_versions s ON s.id = n.source_version_id
       ORDER BY abs(n.value - ${param(query.target)}::float8), n.unit_id, n.figure_index`,
      params,
    );
    const walked = { up: 0, down: 0 };
    for (const row of rows.rows) walked[row.up ? 'up' : 'down'] += 1;
    const candidates = rows.rows
      .slice(0, limit)
      .map(({ up: _up, ...row }) => ({ ...row, figure_index: Number(row.figure_index) }));
    if (walked.up < limit && walked.down < limit) return { candidates, total: rows.rows.length };
    const counted = await this.pool.query<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM figure_values v WHERE ${where} AND v.value BETWEEN $2 AND $3
       LIMIT ${FIGURE_COUNT_CEILING}) counted`,
      countParams,
    );
    return { candidates, total: Number(counted.rows[0]?.n ?? 0) };
  }

  // --- moving a library between engines ---

  async *exportRows(): AsyncIterable<LibraryRow> {
    const client = await this.pool.connect();
    try {
      // One snapshot for the whole export, so its rows agree with each other.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      for (const table of LIBRARY_TABLES) {
        const columns = LIBRARY_COLUMNS[table];
        for (let after = 0; ;) {
          const page = await client.query<Record<string, LibraryValue> & { seq: number }>(
            `SELECT seq, ${columns.join(', ')} FROM ${table} WHERE seq > $1 ORDER BY seq LIMIT 1000`,
            [after],
          );
          for (const { seq, ...row } of page.rows) {
            after = seq;
            yield { table, row };
          }
          if (page.rows.length < 1000) break;
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async importRows(
    rows: AsyncIterable<LibraryRow>,
    blobBytes: (sha256: string) => Promise<Buffer>,
  ): Promise<LibraryCounts> {
    return transaction(this.pool, async (client) => {
      // One import at a time, and only into an empty library.
      await client.query('LOCK TABLE accounts IN EXCLUSIVE MODE');
      const any = await client.query('SELECT 1 FROM accounts LIMIT 1');
      if (any.rowCount !== 0) throw new LibraryNotEmptyError();
      const counts = emptyCounts();
      const checker = new LibraryRowChecker();
      const named = new Set<string>();
      const pending: { table: LibraryTable | null; values: LibraryValue[][] } = { table: null, values: [] };
      const flush = async () => {
        if (pending.table === null || pending.values.length === 0) return;
        const columns = LIBRARY_COLUMNS[pending.table];
        const params: LibraryValue[] = [];
        const tuples = pending.values.map(
          (values) =>
            `(${values
              .map((value) => {
                params.push(value);
                return `$${params.length}`;
              })
              .join(', ')})`,
        );
        await client.query(
          `INSERT INTO ${pending.table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`,
          params,
        );
        pending.values = [];
      };
      for await (const row of rows) {
        const columns = checker.check(row);
        if (pending.table !== row.table) {
          await flush();
          pending.table = row.table;
        }
        pending.values.push(columns.map((c) => row.row[c] ?? null));
        if (pending.values.length >= 200) await flush();
        counts[row.table] += 1;
        if (row.table === 'assets' || row.table === 'source_versions') named.add(String(row.row.sha256));
      }
      await flush();
      for (const sha256 of [...named].sort()) {
        await lockBlob(client, sha256);
        const there = await client.query('SELECT 1 FROM blobs WHERE sha256 = $1', [sha256]);
        if (there.rowCount === 0) await insertBlob(client, sha256, await verifiedBlob(sha256, blobBytes));
        counts.blobs += 1;
      }
      await rebuildSearchIndex(client);
      await rebuildFigureValues(client);
      return counts;
    });
  }
}

const UNIT_COLUMNS = 'id, unit_index, kind, extraction_method, markdown, page_json, sheet_json';
const figureColumnsOf = (alias: string) => LIBRARY_COLUMNS.figures.map((c) => `${alias}.${c}`).join(', ');

async function createAccount(db: Queryable): Promise<string> {
  const id = newId('acct');
  await db.query('INSERT INTO accounts (id, created_at) VALUES ($1, $2)', [id, now()]);
  return id;
}

async function findPublished(
  db: Queryable,
  sourceVersionId: string,
  extractorVersion: string,
): Promise<string | null> {
  const row = await db.query<{ id: string }>(
    'SELECT id FROM representations WHERE source_version_id = $1 AND extractor_version = $2',
    [sourceVersionId, extractorVersion],
  );
  return row.rows[0]?.id ?? null;
}

/** Registers the asset's bytes; the same bytes of the same asset, however many instances at once, give one row. */
async function registerSourceVersion(client: pg.PoolClient, asset: AssetRow): Promise<SourceVersionRow> {
  const { id: assetId, created_at: _created, ...fields } = asset;
  const row: SourceVersionRow = { ...fields, id: newId('sv'), asset_id: assetId, registered_at: now() };
  const columns = LIBRARY_COLUMNS.source_versions;
  const inserted = await client.query<SourceVersionRow>(
    `INSERT INTO source_versions (${SOURCE_COLUMNS}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (asset_id, sha256) DO NOTHING RETURNING ${SOURCE_COLUMNS}`,
    columns.map((c) => row[c as keyof SourceVersionRow]),
  );
  if (inserted.rows[0]) return inserted.rows[0];
  const existing = await client.query<SourceVersionRow>(
    `SELECT ${SOURCE_COLUMNS} FROM source_versions WHERE asset_id = $1 AND sha256 = $2`,
    [asset.id, asset.sha256],
  );
  if (!existing.rows[0]) throw new Error(`source version of asset ${asset.id} vanished`);
  return existing.rows[0];
}

/** The SQL of the filters (a source whose metadata is unknown never matches), as search-index.ts's. */
function filterClause(filters: SearchIndexFilters, param: (value: unknown) => string): string {
  const parts: string[] = [];
  if (filters.source_type) parts.push(`s.source_type = ANY(${param([...filters.source_type])}::text[])`);
  if (filters.is_primary_source !== undefined)
    parts.push(`s.is_primary_source = ${param(filters.is_primary_source ? 1 : 0)}`);
  if (filters.publication_year) {
    const { from, to } = filters.publication_year;
    parts.push('s.publication_year IS NOT NULL');
    if (from !== undefined) parts.push(`s.publication_year >= ${param(from)}`);
    if (to !== undefined) parts.push(`s.publication_year <= ${param(to)}`);
  }
  if (filters.domain) {
    // A domain includes its subdomains: equal, or ending in "." + domain (compared without LIKE wildcards).
    parts.push(
      `(${filters.domain
        .map((d) => {
          const p = param(d);
          return `(s.domain = ${p}::text OR right(s.domain, length(${p}::text) + 1) = '.' || ${p}::text)`;
        })
        .join(' OR ')})`,
    );
  }
  return parts.map((p) => ` AND ${p}`).join('');
}

/** The search index rebuilt from the units of each source version's newest representation. */
async function rebuildSearchIndex(client: pg.PoolClient): Promise<void> {
  await client.query('DELETE FROM unit_search');
  const sources = await client.query<{
    id: string;
    title: string | null;
    filename: string;
    account_id: string;
  }>('SELECT id, title, filename, account_id FROM source_versions ORDER BY seq');
  // Source by source: a source's units (its newest representation's) are read, split and indexed.
  for (const source of sources.rows) {
    const units = await client.query<{
      id: string;
      unit_index: number;
      markdown: string;
      page_json: string | null;
      representation_id: string;
    }>(
      `SELECT u.id, u.unit_index, u.markdown, u.page_json, u.representation_id FROM units u
       WHERE u.representation_id = (SELECT id FROM representations WHERE source_version_id = $1
                                    ORDER BY created_at DESC, seq DESC LIMIT 1)
       ORDER BY u.unit_index`,
      [source.id],
    );
    const representationId = units.rows[0]?.representation_id;
    if (representationId === undefined) continue;
    await insertIndexRows(
      client,
      {
        id: source.id,
        accountId: source.account_id,
        title: displayText(source.title ?? '') || displayText(source.filename),
        representationId,
      },
      units.rows.map((u) => ({
        id: u.id,
        index: Number(u.unit_index),
        markdown: unitSearchText(u.markdown, u.page_json),
      })),
    );
  }
}

const FIGURE_VALUE_COLUMNS = `account_id, value, unit_class, unit, source_version_id, representation_id,
  unit_id, figure_index`;

/** Puts a newly published representation's figures in the value index in place of its source's older ones. */
async function indexFigureValues(
  client: pg.PoolClient,
  sourceVersionId: string,
  representationId: string,
): Promise<void> {
  await client.query('DELETE FROM figure_values WHERE source_version_id = $1', [sourceVersionId]);
  await client.query(
    `INSERT INTO figure_values (${FIGURE_VALUE_COLUMNS})
     SELECT s.account_id, f.value, f.unit_class, f.unit, s.id, u.representation_id, f.unit_id, f.figure_index
     FROM units u
     JOIN representations r ON r.id = u.representation_id
     JOIN source_versions s ON s.id = r.source_version_id
     JOIN figures f ON f.unit_id = u.id
     WHERE u.representation_id = $1 AND f.ambiguous = 0`,
    [representationId],
  );
}

/** The value index rebuilt from the newest representation of every source version (an import). */
async function rebuildFigureValues(client: pg.PoolClient): Promise<void> {
  await client.query('DELETE FROM figure_values');
  await client.query(
    `INSERT INTO figure_values (${FIGURE_VALUE_COLUMNS})
     SELECT s.account_id, f.value, f.unit_class, f.unit, s.id, r.id, f.unit_id, f.figure_index
     FROM source_versions s
     JOIN LATERAL (SELECT id FROM representations WHERE source_version_id = s.id
                   ORDER BY created_at DESC, seq DESC LIMIT 1) r ON true
     JOIN units u ON u.representation_id = r.id
     JOIN figures f ON f.unit_id = u.id
     WHERE f.ambiguous = 0`,
  );
}
