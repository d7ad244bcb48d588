import { describe, expect, it } from 'vitest';
import { Unit, type FigureWithPosition, type PageTable } from '../../../shared/api';
import { extract } from '../../../service/extract/extract';
import { basisOf, cellHeadings, operandContext, periodOf } from '../../../shared/structure';
import { buildXlsx, cell, row } from '../../service/extract/fixtures/xlsx';
import { buildPdf, type PdfText } from '../../service/extract/fixtures/pdf';

// What the source structure shows around a figure, read from units the real readers build (csv, xlsx,
// text) and from hand-built units.

async function unitOf(bytes: Uint8Array | string, filename: string, index = 0): Promise<Unit> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const read = await extract(data, { filename }, { ocr: 'off' });
  const unit = read.units[index];
  if (!unit) throw new Error(`no unit ${index} in ${filename}: ${read.state} ${read.reason}`);
  const { runs: _runs, cells: _cells, ...rest } = unit;
  return Unit.parse({ ...rest, source_unit_id: 'unit_test' });
}

function at(unit: Unit, ref: string): FigureWithPosition {
  const figure = unit.figures.find((f) => f.position.kind === 'cell' && f.position.ref === ref);
  if (!figure) throw new Error(`no figure in ${ref}`);
  return figure;
}

function byRaw(unit: Unit, raw: string, nth = 0): FigureWithPosition {
  const figure = unit.figures.filter((f) => f.raw === raw)[nth];
  if (!figure) throw new Error(`no figure ${raw}`);
  return figure;
}

describe('periodOf: one normalised period label, or none', () => {
  it.each([
    ['2023', '2023'],
    ['Year ended December 31, 2019', '2019'],
    ['FY2023', 'FY2023'],
    ['FY 23', 'FY2023'],
    ['Fiscal year 2022', 'FY2022'],
    ['Q3 2024', 'Q3 2024'],
    ['3Q24', 'Q3 2024'],
    ['Q3 FY2024', 'Q3 2024'],
    ['Third quarter of 2024', 'Q3 2024'],
    ['H1 2024', 'H1 2024'],
    ['1H 2024', 'H1 2024'],
    ['First half 2024', 'H1 2024'],
    ['2023/24', '2023/24'],
  ])('%s → %s', (text, period) => {
    expect(periodOf(text)).toBe(period);
  });

  it.each(['Revenue', '2019 vs 2018', '% change 2019-2018', 'Total $2019', '12,2023', 'Q5 2024x', ''])(
    '%s → null',
    (text) => {
      expect(periodOf(text)).toBeNull();
    },
  );
});

describe('basisOf', () => {
  it.each([
    ['Adjusted EBITDA', 'adjusted'],
    ['Underlying profit', 'adjusted'],
    ['Non-GAAP operating income', 'adjusted'],
    ['Pro forma revenue', 'adjusted'],
    ['Organic growth', 'adjusted'],
    ['Reported revenue', 'reported'],
    ['GAAP net income', 'reported'],
    ['Statutory profit before tax', 'reported'],
    ['Revenue', null],
    ['Unadjusted revenue', null],
  ])('%s → %s', (text, basis) => {
    expect(basisOf(text)).toBe(basis);
  });
});

/**
 * Net sales over United States (over Online) and International, then operating income over International
 * again: "Online" and "United States" are one row's each, so they name it alone; "International" stands
 * under both headings, so only with its heading does it name a row.
 */
function expectOwnLabels(unit: Unit): void {
  const ctx = (ref: string) => operandContext(unit, at(unit, ref), 'u');
  expect(ctx('B4')).toMatchObject({ rowLeaf: 'Online', otherRowHeadings: ['Operating income'] });
  expect(ctx('B3')).toMatchObject({ rowLeaf: 'United States', otherRowHeadings: ['Operating income'] });
  expect(ctx('B5').rowLeaf).toBeNull();
  expect(ctx('B7')).toMatchObject({ rowLeaf: null, otherRowHeadings: ['Net sales', 'United States'] });
}

