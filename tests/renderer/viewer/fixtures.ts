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

// A landscape page with two tables read on it: background checks for November 2015 (its period named by
// the title), and a small table the reader was not sure of.
export const TABLE_PAGE_TEXT = [
  'Background checks by state, November 2015',
  'State Handgun Long Gun',
  'Texas 61,450 51,670',
  'Ohio 23,875 20,112',
  'Staff 4,200',
].join('\n');

const cellBox = (x: number, y: number, width = 40) => ({ x, y, width, height: 10 });
const tableCell = (
  row: number,
  col: number,
  text: string,
  box: { x: number; y: number; width: number; height: number },
  header = false,
) => ({ row, col, rowSpan: 1, colSpan: 1, text, box, header });

const checksTable = {
  index: 0,
  box: { x: 72, y: 100, width: 300, height: 50 },
  rows: 3,
  cols: 3,
  headerRows: 1,
  labelCols: 1,
  title: 'Background checks by state, November 2015',
  notes: [],
  unsure: false,
  cells: [
    tableCell(0, 0, 'State', cellBox(72, 100), true),
    tableCell(0, 1, 'Handgun', cellBox(200, 100), true),
    tableCell(0, 2, 'Long Gun', cellBox(300, 100), true),
    tableCell(1, 0, 'Texas', cellBox(72, 120)),
    tableCell(1, 1, '61,450', cellBox(200, 120, 34)),
    tableCell(1, 2, '51,670', cellBox(300, 120, 34)),
    tableCell(2, 0, 'Ohio', cellBox(72, 140)),
    tableCell(2, 1, '23,875', cellBox(200, 140, 34)),
    tableCell(2, 2, '20,112', cellBox(300, 140, 34)),
  ],
};

const staffTable = {
  index: 1,
  box: { x: 72, y: 300, width: 120, height: 10 },
  rows: 1,
  cols: 2,
  headerRows: 0,
  labelCols: 1,
  title: null,
  notes: [],
  unsure: true,
  cells: [tableCell(0, 0, 'Staff', cellBox(72, 300)), tableCell(0, 1, '4,200', cellBox(150, 300, 26))],
};

const inCell = (raw: string, index: number, x: number, y: number, row: number, col: number, table = 0) =>
  figureIn(TABLE_PAGE_TEXT, raw, index, {
    kind: 'box',
    x,
    y,
    width: 34,
    height: 10,
    cell: { table, row, col },
  });

/** A one-page PDF of 792 × 612 points whose page holds the two tables above. */
export const tableRepresentation: Representation = RepresentationSchema.parse({
  representation_id: 'rep-3',
  source_version_id: 'sv-3',
  format: 'pdf',
  state: 'complete',
  code: null,
  reason: null,
  extraction_method: 'text_layer',
  extractor_version: 'ew-extract-8',
  units: [
    {
      source_unit_id: 'unit-t1',
      kind: 'page',
      index: 1,
      extraction_method: 'text_layer',
      markdown: TABLE_PAGE_TEXT,
      page: { width: 792, height: 612, tables: [checksTable, staffTable] },
      figures: [
        inCell('61,450', 0, 200, 120, 1, 1),
        inCell('51,670', 1, 300, 120, 1, 2),
        inCell('23,875', 2, 200, 140, 2, 1),
        inCell('20,112', 3, 300, 140, 2, 2),
        inCell('4,200', 4, 150, 300, 0, 1, 1),
      ],
    },
  ],
});

export function tableEntry(): LibraryEntry {
  return libraryEntry({
    sourceVersionId: 'sv-3',
    title: 'NICS background checks',
    filename: 'nics-checks.pdf',
    sha256: 'c0ffee'.padEnd(64, '0'),
    reading: {
      representationId: 'rep-3',
      state: 'complete',
      code: null,
      reason: null,
      extractionMethod: 'text_layer',
      unitCount: 1,
      lost: [],
    },
  });
}

