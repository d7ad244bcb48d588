import type { PageTable, PageTableCell } from '../../../shared/api';
import { findFigures, findScaleNote } from '../../../shared/figures';
import { isBandLabel } from '../../../shared/structure/bands';
import { alignedStarts, partedAt } from './pdf-aligned';
import { readsRightToLeft } from './pdf-bidi';

// Tables on a PDF page, read from the alignment of its words (readers/pdf-text.ts gives the lines): a run
// of lines whose pieces stand in columns that every row of figures keeps, with the rows above that hold no
// figures as its column headers and the columns at the left that hold words as its row labels. A row label
// wrapped over two lines is one label; a label alone on a line ending in ":" heads the rows under it. The
// line above the table names it; a scale line ("[In thousands]", "(EUR m)") is one of its notes. Where the
// reading is doubtful (too few rows, pieces that do not keep to the columns) the table is marked unsure: its
// cells are still shown, its headers never used by a check.

/** A piece of a line: words close together, apart from the next piece by a cell's gap. */
export interface Chunk {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Its words and where each stands, to share a heading out among the columns it covers. */
  words?: { text: string; x0: number; x1: number; y0: number; y1: number; raised?: true; item?: number }[];
  /** The width of a space on its line. */
  space?: number;
}

/** A piece of text set on end (running up or down the page), in the reading frame. */
export interface Upright {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  size: number;
  /** Runs up the page (read bottom to top), else down. */
  up: boolean;
}

/** A line drawn on the page (reading frame, y down): horizontal when y0 = y1, vertical when x0 = x1. */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** An edge of a shaded area, not a line drawn. */
  shade?: true;
}

/** A line of a page by baseline, its pieces left to right. */
export interface ChunkLine {
  by: number;
  size: number;
  chunks: Chunk[];
}

/** A cell's gap: wider than any space between words of a cell. */
export const CELL_GAP_EMS = 1.2;

/** A word of a line and where it stands along it. */
export interface Word {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Set above the line in smaller type: a note mark ("1", "(a)", "*"). */
  raised?: true;
  /** Which of the line's items it is in (words of one item are at least a space apart). */
  item: number;
}

/**
 * Words whose glyphs touch (no space between them) are one word: "(", "21.3", ")" drawn apart are "(21.3)".
 * A raised note mark stays apart.
 */
function glued(words: readonly Word[], size: number): Word[] {
  const out: Word[] = [];
  for (const word of words) {
    const last = out.at(-1);
    if (last && !last.raised && !word.raised && word.x0 - last.x1 <= 0.15 * size)
      out[out.length - 1] = {
        ...last,
        text: last.text + word.text,
        x1: Math.max(last.x1, word.x1),
        y0: Math.min(last.y0, word.y0),
        y1: Math.max(last.y1, word.y1),
      };
    else out.push(word);
  }
  return out;
}

/**
 * The width of a space on the line: the narrowest gap between two words of one item (an item may hold
 * words set further apart than a space, never nearer), else a quarter of the type size.
 */
function spaceOf(words: readonly Word[], size: number): number {
  let space = Infinity;
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.x0 - words[i - 1]!.x1;
    if (words[i]!.item === words[i - 1]!.item && gap > 0.1 * size) space = Math.min(space, gap);
  }
  return Number.isFinite(space) ? space : 0.25 * size;
}

/** A word that is a number of its own ("9,967,837", "(35.8)", "12%"), to tell two cells of figures apart. */
const NUMBER_WORD = /^[([]?[-−–+]?[$€£¥]?\d[\d.,]*%?[)\]]?[*†‡]?$/u;

/** The end of a run of dot leaders: a word of dots, or one ending in two ("Total . . .", "crime.."). */
const LEADER_END = /^[.…·]+$|\.\.$/u;

/**
 * A line's pieces: its words, apart where they stand a cell's gap apart, or where two numbers stand side by
 * side a space apart ("47,824,589 9,967,837": two cells), unless the second is a three-digit group of the
 * first ("1 234").
 */
export function piecesOf(lineWords: readonly Word[], size: number): Chunk[] {
  const out: (Chunk & { words: Word[] })[] = [];
  const gap = CELL_GAP_EMS * size;
  const words = glued(
    [...lineWords].sort((a, b) => a.x0 - b.x0),
    size,
  );
  const spaceWidth = spaceOf(words, size);
  for (const word of words) {
    const last = out.at(-1);
    const previous = last?.words.at(-1);
    const space = previous === undefined ? Infinity : word.x0 - previous.x1;
    // A note mark after a year heads the same column: "2019 (1)" is one heading, not 2019 and −1.
    // A date is one piece: "December 31, 2019", never 31 and 2019.
    const dateYear =
      previous !== undefined && /^\d{1,2},$/.test(previous.text) && /^(?:19|20)\d{2}$/.test(word.text);
    const markAfterYear =
      previous !== undefined &&
      /^(?:19|20)\d{2}$/.test(previous.text) &&
      /^\((?:\d{1,2}|[a-z])\)$/.test(word.text);
    // Digits set apart one by one ("2 0 1 8", a letter-spaced heading) are one word's.
    const spacedDigits =
      previous !== undefined && /^\d$/.test(previous.text) && /^\d$/.test(word.text) && space < 0.5 * size;
    const twoNumbers =
      previous !== undefined &&
      !word.raised &&
      !markAfterYear &&
      !dateYear &&
      !spacedDigits &&
      NUMBER_WORD.test(previous.text) &&
      NUMBER_WORD.test(word.text) &&
      !(/^\d{3}(?:[.,]\d+)?%?$/.test(word.text) && space < 0.4 * size);
    // Dot leaders run a label up to its figure: the figure is the next cell however close it stands.
    const led = previous !== undefined && LEADER_END.test(previous.text) && NUMBER_WORD.test(word.text);
    if (last && space < gap && !twoNumbers && !led) {
      // A raised note mark stays a word of its own: "Others (1)", never "Others1" nor "12.51".
      last.text += space > 0.15 * size || word.raised || previous?.raised ? ` ${word.text}` : word.text;
      last.x1 = Math.max(last.x1, word.x1);
      last.y0 = Math.min(last.y0, word.y0);
      last.y1 = Math.max(last.y1, word.y1);
      last.words.push(word);
    } else
      out.push({
        text: word.text,
        x0: word.x0,
        y0: word.y0,
        x1: word.x1,
        y1: word.y1,
        words: [word],
        space: spaceWidth,
      });
  }
  return out;
}

/** Fewest rows of figures a table has. */
const MIN_BODY_ROWS = 2;
/** Lines further apart than this many line heights are not rows of one table. */
const ROW_GAP_LINES = 2.6;

const holdsFigure = (text: string) => findFigures(text).length > 0;

/** A cell's mark for a value not given: "-", "–", "n/a", "..", "x". */
const NO_VALUE = /^(?:[-–—.…]+|n\/?a|nil|x|\*)$/iu;

/**
 * A piece that is a figure (its numbers make up most of it: "47,824,589", "(35.8)", "12.4%") or a mark for a
 * value not given; "(Rs. in 000)" or "Table: 5" is not.
 */
/**
 * A column of codes, not quantities: digits written with leading zeros to one width ("01", "001", "0094"),
 * as registers number states, districts and places. Like a running "No." column it comes before the
 * label it codes, so label columns go on past it.
 */
export function codeColumn(texts: readonly string[]): boolean {
  const codes = texts.filter((t) => /^0\d+$/.test(t.trim()));
  return (
    texts.length >= 3 &&
    codes.length >= 0.9 * texts.length &&
    new Set(codes.map((t) => t.trim().length)).size === 1
  );
}

/**
 * A column of bands ("18-75", "76-80", "81 in poi"; "Under 5", "65+"; "$10,000 to $14,999"): whole
 * numbers that name a group of rows, so the column labels its rows as words would. Two bands or more,
 * half its texts or more, the rest words; a decimal range ("12.1–14.3", an interval) is a figure.
 */
export function bandColumn(texts: readonly string[]): boolean {
  const filled = texts.map((t) => t.trim()).filter((t) => t !== '');
  const bands = filled.filter(isBandLabel).length;
  return bands >= 2 && bands >= 0.5 * filled.length && filled.every((t) => isBandLabel(t) || !numberPiece(t));
}

/** A heading that names a column of identifiers: "Licence number", "ID", "Case no.", "Ref", "Code". */
const IDENTIFIER_HEADING =
  /\b(?:id|no|nos|number|num|code|ref|reference|case|licen[cs]e|permit|registration|reg|account|serial|urn|ein|fips)\b/iu;

/** Identifiers: bare digits, three or more, no separators, every one different (three texts or more). */
function identifiers(texts: readonly string[]): boolean {
  const ids = texts.map((t) => t.trim());
  return ids.length >= 3 && ids.every((t) => /^\d{3,}$/.test(t)) && new Set(ids).size === ids.length;
}

