import type { FigureWithPosition, LostPart, PageSize, Representation, Unit } from '../../shared/api';
import { searchableText } from '../../shared/structure/passages';
import type { Extraction } from '../extract/extract';
import type { ListedSourceVersion, SourceVersionRow } from './contract';

// The rows both engines read (the same tables and columns, service/store/migrations.ts and
// postgres/migrations.ts) and the one way each becomes what the API shows.

type Newest = NonNullable<ListedSourceVersion['newestRepresentation']>;

export interface RepresentationRow {
  id: string;
  source_version_id: string;
  extractor_version: string;
  format: string;
  state: Representation['state'];
  code: Representation['code'];
  reason: string | null;
  extraction_method: Representation['extraction_method'];
  lost_json: string | null;
}

export interface UnitRow {
  id: string;
  unit_index: number;
  kind: Unit['kind'];
  extraction_method: Unit['extraction_method'];
  markdown: string;
  page_json: string | null;
  sheet_json: string | null;
}

export interface FigureRow {
  unit_id: string;
  figure_index: number;
  raw: string;
  value: number;
  magnitude: number;
  sign: -1 | 1;
  scale: number;
  unit: string | null;
  unit_class: FigureWithPosition['unitClass'];
  accounting: 0 | 1;
  ambiguous: 0 | 1;
  span_start: number;
  span_end: number;
  position_json: string;
}

/** A source version with its newest representation's summary, as the list's one query reads it. */
export interface ListedRow extends SourceVersionRow {
  rep_id: string | null;
  rep_state: Newest['state'] | null;
  rep_code: Newest['code'];
  rep_reason: string | null;
  rep_method: Newest['extraction_method'] | null;
  rep_lost: string | null;
  rep_units: number | null;
}

/** The figures table's columns, in its order. */
export const FIGURE_COLUMNS = [
  'unit_id',
  'figure_index',
  'raw',
  'value',
  'magnitude',
  'sign',
  'scale',
  'unit',
  'unit_class',
  'accounting',
  'ambiguous',
  'span_start',
  'span_end',
  'position_json',
] as const satisfies readonly (keyof FigureRow)[];

/** The columns a published representation's row is written with, in the order of `representationRowOf`. */
export const REPRESENTATION_COLUMNS = [
  'id',
  'source_version_id',
  'extractor_version',
  'format',
  'state',
  'code',
  'reason',
  'extraction_method',
  'lost_json',
  'sheets_json',
  'created_at',
] as const;

/** A representation's row as both engines write it when an extraction is published. */
export function representationRowOf(
  id: string,
  sourceVersionId: string,
  extractorVersion: string,
  extraction: Extraction,
  createdAt: string,
): RepresentationRow & { sheets_json: string | null; created_at: string } {
  return {
    id,
    source_version_id: sourceVersionId,
    extractor_version: extractorVersion,
    format: extraction.format,
    state: extraction.state,
    code: extraction.code,
    reason: extraction.reason,
    extraction_method: extraction.extraction_method,
    lost_json: extraction.lost ? JSON.stringify(extraction.lost) : null,
    sheets_json: extraction.sheets ? JSON.stringify(extraction.sheets) : null,
    created_at: createdAt,
  };
}

/** A figure's row, as both engines write it (the inverse of `figureOf`). */
export function figureRowOf(unitId: string, f: FigureWithPosition): FigureRow {
  return {
    unit_id: unitId,
    figure_index: f.index,
    raw: f.raw,
    value: f.value,
    magnitude: f.magnitude,
    sign: f.sign,
    scale: f.scale,
    unit: f.unit,
    unit_class: f.unitClass,
    accounting: f.accounting ? 1 : 0,
    ambiguous: f.ambiguous ? 1 : 0,
    span_start: f.span.start,
    span_end: f.span.end,
    position_json: JSON.stringify(f.position),
  };
}