describe('operandContext: sheets', () => {
  it('reads row label, column header, period and keys from a csv', async () => {
    const unit = await unitOf(
      'Item,2022,2023\nRevenue,"1,000","1,120"\nAdjusted EBITDA,200,250\n',
      'table.csv',
    );
    expect(operandContext(unit, at(unit, 'C2'), unit.source_unit_id)).toEqual({
      unitKind: 'sheet',
      rowLabel: 'Revenue',
      columnLabel: '2023',
      period: '2023',
      basis: null,
      rowKey: 'Sheet1!2',
      columnKey: 'Sheet1!C',
      noteScale: null,
      tableCurrency: null,
      columnPath: '2023',
      otherColumns: ['2022'],
      tableTitle: null,
      textAfter: null,
      rowLeaf: null,
      otherRowHeadings: [],
    });
    const b3 = operandContext(unit, at(unit, 'B3'), unit.source_unit_id);
    expect(b3).toMatchObject({ rowLabel: 'Adjusted EBITDA', period: '2022', basis: 'adjusted' });
    expect(b3.rowKey).toBe('Sheet1!3');
    expect(b3.columnKey).toBe('Sheet1!B');
  });

  it('a row of dates among the values leaves the period of the figures below it unsaid', async () => {
    const unit = await unitOf(
      [
        ',2019,2018',
        'Notional amount,"29,423","77,630"',
        'Maturity date,30/7/2021~,28/6/2019~',
        ',11/4/2024,8/12/2023',
        'Weighted average hedged rate,2.10%,1.60%',
      ].join('\n'),
      'hedges.csv',
    );
    expect(operandContext(unit, at(unit, 'B2'), 'u')).toMatchObject({ period: '2019' });
    expect(operandContext(unit, at(unit, 'B5'), 'u')).toMatchObject({ period: null });
    expect(operandContext(unit, at(unit, 'C5'), 'u')).toMatchObject({ period: null });
  });

  it('a second table on the sheet under the same years, or a quarter of the year above, keeps its period', async () => {
    const same = await unitOf(',2019,2018\nRevenue,100,90\n,2019,2018\nStaff,12,11\n', 'stacked.csv');
    expect(operandContext(same, at(same, 'C4'), 'u')).toMatchObject({ period: '2018' });
    const quarter = await unitOf(',2019,2018\nRevenue,100,90\n,Q4 2019,Q4 2018\nRevenue,30,25\n', 'q.csv');
    expect(operandContext(quarter, at(quarter, 'B4'), 'u')).toMatchObject({ period: 'Q4 2019' });
  });

  it('skips a scale note and a second header row; takes the nearest header above', async () => {
    const unit = await unitOf(
      '(in millions)\n,Year ended December 31,\n,2019,2018\nNet sales,"$1,234","$1,100"\nCost of sales,(800),(700)\n',
      'table.csv',
    );
    const c = operandContext(unit, at(unit, 'C5'), 'u');
    expect(c).toMatchObject({ rowLabel: 'Cost of sales', columnLabel: '2018', period: '2018' });
    expect(at(unit, 'C5')).toMatchObject({ value: -700e6, accounting: true });
    // The note gave the scale; the "$" on the first data row is the table's currency for the rest.
    expect(c).toMatchObject({ noteScale: 1e6, tableCurrency: 'USD' });
  });

  it("a sheet's title is its lines above the first values that stand alone in their row", async () => {
    const unit = await unitOf(
      'Table 3. Births by country\nProvisional figures\nCountry,2020,2019\nFrance,"735,000","753,000"\n',
      'births.csv',
    );
    expect(operandContext(unit, at(unit, 'B4'), 'u')).toMatchObject({
      rowLabel: 'France',
      columnLabel: '2020',
      tableTitle: 'Table 3. Births by country Provisional figures',
    });
    // A row of headers is no title.
    const plain = await unitOf('Country,Births\nFrance,"735,000"\n', 'plain.csv');
    expect(operandContext(plain, at(plain, 'B2'), 'u').tableTitle).toBeNull();
  });

  it('footnote markers read as figures do not turn a label into a value or a header row into data', async () => {
    const unit = await unitOf(
      '(in millions),2019,2018 (4)\nNet income (1),"$11,083","$3,587"\n',
      'table.csv',
    );
    expect(operandContext(unit, at(unit, 'C2'), 'u')).toMatchObject({
      rowLabel: 'Net income (1)',
      columnLabel: '2018 (4)',
      period: '2018',
    });
  });

  it('a csv writes a spanning period header once: it carries right over the empty header cells', async () => {
    const unit = await unitOf(
      ',2019,,2018,\n,Amount,Share,Amount,Share\nRevenue,100,10%,90,9%\n',
      'table.csv',
    );
    expect(operandContext(unit, at(unit, 'C3'), 'u')).toMatchObject({ columnLabel: 'Share', period: '2019' });
    expect(operandContext(unit, at(unit, 'E3'), 'u')).toMatchObject({ columnLabel: 'Share', period: '2018' });
    // A header that names no period is not carried.
    const plain = await unitOf(',Segment,\n,Amount,Share\nRevenue,100,10%\n', 'table.csv');
    expect(operandContext(plain, at(plain, 'C3'), 'u')).toMatchObject({ columnLabel: 'Share', period: null });
    // A period under one heading stops where the next heading of a row above starts.
    const grouped = await unitOf(
      'Crop,Harvest,,Variation\n,Jun 2013,,\nCotton,894.9,900.1,-35.8\nRice,2396.0,2401.5,-1.3\n',
      'table.csv',
    );
    expect(operandContext(grouped, at(grouped, 'C3'), 'u')).toMatchObject({ period: '2013-06' });
    expect(operandContext(grouped, at(grouped, 'D3'), 'u')).toMatchObject({
      columnLabel: 'Variation',
      period: null,
    });
  });

  it('a header row with a letter-spaced year ("2 0 1 8") is still a header row', async () => {
    const unit = await unitOf(
      ',December 31,\n,2019,2 0 1 8\n,U.S. $ in thousands,\nLoss carryforward,"73,260","57,768"\n',
      'table.csv',
    );
    expect(operandContext(unit, at(unit, 'B4'), 'u')).toMatchObject({
      period: '2019',
      rowLabel: 'Loss carryforward',
    });
    expect(operandContext(unit, at(unit, 'C4'), 'u')).toMatchObject({ period: '2018' });
  });

  it('takes the period from the row label when the column header has none', async () => {
    const unit = await unitOf('Period,Revenue,Margin\nFY2023,500,12%\nFY2024,560,13%\n', 'table.csv');
    expect(operandContext(unit, at(unit, 'B3'), 'u')).toMatchObject({
      rowLabel: 'FY2024',
      columnLabel: 'Revenue',
      period: 'FY2024',
    });
  });

  it('a column header that shows two years gives no period', async () => {
    const unit = await unitOf('Item,2023,2022,Change 2023 vs 2022\nRevenue,110,100,10%\n', 'table.csv');
    expect(operandContext(unit, at(unit, 'D2'), 'u')).toMatchObject({
      columnLabel: 'Change 2023 vs 2022',
      period: null,
    });
  });

  it('a row with no text cell at its left has no row label', async () => {
    const unit = await unitOf(',2023\n,45\n', 'table.csv');
    expect(operandContext(unit, at(unit, 'B2'), 'u')).toMatchObject({ rowLabel: null, period: '2023' });
  });

  it('a merged xlsx header counts for every column it spans; a quarter under it takes its year', async () => {
    const bytes = buildXlsx({
      strings: ['Item', 'FY2024', 'Q1', 'Q2', 'Reported revenue', 'Adjusted', 'Revenue', 'Group results'],
      sheets: [
        {
          name: 'Results',
          merges: ['B1:C1', 'D1:E1'],
          rows: [
            row(1, cell.s('A1', 7), cell.s('B1', 1), cell.s('D1', 5)),
            row(2, cell.s('A2', 0), cell.s('B2', 2), cell.s('C2', 3), cell.s('D2', 2), cell.s('E2', 3)),
            row(3, cell.s('A3', 4), cell.n('B3', 100), cell.n('C3', 110), cell.n('D3', 90), cell.n('E3', 95)),
          ].join(''),
        },
      ],
    });
    const unit = await unitOf(bytes, 'book.xlsx');
    expect(unit.sheet?.merges).toEqual(['B1:C1', 'D1:E1']);
    expect(operandContext(unit, at(unit, 'C3'), 'u')).toEqual({
      unitKind: 'sheet',
      rowLabel: 'Reported revenue',
      columnLabel: 'Q2',
      period: 'Q2 2024',
      basis: 'reported',
      rowKey: 'Results!3',
      columnKey: 'Results!C',
      noteScale: null,
      tableCurrency: null,
      columnPath: 'FY2024 · Q2',
      otherColumns: ['FY2024 · Q1', 'Adjusted · Q1', 'Adjusted · Q2'],
      tableTitle: null,
      textAfter: null,
      rowLeaf: null,
      otherRowHeadings: [],
    });
    // Adjusted (merged over D:E) against a "Reported" row label: the labels disagree, so no basis.
    expect(operandContext(unit, at(unit, 'E3'), 'u')).toMatchObject({ columnLabel: 'Q2', basis: null });
  });

  it('an xlsx label its style sets in is named with the labels it is set in under', async () => {
    // Styles: 0 plain, 1 set in one step, 2 set in two.
    const bytes = buildXlsx({
      strings: [
        'Region',
        '2023',
        'Net sales',
        'United States',
        'International',
        'Operating income',
        'Online',
      ],
      xfs: [0, { numFmtId: 0, indent: 1 }, { numFmtId: 0, indent: 2 }],
      sheets: [
        {
          name: 'Results',
          rows: [
            row(1, cell.s('A1', 0), cell.s('B1', 1)),
            row(2, cell.s('A2', 2), cell.n('B2', 3034)),
            row(3, cell.s('A3', 3, 1), cell.n('B3', 1234)),
            row(4, cell.s('A4', 6, 2), cell.n('B4', 300)),
            row(5, cell.s('A5', 4, 1), cell.n('B5', 800)),
            row(6, cell.s('A6', 5), cell.n('B6', 3110)),
            row(7, cell.s('A7', 4, 1), cell.n('B7', 800)),
          ].join(''),
        },
      ],
    });
    const unit = await unitOf(bytes, 'book.xlsx');
    expect(unit.sheet?.cells.find((c) => c.ref === 'A4')?.indent).toBe(2);
    expect(unit.sheet?.cells.find((c) => c.ref === 'B4')?.indent).toBeUndefined();
    const label = (ref: string) => operandContext(unit, at(unit, ref), 'u').rowLabel;
    expect(label('B2')).toBe('Net sales');
    expect(label('B3')).toBe('Net sales United States');
    expect(label('B4')).toBe('Net sales United States Online');
    expect(label('B5')).toBe('Net sales International');
    expect(label('B7')).toBe('Operating income International');
    expectOwnLabels(unit);
    // A row under no heading is named by its whole label.
    expect(operandContext(unit, at(unit, 'B2'), 'u')).toMatchObject({ rowLeaf: null, otherRowHeadings: [] });
  });

  it('a csv label set in with blanks is named with the labels it is set in under', async () => {
    const unit = await unitOf(
      'Region,2023\nNet sales,\n  United States,1234\n    Online,300\n  International,800\nOperating income,\n  International,800\n',
      'regions.csv',
    );
    const label = (ref: string) => operandContext(unit, at(unit, ref), 'u').rowLabel;
    expect(label('B3')).toBe('Net sales United States');
    expect(label('B4')).toBe('Net sales United States Online');
    expect(label('B5')).toBe('Net sales International');
    expect(label('B7')).toBe('Operating income International');
    expectOwnLabels(unit);
  });

  it('blanks that pad labels to one width, or a first label set in, set no label under another', async () => {
    const padded = await unitOf('State,2023\n   Texas,5\n    Ohio,6\n   Maine,7\n', 'padded.csv');
    expect(operandContext(padded, at(padded, 'B3'), 'u').rowLabel).toBe('Ohio');
    const ragged = await unitOf('State,2023\n  Texas,5\nOhio,6\n  Maine,7\n', 'ragged.csv');
    expect(operandContext(ragged, at(ragged, 'B4'), 'u').rowLabel).toBe('Maine');
  });

  it('a header over the column is never a parent, even above a label set in', async () => {
    const bytes = buildXlsx({
      strings: ['Region', '2023', 'United States'],
      xfs: [0, { numFmtId: 0, indent: 1 }],
      sheets: [
        {
          name: 'S',
          rows: [row(1, cell.s('A1', 0), cell.s('B1', 1)), row(2, cell.s('A2', 2, 1), cell.n('B2', 5))].join(
            '',
          ),
        },
      ],
    });
    const unit = await unitOf(bytes, 'book.xlsx');
    expect(operandContext(unit, at(unit, 'B2'), 'u')).toMatchObject({
      rowLabel: 'United States',
      period: '2023',
    });
  });

  it('hand-built: a merged range read from sheet.merges even when covered cells are absent', () => {
    const unit = Unit.parse({
      source_unit_id: 'unit_h',
      kind: 'sheet',
      index: 1,
      extraction_method: 'spreadsheet_cells',
      markdown: 'Item,Q3 2024,\nSales,5,6',
      sheet: {
        name: 'S',
        merges: ['B1:C1'],
        cells: [
          { ref: 'A1', value: 'Item', text: 'Item' },
          { ref: 'B1', value: 'Q3 2024', text: 'Q3 2024', merged_range: 'B1:C1' },
          { ref: 'A2', value: 'Sales', text: 'Sales' },
          { ref: 'B2', value: 5, text: '5' },
          { ref: 'C2', value: 6, text: '6' },
        ],
      },
      figures: [
        figure(0, '5', 5, 21, { kind: 'cell', ref: 'B2' }),
        figure(1, '6', 6, 23, { kind: 'cell', ref: 'C2' }),
      ],
    });
    expect(operandContext(unit, unit.figures[1]!, 'unit_h')).toMatchObject({
      rowLabel: 'Sales',
      columnLabel: 'Q3 2024',
      period: 'Q3 2024',
      rowKey: 'S!2',
      columnKey: 'S!C',
    });
  });
});

