import type { TextRun } from '../types';

// A page's text layer as lines in reading order: pdf.js text items (PDF user space, origin bottom-left)
// become boxes in viewport space (origin top-left, y down, page rotation applied), are grouped into lines
// by baseline, the lines sorted top to bottom and each line's items left to right. Each item is a run.

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
  return { text, fontName: item.fontName, horizontal, x0, y0, x1, y1, bx, by, size };
}

export interface PageText {
  markdown: string;
  runs: TextRun[];
}

/** Lines in reading order, items separated by a space where there is a gap, lines by '\n'. */
export function pageText(
  items: readonly PdfTextItem[],
  styles: Readonly<Record<string, FontStyle>>,
  viewport: PdfViewport,
  advances: Advances = () => null,
): PageText {
  const placed = items
    .map((item) => place(item, styles[item.fontName], viewport))
    .filter((p): p is Placed => p !== null)
    .sort((p, q) => p.by - q.by || p.x0 - q.x0);

  const lines: { by: number; size: number; items: Placed[] }[] = [];
  for (const item of placed) {
    const line = lines.at(-1);
    if (line && Math.abs(item.by - line.by) <= 0.5 * Math.min(item.size, line.size)) {
      line.items.push(item);
      line.size = Math.max(line.size, item.size);
    } else lines.push({ by: item.by, size: item.size, items: [item] });
  }

  let markdown = '';
  const runs: TextRun[] = [];
  let previous: { by: number; size: number } | null = null;
  for (const line of lines) {
    if (previous)
      markdown += line.by - previous.by > 2.2 * Math.max(line.size, previous.size) ? '\n\n' : '\n';
    previous = line;
    line.items.sort((p, q) => p.x0 - q.x0);
    let last: Placed | null = null;
    for (const item of line.items) {
      let text = item.text;
      if (last) {
        const gap = item.x0 - last.x1;
        const spaced = /\s$/.test(markdown) || text.startsWith(' ');
        if (!spaced && gap > 0.15 * Math.min(item.size, last.size)) markdown += ' ';
        if (markdown.endsWith(' ')) text = text.trimStart();
      } else text = text.trimStart();
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
  return { markdown, runs };
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
