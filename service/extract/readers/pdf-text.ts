import type { PageTable } from '../../../shared/api';
import type { TextRun } from '../types';
import { toFrame, type Turn } from '../frame';
import {
  CELL_GAP_EMS,
  piecesOf,
  readTables,
  type Chunk,
  type ChunkLine,
  repeatedHeaders,
  type Rule,
  type Upright,
  type Word,
} from './pdf-tables';
import { wordTables } from './pdf-word-tables';
import { readLattices } from './pdf-lattice';
import { itemsInReadingOrder, joinRightToLeft } from './pdf-bidi';

// A page's text layer in reading order: pdf.js or PDFium text items (PDF user space, origin bottom-left)
// become boxes in viewport space (origin top-left, y down, page rotation applied) and are grouped into
// lines by baseline; stretches of lines set in columns of prose are read column by column, everything else
// (titles, tables, single columns) line by line, top to bottom, each line's items left to right. Each item
// is a run.

/** The subset of a pdf.js text item this module reads. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

/** The subset of a pdf.js viewport this module reads (scale 1: viewport units are points). */
export interface PdfViewport {
  convertToViewportPoint(x: number, y: number): number[];
}

/**
 * The advance of each character of `text` drawn in the font pdf.js names `fontName`, in any unit (they
 * are scaled to the item's width); null when the font's widths are not known.
 */
export type Advances = (fontName: string, text: string) => number[] | null;

export interface FontStyle {
  ascent?: number;
  descent?: number;
}

interface Placed {
  text: string;
  fontName: string;
  /** The text runs left to right along the page (its characters can be placed by their advances). */
  horizontal: boolean;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Baseline start in viewport space. */
  bx: number;
  by: number;
  /** Font height in points. */
  size: number;
  /** Quarter turns of its direction from left to right (frame.ts), or -1 when it runs aslant. */
  turn: 0 | Turn | -1;
}

const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;

function place(item: PdfTextItem, style: FontStyle | undefined, viewport: PdfViewport): Placed | null {
  const text = item.str.replace(/\s+/g, ' ');
  if (text.trim() === '') return null;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const size = Math.hypot(c, d);
  const along = Math.hypot(a, b);
  if (!Number.isFinite(size) || !Number.isFinite(along) || size === 0 || along === 0) return null;
  const ux = a / along;
  const uy = b / along;
  const vx = c / size;
  const vy = d / size;
  const ascent = style?.ascent && style.ascent > 0 && style.ascent < 1.5 ? style.ascent : DEFAULT_ASCENT;
  const descent =
    style?.descent !== undefined && style.descent <= 0 && style.descent > -1
      ? style.descent
      : DEFAULT_DESCENT;
  const width = Number.isFinite(item.width) && item.width > 0 ? item.width : 0;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const s of [0, width])
    for (const t of [descent * size, ascent * size]) {
      const [px = 0, py = 0] = viewport.convertToViewportPoint(e + ux * s + vx * t, f + uy * s + vy * t);
      x0 = Math.min(x0, px);
      x1 = Math.max(x1, px);
      y0 = Math.min(y0, py);
      y1 = Math.max(y1, py);
    }
  const [bx = 0, by = 0] = viewport.convertToViewportPoint(e, f);
  if (![x0, y0, x1, y1, bx, by].every(Number.isFinite)) return null;
  const [ex = 0, ey = 0] = viewport.convertToViewportPoint(e + ux * width, f + uy * width);
  const horizontal = width > 0 && ex > bx && Math.abs(ey - by) < 1e-3 * Math.max(1, ex - bx);
  return {
    text,
    fontName: item.fontName,
    horizontal,
    x0,
    y0,
    x1,
    y1,
    bx,
    by,
    size,
    turn: turnOf(ex - bx, ey - by),
  };
}

/** The quarter turns of a direction from left to right, or -1 aslant (or no length). */
function turnOf(dx: number, dy: number): Placed['turn'] {
  if (Math.abs(dx) >= 3 * Math.abs(dy) && dx !== 0) return dx > 0 ? 0 : 2;
  if (Math.abs(dy) >= 3 * Math.abs(dx) && dy !== 0) return dy > 0 ? 1 : 3;
  return -1;
}