function figure(
  index: number,
  raw: string,
  value: number,
  start: number,
  position: FigureWithPosition['position'],
): FigureWithPosition {
  return {
    index,
    raw,
    value,
    magnitude: Math.abs(value),
    sign: value < 0 ? -1 : 1,
    scale: 1,
    unit: null,
    unitClass: 'none',
    accounting: false,
    ambiguous: false,
    span: { start, end: start + raw.length },
    position,
  };
}

describe('operandContext: pages', () => {
  it('the text starting the line is the row label; the nearest period label on the line is the period', async () => {
    const unit = await unitOf(
      'Annual report\n\nRevenue: $1.2bn in FY2023, up from $1.0bn in FY2022.\n- Adjusted EBITDA — 250 (Q3 2024)\n',
      'note.txt',
    );
    const first = operandContext(unit, byRaw(unit, '$1.2bn'), 'unit_p');
    expect(first).toEqual({
      unitKind: 'page',
      rowLabel: 'Revenue',
      columnLabel: null,
      period: 'FY2023',
      basis: null,
      rowKey: 'unit_p:3',
      columnKey: null,
      noteScale: null,
      tableCurrency: null,
      columnPath: null,
      otherColumns: [],
      tableTitle: null,
      textAfter: ' in FY2023, up from $1.0bn in FY2022. - Adjusted EBITDA — 250 (Q3 2024) ',
      rowLeaf: null,
      otherRowHeadings: [],
    });
    const second = operandContext(unit, byRaw(unit, '$1.0bn'), 'unit_p');
    expect(second).toMatchObject({ rowLabel: 'Revenue', period: 'FY2022', rowKey: 'unit_p:3' });
    expect(operandContext(unit, byRaw(unit, '250'), 'unit_p')).toMatchObject({
      rowLabel: 'Adjusted EBITDA',
      basis: 'adjusted',
      period: 'Q3 2024',
      rowKey: 'unit_p:4',
    });
  });

  it('a line that starts with its figure has no row label; a line with no period label has no period', async () => {
    const unit = await unitOf('Results\n45% of staff were hired this year\n', 'note.txt');
    expect(operandContext(unit, byRaw(unit, '45%'), 'u')).toMatchObject({
      rowLabel: null,
      period: null,
      rowKey: 'u:2',
    });
  });

  it('a markdown table row: the label cell, without its pipes', () => {
    const markdown = '| Item | 2023 |\n|---|---|\n| Net income | 1,200 |';
    const start = markdown.indexOf('1,200');
    const unit = Unit.parse({
      source_unit_id: 'unit_t',
      kind: 'page',
      index: 1,
      extraction_method: 'text_layer',
      markdown,
      figures: [figure(0, '1,200', 1200, start, { kind: 'text' })],
    });
    expect(operandContext(unit, unit.figures[0]!, 'unit_t')).toMatchObject({
      rowLabel: 'Net income',
      rowKey: 'unit_t:3',
      period: null,
    });
  });
});

