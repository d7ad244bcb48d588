import { ReadFailure, type Limits } from './types';

// The zip central directory, read before any parser sees the file: entry names for sniffing, and the
// ceilings (entries, total uncompressed size, compression ratio) as the archive declares them. A bomb
// that lies about its sizes is stopped by the worker's memory limit instead (extract.ts).

export interface ZipEntry {
  name: string;
  /** General-purpose flags (bit 0: encrypted). */
  flags: number;
  /** Compression method (0 stored, 8 deflate). */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;

/** True when the bytes start like a zip archive (local file header or an empty archive). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

/**
 * Reads the central directory; a missing or inconsistent one is `source_corrupt`. `format` is the one
 * failures name (`zip` while sniffing, `xlsx`/`docx` when a reader opens its parts).
 */
export function readZipDirectory(bytes: Uint8Array, format = 'zip'): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const corrupt = (why: string) => new ReadFailure('source_corrupt', `zip archive: ${why}`, format);
  if (bytes.length < 22) throw corrupt('too short to be a zip archive');
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt('no end of central directory record (truncated?)');
  if (eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_EOCD_LOCATOR)
    throw new ReadFailure('unsupported_format', 'zip64 archives are not read', format);
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (offset + size > eocd) throw corrupt('central directory lies outside the file');
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CENTRAL_SIGNATURE)
      throw corrupt(`central directory entry ${i + 1} of ${count} is damaged`);
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    if (p + 46 + nameLength > eocd) throw corrupt(`entry ${i + 1} name runs past the directory`);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    entries.push({
      name,
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      compressedSize,
      uncompressedSize,
      localOffset: view.getUint32(p + 42, true),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The declared-size ceilings: entry count, total uncompressed size, and the archive's compression ratio. */
export function checkZipCeilings(entries: readonly ZipEntry[], fileBytes: number, limits: Limits): void {
  const tooLarge = (what: string, observed: number, limit: number) =>
    new ReadFailure('source_too_large', `${what}: ${observed} (limit ${limit})`, 'zip');
  if (entries.length > limits.maxZipEntries)
    throw tooLarge('zip entries', entries.length, limits.maxZipEntries);
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    // 0xffffffff means the real size is in a zip64 extra field: treat it as over the ceiling.
    if (entry.uncompressedSize === 0xffffffff || total > limits.maxUncompressedBytes)
      throw tooLarge('zip uncompressed size in bytes', total, limits.maxUncompressedBytes);
  }
  const ratio = total / Math.max(1, fileBytes);
  if (ratio > limits.maxCompressionRatio)
    throw tooLarge('zip compression ratio', Math.round(ratio), limits.maxCompressionRatio);
}
