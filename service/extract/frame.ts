import type { PageTable } from '../../shared/api';
import type { ReadUnit } from './types';

// A page whose text runs down, up or upside down (a landscape table set on a portrait page) is read in the
// frame where its text runs left to right, as a person turns the page to read it: lines, columns, tables
// and runs are found in that frame. What the unit shows (figure boxes, table cells) is turned back to the
// page as it is drawn, so every box lies on the glyphs a viewer draws.

/**
 * Quarter turns from the drawn page to the reading frame: 1 when the text runs top to bottom, 2 upside
 * down, 3 bottom to top. The frame's coordinates may be negative: only their differences matter.
 */
export type Turn = 1 | 2 | 3;

/** A point of the drawn page (origin top-left, y down) in the reading frame. */
export function toFrame(turn: Turn, x: number, y: number): [number, number] {
  return turn === 1 ? [y, -x] : turn === 2 ? [-x, -y] : [-y, x];
}

/** A point of the reading frame on the drawn page. */
export function toPage(turn: Turn, x: number, y: number): [number, number] {
  return turn === 1 ? [-y, x] : turn === 2 ? [-x, -y] : [y, -x];
}

/** A box of the reading frame on the drawn page (still upright: a quarter turn keeps boxes upright). */
export function boxToPage<T extends { x: number; y: number; width: number; height: number }>(
  turn: Turn | undefined,
  box: T,
): T {
  if (turn === undefined) return box;
  const [ax, ay] = toPage(turn, box.x, box.y);
  const [bx, by] = toPage(turn, box.x + box.width, box.y + box.height);
  return {
    ...box,
    x: Math.min(ax, bx),
    y: Math.min(ay, by),
    width: Math.abs(bx - ax),
    height: Math.abs(by - ay),
  };
}

function tableToPage(turn: Turn, table: PageTable): PageTable {
  return {
    ...table,
    box: boxToPage(turn, table.box),
    cells: table.cells.map((cell) => ({ ...cell, box: boxToPage(turn, cell.box) })),
  };
}

/**
 * The unit as it is shown: its tables on the drawn page, and no frame. Its runs stay in the frame (they
 * only locate figures, whose boxes `locateFigures` turns back itself).
 */
export function shownOnPage(unit: ReadUnit): ReadUnit {
  const turn = unit.frame;
  if (turn === undefined) return unit;
  const { frame: _frame, ...rest } = unit;
  const tables = unit.page?.tables;
  if (unit.page === undefined || tables === undefined) return rest;
  return { ...rest, page: { ...unit.page, tables: tables.map((t) => tableToPage(turn, t)) } };
}