export function figureOf(row: FigureRow): FigureWithPosition {
  return {
    index: row.figure_index,
    raw: row.raw,
    value: row.value,
    magnitude: row.magnitude,
    sign: row.sign,
    scale: row.scale,
    unit: row.unit,
    unitClass: row.unit_class,
    accounting: row.accounting === 1,
    ambiguous: row.ambiguous === 1,
    span: { start: row.span_start, end: row.span_end },
    position: positionOf(row.position_json),
  };
}

/** A sheet cell's position as the store writes it: read without the JSON parser (most figures are cells). */
const CELL_POSITION = /^\{"kind":"cell","ref":"([A-Z]{1,3}[1-9]\d*)"\}$/;

function positionOf(json: string): FigureWithPosition['position'] {
  const cell = CELL_POSITION.exec(json);
  if (cell !== null) return { kind: 'cell', ref: cell[1]! };
  return JSON.parse(json) as FigureWithPosition['position'];
}

export function unitOf(u: UnitRow, figures: FigureWithPosition[]): Unit {
  return {
    source_unit_id: u.id,
    kind: u.kind,
    index: u.unit_index,
    extraction_method: u.extraction_method,
    markdown: u.markdown,
    ...(u.page_json ? { page: JSON.parse(u.page_json) as Unit['page'] } : {}),
    ...(u.sheet_json ? { sheet: JSON.parse(u.sheet_json) as Unit['sheet'] } : {}),
    figures,
  };
}

/** Units and the figures of all of them (in unit, then figure order): each unit with its own figures. */
export function unitsOf(units: readonly UnitRow[], figures: readonly FigureRow[]): Unit[] {
  const byUnit = new Map<string, FigureWithPosition[]>();
  for (const row of figures) {
    let list = byUnit.get(row.unit_id);
    if (!list) byUnit.set(row.unit_id, (list = []));
    list.push(figureOf(row));
  }
  return units.map((u) => unitOf(u, byUnit.get(u.id) ?? []));
}

export function listedOf(row: ListedRow): ListedSourceVersion {
  const { rep_id, rep_state, rep_code, rep_reason, rep_method, rep_lost, rep_units, ...source } = row;
  return {
    source,
    newestRepresentation:
      rep_id === null || rep_state === null || rep_method === null
        ? null
        : {
            id: rep_id,
            state: rep_state,
            code: rep_code,
            reason: rep_reason,
            extraction_method: rep_method,
            unit_count: rep_units ?? 0,
            lost: rep_lost ? (JSON.parse(rep_lost) as LostPart[]) : [],
          },
  };
}

/** A representation as the API shows it, from its row, its units' rows and their figures' rows (in order). */
export function representationOf(
  rep: RepresentationRow,
  units: readonly UnitRow[],
  figures: readonly FigureRow[],
): Representation {
  const byUnit = new Map<string, FigureWithPosition[]>();
  for (const row of figures) {
    const list = byUnit.get(row.unit_id) ?? [];
    list.push(figureOf(row));
    byUnit.set(row.unit_id, list);
  }
  const lost = rep.lost_json ? (JSON.parse(rep.lost_json) as LostPart[]) : null;
  return {
    representation_id: rep.id,
    source_version_id: rep.source_version_id,
    format: rep.format,
    state: rep.state,
    code: rep.code,
    reason: rep.reason,
    extraction_method: rep.extraction_method,
    ...(lost ? { complete: false as const, lost } : {}),
    units: units.map((u) => unitOf(u, byUnit.get(u.id) ?? [])),
    extractor_version: rep.extractor_version,
  };
}

/**
 * The text the search index holds for a unit: its text, then each table cell with the labels and headers
 * that name it. `page` as read, or as stored (JSON).
 */
export function unitSearchText(markdown: string, page: PageSize | string | null | undefined): string {
  if (typeof page !== 'string') return searchableText(markdown, page);
  try {
    return searchableText(markdown, JSON.parse(page) as PageSize);
  } catch {
    return markdown;
  }
}
