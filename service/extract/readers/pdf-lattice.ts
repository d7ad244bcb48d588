import type { PageTable, PageTableCell } from '../../../shared/api';
import type { Chunk, ChunkLine, Rule, Upright } from './pdf-tables';
import {
  asRead,
  bandColumn,
  captionOver,
  codeColumn,
  leadersOff,
  namedByRecord,
  numberPiece,
  isScaleLine,
  runningColumn,
} from './pdf-tables';

// Tables drawn as a grid of lines (a lattice): where a page's lines cross into a closed frame of rows and
// columns, the lines, not the alignment of words, say where each cell is. A border missing between two
// cells of the grid joins them into one that spans rows or columns ("Blood Pressure #" over two rows, "All
// the available individuals" across five columns); the words inside a cell, on one line or several, are
// its text. Row labels set just left of the frame, on the rows' lines, are the table's label column, and a
// frame of one row set close under it on the same columns (a "Totals" box) is its last row.

const YEAR = /^(?:19|20)\d{2}$/;
/** A cell of more words than this is a paragraph, not a table's cell. */
const PROSE_WORDS = 15;

/** Lines this close (points) are one line: a rule drawn as a thin filled box has two edges. */
const SNAP = 2;
/** A border is drawn between two cells when lines cover this share of their common side. */
const DRAWN = 0.6;
/** A grid's frame is at most this far from the words it holds beyond its edge lines. */
const MIN_CELL = 3;

interface Segment {
  at: number;
  from: number;
  to: number;
}

/** A closed grid: its column and row edges, and which inner borders are drawn. */
interface Grid {
  xs: number[];
  ys: number[];
  /** Vertical border at xs[i] drawn beside row band j. */
  vertical: (i: number, j: number) => boolean;
  /** Horizontal border at ys[j] drawn over column band i. */
  horizontal: (i: number, j: number) => boolean;
}

/**
 * Values close together as one (their middle), ascending: the two edges of a rule drawn as a bar, and the
 * two lines of a double rule (no cell is that thin).
 */
function snapped(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const v of sorted) {
    const last = out.at(-1);
    if (last && v - last[0]! < 2 * SNAP) last.push(v);
    else out.push([v]);
  }
  return out.map((g) => (g[0]! + g.at(-1)!) / 2);
}

/** How much of [from, to] the segments at `at` (within SNAP) cover. */
function covered(segments: readonly Segment[], at: number, from: number, to: number): number {
  const spans = segments
    .filter((s) => Math.abs(s.at - at) <= SNAP && s.to > from && s.from < to)
    .map((s) => [Math.max(s.from, from), Math.min(s.to, to)] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = from;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/** The closed grids the page's lines make: sets of crossing lines framed on all four sides. */
function gridsOf(rules: readonly Rule[]): Grid[] {
  const across: Segment[] = rules
    .filter((r) => r.y0 === r.y1)
    .map((r) => ({ at: r.y0, from: r.x0, to: r.x1 }));
  const down: Segment[] = rules.filter((r) => r.x0 === r.x1).map((r) => ({ at: r.x0, from: r.y0, to: r.y1 }));
  if (across.length < 2 || down.length < 3) return [];
  // Lines that cross or touch are one figure's.
  const parent = [...across, ...down].map((_, k) => k);
  const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k]!)));
  for (let a = 0; a < across.length; a++) {
    const h = across[a]!;
    for (let d = 0; d < down.length; d++) {
      const v = down[d]!;
      if (v.at >= h.from - SNAP && v.at <= h.to + SNAP && h.at >= v.from - SNAP && h.at <= v.to + SNAP)
        parent[find(a)] = find(across.length + d);
    }
  }
  const groups = new Map<number, { across: Segment[]; down: Segment[] }>();
  [...across, ...down].forEach((s, k) => {
    const root = find(k);
    const group = groups.get(root) ?? { across: [], down: [] };
    (k < across.length ? group.across : group.down).push(s);
    groups.set(root, group);
  });
  const grids: Grid[] = [];
  for (const group of groups.values()) {
    const xs = snapped(group.down.map((s) => s.at));
    const ys = snapped(group.across.map((s) => s.at));
    // One row of cells is a table only as the last row of the grid above it (a totals box).
    if (xs.length < 3 || ys.length < 2) continue;
    const left = xs[0]!;
    const right = xs.at(-1)!;
    const top = ys[0]!;
    const bottom = ys.at(-1)!;
    if (right - left < 4 * MIN_CELL || bottom - top < 4 * MIN_CELL) continue;
    // Framed: its outer lines run (mostly) all round.
    const framed =
      covered(group.across, top, left, right) >= DRAWN * (right - left) &&
      covered(group.across, bottom, left, right) >= DRAWN * (right - left) &&
      covered(group.down, left, top, bottom) >= DRAWN * (bottom - top) &&
      covered(group.down, right, top, bottom) >= DRAWN * (bottom - top);
    if (!framed) continue;
    grids.push({
      xs,
      ys,
      vertical: (i, j) => covered(group.down, xs[i]!, ys[j]!, ys[j + 1]!) >= DRAWN * (ys[j + 1]! - ys[j]!),
      horizontal: (i, j) =>
        covered(group.across, ys[j]!, xs[i]!, xs[i + 1]!) >= DRAWN * (xs[i + 1]! - xs[i]!),
    });
  }
  return grids.sort((a, b) => a.ys[0]! - b.ys[0]! || a.xs[0]! - b.xs[0]!);
}

