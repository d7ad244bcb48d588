/**
 * Strict UTF-8: text is the bytes that were sent, or it is refused. A decoder that replaces a bad byte
 * with U+FFFD would let the service judge a claim it had rewritten.
 */

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The decoded text, or the offset of the first byte that does not begin a valid UTF-8 sequence. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { invalidAt: number } {
  try {
    return { text: strict.decode(bytes) };
  } catch {
    return { invalidAt: invalidUtf8Offset(bytes) ?? 0 };
  }
}

/**
 * Where the first ill-formed sequence starts (Unicode 15, table 3-7: no overlongs, no surrogates,
 * nothing above U+10FFFF, no truncated sequence), or null when every byte is well formed.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number | null {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let trail: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) trail = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      trail = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      trail = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= trail; k++) {
      const byte = bytes[i + k];
      if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return i;
    }
    i += trail + 1;
  }
  return null;
}

/**
 * Where the first text holding U+0000 lies in a parsed JSON value ("claim", "operands.0.figure_index",
 * "" for the value itself), or null. NUL is valid UTF-8 but is no character of any text a person writes,
 * and PostgreSQL's text cannot hold it: both engines refuse it at the door, alike.
 */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path === '' ? String(i) : `${path}.${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (key.includes('\u0000')) return at;
      const found = nulPath(inner, at);
      if (found !== null) return found;
    }
  }
  return null;
}
