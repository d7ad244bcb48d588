/**
 * The formats the evidence service reads: the one table. The service's sniffers (which reader gets the
 * bytes, which media type an upload is stored under) and its reader registry, the main process's report
 * crops and the renderer's library and viewer all derive from it. Adding a format is one entry here and
 * its reader in service/extract/readers/index.ts (CONTRIBUTING.md, "Adding a format").
 */

/** The kinds of document a fact-checker names (the library's label); `Other` for anything else. */
export type DocumentKind = 'PDF' | 'Spreadsheet' | 'Word' | 'Web page' | 'Image' | 'Text' | 'Other';

/**
 * How the viewer can show a document's original beside its text: drawn by pdf.js, as an image, as a grid
 * of cells, or not at all (`tiff`: scans browsers cannot draw; `text`: only the extracted text is shown).
 */
export type OriginalView = 'pdf' | 'image' | 'tiff' | 'sheet' | 'text';

/** Bytes at a fixed place, or an ASCII marker anywhere in the first `within` bytes. */
export type Signature =
  { readonly bytes: readonly number[] } | { readonly ascii: string; readonly within: number };

/**
 * How the bytes show the format, never the name alone: magic numbers; a part inside a zip container; or
 * text, told apart by its markup (`markup`, on the first characters, lower-cased), else by the file
 * name's extension or the media type given, else plain text (`fallback`).
 */
export type Sniffer =
  | { readonly magic: readonly Signature[] }
  | { readonly zipPart: string }
  | { readonly text: true; readonly markup?: RegExp; readonly fallback?: true };

/** A kind of document people name, whether or not a reader reads it. */
export interface NamedDocument {
  /** The label for people. */
  readonly kind: DocumentKind;
  /** Its media types, the first the one an upload of it is stored under. */
  readonly mediaTypes: readonly string[];
  /** File name extensions, lower case, without the dot. */
  readonly extensions: readonly string[];
  /** How the renderer shows its original. */
  readonly shown: OriginalView;
}

/** A format a reader reads. */
export interface FormatEntry extends NamedDocument {
  readonly sniff: Sniffer;
}

export type FormatTable<F extends string = string> = Readonly<Record<F, FormatEntry>>;

