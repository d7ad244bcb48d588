import { describe, expect, it } from 'vitest';
import type { PageTable } from '../../../../shared/api';
import { cellHeadings } from '../../../../shared/structure';
import { reader } from '../../../../service/extract/readers/pdf';
import { locateFigures } from '../../../../service/extract/figures';
import type { ReadUnit } from '../../../../service/extract/types';
import { buildPdf, helveticaWidth, type PdfText } from '../fixtures/pdf';
import { readOptions } from './helpers';

// Tables on PDF pages read from the alignment of their words: rows, columns, the header rows over the
// figures, the label columns at their left, the title and scale notes around them, and each figure's cell.

async function page(texts: PdfText[]): Promise<ReadUnit> {
  const result = await reader.read(
    buildPdf([{ width: 612, height: 792, texts }]),
    'pdf',
    readOptions({ ocr: 'off' }),
  );
  const unit = result.units[0];
  if (!unit) throw new Error('no page read');
  return unit;
}

/** A row of a table: its label at x=72 and its values at the given columns, on baseline `y`. */
function row(
  y: number,
  label: string | null,
  values: readonly string[],
  xs = [300, 380],
  size = 9,
): PdfText[] {
  return [
    ...(label === null ? [] : [{ x: 72, y, size, text: label }]),
    ...values.map((text, i) => ({ x: xs[i]!, y, size, text })),
  ];
}

/** The grid as text, row by row: each row's cells joined with " | " by column, spans marked "(×n)". */
function grid(table: PageTable): string[] {
  const out: string[] = [];
  for (let r = 0; r < table.rows; r++) {
    const cells = table.cells
      .filter((c) => c.row === r)
      .sort((a, b) => a.col - b.col)
      .map((c) => `${c.col}:${c.text}${c.colSpan > 1 ? ` (×${c.colSpan})` : ''}`);
    out.push(cells.join(' | '));
  }
  return out;
}

const segments: PdfText[] = [
  { x: 72, y: 720, size: 12, text: 'Table 2. Revenue by segment' },
  { x: 72, y: 704, size: 9, text: '(in millions of dollars)' },
  { x: 300, y: 688, size: 9, text: 'Year ended December 31' },
  ...row(676, 'Segment', ['2023', '2022']),
  ...row(662, 'Cloud services', ['1,234', '1,100']),
  ...row(650, 'Devices', ['845', '910']),
  ...row(638, 'Advertising', ['402', '388']),
  ...row(626, 'Total', ['2,481', '2,398']),
  { x: 72, y: 560, size: 10, text: 'Revenue grew in the year as cloud services expanded.' },
];

async function turnedPage(rotate: number, texts: PdfText[]): Promise<ReadUnit> {
  const result = await reader.read(
    buildPdf([{ width: 612, height: 792, rotate, texts }]),
    'pdf',
    readOptions({ ocr: 'off' }),
  );
  const unit = result.units[0];
  if (!unit) throw new Error('no page read');
  return unit;
}