describe('cellHeadings: a table set in blocks, each under its own copy of the header', () => {
  // A heading over every block, then per block a scenario heading over a row of years; the reader marks a
  // block's copy in the body as header cells.
  const cells: [number, number, number, string, boolean][] = [
    [0, 1, 2, 'Projected use (kWh a year)', true],
    [1, 1, 2, 'Improved operation scenario', true],
    [2, 1, 1, '2007', true],
    [2, 2, 1, '2008', true],
    [3, 0, 1, 'Server closets', false],
    [3, 1, 1, '1,505', false],
    [3, 2, 1, '1,580', false],
    [4, 1, 2, 'Best practice scenario', true],
    [5, 1, 1, '2007', true],
    [5, 2, 1, '2008', true],
    [6, 0, 1, 'Server closets', false],
    [6, 1, 1, '1,456', false],
    [6, 2, 1, '1,439', false],
  ];
  const table: PageTable = {
    index: 0,
    box: { x: 72, y: 100, width: 300, height: 100 },
    rows: 7,
    cols: 3,
    headerRows: 3,
    labelCols: 1,
    title: null,
    notes: [],
    unsure: false,
    cells: cells.map(([r, c, span, text, header]) => ({
      row: r,
      col: c,
      rowSpan: 1,
      colSpan: span,
      text,
      header,
      box: { x: 72 + 100 * c, y: 100 + 14 * r, width: 90 * span, height: 10 },
    })),
  };

  it("reads each block's own headings under the headings no block repeats", () => {
    expect(cellHeadings(table, 3, 1).headers).toEqual([
      '2007',
      'Improved operation scenario',
      'Projected use (kWh a year)',
    ]);
    expect(cellHeadings(table, 6, 2).headers).toEqual([
      '2008',
      'Best practice scenario',
      'Projected use (kWh a year)',
    ]);
  });
});

