import type { Representation } from '../../../shared/api';
import { namedDocument, type OriginalView } from '../../../shared/vocabulary/formats';

/**
 * How the original of a document can be shown beside its text: drawn by pdf.js, as an image, as a grid
 * of cells, or not at all (TIFF scans, which browsers cannot draw; Word, web pages and plain text, whose
 * extracted text is all the viewer shows). Each format's is in the table (shared/vocabulary/formats.ts).
 */
export type OriginalKind = OriginalView;

/** The kind of a document's original (the table of formats decides); sheet units win. */
export function originalKind(
  mediaType: string,
  filename: string,
  representation: Pick<Representation, 'units'> | null = null,
): OriginalKind {
  if (representation?.units.some((unit) => unit.kind === 'sheet')) return 'sheet';
  return namedDocument(mediaType, filename)?.shown ?? 'text';
}
