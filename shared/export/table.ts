import type { PageTable } from '../api';
import { csvRows } from './csv';

// A table read on a page, exported as evidence: its cells exactly as printed (never re-typed as numbers),
// laid out on the table's own grid, under the provenance a person reads first: which document (by its
// hash), which page, which table, and how it was read. The CSV follows RFC 4180; the xlsx (xlsx.ts)
// carries the same grid and provenance.

/** Where an exported table comes from and how it was read: the rows above the table. */
export interface TableProvenance {
  /** The document's display title (or its file name). */
  source: string;
  /** SHA-256 of the document's bytes, in hex. */
  sha256: string;
  /** The page the table is on (1-based). */
  page: number;
  /** The table's number on its page (1-based) and how many tables the page has. */
  table: number;
  tableCount: number;
  /** How the page was read (the extraction method, the extractor's version); null when not known. */
  readBy: string | null;
}

/** What a person is told about a table the reader was not sure of, in every export of it. */
export const UNSURE_NOTE =
  'The reader was not sure of this table’s rows, columns or headers: check every cell against the page.';

/**
 * The table as a grid of strings, `rows` × `cols`, header rows first (the table's own row order): a
 * spanning cell's text in its top-left cell and the cells it covers empty. A cell outside the grid, or
 * over a place another cell already holds, is left out rather than moving any text.
 */
export function tableGrid(table: PageTable): string[][] {
  const grid = Array.from({ length: table.rows }, () => Array.from({ length: table.cols }, () => ''));
  const taken = Array.from({ length: table.rows }, () => Array.from({ length: table.cols }, () => false));
  const cells = [...table.cells].sort((a, b) => a.row - b.row || a.col - b.col);
  for (const cell of cells) {
    if (cell.row >= table.rows || cell.col >= table.cols || taken[cell.row]![cell.col]) continue;
    grid[cell.row]![cell.col] = cell.text;
    const lastRow = Math.min(table.rows, cell.row + cell.rowSpan);
    const lastCol = Math.min(table.cols, cell.col + cell.colSpan);
    for (let row = cell.row; row < lastRow; row++)
      for (let col = cell.col; col < lastCol; col++) taken[row]![col] = true;
  }
  return grid;
}

/**
 * The provenance as label / value rows: source, hash, page, table, how it was read (when known), then
 * what the page prints around the table (its title and notes, such as "in thousands", without which its
 * numbers mislead) and, for a table read with doubt, that doubt.
 */
export function provenanceRows(table: PageTable, provenance: TableProvenance): [string, string][] {
  const rows: [string, string][] = [
    ['Source', provenance.source],
    ['SHA-256', provenance.sha256],
    ['Page', String(provenance.page)],
    ['Table', `${provenance.table} of ${provenance.tableCount}`],
  ];
  if (provenance.readBy !== null && provenance.readBy.trim() !== '')
    rows.push(['Read by', provenance.readBy]);
  if (table.title !== null && table.title.trim() !== '') rows.push(['Table title', table.title]);
  for (const note of table.notes) if (note.trim() !== '') rows.push(['Table note', note]);
  if (table.unsure) rows.push(['Read with doubt', UNSURE_NOTE]);
  return rows;
}

/** The table as CSV: its provenance rows, an empty row, then its grid. No byte-order mark. */
export function tableCsv(table: PageTable, provenance: TableProvenance): string {
  return csvRows([...provenanceRows(table, provenance), [], ...tableGrid(table)], 'except-printed-numbers');
}

const MAX_SLUG = 60;

/** A file-name-safe form of a title: lower-case ASCII letters and digits joined by hyphens. */
export function slug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.length <= MAX_SLUG
    ? words
    : words.slice(0, MAX_SLUG).replace(/-+[^-]*$/, '') || words.slice(0, MAX_SLUG);
}

/**
 * The name an exported table is saved under: `<title slug>-p<page>-table<n>.<extension>`. The title is the
 * document's own when it has one, else its file name without the extension; "document" when neither
 * leaves a letter or digit.
 */
export function tableFileName(
  title: string | null,
  filename: string,
  page: number,
  table: number,
  extension: 'csv' | 'xlsx',
): string {
  const base = title !== null && slug(title) !== '' ? slug(title) : slug(filename.replace(/\.[^.]*$/, ''));
  return `${base === '' ? 'document' : base}-p${page}-table${table}.${extension}`;
}
