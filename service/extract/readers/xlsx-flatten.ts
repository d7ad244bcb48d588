import type { CellSpan } from '../types';

// The flattened text of a sheet unit: the grid as CSV (RFC 4180), shared by the xlsx and csv readers.
// Rows run from row 1 to the last row that has a cell (an empty row is an empty line), each row from
// column A to its last cell (trailing empty columns are not written, leading ones are empty fields);
// fields holding `,` `"` CR or LF are quoted with `"` doubled. Rows are joined with `\n`, with no newline
// after the last. A cell's span is its displayed text as it sits in the markdown: between the quotes when
// quoted (so a `"` in the text counts twice). Offsets are UTF-16 code units, as JavaScript indexes strings.

/** Columns A..XFD: the widest sheet Excel writes, and the widest a 1-3 letter A1 reference names. */
export const MAX_COLUMNS = 16384;
export const MAX_ROWS = 1048576;

export interface GridCell {
  /** 1-based row and column. */
  row: number;
  col: number;
  text: string;
}

export function columnName(col: number): string {
  let name = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function cellRef(row: number, col: number): string {
  return `${columnName(col)}${row}`;
}

/** `B7` → { row: 7, col: 2 }; `$B$7` is accepted; anything else is null. */
export function parseRef(ref: string): { row: number; col: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})$/.exec(ref);
  if (!match) return null;
  let col = 0;
  for (const ch of (match[1] as string).toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(match[2]);
  if (col > MAX_COLUMNS || row > MAX_ROWS) return null;
  return { row, col };
}

function needsQuotes(text: string): boolean {
  return /[",\r\n]/.test(text);
}

/**
 * Flattens cells (any order, one per position) into CSV text and the cells' spans in it. `rowWidths` pads a
 * row with empty fields out to a column (a merged header gives its value plus a blank per covered column).
 */
export function flattenGrid(
  cells: readonly GridCell[],
  rowWidths: ReadonlyMap<number, number> = new Map(),
): { markdown: string; spans: CellSpan[] } {
  const sorted = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  const parts: string[] = [];
  const spans: CellSpan[] = [];
  let offset = 0;
  let row = 1;
  let col = 1;
  const write = (piece: string) => {
    parts.push(piece);
    offset += piece.length;
  };
  const pad = () => {
    const width = rowWidths.get(row) ?? 0;
    if (col > 1 && width >= col) write(','.repeat(width - col + 1));
  };
  for (const cell of sorted) {
    if (cell.row > row) {
      pad();
      write('\n'.repeat(cell.row - row));
      row = cell.row;
      col = 1;
    }
    // Commas up to this cell: one per column skipped, plus the one after the previous cell of the row.
    const commas = cell.col - col + (col > 1 ? 1 : 0);
    if (commas > 0) write(','.repeat(commas));
    const quoted = needsQuotes(cell.text);
    const body = quoted ? cell.text.replace(/"/g, '""') : cell.text;
    if (quoted) write('"');
    spans.push({ ref: cellRef(cell.row, cell.col), start: offset, end: offset + body.length });
    write(body);
    if (quoted) write('"');
    col = cell.col + 1;
  }
  pad();
  return { markdown: parts.join(''), spans };
}