/**
 * The turn to read the page in: the direction most of its characters run, when that is not left to right
 * and they are at least half the page's characters.
 */
function readingTurn(placed: readonly Placed[]): Turn | undefined {
  const chars = [0, 0, 0, 0];
  let total = 0;
  for (const p of placed) {
    const n = p.text.replace(/\s/g, '').length;
    total += n;
    if (p.turn >= 0) chars[p.turn]! += n;
  }
  let best = 0;
  for (let t = 1; t < 4; t++) if (chars[t]! > chars[best]!) best = t;
  return best !== 0 && chars[best]! >= 0.5 * total ? (best as Turn) : undefined;
}

export interface PageText {
  markdown: string;
  /** Runs in the reading frame (`frame`), the drawn page's when there is none. */
  runs: TextRun[];
  /** Tables read from the alignment of the page's words (readers/pdf-tables.ts), in the reading frame. */
  tables: PageTable[];
  /** The page was read turned, its text running another way than left to right (frame.ts). */
  frame?: Turn;
}

interface Line {
  by: number;
  size: number;
  items: Placed[];
}

/** Lines by baseline: items whose baselines lie within half the smaller font size of the line's. */
function linesOf(placed: readonly Placed[]): Line[] {
  const lines: Line[] = [];
  for (const item of placed) {
    const line = lines.at(-1);
    if (line && Math.abs(item.by - line.by) <= 0.5 * Math.min(item.size, line.size)) {
      line.items.push(item);
      line.size = Math.max(line.size, item.size);
    } else lines.push({ by: item.by, size: item.size, items: [item] });
  }
  for (const line of lines) line.items.sort((p, q) => p.x0 - q.x0);
  return lines;
}

/** An x-interval [from, to]. */
type Span = [number, number];

/** A stretch of lines set in columns: the gutters between them. */
interface Band {
  from: number;
  to: number;
  gutters: Span[];
}

/** The fewest lines a stretch of columns has before it is read as columns. */
const MIN_COLUMN_LINES = 4;
/** Gutters are at least this many ems of the lines' type: wider than any space between words. */
const GUTTER_EMS = 0.9;

/** What the line parts of one column hold, to tell columns of prose or of a list from a table's. */
interface ColumnText {
  parts: number;
  /** Parts of three words or more. */
  wordy: number;
  letters: number;
  digits: number;
  characters: number;
  /** Parts that start with a cased letter, and of those with a lower-case one. */
  cased: number;
  lower: number;
  left: number;
  right: number;
  /** How many different line parts it holds: a table's column repeats its values ("AFIRMATIVO"). */
  distinct: number;
}

function columnText(lines: readonly Line[], from: number, to: number): ColumnText {
  const t: ColumnText = {
    parts: 0,
    wordy: 0,
    letters: 0,
    digits: 0,
    characters: 0,
    cased: 0,
    lower: 0,
    left: Infinity,
    right: -Infinity,
    distinct: 0,
  };
  const seen = new Set<string>();
  for (const line of lines) {
    const items = line.items.filter((item) => (item.x0 + item.x1) / 2 > from && (item.x0 + item.x1) / 2 < to);
    const text = items
      .map((item) => item.text)
      .join(' ')
      .trim();
    if (text === '') continue;
    t.parts++;
    seen.add(text);
    t.left = Math.min(t.left, ...items.map((i) => i.x0));
    t.right = Math.max(t.right, ...items.map((i) => i.x1));
    if ((text.match(/\p{L}{2,}/gu) ?? []).length >= 3) t.wordy++;
    t.letters += (text.match(/\p{L}/gu) ?? []).length;
    t.digits += (text.match(/\p{N}/gu) ?? []).length;
    t.characters += text.replace(/\s/g, '').length;
    if (/^[\p{Lu}\p{Ll}]/u.test(text)) {
      t.cased++;
      if (/^\p{Ll}/u.test(text)) t.lower++;
    }
  }
  t.distinct = seen.size;
  return t;
}

