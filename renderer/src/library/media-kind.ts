import { documentKind, type DocumentKind } from '../../../shared/vocabulary/formats';

/** The kinds of document a fact-checker names; `Other` for anything else (the service decides if it reads it). */
export type MediaKind = DocumentKind;

/**
 * A document's kind from its media type (parameters ignored), else from its file name's extension, by
 * the table of formats (shared/vocabulary/formats.ts).
 */
export function mediaKind(mediaType: string, filename = ''): MediaKind {
  return documentKind(mediaType, filename);
}

/** Whether a kind is read sheet by sheet (so its units are sheets, not pages). */
export function readsSheets(kind: MediaKind): boolean {
  return kind === 'Spreadsheet';
}
