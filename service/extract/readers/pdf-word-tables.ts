import type { PageTable, PageTableCell } from '../../../shared/api';
import { columnsCovered, columnsOf, type ChunkLine } from './pdf-tables';

// Tables of words. A vote roll, a list of members or a register of names holds no figure, so no row of
// figures starts it, yet a person reads it as a table and wants it as rows and columns (to export it, to
// search a name under its column's heading). It is read from alignment alone, and only where alignment
// leaves no doubt: a run of lines each cut into three pieces or more, short ones (cells, not lines of
// prose set in columns), every piece of every line under one column, no column holding two pieces of
// one line, and every column used by two lines or more.

/** Fewest lines a table of words has, its header among them. */
const MIN_LINES = 4;
/** Fewest columns a table of words has: two columns of words are as often a list of terms. */
const MIN_COLUMNS = 3;
/** A cell of a table of words is short: its pieces hold this many words at most, by their median. */
const MAX_MEDIAN_WORDS = 4;
/** Lines further apart than this many line heights are not rows of one table. */
const ROW_GAP_LINES = 2.6;
/** A first line set this much further above the next than the rows' pitch is the table's header. */
const HEADER_GAP = 1.2;

const wordsIn = (text: string) => text.split(/\s+/).filter((w) => w !== '').length;

/**
 * The tables of words among the lines no other table holds (`found`: the tables of figures read from
 * the same lines), numbered on from `first`.
 */
export function wordTables(
  lines: readonly ChunkLine[],
  found: readonly PageTable[],
  first: number,
): PageTable[] {
  const free = (line: ChunkLine) =>
    !found.some((t) => line.by >= t.box.y - 0.5 * line.size && line.by <= t.box.y + t.box.height + line.size);
  const out: PageTable[] = [];
  let run: ChunkLine[] = [];
  const close = () => {
    const table = run.length >= MIN_LINES ? wordTable(run, first + out.length) : null;
    if (table !== null) out.push(table);
    run = [];
  };
  for (const line of lines) {
    const last = run.at(-1);
    const fits = free(line) && line.chunks.length >= 2;
    if (!fits || (last !== undefined && line.by - last.by > ROW_GAP_LINES * Math.max(line.size, last.size)))
      close();
    if (fits) run.push(line);
  }
  close();
  return out;
}

function wordTable(run: readonly ChunkLine[], index: number): PageTable | null {
  // The run's own lines of three pieces or more make its columns; a line of two keeps to them (a row with
  // empty cells) or ends nothing but is left out of the table.
  const full = run.filter((l) => l.chunks.length >= MIN_COLUMNS);
  if (full.length < MIN_LINES - 1) return null;
  const pieces = run.flatMap((l) => l.chunks);
  const counts = pieces.map((c) => wordsIn(c.text)).sort((a, b) => a - b);
  if (counts[Math.floor(counts.length / 2)]! > MAX_MEDIAN_WORDS) return null;
  const columns = columnsOf(run);
  if (columns.length < MIN_COLUMNS) return null;
  const placed = run.map((line) => line.chunks.map((chunk) => columnsCovered(chunk, columns)));
  // Every piece under one column, no column with two pieces of one line: else alignment is in doubt.
  const oneEach = placed.every((cols) => {
    if (cols.some((c) => c.length !== 1)) return false;
    const flat = cols.map((c) => c[0]!);
    return new Set(flat).size === flat.length;
  });
  if (!oneEach) return null;
  // A column only one line uses is a piece out of line, not a column.
  const uses = columns.map((_, c) => placed.filter((cols) => cols.some((k) => k[0] === c)).length);
  if (uses.some((n) => n < 2)) return null;
  const pitches = run.slice(1).map((l, k) => l.by - run[k]!.by);
  const rest = pitches.slice(1).sort((a, b) => a - b);
  const pitch = rest[Math.floor(rest.length / 2)] ?? pitches[0]!;
  const headerRows = pitches[0]! > HEADER_GAP * pitch || run[0]!.size > 1.1 * run[1]!.size ? 1 : 0;
  const cells: PageTableCell[] = run.flatMap((line, row) =>
    line.chunks.map((chunk, k) => ({
      row,
      col: placed[row]![k]![0]!,
      rowSpan: 1,
      colSpan: 1,
      text: chunk.text,
      box: { x: chunk.x0, y: chunk.y0, width: chunk.x1 - chunk.x0, height: chunk.y1 - chunk.y0 },
      header: row < headerRows,
    })),
  );
  const x = Math.min(...cells.map((c) => c.box.x));
  const y = Math.min(...cells.map((c) => c.box.y));
  return {
    index,
    box: {
      x,
      y,
      width: Math.max(...cells.map((c) => c.box.x + c.box.width)) - x,
      height: Math.max(...cells.map((c) => c.box.y + c.box.height)) - y,
    },
    rows: run.length,
    cols: columns.length,
    headerRows,
    labelCols: 1,
    title: null,
    notes: [],
    cells,
    unsure: false,
  };
}