/**
 * Whether a band's columns are read one after the other, as a person reads them: each column is prose
 * (most of its line parts hold three words or more, mostly letters, its sentences running on from line to
 * line: many lines start with a lower-case letter, where the script has case), or the columns are alike,
 * as the columns of a list set in two or three are (the same width and the same kind of words: "Name,
 * University"). A table's columns are neither (a name, a party, a number to a cell, each starting
 * afresh, the same values again and again): a table is read row by row, never column by column.
 */
function flows(lines: readonly Line[], gutters: readonly Span[]): boolean {
  const edges = [-Infinity, ...gutters.map(([a, b]) => (a + b) / 2), Infinity];
  const columns = edges.slice(0, -1).map((from, c) => columnText(lines, from, edges[c + 1]!));
  if (columns.some((t) => t.parts < 2 || t.letters < 0.6 * t.characters || t.distinct < 0.8 * t.parts))
    return false;
  const prose = columns.every(
    (t) => t.wordy >= 0.5 * t.parts && !(t.cased >= 0.5 * t.parts && t.lower < 0.3 * t.cased),
  );
  if (prose) return true;
  const widths = columns.map((t) => t.right - t.left);
  const lengths = columns.map((t) => t.characters / t.parts);
  const digits = columns.map((t) => t.digits / Math.max(1, t.characters));
  const near = (values: number[], share: number) => Math.min(...values) >= (1 - share) * Math.max(...values);
  return (
    near(widths, 0.25) &&
    near(lengths, 0.3) &&
    Math.max(...digits) - Math.min(...digits) < 0.1 &&
    columns.every((t) => t.wordy >= 0.5 * t.parts)
  );
}

/** What of `gutters` a line leaves clear: each gutter less the line's items, still at least `min` wide. */
function clearOf(gutters: readonly Span[], line: Line, min: number): Span[] {
  let out: Span[] = [...gutters];
  for (const item of line.items)
    out = out.flatMap(([a, b]): Span[] => {
      if (item.x1 <= a || item.x0 >= b) return [[a, b]];
      const parts: Span[] = [];
      if (item.x0 - a >= min) parts.push([a, item.x0]);
      if (b - item.x1 >= min) parts.push([item.x1, b]);
      return parts;
    });
  return out;
}

/**
 * Stretches of lines set in columns: from a line with a gap between its items, the lines before and after
 * it that leave that gap clear (a line of one column does; a title or a caption across the columns does not),
 * at least MIN_COLUMN_LINES of them, with columns that read one after the other (`flows`). Columns whose
 * baselines are out of step are one stretch; a table's aligned columns do not make one.
 */
