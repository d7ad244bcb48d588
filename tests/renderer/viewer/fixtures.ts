import type { FigureWithPosition, Representation, Unit } from '../../../shared/api';
import type { LibraryEntry } from '../../../shared/bridge';
import { Representation as RepresentationSchema } from '../../../shared/api';

// Documents as the bridge hands them to the viewer, checked against the shared schemas so the tests
// cannot drift from the contract.

/** A figure found at `raw` in `markdown` (its first occurrence from `from`). */
export function figureIn(
  markdown: string,
  raw: string,
  index: number,
  position: FigureWithPosition['position'],
  extra: Partial<FigureWithPosition> = {},
  from = 0,
): FigureWithPosition {
  const start = markdown.indexOf(raw, from);
  if (start < 0) throw new Error(`"${raw}" is not in the markdown`);
  const value = Number(raw.replace(/[^0-9.]/g, ''));
  return {
    index,
    raw,
    value,
    magnitude: value,
    sign: 1,
    scale: 1,
    unit: null,
    unitClass: 'none',
    accounting: false,
    ambiguous: false,
    span: { start, end: start + raw.length },
    position,
    ...extra,
  };
}

export const PAGE_1_TEXT = 'Revenue rose to 1,120 in 2024, from 980 a year before.\nMargin: 1,5 points.';
export const PAGE_3_TEXT = 'Staff: 4,200 people.';

const page1: Unit = {
  source_unit_id: 'unit-p1',
  kind: 'page',
  index: 1,
  extraction_method: 'text_layer',
  markdown: PAGE_1_TEXT,
  page: { width: 600, height: 800 },
  figures: [
    figureIn(PAGE_1_TEXT, '1,120', 0, { kind: 'box', x: 100, y: 200, width: 40, height: 12 }),
    figureIn(PAGE_1_TEXT, '2024', 1, { kind: 'box', x: 150, y: 200, width: 30, height: 12 }),
    figureIn(PAGE_1_TEXT, '980', 2, { kind: 'text' }),
    figureIn(
      PAGE_1_TEXT,
      '1,5',
      3,
      { kind: 'box', x: 60, y: 230, width: 20, height: 12 },
      { ambiguous: true },
    ),
  ],
};

const page3: Unit = {
  source_unit_id: 'unit-p3',
  kind: 'page',
  index: 3,
  extraction_method: 'ocr',
  markdown: PAGE_3_TEXT,
  page: { width: 600, height: 800 },
  figures: [figureIn(PAGE_3_TEXT, '4,200', 0, { kind: 'box', x: 300, y: 100, width: 36, height: 14 })],
};

/** A 3-page PDF read in part: page 2 lost to OCR being off. */
export const pdfRepresentation: Representation = RepresentationSchema.parse({
  representation_id: 'rep-1',
  source_version_id: 'sv-1',
  format: 'pdf',
  state: 'partial',
  code: 'partial_extraction',
  reason: 'Some pages could not be read.',
  extraction_method: 'text_layer',
  complete: false,
  lost: [
    {
      kind: 'page',
      index: 2,
      state: 'unreadable',
      reason: 'A scanned page; OCR is off.',
      code: 'ocr_unavailable',
    },
  ],
  units: [page1, page3],
});

const SHEET_TEXT = '| Region | Q1 | Q2 |\n| North | 1,200 | 1,350 |\n| South | 900 | 870 |';

/** A workbook of two sheets; the first has a merged title row A1:C1. */
export const sheetRepresentation: Representation = RepresentationSchema.parse({
  representation_id: 'rep-2',
  source_version_id: 'sv-2',
  format: 'xlsx',
  state: 'complete',
  code: null,
  reason: null,
  extraction_method: 'spreadsheet_cells',
  units: [
    {
      source_unit_id: 'unit-s1',
      kind: 'sheet',
      index: 1,
      extraction_method: 'spreadsheet_cells',
      markdown: SHEET_TEXT,
      sheet: {
        name: 'Revenue',
        merges: ['A1:C1'],
        cells: [
          { ref: 'A1', value: 'Revenue by region', text: 'Revenue by region', merged_range: 'A1:C1' },
          { ref: 'A2', value: 'Region', text: 'Region' },
          { ref: 'B2', value: 'Q1', text: 'Q1' },
          { ref: 'C2', value: 'Q2', text: 'Q2' },
          { ref: 'A3', value: 'North', text: 'North' },
          { ref: 'B3', value: 1200, text: '1,200' },
          { ref: 'C3', value: 1350, text: '1,350' },
        ],
      },
      figures: [
        figureIn(SHEET_TEXT, '1,200', 0, { kind: 'cell', ref: 'B3' }),
        figureIn(SHEET_TEXT, '1,350', 1, { kind: 'cell', ref: 'C3' }),
      ],
    },
    {
      source_unit_id: 'unit-s2',
      kind: 'sheet',
      index: 2,
      extraction_method: 'spreadsheet_cells',
      markdown: '| Note |\n| Draft |',
      sheet: { name: 'Notes', merges: [], cells: [{ ref: 'A1', value: 'Draft', text: 'Draft' }] },
      figures: [],
    },
  ],
});

export function libraryEntry(overrides: Partial<LibraryEntry> = {}): LibraryEntry {
  return {
    sourceVersionId: 'sv-1',
    assetId: 'asset-1',
    title: 'Annual report 2024',
    filename: 'annual-report.pdf',
    mediaType: 'application/pdf',
    byteLength: 1000,
    sha256: 'a'.repeat(64),
    url: null,
    addedAt: '2026-01-01T00:00:00.000Z',
    reading: {
      representationId: 'rep-1',
      state: 'partial',
      code: 'partial_extraction',
      reason: 'Some pages could not be read.',
      extractionMethod: 'text_layer',
      unitCount: 2,
      lost: pdfRepresentation.lost ?? [],
    },
    ...overrides,
  };
}

export function sheetEntry(): LibraryEntry {
  return libraryEntry({
    sourceVersionId: 'sv-2',
    title: null,
    filename: 'regions.xlsx',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    reading: {
      representationId: 'rep-2',
      state: 'complete',
      code: null,
      reason: null,
      extractionMethod: 'spreadsheet_cells',
      unitCount: 2,
      lost: [],
    },
  });
}