/** The figure printed in row `row`, column `col` of the grid below: row 3, column 5 is "3,005". */
export const gridValue = (row: number, col: number) => (row * 1000 + col).toLocaleString('en-US');

/**
 * A two-page PDF whose first page holds a table of `rows` × `cols` figures under a title that names a year
 * (a figure before the table) and over a total (a figure after it): rows "D1"…, columns "C1"…, each cell
 * printed `gridValue(row, col)`. The second page is a line of text with one figure.
 */
export function gridRepresentation(rows: number, cols: number): Representation {
  const header = ['District', ...Array.from({ length: cols }, (_, c) => `C${c + 1}`)];
  const lines = [
    'Permits by district, 2015',
    header.join(' '),
    ...Array.from({ length: rows }, (_, r) =>
      [`D${r + 1}`, ...Array.from({ length: cols }, (_, c) => gridValue(r + 1, c + 1))].join(' '),
    ),
    'Total 99,999',
  ];
  const markdown = lines.join('\n');
  const x = (col: number) => 100 + col * 40;
  const y = (row: number) => 100 + row * 12;
  const figures: FigureWithPosition[] = [];
  let from = 0;
  const add = (raw: string, position: FigureWithPosition['position']) => {
    const figure = figureIn(markdown, raw, figures.length, position, {}, from);
    from = figure.span.end;
    figures.push(figure);
  };
  add('2015', { kind: 'box', x: 200, y: 60, width: 24, height: 10 });
  from = markdown.indexOf('\n', markdown.indexOf('\n') + 1);
  for (let r = 1; r <= rows; r++)
    for (let c = 1; c <= cols; c++)
      add(gridValue(r, c), {
        kind: 'box',
        x: x(c),
        y: y(r),
        width: 30,
        height: 10,
        cell: { table: 0, row: r, col: c },
      });
  add('99,999', { kind: 'box', x: x(1), y: y(rows + 2), width: 30, height: 10 });

  const cells = [];
  for (let r = 0; r <= rows; r++)
    for (let c = 0; c <= cols; c++)
      cells.push(
        tableCell(
          r,
          c,
          r === 0 ? (header[c] as string) : c === 0 ? `D${r}` : gridValue(r, c),
          cellBox(c === 0 ? 60 : x(c), y(r), 30),
          r === 0,
        ),
      );
  const table = {
    index: 0,
    box: { x: 60, y: y(0), width: x(cols) + 30 - 60, height: y(rows) + 10 - y(0) },
    rows: rows + 1,
    cols: cols + 1,
    headerRows: 1,
    labelCols: 1,
    title: 'Permits by district, 2015',
    notes: [],
    unsure: false,
    cells,
  };
  return RepresentationSchema.parse({
    representation_id: 'rep-grid',
    source_version_id: 'sv-grid',
    format: 'pdf',
    state: 'complete',
    code: null,
    reason: null,
    extraction_method: 'text_layer',
    units: [
      {
        source_unit_id: 'unit-g1',
        kind: 'page',
        index: 1,
        extraction_method: 'text_layer',
        markdown,
        page: { width: 792, height: 612, tables: [table] },
        figures,
      },
      {
        source_unit_id: 'unit-g2',
        kind: 'page',
        index: 2,
        extraction_method: 'text_layer',
        markdown: PAGE_3_TEXT,
        page: { width: 792, height: 612 },
        figures: [figureIn(PAGE_3_TEXT, '4,200', 0, { kind: 'box', x: 300, y: 100, width: 36, height: 14 })],
      },
    ],
  });
}

export function gridEntry(): LibraryEntry {
  return libraryEntry({
    sourceVersionId: 'sv-grid',
    title: 'Permits by district',
    filename: 'permits.pdf',
    reading: {
      representationId: 'rep-grid',
      state: 'complete',
      code: null,
      reason: null,
      extractionMethod: 'text_layer',
      unitCount: 2,
      lost: [],
    },
  });
}