describe('operandContext: tables on PDF pages', () => {
  /** A PDF page with one unruled table: a heading over two year columns, segment rows and a total. */
  function tablePdf(extra: PdfText[] = []): Uint8Array {
    const line = (y: number, label: string, a: string, b: string): PdfText[] => [
      { x: 72, y, size: 9, text: label },
      { x: 300, y, size: 9, text: a },
      { x: 380, y, size: 9, text: b },
    ];
    return buildPdf([
      {
        width: 612,
        height: 792,
        texts: [
          { x: 72, y: 720, size: 12, text: 'Table 2. Revenue by segment' },
          { x: 72, y: 704, size: 9, text: '(in millions of dollars)' },
          { x: 300, y: 688, size: 9, text: 'Year ended December 31' },
          ...line(676, 'Segment', 'Q4 2023', 'Q4 2022'),
          ...line(662, 'Adjusted cloud services', '1,234', '1,100'),
          ...line(650, 'Devices', '845', '910'),
          ...line(638, 'Total', '2,079', '2,010'),
          ...extra,
        ],
      },
    ]);
  }

  it("reads the row's label and the column's headers, not the line's text", async () => {
    const unit = await unitOf(tablePdf(), 'segments.pdf');
    const id = unit.source_unit_id;
    expect(operandContext(unit, byRaw(unit, '1,234'), id)).toEqual({
      unitKind: 'page',
      rowLabel: 'Adjusted cloud services',
      columnLabel: 'Q4 2023',
      period: 'Q4 2023',
      basis: 'adjusted',
      rowKey: `${id}:t0:r2`,
      columnKey: `${id}:t0:c1`,
      noteScale: 1e6,
      // The note "(in millions of dollars)" gives each figure its currency itself; only a currency a
      // figure writes ("$1,234") tells what the table's bare figures are in.
      tableCurrency: null,
      columnPath: 'Year ended December 31 · Q4 2023',
      otherColumns: ['Year ended December 31 · Q4 2022'],
      tableTitle: 'Table 2. Revenue by segment',
      textAfter: null,
      rowLeaf: null,
      otherRowHeadings: [],
    });
    expect(byRaw(unit, '1,234').unit).toBe('USD');
    const devices2022 = operandContext(unit, byRaw(unit, '910'), id);
    expect(devices2022).toMatchObject({ rowLabel: 'Devices', columnLabel: 'Q4 2022', period: 'Q4 2022' });
    expect(devices2022.rowKey).toBe(`${id}:t0:r3`);
    expect(devices2022.columnKey).toBe(`${id}:t0:c2`);
  });

  it('a figure in the prose under the table is read from its line', async () => {
    const unit = await unitOf(
      tablePdf([{ x: 72, y: 560, size: 10, text: 'Devices sold 845 units in FY2023.' }]),
      'segments.pdf',
    );
    const prose = operandContext(unit, byRaw(unit, '845', 1), 'u');
    expect(prose).toMatchObject({
      rowLabel: 'Devices sold',
      columnLabel: null,
      period: 'FY2023',
      columnKey: null,
    });
  });

  it("an unsure table's headers are never used: its figures are read from their lines", async () => {
    const unit = await unitOf(tablePdf(), 'segments.pdf');
    const table = unit.page!.tables![0]!;
    const unsure = Unit.parse({ ...unit, page: { ...unit.page!, tables: [{ ...table, unsure: true }] } });
    const context = operandContext(unsure, byRaw(unsure, '1,234'), 'u');
    expect(context.columnLabel).toBeNull();
    expect(context.columnKey).toBeNull();
    expect(context.period).toBeNull();
  });
});

