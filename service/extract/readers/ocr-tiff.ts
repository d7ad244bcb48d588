// The pages of a multi-page TIFF, one TIFF each, for OCR: leptonica (in tesseract) reads the first image of
// a file only. A page's TIFF holds its directory, the values the directory points to and its strips or
// tiles, copied from the original with their offsets rewritten: a page costs its own bytes, not the
// whole file's.

/** One image of a TIFF: where its directory starts, its size and declared resolution. */
export interface TiffDirectory {
  offset: number;
  width: number;
  height: number;
  /** Declared resolution in dpi (unplausible values are null). */
  dpi: number | null;
}

const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};

/** Tags pointing at other structures (sub-images, EXIF, GPS, old-style JPEG data): left out of a page. */
const DROPPED = new Set([330, 513, 514, 34665, 34853, 40965]);
const OFFSETS = new Set([273, 324]);
const COUNTS: Record<number, number> = { 273: 279, 324: 325 };

const plausibleDpi = (dpi: number) => (Number.isFinite(dpi) && dpi >= 36 && dpi <= 2400 ? dpi : null);

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** Where the value's bytes are: inside the entry (≤ 4 bytes) or at an offset. */
  at: number;
  size: number;
}

class Reader {
  readonly view: DataView;
  readonly little: boolean;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.little = bytes[0] === 0x49;
  }

  u16 = (at: number) => this.view.getUint16(at, this.little);
  u32 = (at: number) => this.view.getUint32(at, this.little);

  entries(ifd: number): Entry[] {
    const count = this.u16(ifd);
    const out: Entry[] = [];
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const type = this.u16(entry + 2);
      const size = (TYPE_SIZES[type] ?? 0) * this.u32(entry + 4);
      if (!TYPE_SIZES[type]) throw new Error(`a tag of unknown type ${type}`);
      const at = size <= 4 ? entry + 8 : this.u32(entry + 8);
      if (at + size > this.bytes.length) throw new Error('a tag value lies outside the file');
      out.push({ tag: this.u16(entry), type, count: this.u32(entry + 4), at, size });
    }
    return out;
  }

  numbers(entry: Entry): number[] {
    const step = TYPE_SIZES[entry.type] ?? 4;
    return Array.from({ length: entry.count }, (_, i) =>
      entry.type === 3 ? this.u16(entry.at + i * step) : this.u32(entry.at + i * step),
    );
  }
}

/** The image directories of a TIFF, in order (as many as can be followed before the chain breaks). */
export function tiffDirectories(bytes: Uint8Array, limit = 10_000): TiffDirectory[] {
  const r = new Reader(bytes);
  const out: TiffDirectory[] = [];
  const seen = new Set<number>();
  for (let ifd = r.u32(4); ifd !== 0 && !seen.has(ifd) && out.length < limit;) {
    seen.add(ifd);
    if (ifd + 2 > bytes.length) break;
    const end = ifd + 2 + r.u16(ifd) * 12;
    if (end + 4 > bytes.length) break;
    let width = 0;
    let height = 0;
    let x: number | null = null;
    let unit = 2;
    try {
      for (const entry of r.entries(ifd)) {
        const value = r.numbers(entry)[0] ?? 0;
        if (entry.tag === 256) width = value;
        else if (entry.tag === 257) height = value;
        else if (entry.tag === 296) unit = value;
        else if (entry.tag === 282 && entry.type === 5) {
          const denominator = r.u32(entry.at + 4);
          if (denominator !== 0) x = r.u32(entry.at) / denominator;
        }
      }
    } catch {
      // a damaged directory still counts as a page: reading it will say what is wrong
    }
    out.push({
      offset: ifd,
      width,
      height,
      dpi: x === null ? null : plausibleDpi(unit === 3 ? x * 2.54 : x),
    });
    ifd = r.u32(end);
  }
  return out;
}

/** The image whose directory starts at `ifd`, as a TIFF of its own. Throws when the directory is damaged. */
export function tiffPage(bytes: Uint8Array, ifd: number): Uint8Array {
  const r = new Reader(bytes);
  if (ifd + 2 > bytes.length) throw new Error('the image directory lies outside the file');
  const entries = r.entries(ifd).filter((entry) => !DROPPED.has(entry.tag));
  const byTag = new Map(entries.map((entry) => [entry.tag, entry]));
  // Strips or tiles: their bytes, and the new offsets (always LONG) where they land.
  const blocks: { at: number; length: number }[] = [];
  for (const tag of OFFSETS) {
    const offsets = byTag.get(tag);
    if (!offsets) continue;
    const counts = byTag.get(COUNTS[tag] ?? 0);
    if (!counts) throw new Error('image data without its byte counts');
    const starts = r.numbers(offsets);
    const lengths = r.numbers(counts);
    starts.forEach((at, i) => {
      const length = lengths[i] ?? 0;
      if (at + length > bytes.length) throw new Error('the file is cut short');
      blocks.push({ at, length });
    });
  }
  if (blocks.length === 0) throw new Error('no image data');
  const valueSize = (entry: Entry) => (OFFSETS.has(entry.tag) ? entry.count * 4 : entry.size);
  const ifdSize = 2 + entries.length * 12 + 4;
  let size = 8 + ifdSize;
  for (const entry of entries) if (valueSize(entry) > 4) size += valueSize(entry) + (valueSize(entry) % 2);
  const dataStart = size;
  for (const block of blocks) size += block.length;

  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const little = r.little;
  out.set(bytes.subarray(0, 4));
  view.setUint32(4, 8, little);
  view.setUint16(8, entries.length, little);
  let values = 8 + ifdSize;
  let data = dataStart;
  const newOffsets = blocks.map((block) => {
    out.set(bytes.subarray(block.at, block.at + block.length), data);
    data += block.length;
    return data - block.length;
  });
  let next = 0;
  entries.forEach((entry, i) => {
    const at = 8 + 2 + i * 12;
    const offsets = OFFSETS.has(entry.tag);
    view.setUint16(at, entry.tag, little);
    view.setUint16(at + 2, offsets ? 4 : entry.type, little);
    view.setUint32(at + 4, entry.count, little);
    const length = valueSize(entry);
    const target = length <= 4 ? at + 8 : values;
    if (offsets)
      for (let k = 0; k < entry.count; k++) view.setUint32(target + k * 4, newOffsets[next++] ?? 0, little);
    else out.set(bytes.subarray(entry.at, entry.at + entry.size), target);
    if (length > 4) {
      view.setUint32(at + 8, values, little);
      values += length + (length % 2);
    }
  });
  view.setUint32(8 + 2 + entries.length * 12, 0, little);
  return out;
}
