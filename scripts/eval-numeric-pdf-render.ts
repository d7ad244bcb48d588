/**
 * A TAT-QA table drawn on a one-page PDF the way a statistical release or an annual report prints one:
 * the scale note (if any) above, then each row on its own baseline; the labels left-aligned at the left
 * margin, every other column right-aligned (figures and their headers alike, as financial tables set
 * them), columns at least a fixed gap apart; Helvetica 8 pt on an 11 pt pitch; nothing else on the page.
 * Written with the test suite's small PDF writer, and returned with where each cell was drawn, so a figure
 * the reader finds can be traced back to the cell it was drawn in.
 */
import { buildPdf, helveticaWidth, type PdfText } from '../tests/service/extract/fixtures/pdf';

export const FONT_SIZE = 8;
export const ROW_PITCH = 11;
export const LEFT = 36;
export const COLUMN_GAP = 18;
const MARGIN = 36;
/** The note sits this far above the first row's baseline: a little more than a row, as a caption does. */
const NOTE_GAP = 16;
/** Helvetica's ascender and descender (AFM, per 1000 units of the font size). */
const ASCENT = 0.718;
const DESCENT = 0.207;

/** Where one cell's text was drawn: page coordinates, origin top-left, y down (as figure boxes are given). */
export interface DrawnCell {
  /** Index into the table's rows and columns (the note is not a row). */
  row: number;
  col: number;
  /** The text as drawn (trimmed; characters Helvetica cannot show replaced, see `drawable`). */
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

export interface RenderedTable {
  bytes: Uint8Array;
  width: number;
  height: number;
  /** Every non-empty cell, row by row, left to right. */
  cells: DrawnCell[];
  /** Where the note line was drawn, if there is one. */
  note: DrawnCell | null;
}

// Helvetica's AFM widths (per 1000) of the characters TAT-QA tables use that the test writer's width table
// leaves at its 556 default: with them a right-aligned cell really ends at its column's right edge.
// prettier-ignore
const MORE_WIDTHS: Readonly<Record<string, number>> = {
  '(': 333, ')': 333, ':': 278, ';': 278, '/': 278, '&': 667, '*': 389, "'": 191, '"': 355, '`': 333,
  '~': 584, '>': 584, '<': 584, '+': 584, '=': 584, '!': 278, '[': 278, ']': 278, '{': 334, '}': 334,
  '|': 260, '@': 1015, '^': 469, '\\': 278,
  '\u2014': 1000, '\u2013': 556, '\u2019': 222, '\u2018': 222, '\u201c': 333, '\u201d': 333,
  '\u2022': 350, '\u2026': 1000, '\u00a3': 556, '\u20ac': 556, '\u00b0': 400, '\u00d7': 584,
};

// Unicode characters WinAnsiEncoding has at codes 0x80–0x9F, where Latin-1 has control characters.
// prettier-ignore
const WIN_ANSI_HIGH: Readonly<Record<string, number>> = {
  '\u20ac': 0x80, '\u201a': 0x82, '\u0192': 0x83, '\u201e': 0x84, '\u2026': 0x85, '\u2020': 0x86,
  '\u2021': 0x87, '\u02c6': 0x88, '\u2030': 0x89, '\u0160': 0x8a, '\u2039': 0x8b, '\u0152': 0x8c,
  '\u017d': 0x8e, '\u2018': 0x91, '\u2019': 0x92, '\u201c': 0x93, '\u201d': 0x94, '\u2022': 0x95,
  '\u2013': 0x96, '\u2014': 0x97, '\u02dc': 0x98, '\u2122': 0x99, '\u0161': 0x9a, '\u203a': 0x9b,
  '\u0153': 0x9c, '\u017e': 0x9e, '\u0178': 0x9f,
};

/** What a Helvetica page can show of characters WinAnsi lacks: the look-alike a typesetter would use. */
const LOOK_ALIKE: Readonly<Record<string, string>> = {
  '\u2212': '-', // minus sign
  '\u2015': '\u2014', // horizontal bar
  '\ufb01': 'fi',
  '\ufb02': 'fl',
};

/** `text` in the characters a standard Helvetica (WinAnsiEncoding) can show. */
export function drawable(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || c in WIN_ANSI_HIGH) out += c;
    else if (c in LOOK_ALIKE) out += LOOK_ALIKE[c];
    else if (/\s/.test(c)) out += ' ';
    else out += '?';
  }
  return out;
}