/** In sniffing order: magic numbers in table order, zip parts in table order, text formats in table order. */
export const FORMATS = {
  pdf: {
    kind: 'PDF',
    mediaTypes: ['application/pdf'],
    extensions: ['pdf'],
    shown: 'pdf',
    // pdf.js finds a header after a few bytes of junk in the first kilobyte, so the sniffer does too.
    sniff: { magic: [{ ascii: '%PDF-', within: 1024 }] },
  },
  png: {
    kind: 'Image',
    mediaTypes: ['image/png'],
    extensions: ['png'],
    shown: 'image',
    sniff: { magic: [{ bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
  },
  jpeg: {
    kind: 'Image',
    mediaTypes: ['image/jpeg'],
    extensions: ['jpg', 'jpeg'],
    shown: 'image',
    sniff: { magic: [{ bytes: [0xff, 0xd8, 0xff] }] },
  },
  tiff: {
    kind: 'Image',
    mediaTypes: ['image/tiff', 'image/tif'],
    extensions: ['tif', 'tiff'],
    shown: 'tiff',
    sniff: { magic: [{ bytes: [0x49, 0x49, 0x2a, 0x00] }, { bytes: [0x4d, 0x4d, 0x00, 0x2a] }] },
  },
  xlsx: {
    kind: 'Spreadsheet',
    mediaTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    extensions: ['xlsx'],
    shown: 'sheet',
    sniff: { zipPart: 'xl/workbook.xml' },
  },
  docx: {
    kind: 'Word',
    mediaTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    extensions: ['docx'],
    shown: 'text',
    sniff: { zipPart: 'word/document.xml' },
  },
  tsv: {
    kind: 'Spreadsheet',
    mediaTypes: ['text/tab-separated-values'],
    extensions: ['tsv'],
    shown: 'sheet',
    sniff: { text: true },
  },
  csv: {
    kind: 'Spreadsheet',
    mediaTypes: ['text/csv'],
    extensions: ['csv'],
    shown: 'sheet',
    sniff: { text: true },
  },
  html: {
    kind: 'Web page',
    mediaTypes: ['text/html', 'application/xhtml+xml'],
    extensions: ['html', 'htm'],
    shown: 'text',
    sniff: {
      text: true,
      markup: /^<!doctype html|^<html[\s>]|^<head[\s>]|^<body[\s>]|<html[\s>]/,
    },
  },
  markdown: {
    kind: 'Text',
    mediaTypes: ['text/markdown'],
    extensions: ['md', 'markdown'],
    shown: 'text',
    sniff: { text: true },
  },
  text: {
    kind: 'Text',
    mediaTypes: ['text/plain'],
    extensions: ['txt'],
    shown: 'text',
    sniff: { text: true, fallback: true },
  },
} as const satisfies FormatTable;

/** A format the service reads, as the sniffer names it. */
export type Format = keyof typeof FORMATS;

/**
 * What an extraction names without reading it: a legacy Office file (`cfb`), an encrypted Office one
 * (`ooxml`), PowerPoint, another zip, or bytes nothing recognised.
 */
export const REFUSED_FORMATS = ['cfb', 'ooxml', 'pptx', 'zip', 'unknown'] as const;

/** What an extraction says it read the bytes as: a format of the table, or one it refused. */
export type ExtractionFormat = Format | (typeof REFUSED_FORMATS)[number];

export function isExtractionFormat(value: string): value is ExtractionFormat {
  return isFormat(value) || (REFUSED_FORMATS as readonly string[]).includes(value);
}

/** Documents people name that no reader reads (the service refuses them): labelled all the same. */
export const UNREAD_DOCUMENTS: readonly NamedDocument[] = [
  {
    kind: 'Spreadsheet',
    mediaTypes: ['application/vnd.ms-excel', 'application/vnd.oasis.opendocument.spreadsheet'],
    extensions: ['xls', 'ods'],
    shown: 'sheet',
  },
  {
    kind: 'Word',
    mediaTypes: ['application/msword', 'application/vnd.oasis.opendocument.text'],
    extensions: ['doc', 'odt'],
    shown: 'text',
  },
  { kind: 'Image', mediaTypes: ['image/gif', 'image/webp'], extensions: ['gif', 'webp'], shown: 'image' },
];

export function isFormat(value: string): value is Format {
  return Object.hasOwn(FORMATS, value);
}

function entriesOf<F extends string>(formats: FormatTable<F>): [F, FormatEntry][] {
  return Object.entries(formats) as [F, FormatEntry][];
}

function matches(bytes: Uint8Array, signature: Signature): boolean {
  if ('bytes' in signature) return signature.bytes.every((b, i) => bytes[i] === b);
  const marker = [...signature.ascii].map((c) => c.charCodeAt(0));
  const last = Math.min(bytes.length, signature.within) - marker.length;
  for (let at = 0; at <= last; at++) if (marker.every((b, i) => bytes[at + i] === b)) return true;
  return false;
}

/** The format whose magic numbers the bytes carry, or null. */
export function formatByMagic<F extends string = Format>(
  bytes: Uint8Array,
  formats: FormatTable<F> = FORMATS as FormatTable<string> as FormatTable<F>,
): F | null {
  for (const [id, entry] of entriesOf(formats))
    if ('magic' in entry.sniff && entry.sniff.magic.some((s) => matches(bytes, s))) return id;
  return null;
}

/** The format a zip container holds, by the part only that format has, or null. */
export function formatByZipParts<F extends string = Format>(
  names: ReadonlySet<string>,
  formats: FormatTable<F> = FORMATS as FormatTable<string> as FormatTable<F>,
): F | null {
  for (const [id, entry] of entriesOf(formats))
    if ('zipPart' in entry.sniff && names.has(entry.sniff.zipPart)) return id;
  return null;
}

/** The extension of a file name, lower case, or ''. */
export function extensionOf(filename: string | null | undefined): string {
  return /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase() ?? '';
}

/**
 * The text format of text bytes: by their markup first, then by the name's extension or the media type
 * given (exactly, lower-cased), else the fallback. Null only for a table without a fallback.
 */
export function textFormat<F extends string = Format>(
  start: string,
  hint: { filename?: string | null; mediaType?: string | null },
  formats: FormatTable<F> = FORMATS as FormatTable<string> as FormatTable<F>,
): F | null {
  const text = entriesOf(formats).filter(([, entry]) => 'text' in entry.sniff);
  const lower = start
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  for (const [id, entry] of text)
    if ('markup' in entry.sniff && entry.sniff.markup?.test(lower) === true) return id;
  const ext = extensionOf(hint.filename);
  const type = (hint.mediaType ?? '').toLowerCase();
  for (const [id, entry] of text)
    if (entry.extensions.includes(ext) || entry.mediaTypes.includes(type)) return id;
  return text.find(([, entry]) => 'fallback' in entry.sniff)?.[0] ?? null;
}

/** The media type an upload of this format is stored under. */
export function mediaTypeOf<F extends string = Format>(
  format: F,
  formats: FormatTable<F> = FORMATS as FormatTable<string> as FormatTable<F>,
): string {
  return formats[format].mediaTypes[0] ?? 'application/octet-stream';
}

const IMAGE: NamedDocument = { kind: 'Image', mediaTypes: [], extensions: [], shown: 'image' };

/**
 * What a stored document is for people, from its media type (parameters ignored), else any image type,
 * else its file name's extension; null when neither names one.
 */
export function namedDocument(
  mediaType: string,
  filename = '',
  formats: FormatTable = FORMATS,
): NamedDocument | null {
  const named = [...Object.values(formats), ...UNREAD_DOCUMENTS];
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  const byType = named.find((entry) => entry.mediaTypes.includes(type));
  if (byType !== undefined) return byType;
  if (type.startsWith('image/')) return IMAGE;
  const extension = extensionOf(filename);
  if (extension === '') return null;
  return named.find((entry) => entry.extensions.includes(extension)) ?? null;
}

/** The label for people of a stored document; `Other` when nothing names it. */
export function documentKind(mediaType: string, filename = '', formats: FormatTable = FORMATS): DocumentKind {
  return namedDocument(mediaType, filename, formats)?.kind ?? 'Other';
}
