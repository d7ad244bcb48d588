import { describe, expect, it } from 'vitest';
import type { PageTable } from '../../../../shared/api';
import { cellHeadings } from '../../../../shared/structure';
import { reader } from '../../../../service/extract/readers/pdf';
import { locateFigures } from '../../../../service/extract/figures';
import type { ReadUnit } from '../../../../service/extract/types';
import { buildPdf, type PdfPage, type PdfText } from '../fixtures/pdf';
import { readOptions } from './helpers';

// Tables drawn as a grid of lines: the lines say where each cell is, which cells span rows or columns and
// which words are one cell; shading is no grid, and a frame that does not part a table's columns is left
// to the reading by alignment.

type Line = NonNullable<PdfPage['lines']>[number];
const across = (y: number, x0: number, x1: number): Line => ({ x0, y0: y, x1, y1: y });
const down = (x: number, y0: number, y1: number): Line => ({ x0: x, y0, x1: x, y1 });

async function read(page: Omit<PdfPage, 'width' | 'height'>): Promise<ReadUnit> {
  const result = await reader.read(
    buildPdf([{ width: 612, height: 792, ...page }]),
    'pdf',
    readOptions({ ocr: 'off' }),
  );
  const unit = result.units[0];
  if (!unit) throw new Error('no page read');
  return unit;
}

/** The grid as text, row by row: "col:text", with "(×n)" across columns and "(↓n)" down rows. */
function grid(table: PageTable): string[] {
  const out: string[] = [];
  for (let r = 0; r < table.rows; r++) {
    const cells = table.cells
      .filter((c) => c.row === r)
      .sort((a, b) => a.col - b.col)
      .map(
        (c) =>
          `${c.col}:${c.text}${c.colSpan > 1 ? ` (×${c.colSpan})` : ''}${c.rowSpan > 1 ? ` (↓${c.rowSpan})` : ''}`,
      );
    out.push(cells.join(' | '));
  }
  return out;
}

const text = (x: number, y: number, t: string, size = 9): PdfText => ({ x, y, size, text: t });

/** Region | Sales (2022, 2023) | Share of sales, drawn as a grid with its spans left open. */
function salesGrid(): { texts: PdfText[]; lines: Line[] } {
  const xs = [72, 200, 280, 360, 440];
  // Band edges, top down: two header bands, three body rows, a taller row for a label on two lines, a total.
  const ys = [700, 684, 668, 652, 636, 612, 596];
  const texts: PdfText[] = [
    text(76, 680, 'Region'),
    text(204, 690, 'Sales'),
    text(204, 673, '2022'),
    text(284, 673, '2023'),
    text(364, 690, 'Share of'),
    text(364, 673, 'sales'),
    ...[
      ['North', '1,200', '1,350', '41%'],
      ['South', '980', '1,010', '31%'],
    ].flatMap((cells, k) => cells.map((t, c) => text(xs[c]! + 4, ys[2 + k]! - 12, t))),
    text(76, 626, 'East and'),
    text(76, 616, 'islands'),
    text(204, 620, '700'),
    text(284, 620, '890'),
    text(364, 620, '28%'),
    ...['Total', '2,880', '3,250', '100%'].map((t, c) => text(xs[c]! + 4, 600, t)),
  ];
  const lines: Line[] = [
    across(700, 72, 440),
    // Under "Sales" only: "Region" and "Share of sales" run down both header bands.
    across(684, 200, 360),
    ...ys.slice(2).map((y) => across(y, 72, 440)),
    down(72, 596, 700),
    down(440, 596, 700),
    down(200, 596, 700),
    down(360, 596, 700),
    // Between 2022 and 2023, not through "Sales" above them.
    down(280, 596, 684),
  ];
  return { texts, lines };
}