/** The width of drawable `text` in Helvetica at `size`. */
export function textWidth(text: string, size: number): number {
  let width = 0;
  for (const c of text) width += c in MORE_WIDTHS ? (MORE_WIDTHS[c]! * size) / 1000 : helveticaWidth(c, size);
  return width;
}

/**
 * The text as the PDF writer writes it: it writes each character's low byte (Latin-1), so a character
 * WinAnsi has at 0x80–0x9F is passed as the Latin-1 character with that code.
 */
function encoded(text: string): string {
  let out = '';
  for (const c of text) out += c in WIN_ANSI_HIGH ? String.fromCharCode(WIN_ANSI_HIGH[c]!) : c;
  return out;
}

/**
 * The header rows of a table as TAT-QA writes it: the rows above its first row of figures (a row with a
 * label and, right of it, a number that is no year).
 */
export function headerRowsOf(rows: readonly (readonly string[])[]): number {
  const figures = (r: readonly string[]) =>
    (r[0] ?? '').trim() !== '' && r.slice(1).some((c) => /\d/.test(c) && !/^\s*(?:19|20)\d{2}\s*$/.test(c));
  const first = rows.findIndex(figures);
  return first === -1 ? 0 : first;
}

/**
 * The columns a header cell heads when it is drawn centred over its group: itself and the empty cells
 * right of it in its row, when a header row below heads every one of them ("December 31, 2019" over
 * "Carrying Amount" and "Fair Value"); null for a cell that heads its own column alone.
 */
export function groupOf(
  rows: readonly (readonly string[])[],
  row: number,
  col: number,
): [number, number] | null {
  const headers = headerRowsOf(rows);
  const text = (r: number, c: number) => (rows[r]?.[c] ?? '').trim();
  if (row >= headers - 1 || col === 0 || text(row, col) === '') return null;
  let last = col;
  while (last + 1 < (rows[row]?.length ?? 0) && text(row, last + 1) === '') last++;
  if (last === col) return null;
  for (let c = col; c <= last; c++)
    if (!Array.from({ length: headers - row - 1 }, (_, k) => text(row + 1 + k, c)).some((t) => t !== ''))
      return null;
  return [col, last];
}

/**
 * Renders `rows` (and the scale note a csv of the table puts first) as a one-page PDF; `ruled`, with a
 * line between every two rows and every two columns and a frame round them, as a grid of lines;
 * `centred`, with each header cell that heads a group of columns (groupOf) centred over the group, as
 * statements print "December 31, 2019" over its two columns, not flush over the first.
 */
