import { describe, expect, it } from 'vitest';
import { locateFigures } from '../../../../service/extract/figures';
import { reader } from '../../../../service/extract/readers/pdf';
import type { ReadUnit } from '../../../../service/extract/types';
import { buildPdf, type PdfText } from '../fixtures/pdf';
import { readOptions } from './helpers';

// Pages read as a person reads them: columns of prose one after the other (a title or a caption across
// them where it stands), a table's rows kept as rows, and words hyphenated across a line end joined.

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

/** Lines of prose, each a numbered sentence fragment: "left 3 of the budget review", set from `top` down. */
function column(name: string, x: number, top: number, count: number, leading = 12, size = 10): PdfText[] {
  return Array.from({ length: count }, (_, i) => ({
    x,
    y: top - i * leading,
    size,
    text: `${name} line ${i + 1} reads on into the next`,
  }));
}

/** The numbers of `name`'s lines in the order the text gives them. */
function order(text: string, name: string): number[] {
  return [...text.matchAll(new RegExp(`${name} line (\\d+)`, 'g'))].map((m) => Number(m[1]));
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('pdf reader: reading order', () => {
  it('reads two columns one after the other, under a title across them and before a footnote', async () => {
    const u = await page([
      { x: 72, y: 740, size: 16, text: 'District spending review' },
      ...column('left', 72, 700, 20),
      ...column('right', 320, 700, 20),
      { x: 72, y: 80, size: 7, text: 'Footnote: figures are provisional and may be revised' },
    ]);
    expect(order(u.markdown, 'left')).toEqual(range(20));
    expect(order(u.markdown, 'right')).toEqual(range(20));
    const at = (s: string) => u.markdown.indexOf(s);
    expect(at('District spending review')).toBeLessThan(at('left line 1 '));
    expect(at('left line 20 ')).toBeLessThan(at('right line 1 '));
    expect(at('right line 20 ')).toBeLessThan(at('Footnote'));
  });

  it('reads columns whose baselines are out of step, and three columns', async () => {
    const offset = await page([...column('left', 72, 720, 24, 12), ...column('right', 320, 714, 20, 14)]);
    expect(order(offset.markdown, 'left')).toEqual(range(24));
    expect(order(offset.markdown, 'right')).toEqual(range(20));
    expect(offset.markdown.indexOf('left line 24 ')).toBeLessThan(offset.markdown.indexOf('right line 1 '));
    const three = await page([
      ...column('one', 54, 720, 15, 10, 8),
      ...column('two', 232, 720, 15, 10, 8),
      ...column('three', 410, 720, 15, 10, 8),
    ]);
    const at = (s: string) => three.markdown.indexOf(s);
    expect(at('one line 15 ')).toBeLessThan(at('two line 1 '));
    expect(at('two line 15 ')).toBeLessThan(at('three line 1 '));
  });

  it('reads a caption across the columns between the two bands of columns it divides', async () => {
    const u = await page([
      ...column('upper left', 72, 720, 8),
      ...column('upper right', 320, 720, 8),
      { x: 72, y: 600, size: 10, text: 'Figure 2: a caption set across both columns of the page' },
      ...column('lower left', 72, 570, 8),
      ...column('lower right', 320, 570, 8),
    ]);
    const at = (s: string) => u.markdown.indexOf(s);
    expect(at('upper left line 8 ')).toBeLessThan(at('upper right line 1 '));
    expect(at('upper right line 8 ')).toBeLessThan(at('Figure 2'));
    expect(at('Figure 2')).toBeLessThan(at('lower left line 1 '));
    expect(at('lower left line 8 ')).toBeLessThan(at('lower right line 1 '));
  });

  it('keeps a table row on one line, between columns of prose and with aligned columns of its own', async () => {
    const rows = [
      ['Texas', '56,941', '51,670', '12,004'],
      ['Ohio', '12,004', '9,851', '3,110'],
      ['Maine', '2,120', '3,410', '890'],
      ['Utah', '8,200', '7,950', '1,205'],
      ['Iowa', '4,410', '5,020', '960'],
    ];
    const table: PdfText[] = rows.flatMap((row, r) =>
      row.map((text, c) => ({ x: [72, 260, 360, 460][c]!, y: 540 - r * 14, size: 10, text })),
    );
    const u = await page([...column('left', 72, 720, 10), ...column('right', 320, 720, 10), ...table]);
    for (const row of rows) expect(u.markdown.split('\n')).toContain(row.join(' '));
    // A figure in the table keeps its row label: the text before it on its line.
    const line = u.markdown.split('\n').find((l) => l.includes('56,941'));
    expect(line?.startsWith('Texas 56,941')).toBe(true);
  });

  it('keeps a register of names set in repeated values row by row, and reads a list set in two columns down', async () => {
    const parties = ['Frente para la Victoria', 'Union Civica Radical', 'Frente Civico'];
    const register: PdfText[] = Array.from({ length: 12 }, (_, r) => [
      { x: 60, y: 700 - r * 12, size: 9, text: `NAME${String.fromCharCode(65 + r)}, Maria Luz` },
      { x: 240, y: 700 - r * 12, size: 9, text: parties[r % 3]! },
      { x: 420, y: 700 - r * 12, size: 9, text: 'AFIRMATIVO' },
    ]).flat();
    const table = await page(register);
    expect(table.markdown).toContain('NAMEA, Maria Luz Frente para la Victoria AFIRMATIVO');
    const names = (side: string) =>
      Array.from({ length: 12 }, (_, r) => ({
        x: side === 'a' ? 72 : 320,
        y: 700 - r * 12,
        size: 9,
        text: `Person ${side}${r + 1}, University of Place ${side}${r + 1}`,
      }));
    const list = await page([...names('a'), ...names('b')]);
    expect(list.markdown.indexOf('Person a12,')).toBeLessThan(list.markdown.indexOf('Person b1,'));
  });
});

describe('pdf reader: words across a line end', () => {
  it('joins a word hyphenated across a line end, its span still on both lines’ glyphs', async () => {
    const u = await page([
      { x: 72, y: 700, size: 12, text: 'The budget was opti-' },
      { x: 72, y: 686, size: 12, text: 'mized in 2024 to 1,234 units' },
      { x: 72, y: 672, size: 12, text: 'Long-' },
      { x: 72, y: 658, size: 12, text: 'Term plans stay as written' },
    ]);
    expect(u.markdown).toContain('The budget was optimized in 2024');
    // A capital after the hyphen is not a word broken in two.
    expect(u.markdown).toContain('Long-\nTerm plans');
    const start = u.markdown.indexOf('optimized');
    const runs = (u.runs ?? []).filter((r) => r.start < start + 9 && r.end > start);
    expect(runs).toHaveLength(2);
    const [first, second] = runs;
    expect(u.markdown.slice(first!.start, first!.end)).toBe('The budget was opti');
    expect(first!.y).toBeLessThan(second!.y);
    // Figures after the join keep their own boxes.
    const figure = locateFigures(u).find((f) => f.raw === '1,234');
    expect(figure?.position.kind).toBe('box');
  });
});
