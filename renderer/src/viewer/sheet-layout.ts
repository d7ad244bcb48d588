import type { Sheet, SheetCell } from '../../../shared/api';

// A sheet unit drawn as a grid: cells by A1 reference, merged ranges drawn merged (colSpan / rowSpan),
// for any window of rows (the grid is virtualised, so a merge that starts above the window is clipped).

export interface CellAddress {
  /** 1-based column (A = 1). */
  col: number;
  /** 1-based row. */
  row: number;
}

/** 1 → "A", 26 → "Z", 27 → "AA". */
export function columnLetters(col: number): string {
  let letters = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** "B7" → { col: 2, row: 7 }; null for anything else. */
export function parseCellRef(ref: string): CellAddress | null {
  const match = /^([A-Z]{1,3})([1-9][0-9]*)$/.exec(ref);
  if (!match?.[1] || !match[2]) return null;
  let col = 0;
  for (const letter of match[1]) col = col * 26 + (letter.charCodeAt(0) - 64);
  return { col, row: Number(match[2]) };
}

export function cellRef(address: CellAddress): string {
  return `${columnLetters(address.col)}${address.row}`;
}

export interface MergedRange {
  range: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** "A1:C2" (either corner order) → its rows and columns; null for anything else. */
export function parseRange(range: string): MergedRange | null {
  const [from, to] = range.split(':');
  const a = from === undefined ? null : parseCellRef(from);
  const b = to === undefined ? null : parseCellRef(to);
  if (a === null || b === null) return null;
  return {
    range,
    top: Math.min(a.row, b.row),
    bottom: Math.max(a.row, b.row),
    left: Math.min(a.col, b.col),
    right: Math.max(a.col, b.col),
  };
}

export interface SheetLayout {
  rowCount: number;
  colCount: number;
  cells: ReadonlyMap<string, SheetCell>;
  /** Merged ranges that are valid and overlap no earlier one. */
  merges: readonly MergedRange[];
  /** The merged range covering a cell, by the cell's ref. */
  mergeAt: ReadonlyMap<string, MergedRange>;
}

/** Columns drawn at most; a sheet wider than this says so (its cells are all in the extracted text). */
export const MAX_GRID_COLUMNS = 200;

export function sheetLayout(sheet: Sheet): SheetLayout {
  const cells = new Map<string, SheetCell>();
  let rowCount = 0;
  let colCount = 0;
  for (const cell of sheet.cells) {
    const address = parseCellRef(cell.ref);
    if (address === null) continue;
    cells.set(cell.ref, cell);
    rowCount = Math.max(rowCount, address.row);
    colCount = Math.max(colCount, address.col);
  }
  const merges: MergedRange[] = [];
  const mergeAt = new Map<string, MergedRange>();
  for (const range of sheet.merges) {
    const merge = parseRange(range);
    if (merge === null) continue;
    const overlaps = merges.some(
      (m) => m.left <= merge.right && merge.left <= m.right && m.top <= merge.bottom && merge.top <= m.bottom,
    );
    if (overlaps) continue;
    merges.push(merge);
    for (let row = merge.top; row <= merge.bottom; row++)
      for (let col = merge.left; col <= merge.right; col++) mergeAt.set(cellRef({ col, row }), merge);
    rowCount = Math.max(rowCount, merge.bottom);
    colCount = Math.max(colCount, merge.right);
  }
  return { rowCount, colCount, cells, merges, mergeAt };
}

/** One drawn cell: the cell at `ref` (null when empty), spanning `colSpan` columns and `rowSpan` rows. */
export interface GridCell {
  ref: string;
  col: number;
  cell: SheetCell | null;
  colSpan: number;
  rowSpan: number;
  /** The merged range it draws, if any. */
  merged: string | null;
}

export interface GridRow {
  row: number;
  cells: GridCell[];
}

/**
 * The rows `firstRow`..`lastRow` (1-based, inclusive) of the grid, columns 1..`colCount`: each merged
 * range is drawn once, by its top-left cell (or by its first row in the window when it starts above),
 * spanning the part of it in the window; the cells it covers are left out.
 */
export function gridRows(
  layout: SheetLayout,
  firstRow: number,
  lastRow: number,
  colCount = layout.colCount,
): GridRow[] {
  const rows: GridRow[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    const cells: GridCell[] = [];
    for (let col = 1; col <= colCount; col++) {
      const here = cellRef({ col, row });
      const merge = layout.mergeAt.get(here);
      if (merge === undefined) {
        cells.push({
          ref: here,
          col,
          cell: layout.cells.get(here) ?? null,
          colSpan: 1,
          rowSpan: 1,
          merged: null,
        });
        continue;
      }
      const anchorRow = Math.max(merge.top, firstRow);
      if (row !== anchorRow || col !== merge.left) continue;
      const ref = cellRef({ col: merge.left, row: merge.top });
      cells.push({
        ref,
        col,
        cell: layout.cells.get(ref) ?? null,
        colSpan: Math.min(merge.right, colCount) - merge.left + 1,
        rowSpan: Math.min(merge.bottom, lastRow) - anchorRow + 1,
        merged: merge.range,
      });
    }
    rows.push({ row, cells });
  }
  return rows;
}

/** The cell a figure's ref is drawn in: the top-left cell of the merge that covers it, else itself. */
export function drawnCellRef(layout: SheetLayout, ref: string): string {
  const merge = layout.mergeAt.get(ref);
  return merge === undefined ? ref : cellRef({ col: merge.left, row: merge.top });
}