function bandsOf(lines: readonly Line[]): Band[] {
  const bands: Band[] = [];
  let i = 0;
  while (i + MIN_COLUMN_LINES <= lines.length) {
    // The gutters of the first few lines together: strips none of their items cover, between items.
    const seed = lines.slice(i, i + MIN_COLUMN_LINES);
    const size = Math.max(...seed.map((l) => l.size));
    let gutters = stripsOf(seed, GUTTER_EMS * size);
    // Where each column's lines start: a line of a column starts there (or an indent from it); a line of a
    // table set across the columns starts its cells elsewhere, and ends the stretch.
    const starts: (number | null)[] = gutters.map(() => null).concat(null);
    const fits = (line: Line) => {
      const edges = [-Infinity, ...gutters.map(([a, b]) => (a + b) / 2), Infinity];
      return edges.slice(0, -1).every((from, c) => {
        const first = line.items.find(
          (it) => (it.x0 + it.x1) / 2 > from && (it.x0 + it.x1) / 2 < edges[c + 1]!,
        );
        if (first === undefined) return true;
        const start = starts[c] ?? null;
        if (start === null) {
          starts[c] = first.x0;
          return true;
        }
        if (first.x0 < start - 0.5 * line.size || first.x0 > start + 2.5 * line.size) return false;
        starts[c] = Math.min(start, first.x0);
        return true;
      });
    };
    // The columns start where most of the seed's lines start.
    for (const line of [...seed].sort((a, b) => a.items[0]!.x0 - b.items[0]!.x0)) fits(line);
    if (gutters.length === 0 || !seed.every(fits)) {
      i++;
      continue;
    }
    let j = i + MIN_COLUMN_LINES - 1;
    // A line far below (or above) the stretch is not its column's next: a footnote, a page number.
    const far = (a: Line, b: Line) => Math.abs(a.by - b.by) > 3 * Math.max(a.size, b.size);
    while (j + 1 < lines.length) {
      const next = lines[j + 1]!;
      if (far(next, lines[j]!)) break;
      const kept = clearOf(gutters, next, GUTTER_EMS * next.size);
      // The same columns all through: a gutter that closes ends the stretch.
      if (kept.length !== gutters.length || !fits(next)) break;
      gutters = kept;
      j++;
    }
    // Lines above that leave the gutters clear are the columns' first lines (a column that starts higher).
    let from = i;
    const done = bands.at(-1)?.to ?? -1;
    while (from - 1 > done) {
      const line = lines[from - 1]!;
      if (far(line, lines[from]!)) break;
      const kept = clearOf(gutters, line, GUTTER_EMS * line.size);
      if (kept.length !== gutters.length || !fits(line)) break;
      gutters = kept;
      from--;
    }
    const stretch = lines.slice(from, j + 1);
    if (flows(stretch, gutters)) {
      bands.push({ from, to: j, gutters });
      i = j + 1;
    } else i++;
  }
  return bands;
}

/** Strips at least `min` wide that no item of `lines` covers, between the leftmost and rightmost items. */
function stripsOf(lines: readonly Line[], min: number): Span[] {
  const spans = lines.flatMap((l) => l.items.map((it): Span => [it.x0, it.x1])).sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  let reach = spans[0]?.[1] ?? 0;
  for (const [x0, x1] of spans.slice(1)) {
    if (x0 - reach >= min) out.push([reach, x0]);
    reach = Math.max(reach, x1);
  }
  return out;
}

/**
 * The lines in the order a person reads them: stretches of columns column by column (each column's lines
 * top to bottom), everything else line by line. Each line is returned with the items it holds.
 */
function readingOrder(lines: readonly Line[], bands: readonly Band[]): Line[][] {
  const blocks: Line[][] = [];
  let single: Line[] = [];
  const flush = () => {
    if (single.length > 0) blocks.push(single);
    single = [];
  };
  let b = 0;
  for (let i = 0; i < lines.length; i++) {
    const band = bands[b];
    if (band === undefined || i < band.from) {
      single.push(lines[i]!);
      continue;
    }
    flush();
    const edges = [-Infinity, ...band.gutters.map(([a, z]) => (a + z) / 2), Infinity];
    for (let c = 0; c + 1 < edges.length; c++) {
      const column: Line[] = [];
      for (const line of lines.slice(band.from, band.to + 1)) {
        const items = line.items.filter(
          (item) => (item.x0 + item.x1) / 2 > edges[c]! && (item.x0 + item.x1) / 2 < edges[c + 1]!,
        );
        if (items.length > 0) column.push({ by: line.by, size: line.size, items });
      }
      if (column.length > 0) blocks.push(column);
    }
    i = band.to;
    b++;
  }
  flush();
  return blocks;
}

/** The control character PDFium gives for a hyphen it found at a line's end. */
const PDFIUM_HYPHEN = String.fromCharCode(2);
/** A line that ends a word across a line break: a letter, then a hyphen (or a soft hyphen). */
const BROKEN_WORD = new RegExp(`\\p{L}[-\\u00ad${PDFIUM_HYPHEN}]$`, 'u');

/**
 * Lines in reading order (columns column by column, other lines top to bottom), items separated by a space
 * where there is a gap, lines by '\n', blocks and paragraphs by a blank line. A word hyphenated across a
 * line end is joined (its run keeps its glyphs' boxes, without the hyphen).
 */