describe('operandContext: a PDF table heading wrapped over lines', () => {
  /** "Male" over two age columns, each heading on two lines, and "Total" on the lower line alone. */
  const agesPdf = (levelGap: number) => {
    const texts: PdfText[] = [
      { x: 306, y: 700 + levelGap, size: 9, text: 'Male' },
      { x: 300, y: 700, size: 9, text: 'Under 18' },
      { x: 360, y: 700, size: 9, text: '18 years' },
      { x: 240, y: 691, size: 9, text: 'Total' },
      { x: 300, y: 691, size: 9, text: 'years' },
      { x: 360, y: 691, size: 9, text: 'and over' },
    ];
    for (const [y, label, values] of [
      [676, 'Robbery', ['102.1', '25.5', '76.6']],
      [664, 'Burglary', ['240.9', '60.3', '180.6']],
      [652, 'Arson', ['9.8', '4.3', '5.5']],
    ] as const)
      texts.push(
        { x: 72, y, size: 9, text: label },
        ...values.map((text, i) => ({ x: [240, 300, 360][i]!, y, size: 9, text })),
      );
    return buildPdf([{ width: 612, height: 792, texts }]);
  };

  it('reads each heading whole, and a heading a line further up as a level above it', async () => {
    const unit = await unitOf(agesPdf(14), 'ages.pdf');
    const ctx = (raw: string) => operandContext(unit, byRaw(unit, raw), unit.source_unit_id);
    expect(ctx('25.5')).toMatchObject({ columnLabel: 'Under 18 years', columnPath: 'Male · Under 18 years' });
    expect(ctx('76.6')).toMatchObject({ columnLabel: '18 years and over', columnPath: '18 years and over' });
    expect(ctx('102.1')).toMatchObject({ columnLabel: 'Total', columnPath: 'Total' });
    expect(ctx('25.5').otherColumns).toEqual(['Total', '18 years and over']);
  });

  it('a heading one line above the next is its first line, not a level', async () => {
    const unit = await unitOf(agesPdf(9), 'ages.pdf');
    const ctx = (raw: string) => operandContext(unit, byRaw(unit, raw), unit.source_unit_id);
    expect(ctx('25.5').columnPath).toBe('Male Under 18 years');
  });
});

describe('operandContext: PDF table headings wrapped over lines set among each other', () => {
  /**
   * Two headings of three and two lines beside one of three lines (health.pdf: "Medical & / Public /
   * Health", "Family / Welfare", "Total / Revenue & / Capital"). `offset`: how much higher the third
   * column's lines stand; half a line sets the columns' lines among each other.
   */
  const outlayPdf = (offset: number, second = ['Family', 'Welfare'], rotate = 0) => {
    const texts: PdfText[] = [
      { x: 200, y: 712, size: 9, text: 'Medical &' },
      { x: 200, y: 700, size: 9, text: 'Public' },
      { x: 200, y: 688, size: 9, text: 'Health' },
      { x: 280, y: 712, size: 9, text: second[0]! },
      { x: 280, y: 700, size: 9, text: second[1]! },
      { x: 380, y: 712 + offset, size: 9, text: 'Total' },
      { x: 380, y: 700 + offset, size: 9, text: 'Revenue &' },
      { x: 380, y: 688 + offset, size: 9, text: 'Capital' },
    ];
    for (const [y, label, values] of [
      [676, 'Assam', ['14,874,821', '2,554,197', '17,590,618']],
      [664, 'Bihar', ['21,016,708', '4,332,141', '30,677,849']],
      [652, 'Goa', ['4,055,567', '110,000', '4,495,620']],
    ] as const)
      texts.push(
        { x: 72, y, size: 9, text: label },
        ...values.map((text, i) => ({ x: [200, 280, 380][i]!, y, size: 9, text })),
      );
    return buildPdf([{ width: 612, height: 792, texts, rotate }]);
  };

  it('reads each heading whole, whichever column’s lines stand between its lines', async () => {
    const unit = await unitOf(outlayPdf(6), 'outlay.pdf');
    const ctx = (raw: string) => operandContext(unit, byRaw(unit, raw), unit.source_unit_id);
    expect(ctx('14,874,821').columnPath).toBe('Medical & Public Health');
    expect(ctx('2,554,197').columnPath).toBe('Family Welfare');
    expect(ctx('17,590,618').columnPath).toBe('Total Revenue & Capital');
    expect(ctx('17,590,618').otherColumns).toEqual(['Medical & Public Health', 'Family Welfare']);
  });

  it('reads headings whose lines line up across the columns whole too, a word broken at a line end joined', async () => {
    const unit = await unitOf(outlayPdf(0, ['With-', 'drawal']), 'outlay.pdf');
    const ctx = (raw: string) => operandContext(unit, byRaw(unit, raw), unit.source_unit_id);
    expect(ctx('14,874,821').columnPath).toBe('Medical & Public Health');
    expect(ctx('2,554,197').columnPath).toBe('Withdrawal');
    // The hyphen PDFium marks at a line's end is a hyphen in the table's cell, no control character.
    expect(unit.page?.tables?.[0]?.cells.map((c) => c.text)).toContain('With-');
    expect(ctx('17,590,618').columnPath).toBe('Total Revenue & Capital');
  });

  it.each([90, 180, 270])(
    'reads them whole on a page turned %i degrees, its boxes as the page is shown',
    async (rotate) => {
      const unit = await unitOf(outlayPdf(6, ['Family', 'Welfare'], rotate), 'outlay.pdf');
      const ctx = (raw: string) => operandContext(unit, byRaw(unit, raw), unit.source_unit_id);
      expect(ctx('14,874,821').columnPath).toBe('Medical & Public Health');
      expect(ctx('17,590,618').columnPath).toBe('Total Revenue & Capital');
    },
  );
});

