import { describe, expect, it } from 'vitest';
import type { FigureWithPosition } from '../../../shared/api';
import { figureStops, moveFrom } from '../../../renderer/src/viewer/figure-moves';

// The arrows walk a table as it stands on the page: in a table read right to left (its columns numbered
// from the right), Right still goes to the figure on the right.

/** A figure in cell (row, col) of page table 0, at `start` in the unit's text. */
function inCell(index: number, row: number, col: number, start: number): FigureWithPosition {
  return {
    index,
    raw: String(index),
    span: { start, end: start + 1 },
    position: {
      kind: 'box',
      x: 0,
      y: 0,
      width: 1,
      height: 1,
      cell: { table: 0, row, col, rowSpan: 1, colSpan: 1 },
    },
  } as unknown as FigureWithPosition;
}

// One row: cells 1, 2, 3 by column number; figure 10 in col 1, 11 in col 2, 12 in col 3.
const row = [inCell(10, 1, 1, 0), inCell(11, 1, 2, 5), inCell(12, 1, 3, 10)];

describe('the arrows in a table', () => {
  it('go up the column numbers in a left-to-right table', () => {
    const stops = figureStops(row, [{}]);
    expect(moveFrom(stops, 11, 'right')).toBe(12);
    expect(moveFrom(stops, 11, 'left')).toBe(10);
    expect(moveFrom(stops, 11, 'rowStart')).toBe(10);
  });

  it('go right on the page in a table read right to left, whose column 1 stands rightmost', () => {
    const stops = figureStops(row, [{ rightToLeft: true }]);
    expect(moveFrom(stops, 11, 'right')).toBe(10);
    expect(moveFrom(stops, 11, 'left')).toBe(12);
    // Home: the row's left end on the page, its last column.
    expect(moveFrom(stops, 11, 'rowStart')).toBe(12);
  });
});
