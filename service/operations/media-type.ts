import {
  extensionOf,
  formatByMagic,
  FORMATS,
  mediaTypeOf,
  textFormat,
  type FormatTable,
} from '../../shared/vocabulary/formats';

/**
 * The media type of retained bytes, from their first bytes (magic numbers) and, only where the bytes
 * alone cannot tell (a zip container, plain text), the file name's extension: the formats' own signs and
 * media types from their table (shared/vocabulary/formats.ts), and a few containers no reader reads. The
 * extraction readers sniff again, more deeply, before parsing. `formats` is for tests.
 */
export function sniffMediaType(head: Uint8Array, filename: string, formats: FormatTable = FORMATS): string {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = new TextDecoder('latin1').decode(head.subarray(0, 16));
  const ext = extensionOf(filename);

  const magic = formatByMagic(head, formats);
  if (magic !== null) return mediaTypeOf(magic, formats);
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'application/x-cfb';
  if (starts(0x50, 0x4b, 0x03, 0x04)) {
    const zipped = Object.values(formats).find((f) => 'zipPart' in f.sniff && f.extensions.includes(ext));
    return zipped?.mediaTypes[0] ?? 'application/zip';
  }
  if (looksLikeText(head)) {
    const text = textFormat(new TextDecoder('utf-8').decode(head), { filename }, formats);
    return text === null ? 'text/plain' : mediaTypeOf(text, formats);
  }
  return 'application/octet-stream';
}

export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  // UTF-16 with a byte-order mark is text even though it is full of NULs.
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false;
  }
  return true;
}

/** A stored file name: the last path segment as given, at most 255 code points. */
export function cleanFilename(name: string | undefined): string {
  // Kept as given (controls and bidi marks too: displayName makes them safe wherever a name is shown),
  // but for a client's folder path, and cut at 255 code points without splitting one.
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const kept = [...last].slice(0, 255).join('');
  return kept.trim() === '' || kept === '.' || kept === '..' ? 'upload' : kept;
}
