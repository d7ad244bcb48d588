import type { PageTable } from '../../shared/api';
import type { ReadUnit } from './types';

// A table that runs on over a page break is one table: the first table of a page continues the last table
// of the page before when it starts near the top of its page, the other ended near the bottom of its own,
// and both have the same columns where they stand (the same count, each over the other). The continuation
// names the table it continues; when it repeats no header of its own it carries that table's header, so a
// figure on the second page is read under the first page's headings.

/** Where on its page a continued table ends and its continuation starts (share of the page's height). */
const ENDS_BELOW = 0.55;
const STARTS_ABOVE = 0.4;

/** The x-extent of each column of a table's body (the rows under its header). */
function columnSpans(table: PageTable): ([number, number] | null)[] {
  const spans: ([number, number] | null)[] = Array.from({ length: table.cols }, () => null);
  for (const cell of table.cells) {
    if (cell.row < table.headerRows || cell.colSpan !== 1) continue;
    const span = spans[cell.col];
    const [a, b] = [cell.box.x, cell.box.x + cell.box.width];
    spans[cell.col] = span == null ? [a, b] : [Math.min(span[0], a), Math.max(span[1], b)];
  }
  return spans;
}

/** Both tables' columns stand over each other: every column either has cells in, overlapping. */
function sameColumns(a: PageTable, b: PageTable): boolean {
  if (a.cols !== b.cols || a.labelCols !== b.labelCols) return false;
  const sa = columnSpans(a);
  const sb = columnSpans(b);
  return sa.every((x, c) => {
    const y = sb[c];
    if (x == null || y == null) return true;
    return x[0] < y[1] && y[0] < x[1];
  });
}

/** Units with each continued table linked to the table it continues (units in page order). */
export function linkContinuedTables<U extends ReadUnit>(units: readonly U[]): U[] {
  const out = [...units];
  for (let i = 1; i < out.length; i++) {
    const before = out[i - 1]!;
    const unit = out[i]!;
    if (unit.kind !== 'page' || before.kind !== 'page' || unit.index !== before.index + 1) continue;
    const last = before.page?.tables?.at(-1);
    const first = unit.page?.tables?.[0];
    if (last === undefined || first === undefined || before.page === undefined || unit.page === undefined)
      continue;
    if (first.unsure || last.unsure) continue;
    if (last.box.y + last.box.height < ENDS_BELOW * before.page.height) continue;
    if (first.box.y > STARTS_ABOVE * unit.page.height) continue;
    if (!sameColumns(last, first)) continue;
    const origin = last.continues;
    // A header repeated on the new page is the table's own; none repeated, it runs under the first one's.
    const inherited =
      first.headerRows > 0
        ? { headerRows: 0, header: [] }
        : origin !== undefined && last.headerRows === 0
          ? { headerRows: origin.headerRows, header: origin.header }
          : {
              headerRows: last.headerRows,
              header: last.cells
                .filter((c) => c.row < last.headerRows)
                .map(({ row, col, colSpan, text }) => ({ row, col, colSpan, text })),
            };
    const continues = {
      page: origin?.page ?? before.index,
      table: origin?.table ?? last.index,
      title: origin?.title ?? last.title,
      ...inherited,
    };
    const tables = unit.page.tables!.map((t, k) => (k === 0 ? { ...t, continues } : t));
    out[i] = { ...unit, page: { ...unit.page, tables } };
  }
  return out;
}
