import { displayName, displayText } from '../text/display-name';
import type { UploadResponse } from './assets';
import type { Citation, SearchResponse } from './search';
import type { SourceMetadata, SourceVersion } from './sources';

// The display-safe names of service responses (shared/text/display-name.ts), in one place: the local
// service answers with them, and the bridge applies them again to whatever a (remote) service answered,
// so no name reaches the renderer unsafe. Each function is idempotent.

/**
 * The UTF-8 bytes of a text in lowercase hex: how an original name travels for provenance. A lone
 * surrogate is encoded as U+FFFD, as it is stored.
 */
export function utf8Hex(text: string): string {
  let hex = '';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** `POST /api/v1/assets` with a display-safe `filename`. */
export function displaySafeUpload(upload: UploadResponse): UploadResponse {
  return { ...upload, filename: displayName(upload.filename) };
}

/**
 * Source metadata with a display-safe `filename` and `title` (null when nothing visible is left of it),
 * and, where either differs from the text given, that text's bytes in `filename_utf8_hex` /
 * `title_utf8_hex` (kept as they are when the service already sent them).
 */
export function displaySafeSourceMetadata(metadata: SourceMetadata): SourceMetadata {
  const filename = displayName(metadata.filename);
  const title = metadata.title === null ? null : displayText(metadata.title) || null;
  const filenameBytes =
    metadata.filename_utf8_hex ?? (filename !== metadata.filename ? utf8Hex(metadata.filename) : undefined);
  const titleBytes =
    metadata.title_utf8_hex ??
    (metadata.title !== null && title !== metadata.title ? utf8Hex(metadata.title) : undefined);
  return {
    ...metadata,
    title,
    filename,
    ...(filenameBytes !== undefined ? { filename_utf8_hex: filenameBytes } : {}),
    ...(titleBytes !== undefined ? { title_utf8_hex: titleBytes } : {}),
  };
}

/** A source version whose metadata is display-safe. */
export function displaySafeSource(source: SourceVersion): SourceVersion {
  return { ...source, sourceMetadata: displaySafeSourceMetadata(source.sourceMetadata) };
}

/**
 * A search response whose citation titles are display-safe. The spec's citation gains no member: a
 * title with nothing visible left becomes empty, as a service may already send it.
 */
export function displaySafeSearch(response: SearchResponse): SearchResponse {
  const citations = (list: Citation[]) => list.map((c) => ({ ...c, title: displayText(c.title) }));
  return {
    ...response,
    ...(response.claim_groups
      ? { claim_groups: response.claim_groups.map((g) => ({ ...g, citations: citations(g.citations) })) }
      : {}),
    ...(response.citations ? { citations: citations(response.citations) } : {}),
  };
}