describe('pdf reader: tables', () => {
  it('reads an unruled table: title, scale note, a heading over two columns, labels and values', async () => {
    const unit = await page(segments);
    const tables = unit.page?.tables ?? [];
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(table).toMatchObject({
      index: 0,
      rows: 6,
      cols: 3,
      headerRows: 2,
      labelCols: 1,
      title: 'Table 2. Revenue by segment',
      notes: ['(in millions of dollars)'],
      unsure: false,
    });
    expect(grid(table)).toEqual([
      '1:Year ended December 31 (×2)',
      '0:Segment | 1:2023 | 2:2022',
      '0:Cloud services | 1:1,234 | 2:1,100',
      '0:Devices | 1:845 | 2:910',
      '0:Advertising | 1:402 | 2:388',
      '0:Total | 1:2,481 | 2:2,398',
    ]);
    expect(table.cells.filter((c) => c.header).map((c) => c.text)).toEqual([
      'Year ended December 31',
      'Segment',
      '2023',
      '2022',
    ]);
    // The sentence under the table is text, not a row.
    expect(table.cells.some((c) => c.text.includes('Revenue grew'))).toBe(false);
  });

  it('gives each figure in the table its cell, and none to a figure outside it', async () => {
    const unit = await page([
      ...segments,
      { x: 72, y: 540, size: 10, text: 'Devices sold 845 units in 2023 across the region.' },
    ]);
    const figures = locateFigures(unit);
    const cellOf = (raw: string, nth = 0) => {
      const position = figures.filter((f) => f.raw === raw)[nth]?.position;
      return position?.kind === 'box' ? (position.cell ?? null) : undefined;
    };
    expect(cellOf('1,234')).toEqual({ table: 0, row: 2, col: 1 });
    expect(cellOf('2,398')).toEqual({ table: 0, row: 5, col: 2 });
    expect(cellOf('845')).toEqual({ table: 0, row: 3, col: 1 });
    // The same number in the sentence below stands in no cell.
    expect(cellOf('845', 1)).toBeNull();
    // Every cell box holds its figure's box.
    const table = unit.page!.tables![0]!;
    for (const f of figures) {
      if (f.position.kind !== 'box' || f.position.cell === undefined) continue;
      const { row: r, col } = f.position.cell;
      const cell = table.cells.find((c) => c.row === r && c.col === col)!;
      expect(f.position.x).toBeGreaterThanOrEqual(cell.box.x - 0.5);
      expect(f.position.x + f.position.width).toBeLessThanOrEqual(cell.box.x + cell.box.width + 0.5);
    }
  });

  it('keeps a row label wrapped over two lines whole, and a section heading as its own row', async () => {
    const unit = await page([
      ...row(700, null, ['2023', '2022']),
      ...row(686, 'Operating activities:', []),
      ...row(674, 'Net cash provided by', []),
      ...row(662, 'operating activities', ['5,120', '4,870']),
      ...row(650, 'Capital expenditure', ['(1,204)', '(1,310)']),
      ...row(638, 'Free cash flow', ['3,916', '3,560']),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table.headerRows).toBe(1);
    expect(grid(table)).toEqual([
      '1:2023 | 2:2022',
      '0:Operating activities:',
      '0:Net cash provided by operating activities | 1:5,120 | 2:4,870',
      '0:Capital expenditure | 1:(1,204) | 2:(1,310)',
      '0:Free cash flow | 1:3,916 | 2:3,560',
    ]);
    expect(table.cells.filter((c) => c.header).map((c) => c.text)).toEqual(['2023', '2022']);
  });

  it('ends a label at its dot leaders, leaving them out, and keeps a raised note mark with its heading', async () => {
    // Leaders from the label up to less than a cell's gap (1.2 em) before the figures at x = 232.
    const leaders = (label: string) => {
      const dots = Math.floor((232 - 3 - 72 - helveticaWidth(`${label} `, 9)) / helveticaWidth('. ', 9));
      return `${label} ${'. '.repeat(dots)}`.trimEnd();
    };
    const unit = await page([
      { x: 72, y: 700, size: 9, text: 'Offence' },
      { x: 232, y: 700, size: 9, text: 'Total' },
      { x: 300, y: 700, size: 9, text: 'Others' },
      { x: 329, y: 704, size: 5, text: '(1)' },
      ...[
        ['Burglary', '240.9', '35.9'],
        ['Robbery', '102.1', '12.1'],
        ['Arson', '9.8', '1.7'],
      ].flatMap(([label, total, others], k): PdfText[] => [
        { x: 72, y: 686 - 12 * k, size: 9, text: leaders(label!) },
        { x: 232, y: 686 - 12 * k, size: 9, text: total! },
        { x: 300, y: 686 - 12 * k, size: 9, text: others! },
      ]),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table.cols).toBe(3);
    expect(table.rows).toBe(4);
    const at = (r: number, c: number) => table.cells.find((cell) => cell.row === r && cell.col === c)?.text;
    expect(at(0, 2)).toBe('Others (1)');
    // The leaders run the label up to its figure; they are no part of it.
    expect(at(1, 0)).toBe('Burglary');
    expect(at(1, 1)).toBe('240.9');
    expect(at(3, 2)).toBe('1.7');
  });

  it.each([90, 180, 270])(
    'reads a table on a page turned %i degrees as a person turns it, boxes on the drawn page',
    async (rotate) => {
      const unit = await turnedPage(rotate, segments);
      const { settle } = await import('../../../../service/extract/extract');
      const shown = settle({ format: 'pdf', units: [unit], lost: [] }).units[0]!;
      const table = shown.page!.tables![0]!;
      expect(grid(table).slice(2)).toEqual([
        '0:Cloud services | 1:1,234 | 2:1,100',
        '0:Devices | 1:845 | 2:910',
        '0:Advertising | 1:402 | 2:388',
        '0:Total | 1:2,481 | 2:2,398',
      ]);
      const figure = shown.figures.find((f) => f.raw === '2,398')!;
      expect(figure.position).toMatchObject({ kind: 'box', cell: { table: 0, row: 5, col: 2 } });
      const box = figure.position.kind === 'box' ? figure.position : null;
      const cell = table.cells.find((c) => c.row === 5 && c.col === 2)!.box;
      // On the drawn page: the box lies within it, and runs along the turned line (tall when turned a quarter).
      const { width, height } = shown.page!;
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(box!.y + box!.height).toBeLessThanOrEqual(height);
      expect(box!.height > box!.width).toBe(rotate !== 180);
      for (const [inner, outer] of [[box!, cell]] as const) {
        expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
        expect(inner.y).toBeGreaterThanOrEqual(outer.y - 0.5);
        expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
        expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
      }
      // Where the unturned page puts it, turned: "2,398" at x = 380 on the baseline 626 (PDF space, y up).
      const [ux, uy] = [380 + 11, 792 - 626 - 3];
      const [cx, cy] = [box!.x + box!.width / 2, box!.y + box!.height / 2];
      const expected =
        rotate === 90 ? [792 - uy, ux] : rotate === 180 ? [612 - ux, 792 - uy] : [uy, 612 - ux];
      expect(Math.abs(cx - expected[0]!)).toBeLessThan(4);
      expect(Math.abs(cy - expected[1]!)).toBeLessThan(4);
    },
  );

  it('reads headings set on end over their columns as the last header row', async () => {
    const names = ['Registered voters', 'Ballots cast', 'Jane Doe'];
    const unit = await page([
      // Each heading runs up the page from just above the first row, over its column's middle.
      ...names.map((text, i): PdfText => ({ x: 306 + 50 * i, y: 700, size: 9, text, onEnd: 'up' })),
      ...row(686, 'Alcona', ['963', '439', '55'], [300, 350, 400]),
      ...row(674, 'Caledonia', ['923', '393', '40'], [300, 350, 400]),
      ...row(662, 'Curtis', ['1026', '349', '30'], [300, 350, 400]),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table.headerRows).toBe(1);
    expect(grid(table)).toEqual([
      '1:Registered voters | 2:Ballots cast | 3:Jane Doe',
      '0:Alcona | 1:963 | 2:439 | 3:55',
      '0:Caledonia | 1:923 | 2:393 | 3:40',
      '0:Curtis | 1:1026 | 2:349 | 3:30',
    ]);
  });

  it('reads a register of codes among names, and a total set apart under the rows', async () => {
    const unit = await page([
      ...row(700, 'Code', ['Town', 'Code', 'Place'], [120, 220, 300]),
      ...row(686, '01', ['Aguascalientes', '0094', 'Granja Adelita'], [120, 220, 300]),
      ...row(674, '01', ['Aguascalientes', '0096', 'Agua Azul'], [120, 220, 300]),
      ...row(662, '02', ['Baja California', '0100', 'Rancho Alegre'], [120, 220, 300]),
    ]);
    const register = unit.page!.tables![0]!;
    expect(register.headerRows).toBe(1);
    expect(grid(register)[2]).toBe('0:01 | 1:Aguascalientes | 2:0096 | 3:Agua Azul');

    const totals = await page([
      ...row(700, 'Area', ['2023', '2022']),
      ...row(686, 'North', ['120', '115']),
      ...row(674, 'South', ['45', '41']),
      ...row(662, 'East', ['310', '298']),
      // Set a space apart under the rows, further than the lines of a table usually stand.
      ...row(638, 'Total', ['475', '454']),
    ]);
    expect(grid(totals.page!.tables![0]!).at(-1)).toBe('0:Total | 1:475 | 2:454');
  });

  it('reads a number in a cell as the cell shows it: space thousands one number, dots by the table', async () => {
    const spaced = await page([
      ...row(700, 'Region', ['2023', '2022']),
      ...row(686, 'North', ['98 452', '100 000']),
      ...row(674, 'South', ['15 455', '14 980']),
      ...row(662, 'Total', ['113 907', '114 980']),
      { x: 72, y: 600, size: 10, text: 'In the text, 98 452 stays a reading to confirm.' },
    ]);
    const figures = locateFigures(spaced);
    const inCells = figures.filter((f) => f.position.kind === 'box' && f.position.cell !== undefined);
    expect(inCells.map((f) => [f.raw, f.value, f.ambiguous])).toEqual([
      ['98 452', 98452, false],
      ['100 000', 100000, false],
      ['15 455', 15455, false],
      ['14 980', 14980, false],
      ['113 907', 113907, false],
      ['114 980', 114980, false],
    ]);
    // The same characters outside a table could be two columns' numbers: still ambiguous.
    expect(
      figures.find((f) => f.raw === '98 452' && f.position.kind === 'box' && !f.position.cell),
    ).toMatchObject({
      ambiguous: true,
    });

    // Dot thousands: the table's other cells ("1.234.567", "12,5") show "," is its decimal mark.
    const dotted = await page([
      ...row(700, 'Item', ['Units', 'Share']),
      ...row(686, 'Alpha', ['3.597', '24,1']),
      ...row(674, 'Beta', ['11.265', '75,9']),
      ...row(662, 'Total', ['14.862', '100,0']),
      ...row(650, 'All regions', ['1.234.567', '-']),
    ]);
    const read = (raw: string) => locateFigures(dotted).find((f) => f.raw === raw);
    expect(read('3.597')).toMatchObject({ value: 3597, ambiguous: false });
    expect(read('14.862')).toMatchObject({ value: 14862, ambiguous: false });
    expect(read('24,1')).toMatchObject({ value: 24.1 });
  });

  it('reads a number beside its note mark as the number: "#", "*", "(1)" change nothing', async () => {
    const marked = await page([
      ...row(700, 'Sector', ['2022', '2023']),
      ...row(686, 'Mining', ['# 0.1', '*12.5']),
      ...row(674, 'Fishing', ['12.5*', '(1) 45']),
      ...row(662, 'Farming', ['3.4 [2]', '(59)']),
      ...row(650, 'Total', ['16.0', '57.5']),
    ]);
    const byCell = locateFigures(marked)
      .filter((f) => f.position.kind === 'box' && f.position.cell !== undefined)
      .map((f) => {
        const cell = f.position.kind === 'box' ? f.position.cell! : null;
        return `${cell!.row},${cell!.col}=${f.value}`;
      });
    expect(byCell).toEqual([
      '1,1=0.1',
      '1,2=12.5',
      '2,1=12.5',
      '2,2=45',
      '3,1=3.4',
      // Alone in its cell, a number in brackets is the cell's value: a negative in accounts.
      '3,2=-59',
      '4,1=16',
      '4,2=57.5',
    ]);
  });

  it('reads a ruled table: a label between lines around several rows spans them', async () => {
    // Plan type | County | Plan | Enrolled; "GMC" spans four plans, each county two, drawn as a ruled grid
    // whose labels stand alone, centred between the lines that enclose their rows.
    const top = (r: number) => 691 - 16 * r;
    const plans: [string, string][] = [
      ['Anthem Blue Cross', '164,380'],
      ['Health Net', '126,547'],
      ['Kaiser', '50,415'],
      ['Molina', '206,430'],
      ['Partnership', '36,006'],
      ['Partnership', '28,398'],
    ];
    const texts: PdfText[] = [
      ...[
        ['Plan type', 76],
        ['County', 154],
        ['Plan', 254],
        ['Enrolled', 404],
      ].map(([text, x]) => ({ x: x as number, y: 700, size: 9, text: text as string })),
      ...plans.flatMap(([plan, value], r) => [
        { x: 254, y: top(r) - 11, size: 9, text: plan },
        { x: 404, y: top(r) - 11, size: 9, text: value },
      ]),
      { x: 76, y: 656, size: 9, text: 'GMC' },
      { x: 154, y: 672, size: 9, text: 'Sacramento' },
      { x: 154, y: 640, size: 9, text: 'San Diego' },
      { x: 76, y: 608, size: 9, text: 'COHS' },
      { x: 154, y: top(4) - 11, size: 9, text: 'Marin' },
      { x: 154, y: top(5) - 11, size: 9, text: 'Napa' },
    ];
    const across = (y: number, x0: number, x1: number) => ({ x0, y0: y, x1, y1: y });
    const lines = [
      across(711, 72, 480),
      across(695, 72, 480),
      ...[0, 1, 2, 3, 4, 5, 6].map((k) => across(top(k), 250, 480)),
      ...[top(0), top(2), top(4), top(5), top(6)].map((y) => across(y, 150, 250)),
      ...[top(0), top(4), top(6)].map((y) => across(y, 72, 150)),
      ...[72, 150, 250, 400, 480].map((x) => ({ x0: x, y0: top(6), x1: x, y1: 711 })),
    ];
    const read = async (ruled: boolean) => {
      const result = await reader.read(
        buildPdf([{ width: 612, height: 792, texts, ...(ruled ? { lines } : {}) }]),
        'pdf',
        readOptions({ ocr: 'off' }),
      );
      return result.units[0]!;
    };
    const unit = await read(true);
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({ rows: 7, headerRows: 1, labelCols: 3 });
    const span = (text: string) => table.cells.find((c) => c.text === text);
    expect(span('GMC')).toMatchObject({ row: 1, rowSpan: 4, col: 0 });
    expect(span('Sacramento')).toMatchObject({ row: 1, rowSpan: 2, col: 1 });
    expect(span('San Diego')).toMatchObject({ row: 3, rowSpan: 2, col: 1 });
    expect(span('COHS')).toMatchObject({ row: 5, rowSpan: 2, col: 0 });
    expect(span('Napa')).toMatchObject({ row: 6, rowSpan: 1, col: 1 });
    // Each figure's cell is its plan's row.
    const rowOf = (raw: string) => {
      const figure = locateFigures(unit).find((f) => f.raw === raw);
      return figure?.position.kind === 'box' ? figure.position.cell?.row : undefined;
    };
    expect(plans.map(([, value]) => rowOf(value))).toEqual([1, 2, 3, 4, 5, 6]);
    // A plan's figure reads under every label its row stands in.
    expect(cellHeadings(table, 2, 3)).toEqual({
      labels: ['GMC', 'Sacramento', 'Health Net'],
      headers: ['Enrolled'],
    });

    // The same words without the lines: nothing is made to span.
    const unruled = (await read(false)).page!.tables![0]!;
    expect(unruled.cells.every((c) => c.rowSpan === 1)).toBe(true);
  });

  it('reads a ruled multi-line cell as one cell of its row', async () => {
    const texts: PdfText[] = [
      ...row(700, 'State', ['Dates', 'Stations', 'Persons'], [160, 300, 380]),
      ...row(680, 'Delhi', ['1.12.2009', '8', '3,665'], [160, 300, 380]),
      ...row(656, 'Rajasthan', ['2.12.2009 to', '12', '4,120'], [160, 300, 380]),
      { x: 160, y: 646, size: 9, text: '19.12.2009' },
      ...row(632, 'Gujarat', ['20.12.2009 to', '6', '3,810'], [160, 300, 380]),
      { x: 160, y: 622, size: 9, text: '3.1.2010' },
      ...row(608, 'Total', ['26', '11,595'], [300, 380]),
    ];
    const lines = [711, 691, 667, 643, 619, 595].map((y) => ({ x0: 72, y0: y, x1: 460, y1: y }));
    const read = async (ruled: boolean) =>
      (
        await reader.read(
          buildPdf([{ width: 612, height: 792, texts, ...(ruled ? { lines } : {}) }]),
          'pdf',
          readOptions({ ocr: 'off' }),
        )
      ).units[0]!.page!.tables![0]!;
    expect(grid(await read(true))).toEqual([
      '0:State | 1:Dates | 2:Stations | 3:Persons',
      '0:Delhi | 1:1.12.2009 | 2:8 | 3:3,665',
      '0:Rajasthan | 1:2.12.2009 to 19.12.2009 | 2:12 | 3:4,120',
      '0:Gujarat | 1:20.12.2009 to 3.1.2010 | 2:6 | 3:3,810',
      '0:Total | 2:26 | 3:11,595',
    ]);
    // Without the lines, nothing says the second line is the same row's.
    expect(grid(await read(false))).toContain('1:19.12.2009');
  });

  it('spans a heading over the columns its lines drawn down leave open, under a title above the top line', async () => {
    // Planted area by crop: "HARVEST" over 11/12 and the two months of 12/13, "VARIATION" over two columns.
    // The lines drawn down between the columns start under the headings that span them.
    const xs = [200, 270, 340, 410, 480];
    const texts: PdfText[] = [
      { x: 280, y: 752, size: 9, text: 'Table 1' },
      { x: 240, y: 740, size: 9, text: 'PLANTED AREA ESTIMATE' },
      { x: 480, y: 722, size: 9, text: '(In 1000 ha)' },
      { x: 275, y: 700, size: 9, text: 'HARVEST' },
      { x: 445, y: 700, size: 9, text: 'VARIATION' },
      ...row(686, 'PRODUCTS', ['11/12', '12/13', 'Percentage', 'Absolute'], [200, 330, 410, 480]),
      ...row(672, null, ['May/2013', 'Jun/2013'], [270, 340]),
      ...row(654, 'COTTON', ['1.393,4', '886,7', '894,9', '(35,8)', '(498,5)'], xs),
      ...row(640, 'RICE', ['2.426,7', '2.389,7', '2.396,0', '(1,3)', '(30,7)'], xs),
      ...row(626, 'WHEAT', ['2.166,2', '1.895,4', '1.895,4', '(12,5)', '(270,8)'], xs),
    ];
    const across = (y: number) => ({ x0: 70, y0: y, x1: 540, y1: y });
    const down = (x: number, top: number) => ({ x0: x, y0: 615, x1: x, y1: top });
    const lines = [
      across(714),
      across(666),
      across(615),
      down(195, 714),
      down(265, 697),
      down(335, 683),
      down(405, 714),
      down(475, 697),
    ];
    const read = async (ruled: boolean) =>
      (
        await reader.read(
          buildPdf([{ width: 612, height: 792, texts, ...(ruled ? { lines } : {}) }]),
          'pdf',
          readOptions({ ocr: 'off' }),
        )
      ).units[0]!;
    const unit = await read(true);
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({
      headerRows: 3,
      labelCols: 1,
      title: 'Table 1 PLANTED AREA ESTIMATE',
      notes: ['(In 1000 ha)'],
    });
    expect(grid(table).slice(0, 3)).toEqual([
      '1:HARVEST (×3) | 4:VARIATION (×2)',
      '0:PRODUCTS | 1:11/12 | 2:12/13 (×2) | 4:Percentage | 5:Absolute',
      '2:May/2013 | 3:Jun/2013',
    ]);
    // Each figure reads under every heading over its column; a month heading stays with its own group.
    expect(cellHeadings(table, 3, 3).headers).toEqual(['Jun/2013', '12/13', 'HARVEST']);
    expect(cellHeadings(table, 3, 1).headers).toEqual(['11/12', 'HARVEST']);
    expect(cellHeadings(table, 3, 4).headers).toEqual(['Percentage', 'VARIATION']);
    // The note counts the area in thousands of hectares; a percentage is no area.
    const scaleOf = (raw: string) => locateFigures(unit).find((f) => f.raw === raw)?.scale;
    expect([scaleOf('886,7'), scaleOf('(498,5)'), scaleOf('(35,8)')]).toEqual([1000, 1000, 1]);
    // The same words without the lines: a heading spans no column its words do not reach.
    const unruled = (await read(false)).page!.tables![0]!;
    expect(unruled.cells.find((c) => c.text === 'HARVEST')?.colSpan).toBe(1);
  });

  it('reads a table set in blocks, each under its own copy of the header, by its own block header', async () => {
    const rows = [
      [null, 'Improved operation scenario'],
      ['Volume servers in:', '2007', '2008'],
      ['Server closets', '1,505', '1,580'],
      ['Server rooms', '1,512', '1,586'],
      [null, 'Best practice scenario'],
      // The label column's heading may change from block to block.
      ['Server class', '2007', '2008'],
      ['Server closets', '1,456', '1,439'],
      ['Server rooms', '1,465', '1,472'],
    ] as const;
    const unit = await page([
      {
        x: 72,
        y: 730,
        size: 10,
        text: 'Table A4-12. Projected server electricity use (kWh a year) by space type,',
      },
      { x: 72, y: 718, size: 10, text: 'alternative scenarios, 2007 and 2008' },
      ...rows.flatMap(([label, ...values], i) =>
        label === null ? row(700 - 12 * i, null, values, [320]) : row(700 - 12 * i, label, values),
      ),
    ]);
    const table = unit.page!.tables![0]!;
    // The caption's sentence runs on into its second line.
    expect(table.title).toBe(
      'Table A4-12. Projected server electricity use (kWh a year) by space type, alternative scenarios, 2007 and 2008',
    );
    expect(table).toMatchObject({ rows: 8, headerRows: 2, labelCols: 1 });
    // The second block's heading is one heading across the columns, and it and its copy of the header are
    // header cells.
    expect(grid(table)[4]).toBe('1:Best practice scenario (×2)');
    const headerRowsOf = (t: PageTable) =>
      [...new Set(t.cells.filter((c) => c.header).map((c) => c.row))].sort((a, b) => a - b);
    expect(headerRowsOf(table)).toEqual([0, 1, 4, 5]);
    expect(cellHeadings(table, 6, 1).headers).toEqual(['2007', 'Best practice scenario']);
    expect(cellHeadings(table, 2, 1).headers).toEqual(['2007', 'Improved operation scenario']);
  });

  it('spans a heading centred over two columns, each headed below, and only such a heading', async () => {
    const xs = [250, 300, 370, 420];
    const table = (
      await page([
        { x: 72, y: 730, size: 11, text: 'Table 3. Revenue by segment' },
        // Centred over "Amount | Share": in the gap between them.
        { x: 282, y: 712, size: 9, text: '2019' },
        { x: 402, y: 712, size: 9, text: '2018' },
        ...row(700, 'Segment', ['Amount', 'Share', 'Amount', 'Share'], xs),
        ...row(686, 'Cloud', ['1,234', '50%', '1,100', '48%'], xs),
        ...row(674, 'Devices', ['845', '34%', '910', '40%'], xs),
        ...row(662, 'Ads', ['402', '16%', '288', '12%'], xs),
      ])
    ).page!.tables![0]!;
    expect(grid(table)[0]).toBe('1:2019 (×2) | 3:2018 (×2)');
    expect(cellHeadings(table, 2, 3).headers).toEqual(['Amount', '2018']);
    expect(cellHeadings(table, 2, 2).headers).toEqual(['Share', '2019']);
    // A heading set over its own column heads that column alone.
    const own = (
      await page([
        { x: 300, y: 712, size: 9, text: '2019' },
        { x: 420, y: 712, size: 9, text: '2018' },
        ...row(700, 'Segment', ['Amount', 'Share', 'Amount', 'Share'], xs),
        ...row(686, 'Cloud', ['1,234', '50%', '1,100', '48%'], xs),
        ...row(674, 'Devices', ['845', '34%', '910', '40%'], xs),
      ])
    ).page!.tables![0]!;
    expect(grid(own)[0]).toBe('2:2019 | 4:2018');
    // A period set flush right over the first of its columns, running over the gap to the left, is that
    // column's (its period carries right over the next one).
    const flush = (text: string, right: number) => ({
      x: right - helveticaWidth(text, 9),
      y: 712,
      size: 9,
      text,
    });
    const amounts = (y: number, label: string, values: readonly string[]) =>
      values
        .map((text, i) => ({ x: [330, 390, 480, 540][i]! - helveticaWidth(text, 9), y, size: 9, text }))
        .concat([{ x: 72, y, size: 9, text: label }]);
    const flushed = (
      await page([
        flush('December 31, 2019', 330),
        flush('December 31, 2018', 480),
        ...amounts(700, 'In millions', ['Carrying', 'Fair', 'Carrying', 'Fair']),
        ...amounts(686, 'Term loan', ['474.6', '474.6', '222.2', '222.2']),
        ...amounts(674, 'Senior notes', ['421.9', '450.1', '421.1', '421.2']),
      ])
    ).page!.tables![0]!;
    expect(grid(flushed)[0]).toBe('1:December 31, 2019 | 3:December 31, 2018');
    expect(cellHeadings(flushed, 2, 4).headers).toEqual(['Fair', 'December 31, 2018']);
  });

  it('keeps sections under their headings in one table, under a header above its scale line', async () => {
    const unit = await page([
      { x: 72, y: 740, size: 14, text: 'Key figures' },
      { x: 480, y: 700, size: 9, text: '2016' },
      { x: 72, y: 685, size: 9, text: '(in EUR thousands)' },
      // Rows set far apart, as a report's key figures are: a line and a half between them.
      { x: 72, y: 660, size: 9, text: 'Class A' },
      ...row(638, 'Net asset value', ['5,111'], [480]),
      ...row(616, 'Units outstanding', ['49'], [480]),
      { x: 72, y: 584, size: 9, text: 'Class B' },
      ...row(562, 'Net asset value', ['49,144'], [480]),
      ...row(540, 'Units outstanding', ['471'], [480]),
    ]);
    const tables = unit.page!.tables!;
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(table).toMatchObject({ title: 'Key figures', headerRows: 1, notes: ['(in EUR thousands)'] });
    expect(grid(table)).toEqual([
      '1:2016',
      '0:Class A',
      '0:Net asset value | 1:5,111',
      '0:Units outstanding | 1:49',
      '0:Class B',
      '0:Net asset value | 1:49,144',
      '0:Units outstanding | 1:471',
    ]);
  });

  it('reads two tables on one page apart, numbered in reading order', async () => {
    const unit = await page([
      { x: 72, y: 740, size: 12, text: 'Table 1. Staff' },
      ...row(724, 'Department', ['2023', '2022']),
      ...row(712, 'Finance', ['120', '115']),
      ...row(700, 'Legal', ['45', '41']),
      ...row(688, 'Operations', ['310', '298']),
      {
        x: 72,
        y: 640,
        size: 10,
        text: 'Staff numbers are counted at the end of each year, in full-time posts.',
      },
      {
        x: 72,
        y: 626,
        size: 10,
        text: 'The second table shows spending by the same departments in that time.',
      },
      { x: 72, y: 580, size: 12, text: 'Table 2. Spending' },
      ...row(564, 'Department', ['2023', '2022']),
      ...row(552, 'Finance', ['8.1', '7.9']),
      ...row(540, 'Legal', ['2.4', '2.2']),
      ...row(528, 'Operations', ['19.6', '18.3']),
    ]);
    const tables = unit.page!.tables!;
    expect(tables.map((t) => [t.index, t.title, t.rows, t.headerRows])).toEqual([
      [0, 'Table 1. Staff', 4, 1],
      [1, 'Table 2. Spending', 4, 1],
    ]);
    expect(unit.markdown).toContain('Staff numbers are counted');
  });

  it('reads a long table set in two blocks side by side as one, and two tables side by side as two', async () => {
    // Numbers 1–6 down the left block, 7–10 down the right: one list wrapped, as a register is printed.
    const block = (x: number, from: number, count: number, y0 = 700): PdfText[] =>
      Array.from({ length: count }, (_, k) =>
        row(
          y0 - 12 * k,
          null,
          [String(from + k), String(100 + from + k), String(200 + from + k)],
          [x, x + 40, x + 80],
        ),
      ).flat();
    const wrapped = (await page([...block(72, 1, 6), ...block(320, 7, 4)])).page!.tables!;
    expect(wrapped).toHaveLength(1);
    expect(wrapped[0]).toMatchObject({ rows: 10, cols: 3 });
    expect(grid(wrapped[0]!).slice(5, 7)).toEqual(['0:6 | 1:106 | 2:206', '0:7 | 1:107 | 2:207']);
    // The right block does not go on from the left one, and no heading says they are one: two tables' worth
    // of columns, kept as they stand.
    const apart = (await page([...block(72, 1, 6), ...block(320, 40, 4)])).page!.tables!;
    expect(apart[0]).toMatchObject({ cols: 6 });
  });

  it('parts a heading a space apart under two columns headed apart above it', async () => {
    // "from | from SBI" head two columns; under them "NABARD & Other" is two headings, not one across both.
    const texts = (apartAbove: boolean): PdfText[] => [
      ...(apartAbove
        ? [
            { x: 300, y: 712, size: 9, text: 'from' },
            { x: 350, y: 712, size: 9, text: 'from SBI' },
          ]
        : []),
      { x: 300, y: 700, size: 9, text: 'NABARD' },
      { x: 340, y: 700, size: 9, text: '& Other' },
      ...row(686, 'Kerala', ['1,234.5', '2,345.6'], [300, 350]),
      ...row(674, 'Punjab', ['3,456.7', '4,567.8'], [300, 350]),
      ...row(662, 'Sikkim', ['5,678.9', '6,789.1'], [300, 350]),
    ];
    const apart = (await page(texts(true))).page!.tables![0]!;
    expect(grid(apart).slice(0, 2)).toEqual(['1:from | 2:from SBI', '1:NABARD | 2:& Other']);
    // With nothing above to part them, words a space apart read on as one heading over both.
    const alone = (await page(texts(false))).page!.tables![0]!;
    expect(grid(alone)[0]).toBe('1:NABARD & Other (×2)');
  });

  it('reads a register: the name after a column of codes labels its row', async () => {
    const xs = [72, 110, 300, 380];
    const places: [string, string, string, string][] = [
      ['01', 'Aguascalientes', '0094', '1,204'],
      ['02', 'Baja California', '0096', '3,517'],
      ['03', 'Campeche', '0100', '842'],
      ['04', 'Coahuila', '0102', '2,960'],
    ];
    const unit = await page([
      ...row(700, null, ['Code', 'State', 'Locality', 'Population'], xs),
      ...places.flatMap((values, i) => row(686 - 14 * i, null, values, xs)),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({ rows: 5, cols: 4, headerRows: 1, labelCols: 2 });
    expect(cellHeadings(table, 3, 3)).toEqual({ labels: ['03', 'Campeche'], headers: ['Population'] });
    // A column of numbers that are quantities, not codes, is no label column.
    const counts = await page([
      ...row(700, null, ['Rank', 'State', 'Population'], [72, 110, 300]),
      ...places
        .map(([, name, , value], i) => [String(12 - 3 * i), name, value] as const)
        .flatMap((values, i) => row(686 - 14 * i, null, values, [72, 110, 300])),
    ]);
    expect(counts.page!.tables![0]!.labelCols).toBe(0);
  });

  it("reads a register's identifiers before the name as labels, only under a heading that names them", async () => {
    const xs = [72, 150, 330];
    const register = (heading: string, ids: readonly string[]) =>
      page([
        ...row(700, null, [heading, 'Recipient', 'Amount'], xs),
        ...['Acme Housing Trust', 'Bright Futures', 'City Food Bank', 'Delta Arts'].flatMap((name, i) =>
          row(686 - 12 * i, null, [ids[i]!, name, `${12 + i},500`], xs),
        ),
      ]);
    const ids = ['648765', '82030', '509609', '402986'];
    const named = (await register('Grant no.', ids)).page!.tables![0]!;
    expect(named).toMatchObject({ headerRows: 1, labelCols: 2 });
    expect(cellHeadings(named, 2, 2)).toEqual({ labels: ['82030', 'Bright Futures'], headers: ['Amount'] });
    // Numbers under a heading of quantities, numbers that repeat or are written with separators: figures.
    for (const [heading, values] of [
      ['Households', ids],
      ['Licence number', ['648765', '82030', '648765', '402986']],
      ['Licence number', ['648,765', '82,030', '509,609', '402,986']],
    ] as const)
      expect((await register(heading, values)).page!.tables![0]!.labelCols, heading).toBe(0);

    // After the identifiers, a category repeats; the name that follows tells the records apart, and the
    // details after it are columns under their own headings.
    const wide = [60, 130, 170, 300, 400];
    const records = [
      ['648765', 'AAA', 'Allegiant Air', 'Tulsa', '1,250'],
      ['82030', 'AAA', 'American Airlines', 'Oklahoma City', '1,250'],
      ['509609', 'BAW', 'Blue Belle Saloon', 'Guthrie', '900'],
      ['402986', 'BAW', 'Boston Deli', 'Tulsa', '900'],
    ];
    const licences = (
      await page([
        ...row(700, null, ['Licence number', 'Type', 'Trading name', 'City', 'Fee'], wide),
        ...records.flatMap((values, i) => row(686 - 12 * i, null, values, wide)),
      ])
    ).page!.tables![0]!;
    expect(licences).toMatchObject({ headerRows: 1, labelCols: 3 });
    expect(cellHeadings(licences, 3, 4).labels).toEqual(['509609', 'BAW', 'Blue Belle Saloon']);
  });

  it('reads a register whose columns stand only a space apart, by where each row starts its cells', async () => {
    const size = 8.5;
    const records: [string, string, string, string, string][] = [
      ['648765', 'AAA', 'ALLEGIANT AIR', 'OKLAHOMA CITY', '73159'],
      ['82030', 'AAA', 'AMERICAN AIRLINES', 'TULSA', '74115'],
      ['509609', 'AAA', 'AMERICAN EAGLE', 'OKLAHOMA CITY', '73159'],
      ['79145', 'BAW', 'DELTA AIR LINES', 'OKLAHOMA CITY', '73159'],
      ['625422', 'BAW', 'A SENSU JAPANESE', 'TULSA', '74133'],
      ['464828', 'BAW', 'ADAMOS ROUTE 66', 'CLINTON', '73601'],
    ];
    const heads = ['NUMBER', 'TYPE', 'DBA NAME', 'CITY', 'ZIP'];
    // Each column starts a little over a space after the widest cell before it (each cell drawn on its own,
    // as registers print them); the numbers stand to the right.
    const space = 1.25 * helveticaWidth(' ', size);
    const widths = heads.map((_, c) =>
      Math.max(...[heads[c]!, ...records.map((r) => r[c]!)].map((t) => helveticaWidth(t, size))),
    );
    const starts = widths.map((_, c) => 40 + widths.slice(0, c).reduce((a, w) => a + w + space, 0));
    const text = (x: number, y: number, t: string, c: number): PdfText => ({
      x: c === 0 ? x + widths[0]! - helveticaWidth(t, size) : x,
      y,
      size,
      text: t,
    });
    const unit = await page([
      ...heads.map((t, c) => text(starts[c]!, 700, t, c)),
      ...records.flatMap((r, k) => r.map((t, c) => text(starts[c]!, 688 - 11 * k, t, c))),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({ cols: 5, headerRows: 1, unsure: false });
    expect(grid(table)).toEqual([
      heads.map((t, c) => `${c}:${t}`).join(' | '),
      ...records.map((r) => r.map((t, c) => `${c}:${t}`).join(' | ')),
    ]);
    expect(cellHeadings(table, 6, 4).headers).toEqual(['ZIP']);
    // A column of labels that all begin with the same word is no column of that word.
    const totals = await page([
      ...row(700, null, ['Item', '2023', '2022'], [72, 200, 260]),
      ...['Total revenue', 'Total costs', 'Total staff', 'Total assets'].flatMap((label, k) => [
        { x: 72, y: 688 - 12 * k, size: 9, text: 'Total' },
        { x: 72 + helveticaWidth('Total ', 9), y: 688 - 12 * k, size: 9, text: label.slice(6) },
        ...row(688 - 12 * k, null, [String(100 + k), String(90 + k)], [200, 260]),
      ]),
    ]);
    expect(totals.page!.tables![0]!).toMatchObject({ cols: 3, labelCols: 1 });
  });

  it("labels a register's records by the name that tells them apart, not by their details", async () => {
    const xs = [60, 90, 230, 300, 380, 470];
    const records: [string, string, string, string, string, string][] = [
      ['1', 'Mukand Infotel', 'B', 'Assam', 'Guwahati', '902,418'],
      ['2', 'Edge Telecom', 'B', 'Delhi', 'Shahdara', '11,200'],
      ['3', 'Southern Online', 'B', 'Andhra Pradesh', 'Hyderabad', '214,885'],
      ['4', 'Blaze Net', 'C', 'Gujarat', 'Ahmedabad', '198,770'],
    ];
    const unit = await page([
      ...row(700, null, ['No.', 'Licensee', 'Category', 'Area', 'City', 'Amount'], xs),
      ...records.flatMap((values, i) => row(686 - 14 * i, null, values, xs)),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({ cols: 6, headerRows: 1, labelCols: 2 });
    expect(cellHeadings(table, 3, 5)).toEqual({ labels: ['3', 'Southern Online'], headers: ['Amount'] });
    // Its details are columns under their own headings.
    expect(cellHeadings(table, 3, 3)).toEqual({ labels: ['3', 'Southern Online'], headers: ['Area'] });
  });

  it('reads a table of words (a vote roll) by its alignment alone, and no table in prose in columns', async () => {
    const xs = [40, 200, 340, 470];
    const votes: [string, string, string, string][] = [
      ['ABDALA, Norma', 'Frente Cívico', 'Santiago del Estero', 'AFIRMATIVO'],
      ['ALBRIEU, Oscar', 'Frente para la Victoria', 'Rio Negro', 'AFIRMATIVO'],
      ['ALONSO, María Luz', 'Frente para la Victoria', 'La Pampa', 'NEGATIVO'],
      ['ARENA, Celia', 'Unión Cívica Radical', 'Santa Fe', 'AUSENTE'],
      ['BRILLO, José', 'Movimiento Popular', 'Neuquén', 'AFIRMATIVO'],
    ];
    const unit = await page([
      ...row(720, null, ['Apellido y Nombre', 'Bloque político', 'Provincia'], xs),
      ...votes.flatMap((values, i) => row(700 - 12 * i, null, values, xs)),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({ rows: 6, cols: 4, headerRows: 1, labelCols: 1, unsure: false });
    expect(grid(table)[3]).toBe('0:ALONSO, María Luz | 1:Frente para la Victoria | 2:La Pampa | 3:NEGATIVO');
    expect(cellHeadings(table, 4, 2)).toEqual({ labels: ['ARENA, Celia'], headers: ['Provincia'] });
    // Three columns of prose: pieces of many words, no table.
    const prose = await page(
      Array.from({ length: 8 }, (_, i) =>
        row(
          700 - 12 * i,
          null,
          [
            'the council met on the day to',
            'when members of the public came',
            'and the motion was carried by',
          ],
          [40, 230, 420],
        ),
      ).flat(),
    );
    expect(prose.page?.tables ?? []).toEqual([]);
    // Lines whose pieces do not keep to one column each: alignment is in doubt, no table.
    const ragged = await page([
      ...row(720, null, ['Name', 'Party', 'Vote'], [40, 200, 340]),
      ...row(708, null, ['ABDALA', 'Frente', 'AFIRMATIVO'], [40, 200, 340]),
      ...row(696, null, ['ALBRIEU', 'Frente', 'AFIRMATIVO'], [40, 120, 260]),
      ...row(684, null, ['ALONSO', 'Frente', 'NEGATIVO'], [40, 200, 340]),
    ]);
    expect(ragged.page?.tables ?? []).toEqual([]);
  });

  it('leaves out of labels the first dot of leaders drawn apart, and only when most labels show one', async () => {
    const labels = ['Robbery.', 'Burglary.', 'Arson.', 'Fraud.'];
    const unit = await page([
      ...row(700, 'Offense', ['2023', '2022']),
      ...labels.flatMap((label, k) => row(688 - 12 * k, label, [String(100 + k), String(90 + k)])),
    ]);
    expect(unit.page!.tables![0]!.cells.filter((c) => c.col === 0 && c.row > 0).map((c) => c.text)).toEqual([
      'Robbery',
      'Burglary',
      'Arson',
      'Fraud',
    ]);
    // One label ending in a full stop among others that do not keeps it.
    const one = await page([
      ...row(700, 'Company', ['2023', '2022']),
      ...['Acme Inc.', 'Globex', 'Initech', 'Umbrella'].flatMap((label, k) =>
        row(688 - 12 * k, label, [String(100 + k), String(90 + k)]),
      ),
    ]);
    expect(one.page!.tables![0]!.cells.find((c) => c.row === 1 && c.col === 0)!.text).toBe('Acme Inc.');
  });

  it('finds no table in prose, nor in a list of numbered points', async () => {
    const unit = await page([
      {
        x: 72,
        y: 720,
        size: 10,
        text: 'In 2023 the council spent 1,234 pounds on repairs, up from 1,100 in 2022.',
      },
      {
        x: 72,
        y: 706,
        size: 10,
        text: 'Of the 845 homes inspected, 402 needed work within 30 days of the visit.',
      },
      { x: 72, y: 692, size: 10, text: 'The remaining 443 homes were given until the end of the year.' },
      { x: 72, y: 660, size: 10, text: '1. Repairs are booked within 5 working days.' },
      { x: 72, y: 646, size: 10, text: '2. Inspections follow within 10 working days.' },
    ]);
    expect(unit.page?.tables ?? []).toEqual([]);
    expect(locateFigures(unit).every((f) => f.position.kind !== 'box' || f.position.cell === undefined)).toBe(
      true,
    );
  });

  it('marks a table unsure when two pieces of a row of figures fall in one column', async () => {
    const unit = await page([
      ...row(700, 'Item', ['2023', '2022']),
      ...row(688, 'Alpha', ['10', '12']),
      ...row(676, 'Beta', ['11', '13']),
      // A figure wide enough to run under both columns: the columns no longer hold for the other rows.
      ...row(664, 'Gamma', ['12,345,678,901,234.50']),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table.unsure).toBe(true);
  });
});

describe('pdf reader: rows grouped under a label set once', () => {
  const grouped = (first: string, second: string): PdfText[] => [
    ...row(700, 'Survey', ['Households', 'Group', 'Sample'], [200, 280, 400]),
    ...row(686, 'Blood pressure', ['2,400', first, '1,728'], [200, 280, 400]),
    ...row(674, null, [second, '1,825'], [280, 400]),
    ...row(662, 'Blood glucose', ['2,400', first, '1,640'], [200, 280, 400]),
    ...row(650, null, [second, '1,712'], [280, 400]),
  ];

  it('a label spans its group when a column of words names each of its rows', async () => {
    const unit = await page(grouped('Men', 'Women'));
    const table = unit.page!.tables![0]!;
    expect(table.labelCols).toBe(1);
    expect(table.cells.find((c) => c.text === 'Blood pressure')).toMatchObject({ row: 1, rowSpan: 2 });
    expect(table.cells.find((c) => c.text === 'Blood glucose')).toMatchObject({ row: 3, rowSpan: 2 });
    expect(cellHeadings(table, 2, 3).labels).toEqual(['Blood pressure', 'Women']);
    expect(cellHeadings(table, 3, 3).labels).toEqual(['Blood glucose', 'Men']);
  });

  it('a column of words next to the label becomes a label column of its own', async () => {
    const unit = await page([
      ...row(700, 'Survey', ['Group', 'Sample'], [200, 300]),
      ...row(686, 'Blood pressure', ['Men', '1,728'], [200, 300]),
      ...row(674, null, ['Women', '1,825'], [200, 300]),
      ...row(662, 'Blood glucose', ['Men', '1,640'], [200, 300]),
      ...row(650, null, ['Women', '1,712'], [200, 300]),
    ]);
    const table = unit.page!.tables![0]!;
    expect(table.labelCols).toBe(2);
    expect(cellHeadings(table, 4, 2).labels).toEqual(['Blood glucose', 'Women']);
  });

  it('without words telling the rows apart, a blank first cell is left blank', async () => {
    const unit = await page(grouped('12', '13'));
    const table = unit.page!.tables![0]!;
    expect(table.labelCols).toBe(0);
    expect(table.cells.every((c) => c.rowSpan === 1)).toBe(true);
  });
});

describe('pdf reader: row labels set in under the label they belong to', () => {
  const regions = (inset: number, x = (i: number) => (i % 3 === 0 ? 72 : 72 + inset)): PdfText[] => [
    ...row(700, 'Region', ['2023', '2022']),
    ...(
      [
        ['Net sales', []],
        ['United States', ['1,234', '1,100']],
        ['International', ['800', '700']],
        ['Operating income', []],
        ['United States', ['310', '290']],
        ['International', ['800', '150']],
      ] as const
    ).flatMap(([label, values], i) => [
      { x: x(i), y: 686 - 12 * i, size: 9, text: label },
      ...row(686 - 12 * i, null, values),
    ]),
  ];

  it('a label set in belongs to the nearest label above at the margin', async () => {
    const table = (await page(regions(10))).page!.tables![0]!;
    expect(table.cells.filter((c) => c.indent === 1).map((c) => c.row)).toEqual([2, 3, 5, 6]);
    expect(cellHeadings(table, 2, 1).labels).toEqual(['Net sales', 'United States']);
    expect(cellHeadings(table, 6, 1).labels).toEqual(['Operating income', 'International']);
    expect(cellHeadings(table, 1, 0).labels).toEqual(['Net sales']);
  });

  it('labels a point apart, right-aligned, or starting set in are not read as set in', async () => {
    expect((await page(regions(1))).page!.tables![0]!.cells.some((c) => c.indent)).toBe(false);
    const outdented = (await page(regions(0, (i) => (i % 3 === 0 ? 82 : 72)))).page!.tables![0]!;
    expect(outdented.cells.some((c) => c.indent)).toBe(false);
    const rightAligned: PdfText[] = [
      ...row(700, 'Region', ['2023', '2022']),
      ...['North', 'South-east', 'West'].flatMap((label, i) => [
        { x: 160 - helveticaWidth(label, 9), y: 686 - 12 * i, size: 9, text: label },
        ...row(686 - 12 * i, null, ['1,234', '1,100']),
      ]),
    ];
    expect((await page(rightAligned)).page!.tables![0]!.cells.some((c) => c.indent)).toBe(false);
  });
});
