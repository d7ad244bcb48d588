import type { FigureWithPosition } from '../../../shared/api';

/** A run of a unit's text: plain text, or a figure at its span. */
export type TextSegment =
  | { kind: 'text'; start: number; text: string }
  | { kind: 'figure'; start: number; text: string; figure: FigureWithPosition };

/**
 * Cuts a unit's markdown at its figures' spans. A figure whose span leaves the text or overlaps an
 * earlier figure is not drawn as a chip (its text stays, as text): the text is never altered or lost.
 */
export function segmentMarkdown(markdown: string, figures: readonly FigureWithPosition[]): TextSegment[] {
  const ordered = [...figures].sort((a, b) => a.span.start - b.span.start || a.index - b.index);
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const figure of ordered) {
    const { start, end } = figure.span;
    if (start < cursor || end > markdown.length || end <= start) continue;
    if (start > cursor) segments.push({ kind: 'text', start: cursor, text: markdown.slice(cursor, start) });
    segments.push({ kind: 'figure', start, text: markdown.slice(start, end), figure });
    cursor = end;
  }
  if (cursor < markdown.length) segments.push({ kind: 'text', start: cursor, text: markdown.slice(cursor) });
  return segments;
}