describe('operandContext: periods a PDF table shows away from the column', () => {
  const cellLine = (y: number, label: string, a: string, b: string): PdfText[] => [
    { x: 72, y, size: 9, text: label },
    { x: 300, y, size: 9, text: a },
    { x: 380, y, size: 9, text: b },
  ];
  const pdf = (texts: PdfText[]) => buildPdf([{ width: 612, height: 792, texts }]);

  it("the table's title, when the columns name none", async () => {
    const unit = await unitOf(
      pdf([
        { x: 72, y: 720, size: 12, text: 'Firearm background checks, November - 2015' },
        ...cellLine(700, 'State', 'Handgun', 'Long gun'),
        ...cellLine(686, 'Texas', '61,450', '58,102'),
        ...cellLine(674, 'Ohio', '22,140', '19,877'),
        ...cellLine(662, 'Utah', '6,112', '5,340'),
      ]),
      'checks.pdf',
    );
    expect(operandContext(unit, byRaw(unit, '61,450'), 'u')).toMatchObject({
      rowLabel: 'Texas',
      columnLabel: 'Handgun',
      period: '2015-11',
    });
  });

  it('never the title\'s, in a column headed by a period relative to another ("Prior year")', async () => {
    const unit = await unitOf(
      pdf([
        { x: 72, y: 720, size: 12, text: 'Annual report 2023' },
        ...cellLine(700, 'Results ($ million)', 'Prior year', 'This year'),
        ...cellLine(686, 'Revenue', '1,000', '1,120'),
        ...cellLine(674, 'Operating costs', '(850)', '(910)'),
        ...cellLine(662, 'Staff costs', '(310)', '(330)'),
      ]),
      'report.pdf',
    );
    for (const [raw, column] of [
      ['1,000', 'Prior year'],
      ['1,120', 'This year'],
    ] as const)
      expect(operandContext(unit, byRaw(unit, raw), 'u')).toMatchObject({
        rowLabel: 'Revenue',
        columnLabel: column,
        period: null,
      });
  });

  it('a column is named by its header over a row of note marks ("(a)", "(c/a)")', async () => {
    const unit = await unitOf(
      pdf([
        ...cellLine(700, 'Products', 'May/2013', 'Variation'),
        ...cellLine(688, '', '(b)', '(c/a)'),
        ...cellLine(674, 'Cotton', '886.7', '-35.8'),
        ...cellLine(662, 'Rice', '2,389.7', '-1.3'),
        ...cellLine(650, 'Oat', '168.7', '10.3'),
      ]),
      'crops.pdf',
    );
    expect(operandContext(unit, byRaw(unit, '886.7'), 'u')).toMatchObject({
      rowLabel: 'Cotton',
      columnLabel: 'May/2013',
    });
    expect(operandContext(unit, byRaw(unit, '-1.3'), 'u')).toMatchObject({
      rowLabel: 'Rice',
      columnLabel: 'Variation',
    });
  });

  it('the section heading above the row, when the columns name none', async () => {
    const unit = await unitOf(
      pdf([
        ...cellLine(700, 'Region', 'Homes', 'Flats'),
        { x: 72, y: 686, size: 9, text: '2019' },
        ...cellLine(674, 'North', '1,200', '800'),
        ...cellLine(662, 'South', '1,500', '950'),
        { x: 72, y: 650, size: 9, text: '2018' },
        ...cellLine(638, 'North', '1,100', '760'),
        ...cellLine(626, 'South', '1,420', '900'),
      ]),
      'homes.pdf',
    );
    expect(operandContext(unit, byRaw(unit, '1,500'), 'u')).toMatchObject({
      rowLabel: 'South',
      period: '2019',
    });
    expect(operandContext(unit, byRaw(unit, '1,420'), 'u')).toMatchObject({
      rowLabel: 'South',
      period: '2018',
    });
  });
});

describe('operandContext: a PDF table run on over a page break', () => {
  const rowAt = (y: number, label: string, a: string, b: string, xs = [300, 380]): PdfText[] => [
    { x: 72, y, size: 9, text: label },
    { x: xs[0]!, y, size: 9, text: a },
    { x: xs[1]!, y, size: 9, text: b },
  ];
  /** Page 1: the title, the header and rows down to the foot; page 2: more rows from the top. */
  async function twoPages(second: PdfText[]) {
    const first: PdfText[] = [
      { x: 72, y: 300, size: 12, text: 'Table 3. Staff by district, 2023 and 2022' },
      ...rowAt(280, 'District', '2023', '2022'),
      ...Array.from({ length: 18 }, (_, i) =>
        rowAt(266 - 12 * i, `District ${i + 1}`, `${100 + i}`, `${90 + i}`),
      ).flat(),
    ];
    const bytes = buildPdf([
      {
        width: 612,
        height: 792,
        texts: [
          { x: 72, y: 740, size: 10, text: 'Staffing across the districts is set out below.' },
          ...first,
        ],
      },
      { width: 612, height: 792, texts: second },
    ]);
    const read = await extract(bytes, { filename: 'staff.pdf' }, { ocr: 'off' });
    const units = read.units.map((unit) => {
      const { runs: _runs, cells: _cells, ...rest } = unit;
      return Unit.parse({ ...rest, source_unit_id: `unit_p${unit.index}` });
    });
    return units;
  }

  it("a figure on the next page is read under the first page's header", async () => {
    const [, page2] = await twoPages(
      Array.from({ length: 4 }, (_, i) =>
        rowAt(760 - 12 * i, `District ${19 + i}`, `${200 + i}`, `${190 + i}`),
      ).flat(),
    );
    const table = page2!.page!.tables![0]!;
    expect(table.continues).toMatchObject({ page: 1, table: 0, headerRows: 1 });
    expect(operandContext(page2!, byRaw(page2!, '201'), page2!.source_unit_id)).toMatchObject({
      rowLabel: 'District 20',
      columnLabel: '2023',
      period: '2023',
    });
  });

  it('a header repeated on the next page is its own; columns elsewhere are another table', async () => {
    const [, repeated] = await twoPages([
      ...rowAt(770, 'District', '2023', '2022'),
      ...Array.from({ length: 3 }, (_, i) =>
        rowAt(756 - 12 * i, `District ${19 + i}`, `${200 + i}`, `${190 + i}`),
      ).flat(),
    ]);
    expect(repeated!.page!.tables![0]!.continues).toMatchObject({
      page: 1,
      table: 0,
      headerRows: 0,
      header: [],
    });

    const [, other] = await twoPages(
      Array.from({ length: 4 }, (_, i) =>
        rowAt(760 - 12 * i, `Item ${i}`, `${200 + i}`, `${190 + i}`, [150, 500]),
      ).flat(),
    );
    const table = other!.page!.tables![0]!;
    expect(table.continues).toBeUndefined();
    expect(operandContext(other!, byRaw(other!, '201'), 'u').columnLabel).toBeNull();
  });
});