/** A word placed in a grid, with the line it was read on. */
interface Placed {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  by: number;
  size: number;
  upright?: Upright;
}

/** The words of a line, one by one where the line kept them, else its pieces. */
function wordsOfLine(line: ChunkLine): Placed[] {
  return line.chunks.flatMap((c: Chunk) =>
    (c.words ?? [c]).map((w) => ({
      text: w.text,
      x0: w.x0,
      y0: w.y0,
      x1: w.x1,
      y1: w.y1,
      by: line.by,
      size: line.size,
    })),
  );
}

/** A cell of the grid as it is being built: its bands, and the words inside it. */
interface Building {
  i0: number;
  i1: number;
  j0: number;
  j1: number;
  words: Placed[];
}

/** Text set on end, read as a person tilting their head reads it; other words line by line. */
function textOf(words: readonly Placed[]): string {
  const flat = words.filter((w) => w.upright === undefined);
  const onEnd = words.filter((w) => w.upright !== undefined);
  const lines = [...flat].sort((a, b) => a.by - b.by || a.x0 - b.x0);
  const up = onEnd.filter((w) => w.upright!.up).length >= onEnd.length / 2;
  const tilted = [...onEnd].sort((p, q) => (up ? p.x0 - q.x0 : q.x0 - p.x0));
  let text = '';
  let last: Placed | undefined;
  for (const w of [...lines, ...tilted]) {
    const word = w.text.trim();
    // "Preva- / lence": a word broken at the cell's edge is one word.
    if (last !== undefined && w.by > last.by && /\p{L}-$/u.test(text) && /^\p{Ll}/u.test(word))
      text = text.slice(0, -1) + word;
    else text += (text === '' ? '' : ' ') + word;
    last = w;
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** The grid's cells: its bands joined where no border is drawn between them. */
function cellsOf(grid: Grid): { cells: Building[]; regular: boolean } {
  const cols = grid.xs.length - 1;
  const rows = grid.ys.length - 1;
  const parent = Array.from({ length: cols * rows }, (_, k) => k);
  const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k]!)));
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      if (i + 1 < cols && !grid.vertical(i + 1, j)) parent[find(j * cols + i)] = find(j * cols + i + 1);
      if (j + 1 < rows && !grid.horizontal(i, j + 1)) parent[find(j * cols + i)] = find((j + 1) * cols + i);
    }
  const byRoot = new Map<number, Building>();
  const count = new Map<number, number>();
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      const root = find(j * cols + i);
      const cell = byRoot.get(root);
      count.set(root, (count.get(root) ?? 0) + 1);
      if (cell === undefined) byRoot.set(root, { i0: i, i1: i, j0: j, j1: j, words: [] });
      else {
        cell.i0 = Math.min(cell.i0, i);
        cell.i1 = Math.max(cell.i1, i);
        cell.j0 = Math.min(cell.j0, j);
        cell.j1 = Math.max(cell.j1, j);
      }
    }
  // A cell whose bands are no rectangle (an L of missing borders) is a reading to doubt.
  const regular = [...byRoot].every(([root, c]) => (c.i1 - c.i0 + 1) * (c.j1 - c.j0 + 1) === count.get(root));
  return { cells: [...byRoot.values()], regular };
}

