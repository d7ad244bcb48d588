import { ReadFailure, type ReadOptions, type ReadResult } from '../types';

// The readers of flowing text (docx, html, markdown, text) have no pages: the whole document is one page
// unit, index 1, read from the file's own text (text_layer), without page geometry.

/** Over the text ceiling is `source_too_large`, with the observed value and the limit. */
export function checkTextLimit(length: number, options: ReadOptions, format: string): void {
  const limit = options.limits.maxTextChars;
  if (length > limit)
    throw new ReadFailure('source_too_large', `text: observed ${length} characters (limit ${limit})`, format);
}

/** One page unit holding `markdown`; no unit at all when it holds nothing but whitespace. */
export function singleUnitResult(format: string, markdown: string, options: ReadOptions): ReadResult {
  checkTextLimit(markdown.length, options, format);
  if (markdown.trim() === '') return { format, units: [], lost: [] };
  options.onUnit?.({ kind: 'page', index: 1, total: 1 });
  return {
    format,
    units: [{ kind: 'page', index: 1, extraction_method: 'text_layer', markdown }],
    lost: [],
  };
}
