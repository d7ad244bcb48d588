import type {
  FigureValueCandidate,
  FigureValueQuery,
  FigureValueResult,
  SearchIndexFilters,
} from './contract';
import type { Database } from './database';
import { FIGURE_COUNT_CEILING } from './contract';
import { filterClause, statement } from './search-index';

// Figures by value on the SQLite engine (`figure_values`, migration 5): the unambiguous figures of each
// source version's newest representation, keyed by (account, value in base units). Publishing replaces a
// source version's rows in its own transaction; a removal deletes them; an import rebuilds them. The
// figures search (service/operations/figures.ts) reads one range of the index and ranks what it finds.

const COLUMNS = `account_id, value, unit_class, unit, source_version_id, representation_id, unit_id,
  figure_index`;

/** Puts the figures of a newly published representation in the index in place of its source's older ones. */
export function indexFigureValues(db: Database, sourceVersionId: string, representationId: string): void {
  statement(db, 'DELETE FROM figure_values WHERE source_version_id = ?').run(sourceVersionId);
  statement(
    db,
    `INSERT INTO figure_values (${COLUMNS})
     SELECT s.account_id, f.value, f.unit_class, f.unit, s.id, u.representation_id, f.unit_id, f.figure_index
     FROM units u
     JOIN representations r ON r.id = u.representation_id
     JOIN source_versions s ON s.id = r.source_version_id
     JOIN figures f ON f.unit_id = u.id
     WHERE u.representation_id = ? AND f.ambiguous = 0`,
  ).run(representationId);
}

/** Removes a source version's rows (its removal, in the removal's transaction). */
export function removeFigureValues(db: Database, sourceVersionId: string): void {
  statement(db, 'DELETE FROM figure_values WHERE source_version_id = ?').run(sourceVersionId);
}

/** The index rebuilt from the newest representation of every source version (an import). */
export function rebuildFigureValues(db: Database): void {
  db.exec('DELETE FROM figure_values');
  db.exec(`INSERT INTO figure_values (${COLUMNS})
    SELECT s.account_id, f.value, f.unit_class, f.unit, s.id, r.id, f.unit_id, f.figure_index
    FROM source_versions s
    JOIN representations r ON r.id = (SELECT id FROM representations WHERE source_version_id = s.id
                                      ORDER BY created_at DESC, rowid DESC LIMIT 1)
    JOIN units u ON u.representation_id = r.id
    JOIN figures f ON f.unit_id = u.id
    WHERE f.ambiguous = 0`);
}

interface ValueRow {
  value: number;
  unit_id: string;
  figure_index: number;
  source_version_id: string;
  representation_id: string;
}

/**
 * The account's figures in [low, high] of a fitting class whose sources pass the filters, nearest the target
 * first. Two walks of the key from the target, one up and one down, each of `limit` rows at most: however
 * many figures the range holds, a search reads twice its limit, and counts the rest (up to a ceiling) only
 * when there are more.
 */
export function figuresByValue(
  db: Database,
  accountId: string,
  query: FigureValueQuery,
  filters: SearchIndexFilters,
  limit: number,
): FigureValueResult {
  const filter = filterClause(filters);
  const classes = query.unitClasses;
  const conditions = [
    ...(classes === null ? [] : [`v.unit_class IN (${classes.map(() => '?').join(', ')})`]),
    ...(filter.sql === ''
      ? []
      : [`v.source_version_id IN (SELECT s.id FROM source_versions s WHERE s.account_id = ?${filter.sql})`]),
  ];
  const extra = conditions.map((c) => ` AND ${c}`).join('');
  const extraParams = [...(classes ?? []), ...(filter.sql === '' ? [] : [accountId, ...filter.params])];
  const columns = 'v.value, v.unit_id, v.figure_index, v.source_version_id, v.representation_id';
  const target = Math.min(Math.max(query.target, query.low), query.high);
  const up = statement(
    db,
    `SELECT ${columns} FROM figure_values v
     WHERE v.account_id = ? AND v.value >= ? AND v.value <= ?${extra}
     ORDER BY v.value LIMIT ?`,
  ).all(accountId, target, query.high, ...extraParams, limit) as unknown as ValueRow[];
  const down = statement(
    db,
    `SELECT ${columns} FROM figure_values v
     WHERE v.account_id = ? AND v.value < ? AND v.value >= ?${extra}
     ORDER BY v.value DESC LIMIT ?`,
  ).all(accountId, target, query.low, ...extraParams, limit) as unknown as ValueRow[];
  const nearest = [...up, ...down]
    .sort(
      (a, b) =>
        Math.abs(a.value - query.target) - Math.abs(b.value - query.target) ||
        (a.unit_id < b.unit_id ? -1 : a.unit_id > b.unit_id ? 1 : a.figure_index - b.figure_index),
    )
    .slice(0, limit);
  const sources = new Map(
    (
      statement(
        db,
        `SELECT id, sha256, title, filename, url, domain, publication_year, source_type FROM source_versions
         WHERE id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify([...new Set(nearest.map((row) => row.source_version_id))])) as unknown as {
        id: string;
        sha256: string;
        title: string | null;
        filename: string;
        url: string | null;
        domain: string | null;
        publication_year: number | null;
        source_type: string | null;
      }[]
    ).map(({ id, ...source }) => [id, source]),
  );
  const candidates: FigureValueCandidate[] = nearest.flatMap((row) => {
    const source = sources.get(row.source_version_id);
    return source ? [{ ...row, ...source }] : [];
  });
  const total =
    up.length < limit && down.length < limit
      ? up.length + down.length
      : (
          statement(
            db,
            `SELECT count(*) AS n FROM (SELECT 1 FROM figure_values v
             WHERE v.account_id = ? AND v.value BETWEEN ? AND ?${extra} LIMIT ${FIGURE_COUNT_CEILING})`,
          ).get(accountId, query.low, query.high, ...extraParams) as { n: number }
        ).n;
  return { candidates, total };
}
