import type { FigureWithPosition, PageTable } from '../../../shared/api';
import { parseCellRef } from './sheet-layout';

// Where the keyboard goes from a figure: the figures of a unit in reading order, and those in a table by
// row and column, as a grid of cells is walked (WAI-ARIA's grid pattern), over figures only.

/** A figure as the keyboard walks it: its reading position and, in a table, its cell. */
export interface FigureStop {
  /** The figure's index in its unit. */
  index: number;
  /** Its table (a page table by number, or the sheet), null outside a table. */
  table: string | null;
  row: number;
  col: number;
  /** The digits of the number as printed ("$1,120 million" → "1120"), what typing digits matches. */
  digits: string;
}

export type FigureMove = 'up' | 'down' | 'left' | 'right' | 'rowStart' | 'rowEnd' | 'first' | 'last';

/**
 * The figures as the keyboard walks them, in reading order (their order in the unit's text). A table that
 * reads right to left numbers its columns from the right: walked as it stands, Right goes right.
 */
export function figureStops(
  figures: readonly FigureWithPosition[],
  tables: readonly Pick<PageTable, 'rightToLeft'>[] = [],
): FigureStop[] {
  return [...figures]
    .sort((a, b) => a.span.start - b.span.start || a.index - b.index)
    .map((figure) => {
      const digits = figure.raw.replace(/\D/g, '');
      const position = figure.position;
      if (position.kind === 'box' && position.cell !== undefined)
        return {
          index: figure.index,
          table: `page-table-${position.cell.table}`,
          row: position.cell.row,
          col: tables[position.cell.table]?.rightToLeft ? -position.cell.col : position.cell.col,
          digits,
        };
      const address = position.kind === 'cell' ? parseCellRef(position.ref) : null;
      if (address !== null)
        return { index: figure.index, table: 'sheet', row: address.row, col: address.col, digits };
      return { index: figure.index, table: null, row: 0, col: 0, digits };
    });
}

/** The move a key asks for (Ctrl+Home and Ctrl+End go to the table's ends); null for any other key. */
export function moveOfKey(key: string, ctrl: boolean): FigureMove | null {
  if (ctrl) return key === 'Home' ? 'first' : key === 'End' ? 'last' : null;
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'Home':
      return 'rowStart';
    case 'End':
      return 'rowEnd';
    default:
      return null;
  }
}

const byCell = (a: FigureStop, b: FigureStop, order: ReadonlyMap<FigureStop, number>) =>
  a.row - b.row || a.col - b.col || (order.get(a) ?? 0) - (order.get(b) ?? 0);

/**
 * The figure `move` goes to from figure `from` (an index in `stops`), or null when there is none. In a
 * table, Left and Right walk the row (past its ends, on in reading order, as the row is read), Up and
 * Down the column (past its ends, out of the table), Home and End go to the row's ends, Ctrl+Home and
 * Ctrl+End to the table's. Outside a table the arrows walk the reading order, Home and End go to its ends.
 */
export function moveFrom(stops: readonly FigureStop[], from: number, move: FigureMove): number | null {
  const at = stops.findIndex((stop) => stop.index === from);
  const here = stops[at];
  if (here === undefined) return stops[0]?.index ?? null;
  const reading = (offset: number) => stops[at + offset]?.index ?? null;

  if (here.table === null) {
    if (move === 'right' || move === 'down') return reading(1);
    if (move === 'left' || move === 'up') return reading(-1);
    if (move === 'rowStart' || move === 'first') return stops[0]?.index ?? null;
    return stops[stops.length - 1]?.index ?? null;
  }

  const order = new Map(stops.map((stop, i) => [stop, i]));
  const table = stops.filter((stop) => stop.table === here.table);
  const row = table.filter((stop) => stop.row === here.row).sort((a, b) => byCell(a, b, order));
  const column = table.filter((stop) => stop.col === here.col).sort((a, b) => byCell(a, b, order));
  const inRow = row.indexOf(here);
  const inColumn = column.indexOf(here);
  const tableStart = order.get(table[0] as FigureStop) ?? at;
  const tableEnd = order.get(table[table.length - 1] as FigureStop) ?? at;

  switch (move) {
    case 'right':
      return row[inRow + 1]?.index ?? reading(1);
    case 'left':
      return row[inRow - 1]?.index ?? reading(-1);
    case 'down': {
      const below = column.slice(inColumn + 1).find((stop) => stop.row > here.row);
      return below?.index ?? stops[tableEnd + 1]?.index ?? null;
    }
    case 'up': {
      const above = column
        .slice(0, inColumn)
        .reverse()
        .find((stop) => stop.row < here.row);
      // The first figure of that cell, as Down enters a cell at its first.
      const first = above === undefined ? undefined : column.find((stop) => stop.row === above.row);
      return first?.index ?? stops[tableStart - 1]?.index ?? null;
    }
    case 'rowStart':
      return row[0]?.index ?? null;
    case 'rowEnd':
      return row[row.length - 1]?.index ?? null;
    case 'first':
      return table[0]?.index ?? null;
    case 'last':
      return table[table.length - 1]?.index ?? null;
  }
}

/**
 * The next figure after `from` (from itself when `again`: the person is still typing the same number)
 * whose printed digits start with `typed`, going round to the first; null when none does.
 */
export function figureByDigits(
  stops: readonly FigureStop[],
  from: number | null,
  typed: string,
  again: boolean,
): number | null {
  if (stops.length === 0 || typed === '') return null;
  const at = from === null ? -1 : stops.findIndex((stop) => stop.index === from);
  const start = at < 0 ? 0 : again ? at : at + 1;
  for (let i = 0; i < stops.length; i++) {
    const stop = stops[(start + i) % stops.length] as FigureStop;
    if (stop.digits.startsWith(typed)) return stop.index;
  }
  return null;
}