export interface PageTextOptions {
  /** Read the page's tables (default); off only to measure what reading them costs (bench). */
  tables?: boolean;
  /** The straight lines drawn on the page (user space): a ruled table's cell borders. */
  rules?: readonly { x0: number; y0: number; x1: number; y1: number; shade?: true }[];
}

export function pageText(
  items: readonly PdfTextItem[],
  styles: Readonly<Record<string, FontStyle>>,
  viewport: PdfViewport,
  advances: Advances = () => null,
  options: PageTextOptions = {},
): PageText {
  const drawn = items
    .map((item) => place(item, styles[item.fontName], viewport))
    .filter((p): p is Placed => p !== null);
  const turn = readingTurn(drawn);
  const framed: PdfViewport | null =
    turn === undefined
      ? null
      : {
          convertToViewportPoint: (x, y) => {
            const [px = 0, py = 0] = viewport.convertToViewportPoint(x, y);
            return toFrame(turn, px, py);
          },
        };
  const placed = (
    framed === null
      ? drawn
      : items.map((item) => place(item, styles[item.fontName], framed)).filter((p): p is Placed => p !== null)
  ).sort((p, q) => p.by - q.by || p.x0 - q.x0);

  const lines = linesOf(placed);
  const bands = bandsOf(lines);
  let markdown = '';
  const runs: TextRun[] = [];
  for (const block of readingOrder(lines, bands)) {
    if (markdown !== '') markdown += '\n\n';
    let previous: Line | null = null;
    for (const line of block) {
      if (previous) {
        const last = runs.at(-1);
        const first = itemsInReadingOrder(line.items)[0]?.text.trimStart() ?? '';
        if (last !== undefined && BROKEN_WORD.test(markdown) && /^\p{Ll}/u.test(first)) {
          // "opti- / mized": one word; the hyphen's glyph leaves its run (a run of the hyphen alone goes).
          markdown = markdown.slice(0, -1);
          last.end -= 1;
          if (last.end <= last.start) runs.pop();
          else if (last.edges) {
            last.edges.pop();
            last.width = last.edges.at(-1) ?? last.width;
          } else last.width *= (last.end - last.start) / (last.end - last.start + 1);
        } else markdown += line.by - previous.by > 2.2 * Math.max(line.size, previous.size) ? '\n\n' : '\n';
      }
      previous = line;
      let last: Placed | null = null;
      for (const item of itemsInReadingOrder(line.items)) {
        let text = item.text;
        if (last) {
          // Read right to left, the gap is on the item's right.
          const gap = Math.max(item.x0 - last.x1, last.x0 - item.x1);
          const spaced = /\s$/.test(markdown) || text.startsWith(' ');
          if (!spaced && wordApart(last, item, gap)) markdown += ' ';
          if (markdown.endsWith(' ')) text = text.trimStart();
        } else text = text.trimStart();
        // A soft hyphen PDFium marks inside a line is a hyphen a person sees.
        text = text.replaceAll(PDFIUM_HYPHEN, '-');
        const lead = item.text.length - item.text.trimStart().length;
        const body = item.text.trim();
        const start = markdown.length + (text.length - text.trimStart().length);
        markdown += text;
        // The run covers the item's visible characters; its box narrows to them along the line, by the
        // glyphs' own widths where the font gives them, else by an even share of the characters.
        const offsets = item.horizontal ? characterOffsets(item, advances) : null;
        const share = (n: number) =>
          offsets ? (offsets[n] ?? 0) : (item.x1 - item.x0) * (n / Math.max(1, item.text.length));
        const left = share(lead);
        const run: TextRun = {
          start,
          end: start + body.length,
          x: item.x0 + left,
          y: item.y0,
          width: share(lead + body.length) - left,
          height: item.y1 - item.y0,
        };
        if (offsets) run.edges = offsets.slice(lead, lead + body.length + 1).map((o) => o - left);
        runs.push(run);
        last = item;
      }
      markdown = markdown.trimEnd();
    }
  }
  // The page's rules where its words are placed: in the reading frame, y down.
  const ruleView = framed ?? viewport;
  const rules: Rule[] = (options.rules ?? []).map((r) => {
    const [ax = 0, ay = 0] = ruleView.convertToViewportPoint(r.x0, r.y0);
    const [bx = 0, by = 0] = ruleView.convertToViewportPoint(r.x1, r.y1);
    const rule: Rule = {
      x0: Math.min(ax, bx),
      y0: Math.min(ay, by),
      x1: Math.max(ax, bx),
      y1: Math.max(ay, by),
    };
    return r.shade ? { ...rule, shade: true } : rule;
  });
  return {
    markdown,
    runs,
    tables: options.tables === false ? [] : tablesOf(lines, bands, advances, rules),
    ...(turn === undefined ? {} : { frame: turn }),
  };
}

