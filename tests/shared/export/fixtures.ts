import { PageTable, type PageTableCell } from '../../../shared/api';
import type { TableProvenance } from '../../../shared/export/table';

// Tables as the PDF reader gives them (checked against the shared schema, so the tests cannot drift from
// the contract): a titled table with a heading spanning two year columns, and a table read with doubt.

function cell(
  row: number,
  col: number,
  text: string,
  extra: Partial<Pick<PageTableCell, 'rowSpan' | 'colSpan' | 'header'>> = {},
): PageTableCell {
  return {
    row,
    col,
    rowSpan: 1,
    colSpan: 1,
    text,
    box: { x: 72 + col * 100, y: 100 + row * 14, width: 40, height: 10 },
    header: false,
    ...extra,
  };
}

/** "Table 2. Revenue by segment": a heading over 2023 and 2022, three rows, in millions. */
export const segmentsTable: PageTable = PageTable.parse({
  index: 0,
  box: { x: 72, y: 100, width: 300, height: 80 },
  rows: 5,
  cols: 3,
  headerRows: 2,
  labelCols: 1,
  title: 'Table 2. Revenue by segment',
  notes: ['(in millions of dollars)'],
  unsure: false,
  cells: [
    cell(0, 1, 'Year ended December 31', { colSpan: 2, header: true }),
    cell(1, 0, 'Segment', { header: true }),
    cell(1, 1, '2023', { header: true }),
    cell(1, 2, '2022', { header: true }),
    cell(2, 0, 'Cloud services, hosted'),
    cell(2, 1, '1,234'),
    cell(2, 2, '1,100'),
    cell(3, 0, 'Devices "smart"'),
    cell(3, 1, '(845)'),
    cell(3, 2, '-3.2%'),
    cell(4, 0, 'Total'),
    cell(4, 1, '2,481'),
    cell(4, 2, '2,398'),
  ],
});

/** A small table the reader was not sure of, with a label spanning two rows. */
export const unsureTable: PageTable = PageTable.parse({
  index: 1,
  box: { x: 72, y: 300, width: 200, height: 40 },
  rows: 2,
  cols: 2,
  headerRows: 0,
  labelCols: 1,
  title: null,
  notes: [],
  unsure: true,
  cells: [cell(0, 0, 'Staff', { rowSpan: 2 }), cell(0, 1, '4,200'), cell(1, 1, '4,350')],
});

export const provenance: TableProvenance = {
  source: 'Annual report 2023',
  sha256: 'ab'.repeat(32),
  page: 3,
  table: 1,
  tableCount: 2,
  readBy: 'Text layer (ew-extract-8)',
};
