import type {
  FigureValueCandidate,
  FigureValueQuery,
  FigureValueResult,
  SearchIndexFilters,
} from './contract';
import type { Database } from './database';
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

/** The account's figures in [low, high] of a fitting class whose sources pass the filters, nearest first. */
export function figuresByValue(
  db: Database,
  accountId: string,
  query: FigureValueQuery,
  filters: SearchIndexFilters,
  limit: number,
): FigureValueResult {
  const filter = filterClause(filters);
  const classes = query.unitClasses;
  const classSql = classes === null ? '' : ` AND v.unit_class IN (${classes.map(() => '?').join(', ')})`;
  const where = `v.account_id = ? AND v.value BETWEEN ? AND ?${classSql}${filter.sql}`;
  const params = [accountId, query.low, query.high, ...(classes ?? []), ...filter.params];
  const candidates = statement(
    db,
    `SELECT v.source_version_id, v.representation_id, v.unit_id, v.figure_index, v.value,
            s.title, s.filename, s.url, s.domain, s.publication_year, s.source_type
     FROM figure_values v JOIN source_versions s ON s.id = v.source_version_id
     WHERE ${where}
     ORDER BY abs(v.value - ?), s.rowid, v.unit_id, v.figure_index
     LIMIT ?`,
  ).all(...params, query.target, limit) as unknown as FigureValueCandidate[];
  const total =
    candidates.length < limit
      ? candidates.length
      : (
          statement(
            db,
            `SELECT count(*) AS n FROM figure_values v JOIN source_versions s ON s.id = v.source_version_id
             WHERE ${where}`,
          ).get(...params) as { n: number }
        ).n;
  return { candidates, total };
}