/** Which band of `edges` holds `v`, or -1. */
function bandOf(edges: readonly number[], v: number): number {
  if (v < edges[0]! || v > edges.at(-1)!) return -1;
  for (let k = 0; k < edges.length - 1; k++) if (v <= edges[k + 1]!) return k;
  return -1;
}

export interface LatticeRead {
  tables: PageTable[];
  /** The lines (by index) whose words the lattices took: no other table reads them. */
  taken: Set<number>;
}

/**
 * The tables the page's grids of lines draw, from the page's lines (reading frame) and the text set on end;
 * the caller numbers them among the page's other tables.
 */
export function readLattices(
  lines: readonly ChunkLine[],
  rules: readonly Rule[],
  upright: readonly Upright[] = [],
): LatticeRead {
  const taken = new Set<number>();
  const tables: PageTable[] = [];
  // Shading is no border: a band of colour behind every other row draws no grid.
  const grids = gridsOf(rules.filter((r) => !r.shade));
  const used = new Set<Grid>();
  for (const grid of grids) {
    if (used.has(grid)) continue;
    used.add(grid);
    // A one-row frame just under this one on the same columns (a totals box) is its last row.
    const below = grids.find(
      (g) =>
        !used.has(g) &&
        g.ys.length === 2 &&
        g.ys[0]! > grid.ys.at(-1)! &&
        g.ys[0]! - grid.ys.at(-1)! <= 3 * (grid.ys.at(-1)! - grid.ys.at(-2)!) &&
        sameColumns(grid.xs, g.xs),
    );
    const table = readLattice(lines, grid, upright, taken, below);
    if (table === null) continue;
    if (below) used.add(below);
    tables.push(leadersOff(namedByRecord(asRead(table))));
  }
  return { tables, taken };
}

