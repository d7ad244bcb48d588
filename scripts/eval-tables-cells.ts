/**
 * The cell model `npm run eval:tables` compares in: a grid of cells with spans (an expected table is a grid of
 * 1×1 cells; one of ours keeps its spans), the texts of both cleaned alike, and whether a cell holds a number.
 */
import { findFigures } from '../shared/figures';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GridCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  box?: Box;
}

/** A table as rows × cols slots, each slot naming the cell that covers it (a spanning cell covers several). */
export interface Grid {
  rows: number;
  cols: number;
  cells: GridCell[];
  /** `slots[row][col]`: index into `cells` of the cell covering the slot, or -1. */
  slots: number[][];
}

/** The fields of a table of ours (shared/api `PageTable`) the measures read. */
export interface OurTable {
  index: number;
  box: Box;
  rows: number;
  cols: number;
  headerRows: number;
  labelCols: number;
  unsure: boolean;
  /** Its columns are numbered from the right, as it reads (a Hebrew or Arabic table). */
  rightToLeft?: true;
  cells: readonly { row: number; col: number; rowSpan: number; colSpan: number; text: string; box: Box }[];
}

/** Whitespace (line breaks and no-break spaces too) collapsed to one space, trimmed; case kept. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Every whitespace character removed: how the table competition's structure metric compares cell texts. */
export function squeeze(text: string): string {
  return text.replace(/\s+/gu, '');
}

// Dot leaders ("Total . . . . . . 11,062.6") join a row label to its numbers; they are no part of the label,
// and one reader keeps them where another drops them.
const LEADERS = /(?:\s*\.){3,}/gu;

/** Arabic presentation forms: the codes of the glyphs drawn, which a tool writes in the order drawn. */
const PRESENTATION = /[\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const RTL_LETTERS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/gu;
/** A stretch that reads left to right: Latin letters and digits, with the blanks and marks between them. */
const LEFT_TO_RIGHT = /[A-Za-z0-9](?:[^\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]*[A-Za-z0-9])?/gu;

/**
 * Arabic a tool wrote as its glyphs in the order they stand, left to right ("ﺔﻳﻻﻭ"), in reading order
 * and as letters ("ولاية"): on a line that reads right to left, its stretches in the other order and each
 * Arabic one turned round, Latin ones kept; on a line that reads left to right, each Arabic stretch turned
 * round in its place. Text without presentation forms is as written.
 */
export function inReadingOrder(text: string): string {
  if (!PRESENTATION.test(text)) return text;
  const pieces: { text: string; latin: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(LEFT_TO_RIGHT)) {
    if (m.index > at) pieces.push({ text: text.slice(at, m.index), latin: false });
    pieces.push({ text: m[0], latin: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), latin: false });
  const rtl = (text.match(RTL_LETTERS)?.length ?? 0) >= (text.match(/[A-Za-z]/g)?.length ?? 0);
  const turned = pieces.map((p) => (p.latin ? p.text : [...p.text].reverse().join('')));
  return (rtl ? turned.reverse() : turned).join('').normalize('NFKC');
}

/**
 * An expected cell as the comparison sees it. Artefacts of the two tools' readings are undone: a superscript
 * camelot flags (`<s>2</s>`, a footnote mark, not part of the number), a number split at its decimal point
 * ("11,062 .6" where the page has "11,062.6"), a gap inside a negative's parentheses ("( 498,5)" where
 * the page has "(498,5)"), each a space put where two glyphs stand a little apart, and Arabic written as
 * its glyphs in the order drawn (`inReadingOrder`).
 */
export function cleanExpected(text: string): string {
  return collapse(
    inReadingOrder(text)
      .replace(/<s>[\s\S]*?<\/s>/g, '')
      .replace(/(\d)[ \t]+(?=\.\d)/g, '$1')
      .replace(/\([ \t]+(?=\d)/g, '(')
      .replace(/(\d)[ \t]+\)/g, '$1)')
      .replace(LEADERS, ' '),
  );
}

/** One of our cells as the comparison sees it: `strip` (camelot's strip_text) removed, as the expected was. */
export function cleanOurs(text: string, strip = ''): string {
  let out = text;
  for (const ch of strip) out = out.split(ch).join('');
  return collapse(out.replace(LEADERS, ' '));
}

export interface CellNumber {
  value: number;
  raw: string;
}

/**
 * The number a cell holds: the one figure shared/figures `findFigures` reads in its text, with nothing else
 * there but signs, symbols, units or a short marker ("12.5CL", "8€", "98.3 a"). A cell of words that
 * mention a number ("Men (≥ 18 yrs)"), of several numbers, or of a date or a year holds none.
 */
export function numberIn(text: string): CellNumber | null {
  const figures = findFigures(text);
  if (figures.length !== 1) return null;
  const figure = figures[0]!;
  const rest = text.slice(0, figure.start) + ' ' + text.slice(figure.end);
  if (/\d/.test(rest) || /\p{L}{3,}/u.test(rest)) return null;
  return { value: figure.value, raw: figure.raw };
}

/** Same number: equal values, or (where a lone cell and the page read a separator differently) equal raws. */
export function sameNumber(a: CellNumber, b: CellNumber): boolean {
  const scale = Math.max(1, Math.abs(a.value), Math.abs(b.value));
  return Math.abs(a.value - b.value) <= 1e-9 * scale || squeeze(a.raw) === squeeze(b.raw);
}

/** A grid of the given cells; cells reaching past `rows`/`cols` widen it. */
export function gridOf(cells: readonly GridCell[], rows = 0, cols = 0): Grid {
  let height = rows;
  let width = cols;
  for (const cell of cells) {
    height = Math.max(height, cell.row + cell.rowSpan);
    width = Math.max(width, cell.col + cell.colSpan);
  }
  const slots = Array.from({ length: height }, () => new Array<number>(width).fill(-1));
  cells.forEach((cell, i) => {
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++)
      for (let c = cell.col; c < cell.col + cell.colSpan; c++) slots[r]![c] = i;
  });
  return { rows: height, cols: width, cells: [...cells], slots };
}

