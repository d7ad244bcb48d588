import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Lowercase RFC 4648 base32 without padding: ids stay URL- and filename-safe and case-insensitive. */
function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export type IdPrefix = 'acct' | 'key' | 'ast' | 'sv' | 'rep' | 'unit';

/** A new random id, e.g. `sv_<24 chars>` (120 bits): unguessable, so ids of other accounts cannot be probed. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${base32(randomBytes(15))}`;
}