/**
 * A column of identifiers heading a register (a licence number, a school's ID), under a heading that
 * names identifiers. Like a code it comes before the name it identifies, so label columns go on past it;
 * quantities there (a count, a rank) are no identifiers, and without such a heading a column of numbers
 * stays a column of figures.
 */
export function identifierColumn(texts: readonly string[], heading: string): boolean {
  return identifiers(texts) && IDENTIFIER_HEADING.test(heading);
}

/** A running number down a column ("No.": 1, 2, 3, …): it numbers the rows, and labels none of them. */
export function runningColumn(texts: readonly string[]): boolean {
  let steps = 0;
  for (let k = 1; k < texts.length; k++)
    if (/^\d+\.?$/.test(texts[k]!.trim()) && parseInt(texts[k]!, 10) === parseInt(texts[k - 1]!, 10) + 1)
      steps++;
  return texts.length >= 3 && steps >= 0.8 * (texts.length - 1);
}

export function numberPiece(text: string): boolean {
  const t = text.trim();
  if (NO_VALUE.test(t)) return true;
  // A year set letter-spaced ("2 0 1 8") is a heading, as a year is.
  if (/^(?:1\s*9|2\s*0)\s*\d\s*\d$/.test(t) && /\s/.test(t)) return false;
  const figures = findFigures(t);
  if (figures.length === 0) return false;
  const covered = figures.reduce((n, f) => n + f.raw.replace(/\s/g, '').length, 0);
  return covered >= 0.6 * t.replace(/\s/g, '').length;
}

/**
 * A line of figures: two pieces or more, most of them after the first figures or marks for none; or four
 * pieces or more, one of them a figure (a register's row: codes among names).
 */
function figureLine(line: ChunkLine): boolean {
  if (line.chunks.length < 2) return false;
  const rest = line.chunks.slice(1);
  const numbers = rest.filter((c) => numberPiece(c.text)).length;
  return numbers >= 1 && (numbers >= 0.5 * rest.length || line.chunks.length >= 4);
}
/**
 * A line that gives the table's scale and holds no figure of its own: years and the worked example a
 * statistical table explains its scale by ("[In thousands (11,062.6 represents 11,062,600)") aside.
 */
export const isScaleLine = (text: string) =>
  findScaleNote(text) !== null &&
  !holdsFigure(text.replace(/\([^()]*\brepresents?\b[^()]*\)/gi, ' ').replace(/\d{4}/g, ''));

/** A line that can be a row of a table: two pieces or more, or one with figures. */
function tabular(line: ChunkLine): boolean {
  return line.chunks.length >= 2;
}

/** Fewest rows a table's header has at most (a taller stack above is the page's, not the table's). */
const MAX_HEADER_LINES = 7;
/** Lines of figures apart by more than this many lines of words are two tables. */
const MAX_INNER_LINES = 2;

const close = (a: ChunkLine, b: ChunkLine) =>
  Math.abs(b.by - a.by) <= ROW_GAP_LINES * Math.max(a.size, b.size);

/**
 * The runs of lines that are tables: lines of figures (a wrapped label or a section heading between two of
 * them), and above them the header lines that stand close over them (lines of several pieces, or a heading
 * over such lines), without a line of larger type (the table's title) or a scale line (its note).
 */
/**
 * How far the lines' type sizes can be trusted: `exact` from a text layer; `rough` from OCR, whose word
 * boxes grow and shrink with the letters in them, so only a much larger line is a title.
 */
export type TypeSizes = 'exact' | 'rough';

function regions(lines: readonly ChunkLine[], sizes: TypeSizes): [number, number][] {
  const larger = sizes === 'exact' ? 1.15 : 1.6;
  const out: [number, number][] = [];
  let i = 0;
  while (i < lines.length) {
    if (!figureLine(lines[i]!)) {
      i++;
      continue;
    }
    // The body: lines of figures, with at most MAX_INNER_LINES other lines between two of them.
    let last = i;
    let j = i;
    while (j + 1 < lines.length && close(lines[j]!, lines[j + 1]!) && j + 1 - last <= MAX_INNER_LINES + 1) {
      j++;
      if (figureLine(lines[j]!)) last = j;
    }
    // A row of figures set further down than the rows' pitch (a total after a space) whose pieces keep to
    // the columns is the table's last row.
    const next = lines[last + 1];
    if (next !== undefined && last - i >= 2 && figureLine(next) && !close(lines[last]!, next)) {
      const rows = lines.slice(i, last + 1).filter(figureLine);
      const pitch = (rows.at(-1)!.by - rows[0]!.by) / (rows.length - 1);
      const columns = columnsOf(rows);
      const keeps = next.chunks.every((c) => columns.some(([a, b]) => c.x0 < b && c.x1 > a));
      if (next.by - lines[last]!.by <= 2.2 * pitch && keeps) last += 1;
    }
    const end = last;
    const body = lines.slice(i, end + 1).filter(figureLine);
    if (body.length < MIN_BODY_ROWS) {
      i = end + 1;
      continue;
    }
    const size = body.map((l) => l.size).sort((a, b) => a - b)[Math.floor(body.length / 2)]!;
    // Where the row labels end: a heading alone on its line stands right of them, over the figures.
    const labelEdge = body.map((l) => l.chunks[0]!.x1).sort((a, b) => a - b)[Math.floor(body.length / 2)]!;
    // Where the figures stand: a heading alone on its line stands over them.
    const figuresFrom = Math.min(...body.flatMap((l) => l.chunks.slice(1).map((c) => c.x0)));
    const figuresTo = Math.max(...body.flatMap((l) => l.chunks.slice(1).map((c) => c.x1)));
    const heading = (l: ChunkLine, below: ChunkLine) =>
      tabular(l) ||
      (l.chunks.every((c) => c.x0 > labelEdge) &&
        (tabular(below) || l.chunks.every((c) => c.x1 > figuresFrom && c.x0 < figuresTo)));
    // A label alone in the label column: a section heading or the first line of a wrapped label.
    const labelOnly = (l: ChunkLine) => l.chunks.length === 1 && l.chunks[0]!.x0 <= labelEdge;
    // The header: lines close above the body, none in larger type, at most a few. Labels alone on their
    // lines may stand between the header and the first row of figures, not above the header; a scale line
    // may stand anywhere in it (it is the table's note, not a row).
    // Rows set far apart have their header as far apart: near is the rows' pitch, or near in lines.
    const pitch = body.length > 1 ? (body.at(-1)!.by - body[0]!.by) / (body.length - 1) : 0;
    const near = (a: ChunkLine, b: ChunkLine) => close(a, b) || b.by - a.by <= 1.25 * pitch;
    let top = i;
    let from = i;
    while (
      top - 1 >= (out.at(-1)?.[1] ?? -1) + 1 &&
      i - (top - 1) <= MAX_HEADER_LINES &&
      near(lines[top - 1]!, lines[top]!) &&
      lines[top - 1]!.size <= larger * size
    ) {
      const line = lines[top - 1]!;
      if (caption(line)) break;
      // A scale line of one piece is a note; of several, a header row whose label says the scale.
      if (!tabular(line) && isScaleLine(lineText(line))) {
        top--;
        continue;
      }
      if (heading(line, lines[top]!)) from = top - 1;
      else if (!labelOnly(line) || from !== i) break;
      top--;
    }
    // A row of years over the columns heads them even set further off (a header in a box of its own).
    const over = lines[top - 1];
    if (
      (from === top || from === i) &&
      over !== undefined &&
      top - 1 > (out.at(-1)?.[1] ?? -1) &&
      lines[top]!.by - over.by <= 5 * size &&
      over.chunks.length >= 3 &&
      over.chunks.every((c) => /^(?:19|20)\d{2}$/.test(c.text.trim())) &&
      over.chunks.every((c) => columnsOf(body).some(([a, b]) => c.x0 < b && c.x1 > a))
    )
      from = top - 1;
    const previous = out.at(-1);
    if (previous !== undefined && from === i && sections(lines, previous, i, labelEdge, size))
      previous[1] = end;
    else out.push([from, end]);
    i = end + 1;
  }
  return out;
}

/**
 * A table's next section: rows of figures that stand under the table's, a heading or two alone in the
 * label column between them ("Class B"), no header of their own, their figures in the table's columns.
 */
function sections(
  lines: readonly ChunkLine[],
  [start, end]: [number, number],
  next: number,
  labelEdge: number,
  size: number,
): boolean {
  const between = lines.slice(end + 1, next);
  if (between.length > 2) return false;
  if (!between.every((l) => l.chunks.length === 1 && l.chunks[0]!.x0 <= labelEdge)) return false;
  if (lines[next]!.by - lines[end]!.by > (between.length + 2) * 2.6 * size) return false;
  const columns = columnsOf(lines.slice(start, end + 1).filter(figureLine));
  const valueColumns = columns.slice(1);
  return lines[next]!.chunks.slice(1).every((c) => valueColumns.some(([a, b]) => c.x0 < b && c.x1 > a));
}

