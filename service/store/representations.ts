import type { Representation, Unit } from '../../shared/api';
import { displayText } from '../../shared/text/display-name';
import type { Extraction } from '../extract/extract';
import { transaction, type Database } from './database';
import { indexFigureValues } from './figure-values';
import { newId } from './ids';
import {
  FIGURE_COLUMNS,
  figureOf,
  figureRowOf,
  representationOf,
  representationRowOf,
  unitSearchText,
  REPRESENTATION_COLUMNS,
  unitOf,
  unitsOf,
  type FigureRow,
  type RepresentationRow,
  type UnitRow,
} from './rows';

// Representations, their units and figures: written once in one transaction, never changed.

/** Units a source version can hold in the search index: a row's rowid keeps the unit index in 20 bits. */
export const UNITS_PER_SOURCE = 1 << 20;

/** The search index rowid of a unit: (source version rowid << 20) | unit index (see migration 3). */
export function searchRowid(sourceVersionRowid: number, unitIndex: number): number {
  return sourceVersionRowid * UNITS_PER_SOURCE + unitIndex;
}

/** The representation already published for these bytes by this extractor version, if any. */
export function findPublished(
  db: Database,
  sourceVersionId: string,
  extractorVersion: string,
): string | null {
  const row = db
    .prepare('SELECT id FROM representations WHERE source_version_id = ? AND extractor_version = ?')
    .get(sourceVersionId, extractorVersion) as { id: string } | undefined;
  return row?.id ?? null;
}

/** Stores an extraction as a representation (or returns the one already there); returns its id. */
export function publishRepresentation(
  db: Database,
  sourceVersionId: string,
  extractorVersion: string,
  extraction: Extraction,
): string {
  return transaction(db, () => {
    const existing = findPublished(db, sourceVersionId, extractorVersion);
    if (existing) return existing;
    const id = newId('rep');
    const rep = representationRowOf(
      id,
      sourceVersionId,
      extractorVersion,
      extraction,
      new Date().toISOString(),
    );
    db.prepare(
      `INSERT INTO representations (${REPRESENTATION_COLUMNS.join(', ')})
       VALUES (${REPRESENTATION_COLUMNS.map(() => '?').join(', ')})`,
    ).run(...REPRESENTATION_COLUMNS.map((column) => rep[column]));
    const insertUnit = db.prepare(
      `INSERT INTO units (id, representation_id, unit_index, kind, extraction_method, markdown, page_json, sheet_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertFigure = db.prepare(
      `INSERT INTO figures (unit_id, figure_index, raw, value, magnitude, sign, scale, unit, unit_class,
         accounting, ambiguous, span_start, span_end, position_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // The search index holds the newest representation of each source version (same transaction); an
    // index row's rowid is searchRowid(source version rowid, unit index). It indexes the title as shown
    // (display-safe), so a search finds what the person reads, not what invisible characters split.
    const source = db
      .prepare('SELECT rowid, title, filename FROM source_versions WHERE id = ?')
      .get(sourceVersionId) as { rowid: number; title: string | null; filename: string } | undefined;
    if (!source) throw new Error(`source version ${sourceVersionId} does not exist`);
    const indexedTitle = displayText(source.title ?? '') || displayText(source.filename);
    const earlier = db
      .prepare('SELECT count(*) AS n FROM representations WHERE source_version_id = ? AND id != ?')
      .get(sourceVersionId, id) as { n: number };
    if (earlier.n > 0)
      db.prepare('DELETE FROM unit_search WHERE rowid >= ? AND rowid < ?').run(
        searchRowid(source.rowid, 0),
        searchRowid(source.rowid + 1, 0),
      );
    const indexUnit = db.prepare('INSERT INTO unit_search (rowid, title, body) VALUES (?, ?, ?)');
    for (const unit of extraction.units) {
      const unitId = newId('unit');
      insertUnit.run(
        unitId,
        id,
        unit.index,
        unit.kind,
        unit.extraction_method,
        unit.markdown,
        unit.page ? JSON.stringify(unit.page) : null,
        unit.sheet ? JSON.stringify(unit.sheet) : null,
      );
      if (unit.index >= UNITS_PER_SOURCE)
        throw new Error(`unit ${unit.index} is beyond the ${UNITS_PER_SOURCE - 1} units a source can index`);
      indexUnit.run(
        searchRowid(source.rowid, unit.index),
        indexedTitle,
        unitSearchText(unit.markdown, unit.page),
      );
      for (const f of unit.figures) {
        const row = figureRowOf(unitId, f);
        insertFigure.run(...FIGURE_COLUMNS.map((column) => row[column]));
      }
    }
    indexFigureValues(db, sourceVersionId, id);
    return id;
  });
}

/** Whether the representation exists and is one of that source version. */
export function isRepresentationOf(db: Database, sourceVersionId: string, representationId: string): boolean {
  const row = db
    .prepare('SELECT source_version_id FROM representations WHERE id = ?')
    .get(representationId) as { source_version_id: string } | undefined;
  return row !== undefined && row.source_version_id === sourceVersionId;
}

/**
 * One unit of a representation with its figures, or null when the representation has no such unit.
 * The caller has checked that the representation is the account's.
 */
export function loadUnit(db: Database, representationId: string, unitId: string): Unit | null {
  const unit = db
    .prepare('SELECT * FROM units WHERE id = ? AND representation_id = ?')
    .get(unitId, representationId) as UnitRow | undefined;
  if (!unit) return null;
  const figures = db
    .prepare('SELECT * FROM figures WHERE unit_id = ? ORDER BY figure_index')
    .all(unit.id) as unknown as FigureRow[];
  return unitOf(unit, figures.map(figureOf));
}

/** Units with their figures, by id, in one read of each table; ids that name no unit are left out. */
export function loadUnits(db: Database, unitIds: readonly string[]): Unit[] {
  if (unitIds.length === 0) return [];
  const ids = JSON.stringify(unitIds);
  const units = db
    .prepare('SELECT * FROM units WHERE id IN (SELECT value FROM json_each(?))')
    .all(ids) as unknown as UnitRow[];
  const figures = db
    .prepare(
      `SELECT * FROM figures WHERE unit_id IN (SELECT value FROM json_each(?)) ORDER BY unit_id, figure_index`,
    )
    .all(ids) as unknown as FigureRow[];
  return unitsOf(units, figures);
}

/** The representation as the API shows it, when it exists and its source belongs to the account. */
export function loadRepresentation(
  db: Database,
  accountId: string,
  representationId: string,
): Representation | null {
  const rep = db
    .prepare(
      `SELECT r.* FROM representations r JOIN source_versions s ON s.id = r.source_version_id
       WHERE r.id = ? AND s.account_id = ?`,
    )
    .get(representationId, accountId) as RepresentationRow | undefined;
  if (!rep) return null;
  const units = db
    .prepare('SELECT * FROM units WHERE representation_id = ? ORDER BY unit_index')
    .all(rep.id) as unknown as UnitRow[];
  const figures = db
    .prepare(
      `SELECT f.* FROM figures f JOIN units u ON u.id = f.unit_id
       WHERE u.representation_id = ? ORDER BY u.unit_index, f.figure_index`,
    )
    .all(rep.id) as unknown as FigureRow[];
  return representationOf(rep, units, figures);
}