export function renderTable(
  rows: readonly (readonly string[])[],
  note: string | null,
  ruled = false,
  centred = false,
): RenderedTable {
  const cols = Math.max(0, ...rows.map((r) => r.length));
  const texts = rows.map((r) => r.map((c) => drawable(c).trim()));
  const widths: number[] = Array.from({ length: cols }, () => 0);
  // A heading centred over its group spans the group: it widens the group's last column only if the
  // group is narrower than it.
  const groups: { group: [number, number]; width: number }[] = [];
  texts.forEach((r, row) =>
    r.forEach((t, c) => {
      const group = centred ? groupOf(rows, row, c) : null;
      if (group !== null) groups.push({ group, width: textWidth(t, FONT_SIZE) });
      else widths[c] = Math.max(widths[c]!, textWidth(t, FONT_SIZE));
    }),
  );
  for (const { group, width } of groups) {
    const [a, b] = group;
    let span = -COLUMN_GAP;
    for (let c = a; c <= b; c++) if (widths[c]! > 0) span += widths[c]! + COLUMN_GAP;
    if (width > span) widths[b] = widths[b]! + width - span;
  }

  // Each column's right edge: the labels' column starts at LEFT; each other column ends its widest cell's
  // width plus the gap after the previous column's end. An empty column takes no room.
  const right: number[] = [];
  let edge = LEFT + (widths[0] ?? 0);
  right.push(edge);
  for (let c = 1; c < cols; c++) {
    if (widths[c]! > 0) edge += COLUMN_GAP + widths[c]!;
    right.push(edge);
  }
  const noteText = note === null ? null : drawable(note).trim();
  const noteWidth = noteText === null ? 0 : LEFT + textWidth(noteText, FONT_SIZE);
  const width = Math.ceil(Math.max(612, edge + MARGIN, noteWidth + MARGIN));

  const firstBaselineFromTop = MARGIN + ASCENT * FONT_SIZE;
  const tableTop = firstBaselineFromTop + (noteText === null ? 0 : NOTE_GAP);
  const needed = tableTop + Math.max(0, rows.length - 1) * ROW_PITCH + DESCENT * FONT_SIZE + MARGIN;
  const height = Math.ceil(Math.max(792, needed));

  const drawn: PdfText[] = [];
  const box = (row: number, col: number, text: string, x: number, fromTop: number): DrawnCell => {
    drawn.push({ x, y: height - fromTop, size: FONT_SIZE, text: encoded(text) });
    return {
      row,
      col,
      text,
      x0: x,
      x1: x + textWidth(text, FONT_SIZE),
      top: fromTop - ASCENT * FONT_SIZE,
      bottom: fromTop + DESCENT * FONT_SIZE,
    };
  };
  const noteCell = noteText ? box(-1, 0, noteText, LEFT, firstBaselineFromTop) : null;
  const cells: DrawnCell[] = [];
  texts.forEach((r, row) => {
    const baseline = tableTop + row * ROW_PITCH;
    r.forEach((text, col) => {
      if (text === '') return;
      const group = centred ? groupOf(rows, row, col) : null;
      const x =
        col === 0
          ? LEFT
          : group !== null
            ? (right[group[0]]! - widths[group[0]]! + right[group[1]]!) / 2 - textWidth(text, FONT_SIZE) / 2
            : right[col]! - textWidth(text, FONT_SIZE);
      cells.push(box(row, col, text, x, baseline));
    });
  });
  const lines: { x0: number; y0: number; x1: number; y1: number }[] = [];
  if (ruled && rows.length > 0) {
    // Column borders halfway through each gap; row borders halfway between one row's foot and the next's top.
    const xs = [LEFT - COLUMN_GAP / 2];
    for (let c = 1; c < cols; c++) if (widths[c]! > 0) xs.push(right[c - 1]! + COLUMN_GAP / 2);
    xs.push(edge + COLUMN_GAP / 2);
    const between = (ROW_PITCH - (ASCENT + DESCENT) * FONT_SIZE) / 2;
    const tops = rows.map((_, r) => tableTop + r * ROW_PITCH - ASCENT * FONT_SIZE - between);
    tops.push(tableTop + (rows.length - 1) * ROW_PITCH + DESCENT * FONT_SIZE + between);
    const [top, bottom] = [tops[0]!, tops.at(-1)!];
    for (const y of tops) lines.push({ x0: xs[0]!, y0: height - y, x1: xs.at(-1)!, y1: height - y });
    for (const x of xs) lines.push({ x0: x, y0: height - bottom, x1: x, y1: height - top });
  }
  return { bytes: buildPdf([{ width, height, texts: drawn, lines }]), width, height, cells, note: noteCell };
}