describe('operandContext: a header row whose label says the scale', () => {
  it("reads the years over the figures, never the title's year", async () => {
    const row = (y: number, label: string, a: string, b: string): PdfText[] => [
      { x: 72, y, size: 12, text: label },
      { x: 300, y, size: 12, text: a },
      { x: 400, y, size: 12, text: b },
    ];
    const unit = await unitOf(
      buildPdf([
        {
          width: 612,
          height: 792,
          texts: [
            { x: 72, y: 720, size: 18, text: 'Annual report 2023' },
            ...row(690, 'Results ($ million)', '2022', '2023'),
            ...row(670, 'Revenue', '1,000', '1,120'),
            ...row(650, 'Operating costs', '(850)', '(910)'),
          ],
        },
      ]),
      'annual.pdf',
    );
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({
      headerRows: 1,
      notes: ['Results ($ million)'],
      title: 'Annual report 2023',
    });
    expect(operandContext(unit, byRaw(unit, '1,000'), 'u')).toMatchObject({
      rowLabel: 'Revenue',
      columnLabel: '2022',
      period: '2022',
    });
    // Were the header lost, the title's 2023 would still not be given to the 2022 column's figures.
    const headless = Unit.parse({
      ...unit,
      page: {
        ...unit.page!,
        tables: [{ ...table, headerRows: 0, cells: table.cells.map((c) => ({ ...c, header: false })) }],
      },
    });
    expect(operandContext(headless, byRaw(headless, '1,000'), 'u').period).toBeNull();
  });
});

describe('operandContext: what a PDF table shows beside a figure, as a sheet does', () => {
  const line = (y: number, label: string | null, cells: string[], xs = [300, 380, 460]): PdfText[] => [
    ...(label === null ? [] : [{ x: 72, y, size: 9, text: label }]),
    ...cells.map((text, i) => ({ x: xs[i]!, y, size: 9, text })).filter((t) => t.text !== ''),
  ];
  const read = (texts: PdfText[]) => unitOf(buildPdf([{ width: 612, height: 792, texts }]), 'table.pdf');

  it('a scale heading over a column scales its figures, not a column of percentages', async () => {
    const unit = await read([
      ...line(700, null, ['£m', '£m', '%']),
      ...line(688, 'Revenue', ['1,204.5', '1,150.2', '4.7']),
      ...line(676, 'Costs', ['980.1', '955.0', '2.6']),
    ]);
    expect(byRaw(unit, '1,150.2')).toMatchObject({ value: 1_150_200_000, scale: 1e6, unit: 'GBP' });
    expect(byRaw(unit, '4.7')).toMatchObject({ value: 4.7, scale: 1 });
  });

  it('a bare figure is in the one currency its table names ("$" on the first row only)', async () => {
    const unit = await read([
      ...line(700, null, ['2023', '2022']),
      ...line(688, 'Revenue', ['$1,204', '$1,150']),
      ...line(676, 'Costs', ['980', '955']),
    ]);
    expect(operandContext(unit, byRaw(unit, '955'), 'u').tableCurrency).toBe('USD');
  });

  it('a note mark after a year and a letter-spaced year head their columns; a period heading carries right', async () => {
    const unit = await read([
      ...line(712, null, ['December 31, 2019', '', '2 0 1 8'], [300, 380, 460]),
      ...line(700, null, ['Carrying', 'Fair value', 'Carrying']),
      ...line(688, 'Total debt (2)', ['3,535.1', '3,610.0', '4,073.9']),
      ...line(676, 'Leases', ['120.4', '120.4', '98.0']),
    ]);
    const at = (raw: string) => operandContext(unit, byRaw(unit, raw), 'u');
    expect(at('3,610.0')).toMatchObject({
      period: '2019',
      rowLabel: 'Total debt (2)',
      columnLabel: 'Fair value',
    });
    expect(at('4,073.9')).toMatchObject({ period: '2018' });

    const marked = await read([
      ...line(700, null, ['2019 (1)', '2018', '2017 (2)']),
      ...line(688, 'Other operating expenses', ['33.7', '27.0', '25.1']),
      ...line(676, 'Total', ['139.3', '120.0', '118.2']),
    ]);
    expect(marked.page!.tables![0]!.headerRows).toBe(1);
    expect(operandContext(marked, byRaw(marked, '25.1'), 'u')).toMatchObject({
      period: '2017',
      columnLabel: '2017 (2)',
    });
  });
});
