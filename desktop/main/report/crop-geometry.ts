// The crop of every cited figure in a report: a close-up of the figure's box and the band of its
// row, the box highlighted in both; the neighbouring cells of its sheet with its cell marked; or the text
// around it.
// Made in the main process (desktop/main/report/crops.ts) from the retained bytes and representations; the
// HTML writer (html.ts) only shows them, so this file holds the types both sides share.

/** The highlight's outline colour: a magenta that ordinary documents do not use. */
export const CROP_MARK_COLOUR = '#E4007C';

/** The outline's width in PNG pixels; it lies inside `mark`. */
export const CROP_MARK_STROKE = 3;

/** A rectangle in PNG pixels, origin top-left. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CellsCropCell {
  /** A1 reference of the cell. */
  ref: string;
  /** The cell as the sheet displays it, exactly as read (show it through displayText). */
  text: string;
  /** The figure's own cell. */
  marked: boolean;
}

/** One image of a figure: PNG bytes with the figure's box outlined. */
export interface CropImage {
  /** PNG bytes, base64 (no data: prefix). */
  pngBase64: string;
  /** The PNG's size in pixels, which is also its size in CSS pixels in a report. */
  width: number;
  height: number;
  /** Where the figure's box is in the PNG, px: the outer edge of its outline. */
  mark: CropRect;
}

export type ReportCrop =
  | (CropImage & {
      kind: 'image';
      /** Words for the image: the figure and where it is ("1,200 on page 3"). Plain text, not escaped. */
      alt: string;
      /**
       * The figure's cell and its neighbours, drawn large enough that the figure's digits read at their
       * natural size; the band (this crop's own PNG) shows the figure's row across the page, where its
       * label is.
       */
      closeUp: CropImage;
    })
  | {
      kind: 'cells';
      /** The sheet's name as stored (show it through displayText). */
      sheetName: string;
      /** Column letters, left to right. */
      columns: string[];
      /** Rows top to bottom, each with one cell per column (empty text where the sheet has none). */
      rows: { row: number; cells: CellsCropCell[] }[];
    }
  | {
      kind: 'text';
      /** The unit's text before the figure, starting with "…" when cut. */
      before: string;
      /** The figure's own text (its span of the unit's text). */
      figure: string;
      /** The unit's text after the figure, ending with "…" when cut. */
      after: string;
    }
  | {
      kind: 'none';
      /** Why there is no crop, in words ("the retained bytes could not be read: …"). */
      reason: string;
    };

export type ReportCropKind = ReportCrop['kind'];

/**
 * The key of an operand's crop in the map `makeCrops` answers: 0-based indexes into
 * `bundle.cases[].checks[].operands[]` of the case with `caseId`.
 */
export function cropKey(caseId: string, checkIndex: number, operandIndex: number): string {
  return `${caseId}/${checkIndex}/${operandIndex}`;
}

// ---- cell references ----

/** Column letters to a 1-based column number: A → 1, Z → 26, AA → 27. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** A 1-based column number to its letters: 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let n = Math.floor(column);
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** An A1 reference's column and row (1-based); null when it is not one. */
export function parseCellRef(ref: string): { column: number; row: number } | null {
  const m = /^([A-Z]{1,3})([1-9][0-9]*)$/.exec(ref);
  if (!m) return null;
  return { column: columnNumber(m[1]!), row: Number(m[2]) };
}

/** How many rows and columns on each side of the figure's cell a sheet crop shows. */
export const CELL_NEIGHBOURS = 3;

/**
 * The neighbouring cells of `ref` in a sheet (its row and column ±CELL_NEIGHBOURS, clamped to the sheet's
 * first row and column and to its last used ones, or to the figure's own when the sheet ends before it).
 * Null when `ref` is not an A1 reference.
 */
export function cellsCrop(
  sheetName: string,
  cells: readonly { ref: string; text: string }[],
  ref: string,
): Extract<ReportCrop, { kind: 'cells' }> | null {
  const at = parseCellRef(ref);
  if (!at) return null;
  const byRef = new Map<string, string>();
  let lastRow = at.row;
  let lastColumn = at.column;
  for (const cell of cells) {
    const p = parseCellRef(cell.ref);
    if (!p) continue;
    byRef.set(cell.ref, cell.text);
    lastRow = Math.max(lastRow, p.row);
    lastColumn = Math.max(lastColumn, p.column);
  }
  const firstColumn = Math.max(1, at.column - CELL_NEIGHBOURS);
  const endColumn = Math.min(lastColumn, at.column + CELL_NEIGHBOURS);
  const firstRow = Math.max(1, at.row - CELL_NEIGHBOURS);
  const endRow = Math.min(lastRow, at.row + CELL_NEIGHBOURS);
  const columns: string[] = [];
  for (let c = firstColumn; c <= endColumn; c++) columns.push(columnLetters(c));
  const rows: { row: number; cells: CellsCropCell[] }[] = [];
  for (let r = firstRow; r <= endRow; r++)
    rows.push({
      row: r,
      cells: columns.map((letters) => {
        const cellRef = `${letters}${r}`;
        return { ref: cellRef, text: byRef.get(cellRef) ?? '', marked: cellRef === ref };
      }),
    });
  return { kind: 'cells', sheetName, columns, rows };
}

// ---- text excerpts ----

/** About how many characters of context a text crop shows on each side of the figure. */
export const TEXT_CONTEXT = 120;

/**
 * The text around `[start, end)` of `text`: about TEXT_CONTEXT characters each side, cut at a word
 * boundary (never inside a word when a boundary is near), with "…" where it was cut. Null when the span
 * lies outside the text.
 */
export function textCrop(
  text: string,
  span: { start: number; end: number },
): Extract<ReportCrop, { kind: 'text' }> | null {
  const { start, end } = span;
  if (start < 0 || end > text.length || end <= start) return null;
  let from = Math.max(0, start - TEXT_CONTEXT);
  if (from > 0) {
    // Move forward to the start of the next word (at most 30 characters), so no word is cut.
    const tail = text.slice(from, start);
    const m = /\s/.exec(tail.slice(0, 30));
    if (m) from += m.index + 1;
  }
  let to = Math.min(text.length, end + TEXT_CONTEXT);
  if (to < text.length) {
    const head = text.slice(end, to);
    const lastSpace = head.search(/\s\S*$/);
    if (lastSpace >= 0 && head.length - lastSpace <= 30) to = end + lastSpace;
  }
  const before = text.slice(from, start);
  const after = text.slice(end, to);
  return {
    kind: 'text',
    before: (from > 0 ? '…' : '') + before,
    figure: text.slice(start, end),
    after: after + (to < text.length ? '…' : ''),
  };
}