/** The words of a line, each placed by its glyphs' widths where the font gives them, else by an even share. */
function wordsOf(line: Line, advances: Advances, raised: ReadonlySet<Placed> = new Set()): Word[] {
  const out: Word[] = [];
  for (const item of line.items) {
    const offsets = item.horizontal ? characterOffsets(item, advances) : null;
    const at = (k: number) =>
      item.x0 + (offsets ? (offsets[k] ?? 0) : (item.x1 - item.x0) * (k / Math.max(1, item.text.length)));
    for (const m of item.text.matchAll(/\S+/g))
      out.push({
        text: m[0],
        x0: at(m.index),
        x1: at(m.index + m[0].length),
        y0: item.y0,
        y1: item.y1,
        ...(raised.has(item) || raisedIn(item, line) ? { raised: true as const } : {}),
        item: line.items.indexOf(item),
      });
  }
  return out.sort((a, b) => a.x0 - b.x0);
}

type Shown = Pick<Placed, 'text' | 'x0' | 'x1' | 'size'>;

/**
 * Whether two neighbouring items of a line stand a word apart across `gap`. An item drawn with next to no
 * width (a ligature "יי" its font gives none) does not show where its letters end, so only a gap as wide
 * as a letter parts it from its neighbours.
 */
export function wordApart(a: Shown, b: Shown, gap: number): boolean {
  const shown = (p: Shown) => p.x1 - p.x0 >= 0.1 * p.size * Math.max(1, p.text.trim().length);
  return gap > (shown(a) && shown(b) ? 0.15 : 0.5) * Math.min(a.size, b.size);
}

/** An item in smaller type set above the line's baseline: a note mark ("24.91²"). */
function raisedIn(item: Placed, line: Line): boolean {
  return item.size <= 0.8 * line.size && item.by < line.by - 0.15 * line.size;
}

/** A line's pieces (readers/pdf-tables.ts `piecesOf`), from its words placed by their glyphs. */
function chunksOf(line: Line, advances: Advances, raised: ReadonlySet<Placed>): Chunk[] {
  // Letters drawn right to left, one item each, are read as the words they make. A hyphen PDFium marks at
  // a line's end is a hyphen in a cell ("With-" over "drawal", "Mumbai-" over "400104").
  const items = joinRightToLeft(
    line.items.map((item) =>
      item.text.includes(PDFIUM_HYPHEN) ? { ...item, text: item.text.replaceAll(PDFIUM_HYPHEN, '-') } : item,
    ),
    (run, text): Placed => ({
      ...run[0]!,
      text,
      // Its letters stand right to left: no glyph advances place them along the line.
      horizontal: false,
      x0: Math.min(...run.map((p) => p.x0)),
      x1: Math.max(...run.map((p) => p.x1)),
      y0: Math.min(...run.map((p) => p.y0)),
      y1: Math.max(...run.map((p) => p.y1)),
      size: Math.max(...run.map((p) => p.size)),
    }),
    (left, right) => wordApart(left, right, right.x0 - left.x1),
    (left, right) => right.x0 - left.x1 > CELL_GAP_EMS * Math.max(left.size, right.size),
  );
  return piecesOf(wordsOf({ ...line, items }, advances, raised), line.size);
}

