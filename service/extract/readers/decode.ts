// Text decoding for the text-like formats (csv, tsv, text, markdown, html): a BOM decides (UTF-8, UTF-16
// LE/BE); otherwise bytes that are valid UTF-8 are UTF-8, and anything else is read as windows-1252 (the
// superset of Latin-1 every spreadsheet export of the last thirty years means by "Latin-1").

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncoding; bom: number } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8', bom: 3 };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', bom: 0 };
  } catch {
    return { encoding: 'windows-1252', bom: 0 };
  }
}

/** Decodes bytes to text; line endings are normalised to `\n` so spans are stable across platforms. */
export function decodeText(bytes: Uint8Array): DecodedText {
  const { encoding, bom } = detectEncoding(bytes);
  const text = new TextDecoder(encoding).decode(bytes.subarray(bom));
  return { text: text.replace(/\r\n?/g, '\n'), encoding };
}