/** An expected table (rows of strings, ragged rows padded) as a grid of cleaned 1×1 cells. */
export function expectedGrid(rows: readonly (readonly string[])[]): Grid {
  const cols = Math.max(0, ...rows.map((r) => r.length));
  const cells: GridCell[] = [];
  rows.forEach((row, r) => {
    for (let c = 0; c < cols; c++)
      cells.push({ row: r, col: c, rowSpan: 1, colSpan: 1, text: cleanExpected(row[c] ?? '') });
  });
  return gridOf(cells, rows.length, cols);
}

/** One of our tables as a grid of its cells, texts cleaned. */
export function ourGrid(table: OurTable, strip = ''): Grid {
  const cells = table.cells.map((cell) => ({
    row: cell.row,
    col: cell.col,
    rowSpan: Math.max(1, cell.rowSpan),
    colSpan: Math.max(1, cell.colSpan),
    text: cleanOurs(cell.text, strip),
    box: cell.box,
  }));
  return gridOf(cells, table.rows, table.cols);
}

/** The cell covering a slot, if any. */
export function cellAt(grid: Grid, row: number, col: number): GridCell | undefined {
  const i = grid.slots[row]?.[col] ?? -1;
  return i < 0 ? undefined : grid.cells[i];
}

/** The distinct cells covering a row (a spanning cell once), left to right. */
export function cellsInRow(grid: Grid, row: number): GridCell[] {
  const seen = new Set<number>();
  const out: GridCell[] = [];
  for (const i of grid.slots[row] ?? [])
    if (i >= 0 && !seen.has(i)) {
      seen.add(i);
      out.push(grid.cells[i]!);
    }
  return out;
}

/** Counts of each text in a list, empty texts left out. */
export function bag(texts: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  // Texts are compared as the table competition compares them, blanks left out: where one tool breaks a
  // line inside a word ("N\net Asset Value", a first letter drawn apart) the cell is still the same cell.
  for (const t of texts) if (t !== '') out.set(squeeze(t), (out.get(squeeze(t)) ?? 0) + 1);
  return out;
}

/** Size of the multiset intersection of two bags. */
export function shared(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const [text, count] of a) n += Math.min(count, b.get(text) ?? 0);
  return n;
}
