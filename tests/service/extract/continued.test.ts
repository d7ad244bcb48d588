import { describe, expect, it } from 'vitest';
import type { PageTable, PageTableCell } from '../../../shared/api';
import { cellHeadings } from '../../../shared/structure';
import { linkContinuedTables } from '../../../service/extract/continued';
import type { ReadUnit } from '../../../service/extract/types';

// Linking a table run on over page breaks: the labels still open at one page's foot are carried to the
// next, over as many pages as the table runs, and a page that starts set in takes its steps in from
// where the earlier pages' labels stand.

/** A page whose one table fills it: a label at x (0 for a blank label) and a figure per row. */
function pageOf(index: number, rows: readonly [string, number][], headerRows = 0): ReadUnit {
  const cells: PageTableCell[] = rows.flatMap(([text, x], row) => [
    {
      row,
      col: 0,
      rowSpan: 1,
      colSpan: 1,
      text,
      box: { x, y: 40 + 14 * row, width: 60, height: 9 },
      header: row < headerRows,
    },
    {
      row,
      col: 1,
      rowSpan: 1,
      colSpan: 1,
      text: row < headerRows ? '2023' : `${100 + row}`,
      box: { x: 300, y: 40 + 14 * row, width: 20, height: 9 },
      header: row < headerRows,
    },
  ]);
  const table: PageTable = {
    index: 0,
    box: { x: 72, y: 40, width: 260, height: 14 * rows.length + 700 },
    rows: rows.length,
    cols: 2,
    headerRows,
    labelCols: 1,
    title: null,
    notes: [],
    cells,
    unsure: false,
  };
  return {
    kind: 'page',
    index,
    extraction_method: 'text_layer',
    markdown: '',
    page: { width: 612, height: 792, tables: [table] },
  };
}

const setIn = (table: PageTable) =>
  table.cells.filter((c) => c.col === 0 && c.row >= table.headerRows).map((c) => c.indent ?? 0);

describe('linkContinuedTables: labels set in across page breaks', () => {
  it('carries the open labels page to page, and reads the steps in of a page that shows no margin', () => {
    const first = pageOf(
      1,
      [
        ['Crime', 72],
        ['Violent crime', 72],
        ['Murder', 82],
        ['Property crime', 72],
        ['Burglary', 82],
      ],
      1,
    );
    first
      .page!.tables![0]!.cells.filter((c) => c.text === 'Murder' || c.text === 'Burglary')
      .forEach((c) => (c.indent = 1));
    const [, second, third] = linkContinuedTables([
      first,
      pageOf(2, [
        ['Larceny', 82],
        ['Theft', 82],
      ]),
      pageOf(3, [
        ['Arson', 82],
        ['All crime', 72],
      ]),
    ]);
    const two = second!.page!.tables![0]!;
    const three = third!.page!.tables![0]!;
    expect(setIn(two)).toEqual([1, 1]);
    expect(setIn(three)).toEqual([1, 0]);
    expect(three.continues?.parents).toEqual([
      { text: 'Property crime', indent: 0 },
      { text: 'Theft', indent: 1 },
    ]);
    expect(cellHeadings(two, 1, 1).labels).toEqual(['Property crime', 'Theft']);
    expect(cellHeadings(three, 0, 1).labels).toEqual(['Property crime', 'Arson']);
    expect(cellHeadings(three, 1, 1).labels).toEqual(['All crime']);
    expect(cellHeadings(three, 1, 1).headers).toEqual(['2023']);
  });

  it('labels standing at no edge of the page before, or a table set in nowhere, carry nothing', () => {
    const setInFirst = () => {
      const unit = pageOf(
        1,
        [
          ['Region', 72],
          ['Net sales', 72],
          ['United States', 82],
        ],
        1,
      );
      unit.page!.tables![0]!.cells.find((c) => c.text === 'United States')!.indent = 1;
      return unit;
    };
    const [, elsewhere] = linkContinuedTables([
      setInFirst(),
      pageOf(2, [
        ['International', 90],
        ['Other', 90],
      ]),
    ]);
    expect(setIn(elsewhere!.page!.tables![0]!)).toEqual([0, 0]);
    expect(cellHeadings(elsewhere!.page!.tables![0]!, 0, 1).labels).toEqual(['International']);

    const flat = pageOf(
      1,
      [
        ['Region', 72],
        ['North', 72],
        ['South', 72],
      ],
      1,
    );
    const [, next] = linkContinuedTables([
      flat,
      pageOf(2, [
        ['East', 82],
        ['West', 82],
      ]),
    ]);
    const table = next!.page!.tables![0]!;
    expect(table.continues).toBeDefined();
    expect(table.continues?.parents).toBeUndefined();
    expect(setIn(table)).toEqual([0, 0]);
  });
});