describe('pdf reader: tables drawn as grids of lines', () => {
  it('reads cells spanning columns and rows where a border is left out, and a cell over two lines', async () => {
    const { texts, lines } = salesGrid();
    const unit = await read({ texts, lines });
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({ rows: 6, cols: 4, headerRows: 2, labelCols: 1, unsure: false });
    expect(grid(table)).toEqual([
      '0:Region (↓2) | 1:Sales (×2) | 3:Share of sales (↓2)',
      '1:2022 | 2:2023',
      '0:North | 1:1,200 | 2:1,350 | 3:41%',
      '0:South | 1:980 | 2:1,010 | 3:31%',
      '0:East and islands | 1:700 | 2:890 | 3:28%',
      '0:Total | 1:2,880 | 2:3,250 | 3:100%',
    ]);
    expect(cellHeadings(table, 2, 2)).toEqual({ labels: ['North'], headers: ['2023', 'Sales'] });
    expect(cellHeadings(table, 4, 3)).toEqual({ labels: ['East and islands'], headers: ['Share of sales'] });
    const figure = locateFigures(unit).find((f) => f.raw === '1,350');
    expect(figure?.position.kind === 'box' ? figure.position.cell : null).toMatchObject({
      table: 0,
      row: 2,
      col: 2,
    });
  });

  it('takes shaded cells for no grid: the table reads as without the shading', async () => {
    const texts: PdfText[] = [
      text(300, 700, '2022'),
      text(380, 700, '2023'),
      ...[
        ['North', '1,200', '1,350'],
        ['South', '980', '1,010'],
        ['East', '700', '890'],
        ['West', '410', '455'],
      ].flatMap(([label, a, b], k) => [
        text(72, 684 - 14 * k, label!),
        text(300, 684 - 14 * k, a!),
        text(380, 684 - 14 * k, b!),
      ]),
    ];
    // Each cell of the first two rows shaded on its own: the shading's edges meet as a grid would.
    const shades = [0, 1].flatMap((k) =>
      [
        [68, 290],
        [290, 370],
        [370, 440],
      ].map(([x0, x1]) => ({ x: x0!, y: 680 - 14 * k, width: x1! - x0!, height: 14 })),
    );
    const plain = (await read({ texts })).page!.tables![0]!;
    const shaded = (await read({ texts, shades })).page!.tables![0]!;
    expect(grid(shaded)).toEqual(grid(plain));
    expect(shaded).toMatchObject({ rows: 5, cols: 3, headerRows: 1, labelCols: 1 });
  });

  it('takes row labels set left of the frame, and a totals box under it, as the grid’s own', async () => {
    const xs = [150, 230, 310];
    const ys = [700, 684, 668, 652];
    const texts: PdfText[] = [
      text(154, 690, 'Votes'),
      text(234, 690, 'Seats'),
      ...[
        ['Alcona', '963', '4'],
        ['Curtis', '1,026', '5'],
      ].flatMap(([label, a, b], k) => [
        text(72, ys[1 + k]! - 12, label!),
        text(154, ys[1 + k]! - 12, a!),
        text(234, ys[1 + k]! - 12, b!),
      ]),
      // The totals box stands 6 points under the frame.
      text(72, 634, 'Totals'),
      text(154, 634, '1,989'),
      text(234, 634, '9'),
    ];
    const lines: Line[] = [
      ...ys.map((y) => across(y, 150, 310)),
      ...xs.map((x) => down(x, 652, 700)),
      across(646, 150, 310),
      across(630, 150, 310),
      ...xs.map((x) => down(x, 630, 646)),
    ];
    const table = (await read({ texts, lines })).page!.tables![0]!;
    expect(grid(table)).toEqual([
      '1:Votes | 2:Seats',
      '0:Alcona | 1:963 | 2:4',
      '0:Curtis | 1:1,026 | 2:5',
      '0:Totals | 1:1,989 | 2:9',
    ]);
    expect(table).toMatchObject({ headerRows: 1, labelCols: 1 });
  });

  it('reads no table in a box of paragraphs divided by a line', async () => {
    // Two columns of sentences over two lines each, and a column of totals: a box of facts, not a table.
    const sentence = (x: number, y: number, n: number): PdfText[] => [
      text(x, y, `The council spent ${n} million on roads this`, 6),
      text(x, y - 8, 'year, more than it planned in the spring budget.', 6),
    ];
    const texts: PdfText[] = [
      text(76, 690, 'Key facts'),
      text(264, 690, 'What changed'),
      text(454, 690, 'Total'),
      ...[0, 1, 2].flatMap((k) => [
        ...sentence(76, 672 - 24 * k, 10 + k),
        ...sentence(264, 672 - 24 * k, 20 + k),
        text(454, 668 - 24 * k, `${30 + k}`),
      ]),
    ];
    const lines: Line[] = [
      across(702, 72, 500),
      across(684, 72, 500),
      ...[0, 1, 2].map((k) => across(660 - 24 * k, 72, 500)),
      down(72, 612, 702),
      down(260, 612, 702),
      down(450, 612, 702),
      down(500, 612, 702),
    ];
    const tables = (await read({ texts, lines })).page?.tables ?? [];
    expect(tables.some((t) => t.cells.some((c) => c.text.includes('The council spent')))).toBe(false);
  });

  it('leaves a frame that does not part the columns (two figures in one cell) to the reading by alignment', async () => {
    const texts: PdfText[] = [
      text(300, 700, '2022'),
      text(380, 700, '2023'),
      ...[
        ['North', '1,200', '1,350'],
        ['South', '980', '1,010'],
        ['East', '700', '890'],
      ].flatMap(([label, a, b], k) => [
        text(72, 684 - 14 * k, label!),
        text(300, 684 - 14 * k, a!),
        text(380, 684 - 14 * k, b!),
      ]),
    ];
    // A box round the table, a line under its header and one between the labels and the figures.
    const lines: Line[] = [
      across(712, 68, 440),
      across(694, 68, 440),
      across(650, 68, 440),
      down(68, 650, 712),
      down(200, 650, 712),
      down(440, 650, 712),
    ];
    const boxed = (await read({ texts, lines })).page!.tables![0]!;
    expect(grid(boxed)).toEqual(grid((await read({ texts })).page!.tables![0]!));
    expect(boxed).toMatchObject({ cols: 3, headerRows: 1 });
  });
});