/** A note mark's most characters: "1", "(a)", "*", "(12)". */
const MARK_CHARS = 4;

/**
 * A line of note marks set above the next in smaller type ("Others" with a raised "(1)"): the marks
 * belong to that line's words, not to a row of their own.
 */
function raisedOver(line: Line, next: Line | undefined): boolean {
  if (next === undefined || line.size > 0.8 * next.size) return false;
  const rise = next.by - line.by;
  return (
    rise > 0 && rise <= 0.7 * next.size && line.items.every((item) => item.text.trim().length <= MARK_CHARS)
  );
}

/** The tables of the page, read from its lines that are not set in columns of prose. */
function tablesOf(
  lines: readonly Line[],
  bands: readonly Band[],
  advances: Advances,
  rules: readonly Rule[],
): PageTable[] {
  const tables: PageTable[] = [];
  let run: ChunkLine[] = [];
  // Text set on end is no line's: it can head a table's column.
  const upright: Upright[] = lines.flatMap((line) =>
    line.items
      .filter((item) => item.turn === 1 || item.turn === 3)
      .map((item) => ({
        text: item.text,
        x0: item.x0,
        y0: item.y0,
        x1: item.x1,
        y1: item.y1,
        size: item.size,
        up: item.turn === 3,
      })),
  );
  // Grids of lines are read first, by their lines; the lines they take are no other table's.
  const across = (line: Line) => line.items.filter((item) => item.turn !== 1 && item.turn !== 3);
  const lattices =
    rules.length === 0
      ? { tables: [], taken: new Set<number>() }
      : readLattices(
          lines.map((line) => ({
            by: line.by,
            size: line.size,
            chunks: chunksOf({ ...line, items: across(line) }, advances, new Set()),
          })),
          rules,
          upright,
        );
  tables.push(...lattices.tables.map(repeatedHeaders));
  const read = () => {
    if (run.length > 0) {
      const found = readTables(run, tables.length, upright, 'exact', rules);
      tables.push(...found, ...wordTables(run, found, tables.length + found.length));
    }
    run = [];
  };
  const raised = new Set<Placed>();
  let marks: Placed[] = [];
  let b = 0;
  for (let i = 0; i < lines.length; i++) {
    const band = bands[b];
    if (band !== undefined && i >= band.from) {
      read();
      marks = [];
      i = band.to;
      b++;
      continue;
    }
    if (lattices.taken.has(i)) {
      read();
      marks = [];
      continue;
    }
    const flat = across(lines[i]!);
    if (flat.length === 0) continue;
    const line = flat.length === lines[i]!.items.length ? lines[i]! : { ...lines[i]!, items: flat };
    if (raisedOver(line, lines[i + 1]) && (bands[b] === undefined || i + 1 < bands[b]!.from)) {
      for (const item of line.items) raised.add(item);
      marks.push(...line.items);
      continue;
    }
    const items = marks.length === 0 ? line.items : [...line.items, ...marks].sort((p, q) => p.x0 - q.x0);
    marks = [];
    run.push({ by: line.by, size: line.size, chunks: chunksOf({ ...line, items }, advances, raised) });
  }
  read();
  if (lattices.tables.length === 0) return tables;
  // Grids among the other tables: top to bottom, numbered as they stand.
  return tables
    .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x)
    .map((table, index) => ({ ...table, index }));
}

/**
 * Offsets of each character boundary of a horizontal item from its left edge, from the font's advances
 * scaled to the item's drawn width (so character and word spacing are spread over the glyphs); null
 * when the font's widths are unknown or do not fit the text.
 */
function characterOffsets(item: Placed, advances: Advances): number[] | null {
  const widths = advances(item.fontName, item.text);
  if (!widths || widths.length !== item.text.length) return null;
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (!(total > 0) || widths.some((w) => !Number.isFinite(w) || w < 0)) return null;
  const scale = (item.x1 - item.x0) / total;
  const offsets = [0];
  let at = 0;
  for (const w of widths) offsets.push((at += w * scale));
  return offsets;
}