/** Two grids' column edges agree (within SNAP), most of the shorter's found in the longer. */
function sameColumns(a: readonly number[], b: readonly number[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const found = short.filter((x) => long.some((y) => Math.abs(x - y) <= SNAP)).length;
  return found >= 0.8 * short.length && found >= 3;
}

function readLattice(
  lines: readonly ChunkLine[],
  grid: Grid,
  upright: readonly Upright[],
  taken: Set<number>,
  below: Grid | undefined,
): PageTable | null {
  const { cells: built, regular } = cellsOf(grid);
  let cells = built;
  let ys = grid.ys;
  const xs = grid.xs;
  // The totals box's cells, placed on this grid's columns as one more row.
  if (below) {
    const { cells: last } = cellsOf(below);
    const row = ys.length - 1;
    const colOf = (x: number) => xs.findIndex((e) => Math.abs(e - x) <= SNAP);
    const extra: Building[] = [];
    for (const c of last) {
      const i0 = colOf(below.xs[c.i0]!);
      const i1 = colOf(below.xs[c.i1 + 1]!) - 1;
      if (i0 >= 0 && i1 >= i0) extra.push({ i0, i1, j0: row + 1, j1: row + 1, words: [] });
    }
    cells = [...cells, ...extra];
    // The gap between the two frames is a band of its own (`row`), dropped below as an empty row.
    ys = [...ys, below.ys[0]!, below.ys.at(-1)!];
  }
  const left = xs[0]!;
  const right = xs.at(-1)!;
  const top = ys[0]!;
  const bottom = ys.at(-1)!;
  const cellAt = (i: number, j: number) =>
    cells.find((c) => i >= c.i0 && i <= c.i1 && j >= c.j0 && j <= c.j1);
  // Words by their middles: in a cell, or left of the frame on a row's line (a row label outside it).
  const outsideLeft: { line: number; words: Placed[] }[] = [];
  const mine = new Set<number>();
  let crowded = false;
  // A figure on the grid's rows outside its frame: the lines frame part of a table only.
  let beyond = false;
  lines.forEach((line, k) => {
    const outside: Placed[] = [];
    let inside = 0;
    // Two figures a cell's gap apart on one line of one cell: the lines do not part the table's columns.
    const figuresIn = new Map<Building, number>();
    for (const chunk of line.chunks) {
      if (!numberPiece(chunk.text)) continue;
      const i = bandOf(xs, (chunk.x0 + chunk.x1) / 2);
      const j = bandOf(ys, (chunk.y0 + chunk.y1) / 2);
      const cell = i >= 0 && j >= 0 ? cellAt(i, j) : undefined;
      if (cell === undefined) continue;
      figuresIn.set(cell, (figuresIn.get(cell) ?? 0) + 1);
      if (figuresIn.get(cell)! >= 2) crowded = true;
    }
    for (const w of wordsOfLine(line)) {
      const mx = (w.x0 + w.x1) / 2;
      const my = (w.y0 + w.y1) / 2;
      const i = bandOf(xs, mx);
      const j = bandOf(ys, my);
      const cell = i >= 0 && j >= 0 ? cellAt(i, j) : undefined;
      if (cell) {
        cell.words.push(w);
        inside++;
      } else if (i >= 0 && j >= 0) {
        // Within the frame where no cell is drawn (left of a totals box that starts further in).
        const loose: Building = { i0: i, i1: i, j0: j, j1: j, words: [w] };
        cells.push(loose);
        inside++;
      } else if (my >= top && my <= bottom && w.x1 <= left + SNAP) outside.push(w);
      else if (my >= top && my <= bottom && numberPiece(w.text)) beyond = true;
    }
    if (inside > 0) {
      mine.add(k);
      if (outside.length > 0) outsideLeft.push({ line: k, words: outside });
    }
  });
  if (crowded || beyond) return null;
  for (const piece of upright) {
    const i = bandOf(xs, (piece.x0 + piece.x1) / 2);
    const j = bandOf(ys, (piece.y0 + piece.y1) / 2);
    const cell = i >= 0 && j >= 0 ? cellAt(i, j) : undefined;
    if (cell) cell.words.push({ ...piece, by: piece.y1, size: piece.size, upright: piece });
  }
  const withText = cells.filter((c) => textOf(c.words) !== '');
  if (!withText.some((c) => numberPiece(textOf(c.words)))) return null;
  // A frame round paragraphs (a sidebar, a box of key facts in sentences) is no table.
  const prose = withText.filter((c) => textOf(c.words).split(' ').length > PROSE_WORDS).length;
  if (prose > 0.25 * withText.length) return null;
  // Rows: the bands a cell of one band holds words in, and the first band of a taller cell that covers
  // none of them. A shaded strip between rows, or the gap above a totals box, is no row.
  const rowUsed = ys.slice(0, -1).map((_, j) => withText.some((c) => c.j0 === j && c.j1 === j));
  for (const c of withText) if (!rowUsed.slice(c.j0, c.j1 + 1).some(Boolean)) rowUsed[c.j0] = true;
  const rowIndex = rowUsed.map((_, j) => rowUsed.slice(0, j).filter(Boolean).length);
  const rows = rowUsed.filter(Boolean).length;
  const cols = xs.length - 1;
  if (rows < 2 || cols < 2) return null;
  // Row labels left of the frame: one more column, when most rows of figures have one.
  const labelsOutside = new Map<number, Placed[]>();
  for (const { words } of outsideLeft) {
    for (const w of words) {
      const j = bandOf(ys, (w.y0 + w.y1) / 2);
      if (j < 0 || !rowUsed[j]) continue;
      labelsOutside.set(j, [...(labelsOutside.get(j) ?? []), w]);
    }
  }
  const out: PageTableCell[] = [];
  const texts = new Map<Building, string>();
  for (const c of cells) texts.set(c, textOf(c.words));
  const figureRows = new Set(cells.filter((c) => numberPiece(texts.get(c)!)).map((c) => rowIndex[c.j0]!));
  const labelled = [...labelsOutside.keys()].filter((j) => figureRows.has(rowIndex[j]!)).length;
  const shift = labelled >= 0.6 * figureRows.size && labelled >= 2 ? 1 : 0;
  if (shift === 1)
    for (const [j, words] of labelsOutside) {
      const text = textOf(words);
      if (text === '') continue;
      out.push({
        row: rowIndex[j]!,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text,
        box: boxOf(words),
        header: false,
      });
    }
  for (const c of cells) {
    const text = texts.get(c)!;
    if (text === '') continue;
    const bands = rowUsed.map((u, j) => (u && j >= c.j0 && j <= c.j1 ? j : -1)).filter((j) => j >= 0);
    const r0 = rowIndex[bands[0]!]!;
    const r1 = rowIndex[bands.at(-1)!]!;
    out.push({
      row: r0,
      col: c.i0 + shift,
      rowSpan: Math.max(1, r1 - r0 + 1),
      colSpan: c.i1 - c.i0 + 1,
      text,
      box: boxOf(c.words),
      header: false,
    });
  }
  // Label columns: the leftmost whose cells in the rows of figures hold words, after a running number
  // ("No.": 1, 2, 3, …) if the table starts with one.
  const covering = (r: number, col: number) =>
    out.find((c) => c.row <= r && c.row + c.rowSpan > r && c.col <= col && c.col + c.colSpan > col);
  const bodyGuess = [...figureRows].sort((a, b) => a - b);
  const running = (col: number) => runningColumn(bodyGuess.map((r) => covering(r, col)?.text.trim() ?? ''));
  let labelCols = 0;
  for (let col = running(0) ? 1 : 0; col < cols + shift - 1; col++) {
    const held = bodyGuess.map((r) => out.find((c) => c.row <= r && c.row + c.rowSpan > r && c.col === col));
    const words = held.filter((c) => c && !numberPiece(c.text)).length;
    if ((words >= 0.6 * held.length && words > 0) || bandColumn(held.map((c) => c?.text ?? '')))
      labelCols = col + 1;
    // A column of codes before the first label column is passed over, as a running number is.
    else if (labelCols > 0 || !codeColumn(held.map((c) => c?.text ?? ''))) break;
  }
  // Header rows: those above the first row with a figure in a column of figures, when the row after it has
  // one too (a row of column numbers under the headings is not the first row of figures). A year is a
  // heading, not a figure of the body.
  const figure = (text: string) => numberPiece(text) && !YEAR.test(text.trim());
  const figureCols = new Set<number>();
  for (let col = labelCols; col < cols + shift; col++)
    if (out.filter((c) => c.col === col && figure(c.text)).length >= 2) figureCols.add(col);
  const figureAt = (r: number) =>
    [...figureCols].some((col) => {
      const cell = covering(r, col);
      return cell !== undefined && figure(cell.text);
    });
  const onlyLabels = (r: number) => out.every((c) => c.row !== r || c.col < labelCols);
  let headerRows = 0;
  for (let r = 0; r < rows; r++) {
    if (!figureAt(r)) continue;
    let next = r + 1;
    while (next < rows && onlyLabels(next)) next++;
    if (next >= rows || figureAt(next)) {
      headerRows = r;
      break;
    }
  }
  for (const c of out) c.header = c.row < headerRows;
  for (const k of mine) taken.add(k);
  for (const { line } of outsideLeft) if (shift === 1) taken.add(line);
  const all = out.map((c) => c.box);
  const x = Math.min(left, ...all.map((b) => b.x));
  const title = titleAbove(lines, top);
  return {
    index: 0,
    box: { x, y: top, width: right - x, height: bottom - top },
    rows,
    cols: cols + shift,
    headerRows,
    labelCols,
    title,
    notes: scaleNotesAbove(lines, top),
    cells: out.sort((a, b) => a.row - b.row || a.col - b.col),
    unsure: !regular || rows - headerRows < 1,
  };
}

function boxOf(words: readonly { x0: number; y0: number; x1: number; y1: number }[]): PageTableCell['box'] {
  const x = Math.min(...words.map((w) => w.x0));
  const y = Math.min(...words.map((w) => w.y0));
  return {
    x,
    y,
    width: Math.max(...words.map((w) => w.x1)) - x,
    height: Math.max(...words.map((w) => w.y1)) - y,
  };
}

const lineText = (line: ChunkLine) => line.chunks.map((c) => c.text).join(' ');

/** The line just over the frame names the table, when it is one piece and not a scale line. */
function titleAbove(lines: readonly ChunkLine[], top: number): string | null {
  const k = lines.findLastIndex((l) => l.by < top && top - l.by <= 3 * l.size);
  const above = lines[k];
  const text = above === undefined ? '' : lineText(above).trim();
  if (above === undefined || above.chunks.length !== 1 || text === '' || isScaleLine(text)) return null;
  // A caption broken over lines ("Table A4-12. … by Space Type," over "Alternative Scenarios, …").
  const captioned = captionOver(lines, k);
  if (captioned !== null) return captioned;
  // The last line of a paragraph over the table is no title.
  const before = lines[k - 1];
  if (before !== undefined && above.by - before.by <= 1.6 * above.size) return null;
  return text;
}

function scaleNotesAbove(lines: readonly ChunkLine[], top: number): string[] {
  return lines
    .filter((l) => l.by < top && top - l.by <= 4 * l.size)
    .map(lineText)
    .filter(isScaleLine);
}
