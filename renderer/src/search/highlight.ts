import type { HighlightRange } from '../../../shared/api';

// The service's highlight ranges are `[start, end)` offsets into the snippet counted in UTF-16 code units
// (JavaScript string indexes: service/search/ranking.ts slices the unit text and records `m.index`), so
// they are used as string indexes here, never as code points. A range is clamped to the text, never split
// inside a surrogate pair (an emoji is lit whole or not at all), and overlapping ranges are merged.

export interface CharRange {
  start: number;
  end: number;
}

export interface TextPart {
  text: string;
  /** Offset of the part in the whole text (UTF-16 code units). */
  start: number;
  marked: boolean;
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Moves a start back and an end forward so neither falls between the halves of a surrogate pair. */
function widenToCodePoints(text: string, range: CharRange): CharRange {
  let { start, end } = range;
  if (start > 0 && start < text.length && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1)))
    start -= 1;
  if (end > 0 && end < text.length && isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1)))
    end += 1;
  return { start, end };
}

/** A range as the service sent it: a `[start, end]` pair, or a string "start,end" / "start-end". */
export function rangeOf(range: HighlightRange): CharRange | null {
  if (Array.isArray(range)) return { start: range[0], end: range[1] };
  const match = /^\s*\[?\s*(\d+)\s*[,-]\s*(\d+)\s*\]?\s*$/.exec(range);
  return match ? { start: Number(match[1]), end: Number(match[2]) } : null;
}

/** The ranges, clamped to a text of `length`, empty ones dropped, sorted and merged. */
export function normaliseRanges(text: string, ranges: readonly CharRange[]): CharRange[] {
  const clean = ranges
    .map((r) => ({
      start: Math.max(0, Math.min(r.start, text.length)),
      end: Math.max(0, Math.min(r.end, text.length)),
    }))
    .filter((r) => r.end > r.start)
    .map((r) => widenToCodePoints(text, r))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: CharRange[] = [];
  for (const r of clean) {
    const last = merged[merged.length - 1];
    if (last !== undefined && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/** The snippet cut into plain and marked parts at its highlight ranges. */
export function highlightParts(text: string, ranges: readonly HighlightRange[] | undefined): TextPart[] {
  const parsed = (ranges ?? []).map(rangeOf).filter((r): r is CharRange => r !== null);
  return partsOf(text, 0, normaliseRanges(text, parsed));
}

/**
 * `text` (which starts at `offset` in a larger text) cut at `ranges` (offsets in the larger text, sorted
 * and merged): what the unit text uses to light a passage inside one of its segments.
 */
export function partsOf(text: string, offset: number, ranges: readonly CharRange[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const r of ranges) {
    const start = Math.max(r.start - offset, at);
    const end = Math.min(r.end - offset, text.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), start: offset + at, marked: false });
    parts.push({ text: text.slice(start, end), start: offset + start, marked: true });
    at = end;
  }
  if (at < text.length || parts.length === 0)
    parts.push({ text: text.slice(at), start: offset + at, marked: false });
  return parts;
}

/**
 * The passage to light in the unit's markdown: where the snippet sits in it (the service takes the snippet
 * verbatim from the unit text). Null when the snippet is not in the unit text (another reading of it).
 */
export function passageRange(markdown: string, snippet: string): CharRange | null {
  if (snippet === '') return null;
  const at = markdown.indexOf(snippet);
  return at === -1 ? null : { start: at, end: at + snippet.length };
}
