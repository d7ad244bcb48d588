import type { PageSize } from '../api';
import { cellHeadings } from './context';

// A page table's cells as a search reads them: each body cell with the row labels and column headers a
// person reads beside it ("Texas Handgun 61,450"), so words that sit far apart on the page (a row label at
// the left, a header at the top) find the one cell they name together; and where that cell stands in the
// page's text, so a result can show and light it.

/** A body cell of a sure table with the words that name it. */
export interface CellPassage {
  table: number;
  row: number;
  col: number;
  /** The row's labels, then the column's headers from the top down: what names the cell. */
  heading: string;
  /** The cell's own text. */
  text: string;
}

/** Every body cell with text of the page's sure tables (an unsure table's headers name nothing). */
export function cellPassages(page: Pick<PageSize, 'tables'> | undefined | null): CellPassage[] {
  const passages: CellPassage[] = [];
  for (const table of page?.tables ?? []) {
    if (table.unsure) continue;
    for (const cell of table.cells) {
      const text = cell.text.trim();
      if (cell.header || text === '' || cell.row < table.headerRows || cell.col < table.labelCols) continue;
      const { labels, headers } = cellHeadings(table, cell.row, cell.col);
      if (labels.length === 0 && headers.length === 0) continue;
      const heading = [...labels, ...headers.slice().reverse()].join(' ').replace(/\s+/g, ' ');
      passages.push({ table: table.index, row: cell.row, col: cell.col, heading, text });
    }
  }
  return passages;
}

/**
 * The text a search indexes for a unit: its text as read, then one line per table cell with the words
 * that name it. The lines only widen what matches; what a result shows is cut from the unit's text.
 */
export function searchableText(markdown: string, page: Pick<PageSize, 'tables'> | undefined | null): string {
  const passages = cellPassages(page);
  if (passages.length === 0) return markdown;
  return `${markdown}\n\n${passages.map((p) => `${p.heading} ${p.text}`).join('\n')}`;
}

/**
 * Where a body cell stands in the page's text: the line that holds its row's cells in column order, and
 * the cell's text on it. Null when no line holds the row as read (a row whose cells wrap over lines).
 */
export function cellInText(
  markdown: string,
  page: Pick<PageSize, 'tables'>,
  at: { table: number; row: number; col: number },
): { start: number; end: number; lineStart: number; lineEnd: number } | null {
  const table = page.tables?.find((t) => t.index === at.table);
  if (table === undefined) return null;
  const row = table.cells
    .filter((c) => c.row === at.row && c.text.trim() !== '')
    .sort((a, b) => a.col - b.col)
    .map((c) => ({ col: c.col, text: c.text.trim() }));
  if (!row.some((c) => c.col === at.col)) return null;
  for (let lineStart = 0; lineStart <= markdown.length;) {
    const newline = markdown.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? markdown.length : newline;
    const line = markdown.slice(lineStart, lineEnd);
    // The row's cells, each found after the one before it on the line.
    let from = 0;
    let found: { start: number; end: number } | null = null;
    for (const cell of row) {
      const i = line.indexOf(cell.text, from);
      if (i === -1) break;
      if (cell.col === at.col) found = { start: lineStart + i, end: lineStart + i + cell.text.length };
      from = i + cell.text.length;
      if (cell === row[row.length - 1] && found !== null) return { ...found, lineStart, lineEnd };
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return null;
}