/**
 * Columns: where the pieces of the rows of figures stand, pieces that overlap being one column. In a long
 * table a few rows whose text runs over into the next column (a name too long for its cell) do not join
 * two columns: a stretch that few enough rows cross is still a gap between them.
 */
export function columnsOf(body: readonly ChunkLine[]): [number, number][] {
  const crossing = body.length >= 20 ? Math.floor(CROSSING_ROWS * body.length) : 0;
  // How many rows cover each stretch of x: +1 where a row's pieces start covering, -1 where they stop.
  const events: [number, number][] = [];
  for (const line of body)
    for (const [a, b] of merged(line.chunks.map((c): [number, number] => [c.x0, c.x1])))
      events.push([a, 1], [b, -1]);
  events.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const out: [number, number][] = [];
  let rows = 0;
  let from: number | null = null;
  for (const [x, step] of events) {
    const before = rows;
    rows += step;
    if (before <= crossing && rows > crossing) from = x;
    else if (before > crossing && rows <= crossing && from !== null) {
      out.push([from, x]);
      from = null;
    }
  }
  // A column of one row at either edge of a table of several rows is the margin's (a page number, a note).
  const used = (span: [number, number]) =>
    body.filter((l) => l.chunks.some((c) => c.x0 < span[1] && c.x1 > span[0])).length;
  if (body.length >= 3) {
    while (out.length > 2 && used(out[0]!) === 1) out.shift();
    while (out.length > 2 && used(out.at(-1)!) === 1) out.pop();
  }
  return out;
}

/** Share of a long table's rows that may run across a gap without joining the columns on either side. */
const CROSSING_ROWS = 0.05;

/** Intervals that overlap, joined. */
function merged(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of [...spans].sort((p, q) => p[0] - q[0])) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** A piece outside the table's columns, left of the first or right of the last. */
function outside(chunk: Chunk, columns: readonly [number, number][]): boolean {
  return chunk.x1 <= columns[0]![0] || chunk.x0 >= columns.at(-1)![1];
}

/** The columns a piece covers (by overlap; a piece between two columns goes to the nearer). */
export function columnsCovered(chunk: Chunk, columns: readonly [number, number][]): number[] {
  const over = columns.flatMap(([a, b], c) => (chunk.x0 < b && chunk.x1 > a ? [c] : []));
  if (over.length > 0) return over;
  const centre = (chunk.x0 + chunk.x1) / 2;
  let best = 0;
  columns.forEach(([a, b], c) => {
    const d = Math.min(Math.abs(centre - a), Math.abs(centre - b));
    const bestD = Math.min(Math.abs(centre - columns[best]![0]), Math.abs(centre - columns[best]![1]));
    if (d < bestD) best = c;
  });
  return [best];
}

/** Headings set side by side in one piece stand further apart than a space: more than this many spaces. */
const SPACED_HEADINGS = 1.15;

/**
 * A piece over several columns whose words each stand over one column ("Market NSSF" over "Market" and
 * "NSSF") is one piece per column; a heading whose words stand across the gap between columns ("VARIATION"
 * centred over two) spans them.
 */
