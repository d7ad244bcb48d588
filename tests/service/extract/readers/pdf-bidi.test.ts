import { describe, expect, it } from 'vitest';
import {
  itemsInReadingOrder,
  joinRightToLeft,
  readsRightToLeft,
  type Positioned,
} from '../../../../service/extract/readers/pdf-bidi';
import { reader } from '../../../../service/extract/readers/pdf';
import { wordApart } from '../../../../service/extract/readers/pdf-text';
import { locateFigures } from '../../../../service/extract/figures';
import { cellHeadings } from '../../../../shared/structure';
import { buildPdf, type PdfText } from '../fixtures/pdf';
import { readOptions } from './helpers';

// Right-to-left text: a page's Hebrew letters, each drawn on its own right to left, read as the words they
// make; a line in Hebrew read from its right; a table whose labels stand at its right numbered as it reads.

/** Letters of `word` as items drawn right to left from `right`, 3 points apart; words 6 points apart. */
function drawnRightToLeft(right: number, text: string): Positioned[] {
  const out: Positioned[] = [];
  let x = right;
  for (const letter of text) {
    x -= letter === ' ' ? 3 : 0;
    if (letter === ' ') continue;
    out.push({ text: letter, x0: x - 2.5, x1: x });
    x -= 3;
  }
  return out.sort((a, b) => a.x0 - b.x0);
}

const spaced = (l: Positioned, r: Positioned) => r.x0 - l.x1 > 1.35;
const apart = (l: Positioned, r: Positioned) => r.x0 - l.x1 > 10;
const merge = (run: readonly Positioned[], text: string): Positioned => ({
  text,
  x0: Math.min(...run.map((p) => p.x0)),
  x1: Math.max(...run.map((p) => p.x1)),
});
const join = (items: readonly Positioned[]) => joinRightToLeft(items, merge, spaced, apart);

/** Hebrew or Arabic text drawn right to left from `right` on baseline `y`, one letter an item, as PdfText. */
const hebrew = (right: number, y: number, text: string): PdfText[] =>
  drawnRightToLeft(right, text).map((p) => ({ x: p.x0, y, size: 9, text: p.text, font: 'mapped' as const }));

/** The columns of figures of the Hebrew tables below, at the left of the page. */
const COLS = [100, 160, 220];

/**
 * A Hebrew statistical table's rows from baseline `top` down, `pitch` apart: its labels at the right, three
 * columns of figures at the left (as Israel's Bank publishes it).
 */
const hebrewRows = (top: number, pitch: number): PdfText[] =>
  [
    ['סך הכל', '2.6', '3.2', '3.0'],
    ['הסקטור העסקי', '2.5', '3.4', '2.9'],
    ['בינוי', '-1.7', '1.3', '6.8'],
  ].flatMap(([label, ...values], k) => [
    ...hebrew(400, top - pitch * k, label!),
    ...values.map((t, c) => ({ x: COLS[c]!, y: top - pitch * k, size: 9, text: t! })),
  ]);

