import type { Representation } from '../../../shared/api';
import { mediaKind } from '../library/media-kind';

/**
 * How the original of a document can be shown beside its text: drawn by pdf.js, as an image, as a grid
 * of cells, or not at all (TIFF scans, which browsers cannot draw; Word, web pages and plain text, whose
 * extracted text is all the viewer shows).
 */
export type OriginalKind = 'pdf' | 'image' | 'tiff' | 'sheet' | 'text';

function isTiff(mediaType: string, filename: string): boolean {
  return /^image\/tiff?\b/i.test(mediaType.trim()) || /\.tiff?$/i.test(filename);
}

/** The kind of a document's original (media-kind.ts decides the document's kind); sheet units win. */
export function originalKind(
  mediaType: string,
  filename: string,
  representation: Pick<Representation, 'units'> | null = null,
): OriginalKind {
  if (representation?.units.some((unit) => unit.kind === 'sheet')) return 'sheet';
  switch (mediaKind(mediaType, filename)) {
    case 'PDF':
      return 'pdf';
    case 'Image':
      return isTiff(mediaType, filename) ? 'tiff' : 'image';
    case 'Spreadsheet':
      return 'sheet';
    default:
      return 'text';
  }
}