function shared(
  chunk: Chunk,
  columns: readonly [number, number][],
  size: number,
  headedApart: (cols: readonly number[]) => boolean = () => false,
): Chunk[] {
  if (columnsCovered(chunk, columns).length < 2 || chunk.words === undefined) return [chunk];
  const byColumn = new Map<number, NonNullable<Chunk['words']>>();
  // A word wider than its column stands over the column it overlaps most; one in a gap goes with the word
  // after it ("& Other" reads on), or, last in the piece, with the one before it.
  const columnOf = chunk.words.map((word) => {
    let best = -1;
    let most = 0;
    columns.forEach(([a, b], c) => {
      const overlap = Math.min(b, word.x1) - Math.max(a, word.x0);
      if (overlap > most) [best, most] = [c, overlap];
    });
    return best;
  });
  const inGap = columnOf.includes(-1);
  for (let k = columnOf.length - 2; k >= 0; k--) if (columnOf[k] === -1) columnOf[k] = columnOf[k + 1]!;
  for (let k = 1; k < columnOf.length; k++) if (columnOf[k] === -1) columnOf[k] = columnOf[k - 1]!;
  if (columnOf.includes(-1)) return [chunk];
  chunk.words.forEach((word, k) => byColumn.set(columnOf[k]!, [...(byColumn.get(columnOf[k]!) ?? []), word]));
  if (byColumn.size < 2 || (inGap && !headedApart([...byColumn.keys()]))) return [chunk];
  // Words a space apart read on as one heading ("Year ended December 31" over two years); headings of their
  // own stand further apart than a space, if less than a cell's gap.
  const groups = [...byColumn.values()];
  const space = chunk.space ?? 0.25 * size;
  // Under columns headed apart above, words a space apart are still two headings ("NABARD & Other").
  if (!headedApart([...byColumn.keys()]))
    for (let g = 1; g < groups.length; g++) {
      if (groups[g]![0]!.x0 - groups[g - 1]!.at(-1)!.x1 <= SPACED_HEADINGS * space) return [chunk];
    }
  return groups.map((words) => ({
    text: words.map((w) => w.text).join(' '),
    x0: Math.min(...words.map((w) => w.x0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y0: Math.min(...words.map((w) => w.y0)),
    y1: Math.max(...words.map((w) => w.y1)),
    words,
  }));
}

interface Row {
  lines: ChunkLine[];
  /** Pieces by column (a spanning piece is at its first column, with its span). */
  cells: Map<number, { chunks: Chunk[]; span: number }>;
  figures: boolean;
}

/** Every table of a page, from its lines top to bottom (those not set in columns of prose). */
export function readTables(
  lines: readonly ChunkLine[],
  first = 0,
  upright: readonly Upright[] = [],
  sizes: TypeSizes = 'exact',
  rules: readonly Rule[] = [],
  mirrored = false,
): PageTable[] {
  // Lines whose labels read right to left are read mirrored, so their labels stand first as they do in a
  // left-to-right table; the tables found are turned back onto the page.
  if (!mirrored && rightToLeftLines(lines))
    return readTables(
      lines.map(mirrorLine),
      first,
      upright.map((u) => ({ ...u, x0: -u.x1, x1: -u.x0 })),
      sizes,
      rules.map((r) => ({ ...r, x0: -r.x1, x1: -r.x0 })),
      true,
    ).map((table) => ({ ...unmirrorTable(table), rightToLeft: true }));
  const tables: PageTable[] = [];
  for (const [from, to] of regions(lines, sizes)) {
    const table = readTable(lines, from, to, first + tables.length, upright, rules);
    if (table !== null) tables.push(repeatedHeaders(leadersOff(namedByRecord(unwrapped(table)))));
  }
  return tables;
}

/**
 * A table set in blocks, each under its own copy of the header ("Improved operation scenario" over
 * "Volume servers in: | 2007 | … | 2011", then "Best practice scenario" over the same years): a body row
 * of no figures that repeats the headings of the header's last row over the figures' columns, and the
 * lines of one piece just above it (its block's heading, no more of them than the header has over its
 * last row), are header cells. The rows under them read their column headings from that block's header
 * (shared/structure/context.ts).
 */
export function repeatedHeaders(table: PageTable): PageTable {
  if (table.headerRows === 0) return table;
  const byRow = new Map<number, PageTableCell[]>();
  for (const c of table.cells) {
    if (c.text.trim() === '') continue;
    const cells = byRow.get(c.row);
    if (cells === undefined) byRow.set(c.row, [c]);
    else cells.push(c);
  }
  const inRow = (r: number) => byRow.get(r) ?? [];
  // The headings over the figures' columns; the label column's heading may change from block to block
  // ("Volume servers in:", then "Server class").
  const key = (cells: readonly PageTableCell[]) =>
    cells
      .filter((c) => c.col >= table.labelCols)
      .map((c) => `${c.col}:${c.colSpan}:${c.text.trim()}`)
      .sort()
      .join('|');
  const last = inRow(table.headerRows - 1);
  if (last.filter((c) => c.col >= table.labelCols).length < 2) return table;
  const template = key(last);
  const marked = new Set<number>();
  for (let r = table.headerRows; r < table.rows; r++) {
    const cells = inRow(r);
    if (key(cells) !== template || cells.some((c) => holdsFigure(c.text))) continue;
    marked.add(r);
    for (let above = r - 1; above >= Math.max(table.headerRows, r - (table.headerRows - 1)); above--) {
      const cells = inRow(above);
      if (cells.length !== 1 || marked.has(above) || holdsFigure(cells[0]!.text)) break;
      marked.add(above);
    }
  }
  if (marked.size === 0) return table;
  return { ...table, cells: table.cells.map((c) => (marked.has(c.row) ? { ...c, header: true } : c)) };
}

/** Lines whose pieces of words (not figures) mostly read right to left. */
function rightToLeftLines(lines: readonly ChunkLine[]): boolean {
  const words = lines.flatMap((l) => l.chunks).filter((c) => !numberPiece(c.text) && /\p{L}/u.test(c.text));
  return words.length >= 2 && words.filter((c) => readsRightToLeft(c.text)).length >= 0.6 * words.length;
}

/** A line as seen in a mirror: x negated, its pieces and words in the mirrored order. */
function mirrorLine(line: ChunkLine): ChunkLine {
  return {
    ...line,
    chunks: line.chunks
      .map((c) => ({
        ...c,
        x0: -c.x1,
        x1: -c.x0,
        ...(c.words ? { words: c.words.map((w) => ({ ...w, x0: -w.x1, x1: -w.x0 })).reverse() } : {}),
      }))
      .reverse(),
  };
}

/** A table read in the mirror, its boxes put back where the page draws them. */
function unmirrorTable(table: PageTable): PageTable {
  const back = (b: PageTable['box']) => ({ ...b, x: -(b.x + b.width) });
  return { ...table, box: back(table.box), cells: table.cells.map((c) => ({ ...c, box: back(c.box) })) };
}

function readTable(
  lines: readonly ChunkLine[],
  from: number,
  to: number,
  index: number,
  upright: readonly Upright[],
  rules: readonly Rule[],
): PageTable | null {
  // A scale line inside the header is the table's note, not a row.
  const read = lines
    .slice(from, to + 1)
    .filter((l) => figureLine(l) || tabular(l) || !isScaleLine(lineText(l)));
  // Columns only a space apart show where the page starts each cell's text, on the rows with figures
  // (a row whose cells all run together is one piece, yet still a row of figures).
  const rowsOfFigures = read.filter((l) => figureLine(l) || l.chunks.some((c) => holdsFigure(c.text)));
  const region = partedAt(read, alignedStarts(rowsOfFigures), new Set(rowsOfFigures));
  const body = region.filter(figureLine);
  const columns = ruledColumns(columnsOf(body), region, rules);
  if (columns.length < 2) return null;
  const below = belowTopRule(region, columns, rules);
  if (below !== null) {
    const start = lines.findIndex((l, k) => k > from && l.by > below);
    if (start > from && start <= to) return readTable(lines, start, to, index, upright, rules);
  }
  const onEnd = headingsOnEnd(region, columns, upright);
  let unsure = false;
  // Rows: each line, its pieces placed in the columns they cover.
  let rowAbove: Row | undefined;
  const rows: Row[] = region.map((line) => {
    const cells = new Map<number, { chunks: Chunk[]; span: number }>();
    const inBody = body.includes(line);
    // Columns headed apart on the row above: a heading under them is no heading across them. A row of
    // figures heads nothing: words across its columns are one heading ("Best practice scenario").
    const headedApart = (cols: readonly number[]) =>
      rowAbove !== undefined && !rowAbove.figures && cols.every((c) => rowAbove!.cells.get(c)?.span === 1);
    for (const chunk of line.chunks.flatMap((c) => shared(c, columns, line.size, headedApart))) {
      // A row of figures keeps to the columns: what stands beyond them is the margin's.
      if (inBody && outside(chunk, columns)) continue;
      const covered = columnsCovered(chunk, columns);
      const at = covered[0]!;
      const cell = cells.get(at);
      if (cell) {
        // Two pieces of one row in one column: the columns do not hold for this row.
        cell.chunks.push(chunk);
        if (inBody) unsure = true;
      } else cells.set(at, { chunks: [chunk], span: covered.length });
    }
    rowAbove = { lines: [line], cells, figures: line.chunks.some((c) => holdsFigure(c.text)) };
    return rowAbove;
  });
  // Label columns: the leftmost columns whose cells in the rows of figures hold words, not figures (a
  // label may have a number in it: "District 20", "Q3 2024 sales"), past columns of codes before the first
  // and a running number or a register's identifiers first of all.
  let labelCols = 0;
  const firstOfFigures = rows.findIndex((r) => r.lines.some(figureLine));
  const headingOf = (c: number) =>
    rows
      .slice(0, Math.max(0, firstOfFigures))
      .map((r) => r.cells.get(c))
      .map((cell) => (cell === undefined ? '' : cellText(cell)))
      .join(' ');
  for (let c = 0; c < columns.length - 1; c++) {
    const cells = rows.filter((r) => r.lines.some(figureLine)).map((r) => r.cells.get(c));
    const words = cells.filter((cell) => cell && !cell.chunks.some((ch) => numberPiece(ch.text))).length;
    const texts = cells.map((cell) => (cell ? cellText(cell) : ''));
    if ((words >= 0.6 * cells.length && words > 0) || bandColumn(texts)) labelCols = c + 1;
    else if (labelCols > 0) break;
    else if (
      !codeColumn(texts) &&
      !(c === 0 && (runningColumn(texts) || identifierColumn(texts, headingOf(c))))
    )
      break;
  }
  // Header rows: the rows above the first of two rows in a row whose data cells mostly hold figures (a row
  // of column numbers or of "(a)", "(b)" marks under the headings is not one).
  const figureRow = (r: Row | undefined) => {
    if (r === undefined) return false;
    const data = [...r.cells.entries()].filter(([c]) => c >= labelCols);
    const withFigures = data.filter(([, cell]) => cell.chunks.some((ch) => numberPiece(ch.text))).length;
    return data.length > 0 && withFigures >= 0.5 * data.length && (labelCols === 0 || r.cells.has(0));
  };
  // The next row of figures may come after a section heading (a label alone on its row).
  const nextRow = (k: number) => {
    let n = k + 1;
    while (n < rows.length && labelCols > 0 && onlyLabel(rows[n]!)) n++;
    return rows[n];
  };
  let firstBody = rows.findIndex((r, k) => figureRow(r) && figureRow(nextRow(k)));
  if (firstBody === -1) firstBody = rows.findIndex((r) => r.figures && r.cells.size >= 2);
  let headerRows = Math.max(0, firstBody);
  // Labels alone on their lines over the first row of figures are body rows (a section heading, a wrapped
  // label's first line), not headers.
  while (headerRows > 0 && labelCols > 0 && onlyLabel(rows[headerRows - 1]!)) headerRows--;
  // A label alone on its line that does not end in ":" and runs on into the next row is one label with it.
  const merged: Row[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const next = rows[r + 1];
    const only = onlyLabel(row) && r >= headerRows;
    const text = only ? cellText(row.cells.get(0)!) : '';
    if (
      only &&
      next &&
      !/:\s*$/.test(text) &&
      /^\p{Ll}/u.test(cellText(next.cells.get(0) ?? { chunks: [] }))
    ) {
      const into = next.cells.get(0)!;
      into.chunks.unshift(...row.cells.get(0)!.chunks);
      next.lines.unshift(...row.lines);
      continue;
    }
    merged.push(row);
  }
  if (merged.filter((r) => r.figures).length < MIN_BODY_ROWS) return null;
  // Headings set on end stand over their columns just above the rows of figures: the last header row.
  if (onEnd.size > 0) {
    merged.splice(headerRows, 0, {
      lines: [],
      cells: new Map([...onEnd].map(([col, chunk]) => [col, { chunks: [chunk], span: 1 }])),
      figures: false,
    });
    headerRows++;
  }
  mergeRuledRows(merged, headerRows, rules);
  const cells: PageTableCell[] = [];
  merged.forEach((row, r) => {
    for (const [col, cell] of row.cells) {
      const xs = cell.chunks;
      const x0 = Math.min(...xs.map((c) => c.x0));
      const y0 = Math.min(...xs.map((c) => c.y0));
      cells.push({
        row: r,
        col,
        rowSpan: 1,
        colSpan: cell.span,
        text: cellText(cell),
        box: {
          x: x0,
          y: y0,
          width: Math.max(...xs.map((c) => c.x1)) - x0,
          height: Math.max(...xs.map((c) => c.y1)) - y0,
        },
        header: r < headerRows,
      });
    }
  });
  // Ruled lines above and below a cell that stand around several rows make it span them ("GMC" over its
  // plans); the columns it then covers by every row may be label columns after all.
  if (spanByRules(cells, merged, headerRows, rules)) {
    // The line a spanning label stood on alone is no row of its own.
    const ghosts = merged.map((_, k) => k >= headerRows && !cells.some((c) => c.row === k));
    const before = (k: number) => ghosts.slice(0, k).filter(Boolean).length;
    for (const cell of cells) {
      const end = cell.row + cell.rowSpan;
      cell.rowSpan -= before(end) - before(cell.row);
      cell.row -= before(cell.row);
    }
    for (let k = merged.length - 1; k >= 0; k--) if (ghosts[k]) merged.splice(k, 1);
    const bodyRows = merged.map((r, k) => (r.figures && k >= headerRows ? k : -1)).filter((k) => k >= 0);
    for (let c = labelCols; c < columns.length - 1; c++) {
      const held = bodyRows.map((k) => cells.find((cell) => covers(cell, k, c)));
      const words = held.filter((cell) => cell && cell.text !== '' && !numberPiece(cell.text)).length;
      if (words >= 0.6 * held.length && words > 0) labelCols = c + 1;
      else break;
    }
  }
  // Rows grouped under a label set on the first of them only, told apart by a column of words: the label
  // spans its group, and the columns it then covers may be label columns.
  if (labelCols === 0 && spanGroupLabels(cells, merged.length, headerRows)) {
    const bodyRows = merged.map((r, k) => (r.figures && k >= headerRows ? k : -1)).filter((k) => k >= 0);
    for (let c = 0; c < columns.length - 1; c++) {
      const held = bodyRows.map((k) => cells.find((cell) => covers(cell, k, c)));
      const words = held.filter((cell) => cell && cell.text !== '' && !numberPiece(cell.text)).length;
      if (words === held.length) labelCols = c + 1;
      else break;
    }
  }
  spanByDownRules(cells, headerRows, labelCols, columns, rules);
  spanRepeatedGroups(cells, headerRows, labelCols, columns.length);
  spanCentredGroups(cells, headerRows, labelCols, columns);
  if (labelCols > 0) indentLabels(cells, headerRows);
  const all = cells.map((c) => c.box);
  const x = Math.min(...all.map((b) => b.x));
  const y = Math.min(...all.map((b) => b.y));
  // The line above names the table (above its scale line if it has one); scale lines are its notes. A
  // caption over a paragraph of notes names it too, and the notes between are its own.
  const scaleAbove = lines[from - 1] !== undefined && isScaleLine(lineText(lines[from - 1]!));
  const above = lines[scaleAbove ? from - 2 : from - 1];
  const top = scaleAbove ? lines[from - 1]! : region[0]!;
  const captioned = captionAbove(lines, from, region[0]!);
  const title =
    captioned !== null
      ? captionText(lines, captioned, from)
      : above !== undefined &&
          (above.chunks.length === 1 || caption(above)) &&
          top.by - above.by <= 3 * Math.max(above.size, top.size) &&
          !isScaleLine(lineText(above))
        ? lineText(above)
        : null;
  const noteLines =
    captioned !== null ? lines.slice(captioned + 1, from) : [lines[from - 2], lines[from - 1]];
  const notes = [...noteLines, ...lines.slice(from, to + 1), lines[to + 1]]
    .filter((l): l is ChunkLine => l !== undefined && !figureLine(l))
    .flatMap((l) => (tabular(l) ? l.chunks.map((c) => c.text) : [lineText(l)]))
    .filter(isScaleLine);
  if (merged.length - headerRows < MIN_BODY_ROWS || columns.length < 2) unsure = true;
  return {
    index,
    box: {
      x,
      y,
      width: Math.max(...all.map((b) => b.x + b.width)) - x,
      height: Math.max(...all.map((b) => b.y + b.height)) - y,
    },
    rows: merged.length,
    cols: columns.length,
    headerRows,
    labelCols,
    title,
    notes,
    cells: cells.sort((a, b) => a.row - b.row || a.col - b.col),
    unsure,
  };
}

/**
 * The columns a ruled table's lines add to those its rows of figures align: a band between two lines
 * drawn down the table that no aligned column reaches but words stand in (labels that span rows stand on
 * lines of their own, so no row of figures shows their column).
 */
function ruledColumns(
  columns: [number, number][],
  region: readonly ChunkLine[],
  rules: readonly Rule[],
): [number, number][] {
  if (columns.length === 0) return columns;
  const chunks = region.flatMap((l) => l.chunks);
  const top = Math.min(...chunks.map((c) => c.y0));
  const bottom = Math.max(...chunks.map((c) => c.y1));
  const xs = rules
    .filter(
      (r) => r.x1 - r.x0 < 0.5 && r.y0 <= top + 0.4 * (bottom - top) && r.y1 >= bottom - 0.4 * (bottom - top),
    )
    .map((r) => r.x0)
    .sort((a, b) => a - b)
    .filter((x, i, all) => i === 0 || x - all[i - 1]! > 2);
  const added: [number, number][] = [];
  for (let i = 0; i + 1 < xs.length; i++) {
    const [a, b] = [xs[i]!, xs[i + 1]!];
    if (columns.some(([x0, x1]) => x0 < b && x1 > a)) continue;
    const inside = chunks.filter((c) => c.x0 >= a - 1 && c.x1 <= b + 1);
    if (inside.length === 0) continue;
    added.push([Math.min(...inside.map((c) => c.x0)), Math.max(...inside.map((c) => c.x1))]);
  }
  return added.length === 0 ? columns : [...columns, ...added].sort((p, q) => p[0] - q[0]);
}

/** A row's middle on the page, from its words; null for a row with none (headings set on end). */
function middleOf(row: Row): number | null {
  const chunks = row.lines.flatMap((l) => l.chunks);
  if (chunks.length === 0) return null;
  return (Math.min(...chunks.map((c) => c.y0)) + Math.max(...chunks.map((c) => c.y1))) / 2;
}

/**
 * Lines between two rules drawn across the table that start no row of their own are the row above's: its
 * cells run over several lines ("2.12.2009 to" over "19.12.2009").
 */
function mergeRuledRows(rows: Row[], headerRows: number, rules: readonly Rule[]): void {
  const chunks = rows.flatMap((r) => r.lines.flatMap((l) => l.chunks));
  if (chunks.length === 0) return;
  const left = Math.min(...chunks.map((c) => c.x0));
  const right = Math.max(...chunks.map((c) => c.x1));
  const ys = acrossRules(rules, left, right);
  if (ys.length < 2) return;
  const bandOf = (row: Row): number | null => {
    const m = middleOf(row);
    if (m === null || ys.some((y) => Math.abs(y - m) <= 2)) return null;
    const band = ys.filter((y) => y < m).length;
    return band > 0 && band < ys.length ? band : null;
  };
  // A line joins the row above it in its band when it starts no row of its own: nothing in the first
  // column, and no figures where the row above has them.
  for (let k = rows.length - 1; k > headerRows; k--) {
    const row = rows[k]!;
    const into = rows[k - 1]!;
    const band = bandOf(row);
    if (band === null || bandOf(into) !== band || row.cells.has(0)) continue;
    if (row.figures && into.figures) continue;
    into.lines.push(...row.lines);
    into.figures ||= row.figures;
    for (const [col, cell] of row.cells) {
      const held = into.cells.get(col);
      if (held) {
        held.chunks.push(...cell.chunks);
        held.span = Math.max(held.span, cell.span);
      } else into.cells.set(col, { chunks: [...cell.chunks], span: cell.span });
    }
    rows.splice(k, 1);
  }
}

/**
 * Where rules run across most of a table's width (left to right), one y per line: the segments drawn at
 * one height (a line drawn cell by cell, a shaded band's edge) count together.
 */
function acrossRules(rules: readonly Rule[], left: number, right: number): number[] {
  const flat = rules
    .filter((r) => r.y1 - r.y0 < 0.5 && r.x1 > left && r.x0 < right)
    .sort((a, b) => a.y0 - b.y0);
  const ys: number[] = [];
  for (let i = 0; i < flat.length;) {
    let j = i;
    while (j + 1 < flat.length && flat[j + 1]!.y0 - flat[i]!.y0 <= 1) j++;
    const spans = flat
      .slice(i, j + 1)
      .map((r) => [Math.max(left, r.x0), Math.min(right, r.x1)] as const)
      .sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let reach = left;
    for (const [a, b] of spans) {
      if (b > reach) covered += b - Math.max(a, reach);
      reach = Math.max(reach, b);
    }
    const y = flat[i]!.y0;
    if (covered >= 0.8 * (right - left) && (ys.length === 0 || y - ys[ys.length - 1]! > 2.5)) ys.push(y);
    i = j + 1;
  }
  return ys;
}

/** Whether a cell spanning rows and columns covers the grid position (row, col). */
function covers(cell: PageTableCell, row: number, col: number): boolean {
  return row >= cell.row && row < cell.row + cell.rowSpan && col >= cell.col && col < cell.col + cell.colSpan;
}

/** Labels this close at their left start at one indent. */
export const INDENT_TOLERANCE = 1.5;

/**
 * Row labels set in under the label they belong to ("Net sales" over "  United States", "  International"):
 * each label's steps in from the margin, when the first column's labels start at two to four left edges,
 * each step at least 3 points (and 0.4 of the labels' height) and at most 40, the first body label at the
 * margin, and the column neither right-aligned nor centred (there the left edges follow the texts' lengths).
 */
export function indentLabels(cells: PageTableCell[], headerRows: number): void {
  const labels = cells
    .filter((c) => c.col === 0 && c.row >= headerRows && c.text.trim() !== '')
    .sort((a, b) => a.row - b.row);
  if (labels.length < 3) return;
  const lefts = [...new Set(labels.map((c) => c.box.x))].sort((a, b) => a - b);
  const edges: number[] = [];
  for (const x of lefts)
    if (edges.length === 0 || x - edges[edges.length - 1]! > INDENT_TOLERANCE) edges.push(x);
  if (edges.length < 2 || edges.length > 4) return;
  // A step is wider than the jitter of words read from a scan: 3 points, and 0.4 of the labels' height.
  const heights = labels.map((c) => c.box.height).sort((a, b) => a - b);
  const least = Math.max(3, 0.4 * heights[heights.length >> 1]!);
  for (let k = 1; k < edges.length; k++) {
    const step = edges[k]! - edges[k - 1]!;
    if (step < least || step > 40) return;
  }
  const step = (c: PageTableCell) => edges.filter((e) => c.box.x >= e - INDENT_TOLERANCE).length - 1;
  if (step(labels[0]!) !== 0) return;
  const aligned = (at: (c: PageTableCell) => number) => {
    const values = labels.map(at).sort((a, b) => a - b);
    return values[values.length - 1]! - values[0]! <= 2 * INDENT_TOLERANCE;
  };
  if (aligned((c) => c.box.x + c.box.width) || aligned((c) => c.box.x + c.box.width / 2)) return;
  for (const cell of labels) {
    const steps = step(cell);
    if (steps > 0) cell.indent = steps;
  }
}

/**
 * Labels set once over a group of rows ("Blood pressure | Men | 1,728" over "| Women | 1,825"): the first
 * column names a group on its first row and is blank on the rest, and a column of words names every row
 * (two texts or more). Each label is made to span its group. Without that column, a blank first cell says
 * nothing of which group its row is in, and nothing is spanned.
 */
function spanGroupLabels(cells: PageTableCell[], rows: number, headerRows: number): boolean {
  const body = cells.filter((c) => c.row >= headerRows);
  const bodyRows = [...new Set(body.map((c) => c.row))].sort((a, b) => a - b);
  const firstCol = new Map(body.filter((c) => c.col === 0 && c.text !== '').map((c) => [c.row, c]));
  const labelled = [...firstCol.values()];
  if (
    bodyRows.length < 3 ||
    labelled.length < 2 ||
    labelled.length === bodyRows.length ||
    !firstCol.has(bodyRows[0]!) ||
    labelled.some((c) => c.colSpan !== 1 || numberPiece(c.text))
  )
    return false;
  const qualifies = (col: number) => {
    const held = bodyRows.map((r) => body.find((c) => c.row === r && c.col === col && c.colSpan === 1));
    const texts = held.map((c) => c?.text ?? '');
    return texts.every((t) => t !== '' && !numberPiece(t)) && new Set(texts).size >= 2;
  };
  const maxCol = Math.max(...body.map((c) => c.col));
  let qualifier = false;
  for (let col = 1; col <= maxCol && !qualifier; col++) qualifier = qualifies(col);
  if (!qualifier) return false;
  for (const label of labelled) {
    let end = label.row + 1;
    while (end < rows && bodyRows.includes(end) && !firstCol.has(end)) end++;
    label.rowSpan = end - label.row;
  }
  return true;
}

/**
 * Body cells of words set between two ruled lines that enclose several rows, with nothing else of their
 * column between the lines, span those rows. True when any cell was made to span.
 */
function spanByRules(
  cells: PageTableCell[],
  rows: readonly Row[],
  headerRows: number,
  rules: readonly Rule[],
): boolean {
  const across = rules.filter((r) => r.y1 - r.y0 < 0.5 && r.x1 - r.x0 >= 3);
  if (across.length < 2) return false;
  const middles = rows.map(middleOf);
  let spanned = false;
  for (const cell of cells) {
    // Labels span; a number is the value of its own row (the empty cells beside it are empty).
    if (cell.row < headerRows || cell.rowSpan !== 1 || numberPiece(cell.text)) continue;
    const left = cell.box.x;
    const right = cell.box.x + cell.box.width;
    const ys = across.filter((r) => r.x0 <= left + 1 && r.x1 >= right - 1).map((r) => r.y0);
    const top = cell.box.y;
    const bottom = cell.box.y + cell.box.height;
    const above = Math.max(...ys.filter((y) => y <= top + 1));
    const below = Math.min(...ys.filter((y) => y >= bottom - 1));
    if (!Number.isFinite(above) || !Number.isFinite(below)) continue;
    const band: number[] = [];
    middles.forEach((m, k) => {
      // A line centred on a rule (a label spanning the rows around it) is in neither band.
      if (m !== null && k >= headerRows && m > above + 2 && m < below - 2) band.push(k);
    });
    const first = band[0];
    if (first === undefined || band.length < 2 || !band.includes(cell.row)) continue;
    if (band.some((k, i) => k !== first + i)) continue;
    const others = cells.some(
      (o) =>
        o !== cell && band.includes(o.row) && o.col < cell.col + cell.colSpan && cell.col < o.col + o.colSpan,
    );
    if (others) continue;
    cell.row = first;
    cell.rowSpan = band.length;
    spanned = true;
  }
  return spanned;
}

/** A line drawn down the page (an edge of a shaded area counts: it parts columns as a line does). */
const isDown = (r: Rule) => r.x1 - r.x0 < 0.5 && r.y1 - r.y0 >= 3;
/** A line drawn across the page. */
const isAcross = (r: Rule) => r.y1 - r.y0 < 0.5 && r.x1 - r.x0 >= 3;

/**
 * Headings of a header whose columns are parted by lines drawn down between them: a heading whose row no
 * such line crosses between it and an empty neighbouring column, where the table draws that line below
 * the header, spans that column too ("HARVEST" over "11/12", "May/2013" and "Jun/2013", the lines between
 * those drawn only from the row under it). The heading's row must be closed by lines on both sides (or the
 * table's edge), so a header without lines of its own spans nothing.
 */
function spanByDownRules(
  cells: PageTableCell[],
  headerRows: number,
  labelCols: number,
  columns: readonly [number, number][],
  rules: readonly Rule[],
): void {
  const down = rules.filter(isDown);
  const body = cells.filter((c) => c.row >= headerRows);
  if (down.length === 0 || headerRows === 0 || body.length === 0) return;
  const bodyTop = Math.min(...body.map((c) => c.box.y));
  const bodyBottom = Math.max(...body.map((c) => c.box.y + c.box.height));
  // Between column k and column k + 1: past the middle of the one and short of the middle of the other (a
  // heading wider than its column's figures may reach over the line).
  const middle = (k: number) => (columns[k]![0] + columns[k]![1]) / 2;
  const inGap = (r: Rule, k: number) => r.x0 > middle(k) && r.x1 < middle(k + 1);
  const crosses = (k: number, y: number) => down.some((r) => inGap(r, k) && r.y0 < y && r.y1 > y);
  const ruledBelow = (k: number) => down.some((r) => inGap(r, k) && r.y1 > bodyTop + 1 && r.y0 < bodyBottom);
  for (const cell of cells) {
    if (cell.row >= headerRows || cell.col < labelCols || cell.text.trim() === '') continue;
    const y = cell.box.y + cell.box.height / 2;
    const taken = (col: number) => cells.some((o) => o !== cell && covers(o, cell.row, col));
    let a = cell.col;
    let b = cell.col + cell.colSpan - 1;
    while (a - 1 >= labelCols && !crosses(a - 1, y) && ruledBelow(a - 1) && !taken(a - 1)) a--;
    while (b + 1 < columns.length && !crosses(b, y) && ruledBelow(b) && !taken(b + 1)) b++;
    if (a === cell.col && b === cell.col + cell.colSpan - 1) continue;
    const closedLeft = a === 0 || crosses(a - 1, y);
    const closedRight = b === columns.length - 1 || crosses(b, y);
    if (!closedLeft || !closedRight) continue;
    cell.col = a;
    cell.colSpan = b - a + 1;
  }
}

/**
 * Where a table ruled across its whole width over its header starts: below that top line, when only lines
 * of one piece stand above it (the table's title, its scale note), and the next line across the table
 * (a double line is one) closes the header's lines with the rows of figures under it. Null when the table
 * has no such lines.
 */
function belowTopRule(
  region: readonly ChunkLine[],
  columns: readonly [number, number][],
  rules: readonly Rule[],
): number | null {
  const left = columns[0]![0];
  const right = columns.at(-1)![1];
  const ys = rules
    .filter((r) => isAcross(r) && r.x0 <= left + 3 && r.x1 >= right - 3)
    .map((r) => r.y0)
    .sort((p, q) => p - q);
  const top = ys[0];
  if (top === undefined) return null;
  const next = ys.find((y) => y > top + 3);
  if (next === undefined) return null;
  const y0 = (l: ChunkLine) => Math.min(...l.chunks.map((c) => c.y0));
  const y1 = (l: ChunkLine) => Math.max(...l.chunks.map((c) => c.y1));
  const above = region.filter((l) => y1(l) <= top);
  const header = region.filter((l) => y0(l) >= top && y1(l) <= next + 1);
  const rows = region.filter((l) => y0(l) >= next && figureLine(l));
  if (above.length === 0 || header.length === 0 || rows.length < MIN_BODY_ROWS) return null;
  if (above.some((l) => l.chunks.length > 1 || figureLine(l))) return null;
  return top;
}

function lineText(line: ChunkLine): string {
  return line.chunks.map((c) => c.text).join(' ');
}

/**
 * Headings set on end over the table's columns ("Number of registered voters" running up the page over its
 * column): the upright pieces whose foot stands within a few lines above the table's first row of figures
 * and whose middle is over a column, read line by line as a person tilting their head reads them. By column.
 */
function headingsOnEnd(
  region: readonly ChunkLine[],
  columns: readonly [number, number][],
  upright: readonly Upright[],
): Map<number, Chunk> {
  const out = new Map<number, Chunk>();
  const first = region.find(figureLine);
  if (first === undefined || upright.length === 0) return out;
  const top = Math.min(...first.chunks.map((c) => c.y0));
  const reach = 4 * first.size;
  const byColumn = new Map<number, Upright[]>();
  for (const piece of upright) {
    if (piece.y1 > top + 0.5 * first.size || piece.y1 < top - reach - (region[0]!.by - first.by)) continue;
    const middle = (piece.x0 + piece.x1) / 2;
    const col = columns.findIndex(([a, b]) => middle >= a - 2 && middle <= b + 2);
    if (col === -1) continue;
    byColumn.set(col, [...(byColumn.get(col) ?? []), piece]);
  }
  for (const [col, pieces] of byColumn) {
    // Lines of text on end: up the page, the first line is the leftmost and each reads from its foot.
    const up = pieces.filter((p) => p.up).length >= pieces.length / 2;
    const ordered = [...pieces].sort((p, q) =>
      Math.abs(p.x0 - q.x0) > 0.5 * Math.min(p.size, q.size)
        ? up
          ? p.x0 - q.x0
          : q.x0 - p.x0
        : up
          ? q.y1 - p.y1
          : p.y0 - q.y0,
    );
    out.set(col, {
      text: ordered
        .map((p) => p.text.trim())
        .join(' ')
        .replace(/\s+/g, ' '),
      x0: Math.min(...pieces.map((p) => p.x0)),
      y0: Math.min(...pieces.map((p) => p.y0)),
      x1: Math.max(...pieces.map((p) => p.x1)),
      y1: Math.max(...pieces.map((p) => p.y1)),
    });
  }
  return out;
}

/**
 * Headings centred each over a group of three columns whose headings below repeat from group to group
 * ("Total | Male | Female", each over "Total | Under 18 years | 18 years and over"): each spans its group.
 * A heading centred over three columns stands over the middle one, where nothing but the repetition below
 * tells it from a heading of that column alone.
 */
function spanRepeatedGroups(
  cells: PageTableCell[],
  headerRows: number,
  labelCols: number,
  cols: number,
): void {
  const text = (row: number, col: number) => cells.find((c) => c.row === row && c.col === col)?.text ?? '';
  for (let r = 0; r < headerRows - 1; r++) {
    const top = cells.filter((c) => c.row === r).sort((a, b) => a.col - b.col);
    const inside = (c: PageTableCell) => c.col - 1 >= labelCols && c.col + 1 < cols;
    if (top.length < 2 || top.some((c) => c.colSpan !== 1 || c.rowSpan !== 1 || !inside(c))) continue;
    if (top.some((c, k) => k > 0 && c.col - top[k - 1]!.col !== 3)) continue;
    const group = (row: number, col: number) => [-1, 0, 1].map((o) => text(row, col + o));
    let repeats = false;
    for (let q = r + 1; q < headerRows && !repeats; q++) {
      const first = group(q, top[0]!.col);
      repeats =
        first.filter((t) => t !== '').length >= 2 &&
        top.every((c) => group(q, c.col).every((t, k) => t === first[k]));
    }
    if (!repeats) continue;
    for (const c of top) {
      c.col -= 1;
      c.colSpan = 3;
    }
  }
}

/** Most columns a heading centred over a group spans. */
const MAX_GROUP = 4;

/**
 * Headings of an upper header row centred over a group of columns, each of them headed below ("2019"
 * centred over "Amount | Share", "2018" over the next two): a heading whose middle is much nearer the
 * middle of two or four neighbouring columns, empty in its row, than to the middle of the column it was
 * placed in spans them. A heading flush with a column's edge is that column's (a period set over the
 * first of its columns). A heading centred over an odd group stands over its middle column, where only a
 * repetition below tells it apart (spanRepeatedGroups).
 */
function spanCentredGroups(
  cells: PageTableCell[],
  headerRows: number,
  labelCols: number,
  columns: readonly [number, number][],
): void {
  const middle = (a: number, b: number) => (columns[a]![0] + columns[b]![1]) / 2;
  for (const cell of cells) {
    if (cell.row >= headerRows - 1 || cell.col < labelCols || cell.colSpan !== 1 || cell.text.trim() === '')
      continue;
    const taken = (col: number) => cells.some((o) => o !== cell && covers(o, cell.row, col));
    const headedBelow = (col: number) =>
      cells.some(
        (o) => o.row > cell.row && o.row < headerRows && o.text.trim() !== '' && covers(o, o.row, col),
      );
    const [x0, x1] = [cell.box.x, cell.box.x + cell.box.width];
    // A heading set flush with a column's edge is that column's, however far it runs over the gap.
    if (columns.some(([a, b]) => Math.abs(x0 - a) <= 1 || Math.abs(x1 - b) <= 1)) continue;
    const centre = (x0 + x1) / 2;
    const own = Math.abs(centre - middle(cell.col, cell.col));
    let best: [number, number] | null = null;
    let bestDistance = Infinity;
    for (let a = Math.max(labelCols, cell.col - MAX_GROUP + 1); a <= cell.col; a++)
      for (let b = Math.max(a + 1, cell.col); b < columns.length && b - a < MAX_GROUP; b++) {
        if ((b - a) % 2 === 0) continue;
        const cols = Array.from({ length: b - a + 1 }, (_, k) => a + k);
        if (cols.some((c) => c !== cell.col && taken(c)) || !cols.every(headedBelow)) continue;
        // The heading stands within the group, over no column outside it.
        if (x0 < columns[a]![0] - 1 || x1 > columns[b]![1] + 1) continue;
        const distance = Math.abs(centre - middle(a, b));
        if (distance < bestDistance) [best, bestDistance] = [[a, b], distance];
      }
    if (best === null || bestDistance > 0.5 * own) continue;
    cell.col = best[0];
    cell.colSpan = best[1] - best[0] + 1;
  }
}

/** Most lines of notes a caption stands over ("Table 324. Arrests …" over a bracketed paragraph). */
const MAX_NOTE_LINES = 6;

/**
 * The caption over the lines just above a table: the nearest caption line within a few lines of words
 * set close together, each no further from the next than a title from its table; null when there is none.
 */
function captionAbove(lines: readonly ChunkLine[], from: number, top: ChunkLine): number | null {
  let below = top;
  for (let k = from - 1; k >= 0 && k >= from - 1 - MAX_NOTE_LINES; k--) {
    const line = lines[k]!;
    if (below.by - line.by > 3 * Math.max(line.size, below.size) || figureLine(line)) return null;
    if (caption(line)) return k;
    below = line;
  }
  return null;
}

/**
 * A caption's text. A caption that is only its number ("Table 1") goes on in the lines of one piece under
 * it, above the table ("BRAZIL", "PLANTED AREA ESTIMATE"), its scale note aside.
 */
function captionText(lines: readonly ChunkLine[], captioned: number, from: number): string {
  const text = lineText(lines[captioned]!);
  if (!new RegExp(`^${CAPTION.source}[.:]?$`, 'i').test(text.trim())) {
    // A caption broken where its sentence goes on ("… by Space Type," over "Alternative Scenarios, …").
    const out = [text];
    for (let k = captioned + 1; k < from && RUNS_ON.test(out.at(-1)!); k++) out.push(lineText(lines[k]!));
    return out.join(' ');
  }
  const more = lines
    .slice(captioned + 1, from)
    .filter((l) => l.chunks.length === 1 && !isScaleLine(lineText(l)))
    .map(lineText);
  return [text, ...more].join(' ');
}

/**
 * A caption set over lines that end at line `last` (just over a table): the caption line at most two
 * lines up, each line set close under the one before and the caption's sentence running on into it, read
 * whole. Null when no caption runs on into line `last`.
 */
export function captionOver(lines: readonly ChunkLine[], last: number): string | null {
  for (let k = last - 1; k >= Math.max(0, last - 2); k--) {
    const line = lines[k]!;
    const next = lines[k + 1]!;
    if (next.by - line.by > 1.6 * Math.max(line.size, next.size) || !RUNS_ON.test(lineText(line)))
      return null;
    if (caption(line))
      return lines
        .slice(k, last + 1)
        .map(lineText)
        .join(' ');
  }
  return null;
}

/** A caption's start: its word and number ("Table 5", "Exhibit 2", "Table A4-12", "Table 3.1", "Fig. iv"). */
const CAPTION =
  /(?:table|tab\.|exhibit|chart|figure|fig\.)\s*:?\s*(?:[a-z]{0,2}[-.]?\d+(?:[-.]\d+)*|[ivx]+)\b/;
/** A line that ends mid-sentence: after a comma, a dash or a word that cannot end one. */
const RUNS_ON = /(?:[,;–-]|\b(?:and|or|of|by|in|for|the|to|with|from|on|at))\s*$/i;

/** A table's caption ("Table 5: …", "Exhibit 2 …"): its title, never a header row. */
function caption(line: ChunkLine): boolean {
  return new RegExp(`^${CAPTION.source}`, 'i').test(lineText(line));
}

/** A row with one piece only, in the first column. */
function onlyLabel(row: Row): boolean {
  return row.cells.size === 1 && row.cells.has(0);
}

function cellText(cell: { chunks: readonly Chunk[] }): string {
  return withoutLeaders(
    cell.chunks
      .map((c) => c.text.trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * A label's text without the dot leaders that run it up to its figures ("Total. . . . . ." is "Total",
 * "Liquor laws ." is "Liquor laws"): two dots or more at its end, or one set a space apart. A cell of
 * dots alone is a mark for a value not given and stays as it is.
 */
export function withoutLeaders(text: string): string {
  if (!/[\p{L}\p{N})\]]/u.test(text)) return text;
  return text.replace(/(?:\s*[.…·]){2,}\s*$|\s+[.…·]$/u, '').trimEnd();
}

/**
 * Label columns whose labels mostly end in one dot: the first dot of leaders the page drew apart
 * ("Robbery." over "Burglary.", the rest of the dots not read as text), not a full stop. It is left out
 * of every label of such a column.
 */
export function leadersOff(table: PageTable): PageTable {
  let cells = table.cells;
  for (let col = 0; col < table.labelCols; col++) {
    const labels = cells.filter((c) => c.col === col && c.row >= table.headerRows && c.text !== '');
    const dotted = labels.filter((c) => /\p{L}\.$/u.test(c.text));
    if (labels.length < 3 || dotted.length < 0.6 * labels.length) continue;
    cells = cells.map((c) => (dotted.includes(c) ? { ...c, text: c.text.slice(0, -1) } : c));
  }
  return cells === table.cells ? table : { ...table, cells };
}

/**
 * A register's rows are records: a running number or a code, then the text that names the record (a
 * licensee, a contract), then its details (a category, an area, dates, a person, an address). The row is
 * labelled up to the first column of words that tells its rows apart (nine in ten texts of its body rows
 * differ), when two or more columns of words still follow it: those are the record's details, each under
 * its own heading, not part of its name. A table of one or two label columns keeps them all ("Code |
 * Description").
 */
export function namedByRecord(table: PageTable): PageTable {
  const body = Array.from({ length: table.rows - table.headerRows }, (_, k) => k + table.headerRows);
  if (body.length < 3) return table;
  const textAt = (row: number, col: number) =>
    table.cells
      .find((c) => c.row <= row && c.row + c.rowSpan > row && c.col <= col && c.col + c.colSpan > col)
      ?.text.trim() ?? '';
  for (let col = 0; col + 2 < table.labelCols; col++) {
    const texts = body.map((row) => textAt(row, col)).filter((t) => t !== '');
    const words = texts.filter((t) => !numberPiece(t));
    if (texts.length < 0.8 * body.length || words.length < 0.6 * texts.length) continue;
    if (new Set(texts).size >= 0.9 * texts.length) return { ...table, labelCols: col + 1 };
  }
  // Numbered by identifiers, the rows are already told apart: the record's name is the first column of
  // words after them that mostly differs from cell to cell (a category, "AAA", repeats), its cells read
  // once each (a name set over two lines of its record is one cell, not two rows' texts).
  const cellsOf = (col: number) =>
    table.cells.filter((c) => c.col === col && c.row >= table.headerRows && c.text.trim() !== '');
  if (!identifiers(cellsOf(0).map((c) => c.text))) return table;
  for (let col = 1; col + 1 < table.labelCols; col++) {
    const texts = cellsOf(col).map((c) => c.text.trim());
    const words = texts.filter((t) => !numberPiece(t));
    if (words.length >= 0.6 * texts.length && new Set(texts).size >= 0.6 * texts.length)
      return { ...table, labelCols: col + 1 };
  }
  return table;
}

/**
 * A table that reads right to left (its labels in Hebrew or Arabic, at its right, its figures at its left):
 * its columns numbered from the right, as a person reads it, so its labels are its first columns. Other
 * tables as they are.
 */
export function asRead(table: PageTable): PageTable {
  const body = table.cells.filter((c) => c.row >= table.headerRows && c.text.trim() !== '');
  const words = body.filter((c) => !numberPiece(c.text));
  if (words.length === 0 || words.filter((c) => readsRightToLeft(c.text)).length < 0.6 * words.length)
    return table;
  const share = (col: number, test: (text: string) => boolean) => {
    const held = body.filter((c) => c.col <= col && c.col + c.colSpan > col);
    return held.length === 0 ? 0 : held.filter((c) => test(c.text)).length / held.length;
  };
  const wordsAtRight = share(table.cols - 1, (t) => !numberPiece(t)) >= 0.6;
  const figuresAtLeft = share(0, numberPiece) >= 0.6;
  if (!wordsAtRight || !figuresAtLeft) return table;
  const cells = table.cells
    .map((c) => ({ ...c, col: table.cols - c.col - c.colSpan }))
    .sort((a, b) => a.row - b.row || a.col - b.col);
  const mirrored = { ...table, cells };
  let labelCols = 0;
  for (let col = 0; col < table.cols - 1; col++) {
    const held = mirrored.cells.filter(
      (c) => c.row >= table.headerRows && c.col <= col && c.col + c.colSpan > col && c.text.trim() !== '',
    );
    const labels = held.filter((c) => !numberPiece(c.text)).length;
    if (labels > 0 && labels >= 0.6 * held.length) labelCols = col + 1;
    else break;
  }
  return { ...mirrored, labelCols, rightToLeft: true };
}

/**
 * A long table set in two blocks side by side (rows 1–24 at the left, 25–44 at the right) as one table:
 * the right block's rows after the left's. Read so only when the blocks are alike (the same columns, a
 * gutter wider than any gap between their columns) and say they are one table: the same headings over
 * both, or a running number down the first column that goes on from the left block into the right.
 */
export function unwrapped(table: PageTable): PageTable {
  if (table.cols < 4 || table.cols % 2 !== 0 || table.cells.some((c) => c.colSpan > 1 || c.rowSpan > 1))
    return table;
  const k = table.cols / 2;
  const edges = Array.from({ length: table.cols }, (_, col) => {
    const boxes = table.cells.filter((c) => c.col === col).map((c) => c.box);
    return boxes.length === 0
      ? null
      : { x0: Math.min(...boxes.map((b) => b.x)), x1: Math.max(...boxes.map((b) => b.x + b.width)) };
  });
  if (edges.some((e) => e === null)) return table;
  const gaps = edges.slice(1).map((e, c) => e!.x0 - edges[c]!.x1);
  const gutter = gaps[k - 1]!;
  const inner = gaps.filter((_, c) => c !== k - 1);
  if (!(gutter > 2 * Math.max(...inner))) return table;
  const text = (row: number, col: number) => table.cells.find((c) => c.row === row && c.col === col)?.text;
  const headersAlike =
    table.headerRows > 0 &&
    Array.from({ length: table.headerRows }).every((_, r) =>
      Array.from({ length: k }).every((_, c) => (text(r, c) ?? '') === (text(r, c + k) ?? '')),
    ) &&
    Array.from({ length: k }).some((_, c) => (text(0, c) ?? '') !== '');
  const running = (col: number) =>
    Array.from({ length: table.rows - table.headerRows }, (_, r) => text(r + table.headerRows, col))
      .filter((t): t is string => t !== undefined)
      .map((t) => (/^\d+\.?$/.test(t.trim()) ? parseInt(t, 10) : NaN));
  const left = running(0);
  const right = running(k);
  const counts = (ns: number[]) => ns.length >= 2 && ns.every((n, i) => i === 0 || n === ns[i - 1]! + 1);
  const goesOn = counts(left) && counts(right) && right[0] === left.at(-1)! + 1;
  if (!headersAlike && !goesOn) return table;
  const body = table.rows - table.headerRows;
  const cells = table.cells.flatMap((c) => {
    if (c.col < k) return [c];
    if (c.row < table.headerRows) return [];
    return [{ ...c, col: c.col - k, row: c.row + body }];
  });
  const rows = Math.max(...cells.map((c) => c.row)) + 1;
  return { ...table, cols: k, rows, cells: cells.sort((a, b) => a.row - b.row || a.col - b.col) };
}