describe('right-to-left text on a PDF page', () => {
  it('reads letters drawn right to left as the words they make, a line in Hebrew from its right', () => {
    const label = drawnRightToLeft(300, 'סך הכל');
    const numbers: Positioned[] = [
      { text: '2.6', x0: 100, x1: 110 },
      { text: '1.9', x0: 160, x1: 170 },
    ];
    const line = [...numbers, ...label].sort((a, b) => a.x0 - b.x0);
    expect(join(line).map((i) => i.text)).toEqual(['2.6', '1.9', 'סך הכל']);
    // Read from the right: the label, then the numbers as they stand from right to left.
    expect(
      itemsInReadingOrder(line)
        .map((i) => i.text)
        .join(''),
    ).toBe('סךהכל1.92.6');
    expect(readsRightToLeft('סך הכל 1.9 2.6')).toBe(true);
    expect(readsRightToLeft('Revenue סך 12')).toBe(false);
  });

  it('keeps a ligature drawn with no width inside its word ("תעשייה", not "תעש יי ה")', () => {
    // As a statistics office's PDF draws it: the double yod one item 0.1 points wide, in 7.2-point type.
    const size = 7.2;
    const items = [
      { text: '(', x0: 416.6, x1: 419, size },
      { text: 'ה', x0: 421, x1: 425.3, size },
      { text: 'יי', x0: 427, x1: 427.1, size },
      { text: 'ש', x0: 428.6, x1: 433.6, size },
      { text: 'ע', x0: 433.7, x1: 437.5, size },
      { text: 'ת', x0: 437.5, x1: 442.1, size },
    ];
    const joined = joinRightToLeft(
      items,
      (run, text) => ({ ...merge(run, text), size }),
      (l, r) => wordApart(l, r, r.x0 - l.x1),
      apart,
    );
    expect(joined.map((i) => i.text)).toEqual(['תעשייה (']);
    // Letters whose widths are known still part at a gap a fifth of their size.
    expect(wordApart(items[0]!, items[1]!, 2)).toBe(true);
    expect(wordApart(items[3]!, items[4]!, 2)).toBe(true);
  });

  it('keeps the letters of one glyph in their order: the lam-alef ligature reads "لا", not "ال"', () => {
    // "ولاية" drawn right to left, its lam-alef one glyph the reader gives as two letters at one place.
    const glyph = { x0: 252.5, x1: 256 };
    const items: Positioned[] = [
      { text: 'ة', x0: 243.9, x1: 249 },
      { text: 'ي', x0: 249.1, x1: 252.4 },
      { text: 'ل', ...glyph },
      { text: 'ا', ...glyph },
      { text: 'و', x0: 256.1, x1: 260 },
    ];
    expect(join(items).map((i) => i.text)).toEqual(['ولاية']);
    expect(
      itemsInReadingOrder(items)
        .map((i) => i.text)
        .join(''),
    ).toBe('ولاية');
    // Two letters side by side are turned round as any two are.
    const apartLetters = items.map((i, k) =>
      k === 3 ? { ...i, x0: 256.1, x1: 259 } : k === 4 ? { ...i, x0: 259.1, x1: 262 } : i,
    );
    expect(join(apartLetters).map((i) => i.text)).toEqual(['والية']);
  });

  it('reads a Latin name inside an Arabic sentence left to right, in its place in the sentence', () => {
    // "اسمي Jeremy في الانجليزية": the Arabic words drawn right to left, the name one item between them.
    const before = drawnRightToLeft(300, 'اسمي');
    const after = drawnRightToLeft(250, 'في الانجليزية');
    const name: Positioned[] = [
      { text: 'Jer', x0: 257, x1: 272 },
      { text: 'emy', x0: 272.2, x1: 286 },
    ];
    const line = [...after, ...name, ...before].sort((a, b) => a.x0 - b.x0);
    expect(join(line).map((i) => i.text)).toEqual(['اسمي Jeremy في الانجليزية']);
    // A number beside the Latin words reads left to right with them: "דוח 2019 Q1 שנתי".
    const q1: Positioned[] = [
      { text: '2019', x0: 257, x1: 275 },
      { text: 'Q1', x0: 277, x1: 286 },
    ];
    const report = [...drawnRightToLeft(250, 'שנתי'), ...q1, ...drawnRightToLeft(300, 'דוח')].sort(
      (a, b) => a.x0 - b.x0,
    );
    expect(join(report).map((i) => i.text)).toEqual(['דוח 2019 Q1 שנתי']);
    // Set a cell's gap apart, the name is no part of the Arabic cells beside it.
    const far = name.map((i) => ({ ...i, x0: i.x0 - 40, x1: i.x1 - 40 }));
    const cells = [...drawnRightToLeft(180, 'في'), ...far, ...before].sort((a, b) => a.x0 - b.x0);
    expect(join(cells).map((i) => i.text)).toEqual(['في', 'Jer', 'emy', 'اسمي']);
  });

  it('keeps brackets and a close note number inside a right-to-left label, Latin runs left to right', () => {
    // "לנפש(2)" drawn right to left: the letters, then "(", "2", ")" towards the left.
    const label = drawnRightToLeft(300, 'לנפש');
    const x = label[0]!.x0;
    const marks: Positioned[] = [
      { text: '(', x0: x - 2.6, x1: x - 0.5 },
      { text: '2', x0: x - 5.2, x1: x - 2.7 },
      { text: ')', x0: x - 7.8, x1: x - 5.3 },
    ];
    expect(join([...marks, ...label].sort((a, b) => a.x0 - b.x0)).map((i) => i.text)).toEqual(['לנפש(2)']);
    // On a left-to-right line a Hebrew name keeps its letters in order and the line reads left to right.
    const name = drawnRightToLeft(200, 'שלום');
    const line = [{ text: 'Bank', x0: 100, x1: 120 }, ...name, { text: 'Ltd', x0: 220, x1: 235 }];
    expect(
      itemsInReadingOrder(line)
        .map((i) => i.text)
        .join(''),
    ).toBe('BankשלוםLtd');
  });

  it('numbers the columns of a Hebrew table from the right, its labels first, and reads its text in order', async () => {
    // Years over the three columns of figures.
    const texts: PdfText[] = [
      // The years stand in a box of their own, further above the rows than the rows are apart.
      ...['2014', '2013', '2012'].map((t, c) => ({ x: COLS[c]!, y: 714, size: 9, text: t })),
      ...hebrewRows(684, 14),
    ];
    const result = await reader.read(
      buildPdf([{ width: 612, height: 792, texts }]),
      'pdf',
      readOptions({ ocr: 'off' }),
    );
    const unit = result.units[0]!;
    expect(unit.markdown).toContain('סך הכל 3.0 3.2 2.6');
    expect(unit.markdown).toContain('הסקטור העסקי 2.9 3.4 2.5');
    const table = unit.page!.tables![0]!;
    expect(table).toMatchObject({ rightToLeft: true, labelCols: 1, headerRows: 1, cols: 4 });
    const at = (row: number, col: number) => table.cells.find((c) => c.row === row && c.col === col)?.text;
    expect([at(1, 0), at(1, 1), at(1, 3)]).toEqual(['סך הכל', '3.0', '2.6']);
    expect(cellHeadings(table, 2, 3)).toEqual({ labels: ['הסקטור העסקי'], headers: ['2014'] });
    // The figure 2.5 knows its cell: the Hebrew label's row, the 2014 column (the leftmost on the page).
    const figure = locateFigures(unit).find((f) => f.raw === '2.5');
    expect(figure?.position.kind === 'box' ? figure.position.cell : null).toMatchObject({ row: 2, col: 3 });
  });

  it('reads a heading wrapped over two lines whole in a Hebrew table, numbered from the right', async () => {
    const texts: PdfText[] = [
      // Each heading in two lines over its column: "תוצר" over "גולמי" (gross output) at the left.
      ...['תוצר', 'רווח', 'תוצר'].flatMap((t, c) => hebrew(COLS[c]! + 16, 710, t)),
      ...['גולמי', 'גולמי', 'נקי'].flatMap((t, c) => hebrew(COLS[c]! + 16, 699, t)),
      ...hebrewRows(684, 12),
    ];
    const result = await reader.read(
      buildPdf([{ width: 612, height: 792, texts }]),
      'pdf',
      readOptions({ ocr: 'off' }),
    );
    const table = result.units[0]!.page!.tables![0]!;
    expect(table).toMatchObject({ rightToLeft: true, labelCols: 1, headerRows: 2 });
    // Column 3 is the leftmost on the page, column 1 the nearest the labels.
    expect(cellHeadings(table, 4, 3)).toEqual({ labels: ['בינוי'], headers: ['תוצר גולמי'] });
    expect(cellHeadings(table, 4, 1)).toEqual({ labels: ['בינוי'], headers: ['תוצר נקי'] });
  });
});
