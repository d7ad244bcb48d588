import type { PageTable, PageTableCell, TableContinues } from '../../shared/api';
import { INDENT_TOLERANCE } from './readers/pdf-tables';
import type { ReadUnit } from './types';

// A table that runs on over a page break is one table: the first table of a page continues the last table
// of the page before when it starts near the top of its page, the other ended near the bottom of its own,
// and both have the same columns where they stand (the same count, each over the other). The continuation
// names the table it continues; when it repeats no header of its own it carries that table's header, so a
// figure on the second page is read under the first page's headings. Row labels set in under a label on
// the page before keep it: the continuation carries the labels still open at the other's foot, and its
// labels take their steps in from where the other's stand (a page that starts set in shows no margin).

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

/** A table's first-column body labels, top to bottom. */
function bodyLabels(table: PageTable): PageTableCell[] {
  if (table.labelCols === 0) return [];
  return table.cells
    .filter((c) => c.col === 0 && c.row >= table.headerRows && c.text.trim() !== '')
    .sort((a, b) => a.row - b.row);
}

/**
 * The labels still open at the foot of a table whose labels are set in, outermost first: from the labels
 * it was continued under, each label closes those set in as far as it or further.
 */
function openLabels(table: PageTable): NonNullable<TableContinues['parents']> | undefined {
  const labels = bodyLabels(table);
  const inherited = table.continues?.parents;
  if (inherited === undefined && !labels.some((c) => c.indent !== undefined)) return undefined;
  const open = [...(inherited ?? [])];
  for (const cell of labels) {
    const indent = cell.indent ?? 0;
    while (open.length > 0 && open[open.length - 1]!.indent >= indent) open.pop();
    open.push({ text: cell.text.trim(), indent });
  }
  return open;
}

/**
 * Where a table's labels start at each step in (the leftmost of each), over those of the tables it
 * continues: a page that starts set in may show the margin of none.
 */
function labelEdges(table: PageTable, carried: ReadonlyMap<number, number> | undefined): Map<number, number> {
  const edges = new Map(carried);
  for (const cell of bodyLabels(table)) {
    const steps = cell.indent ?? 0;
    edges.set(steps, Math.min(edges.get(steps) ?? Infinity, cell.box.x));
  }
  return edges;
}

/**
 * The continuation's labels with their steps in read from where the other tables' stand, when it has
 * none of its own (its first label is set in, so it shows no margin): every label must stand at one of
 * the other's left edges, and one at least set in.
 */
function carriedIndents(edges: ReadonlyMap<number, number>, first: PageTable): PageTable {
  const labels = bodyLabels(first);
  if (labels.length === 0 || labels.some((c) => c.indent !== undefined)) return first;
  if (edges.size < 2) return first;
  const stepOf = (cell: PageTableCell) =>
    [...edges].find(([, x]) => Math.abs(cell.box.x - x) <= INDENT_TOLERANCE)?.[0];
  const steps = new Map(labels.map((c) => [c, stepOf(c)]));
  if ([...steps.values()].some((s) => s === undefined) || ![...steps.values()].some((s) => s! > 0))
    return first;
  const cells = first.cells.map((c) => {
    const s = steps.get(c);
    return s === undefined || s === 0 ? c : { ...c, indent: s };
  });
  return { ...first, cells };
}

/** Units with each continued table linked to the table it continues (units in page order). */
export function linkContinuedTables<U extends ReadUnit>(units: readonly U[]): U[] {
  const out = [...units];
  // Where the labels of the table last continued onto each page start, by steps in.
  const edgesOnPage = new Map<number, Map<number, number>>();
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
    const parents = openLabels(last);
    const continues = {
      page: origin?.page ?? before.index,
      table: origin?.table ?? last.index,
      title: origin?.title ?? last.title,
      ...inherited,
      ...(parents === undefined ? {} : { parents }),
    };
    const edges = labelEdges(last, origin === undefined ? undefined : edgesOnPage.get(before.index));
    const carried = parents === undefined ? first : carriedIndents(edges, first);
    edgesOnPage.set(unit.index, edges);
    const tables = unit.page.tables!.map((t, k) => (k === 0 ? { ...carried, continues } : t));
    out[i] = { ...unit, page: { ...unit.page, tables } };
  }
  return out;
}
