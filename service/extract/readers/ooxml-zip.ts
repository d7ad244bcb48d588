import { Inflate } from 'fflate';
import { ReadFailure } from '../types';
import { readZipDirectory, type ZipEntry } from '../zip';

// The parts of an OOXML archive (xlsx, docx), read one at a time and only when asked. Nothing the
// archive declares about sizes is trusted: every part is inflated in small steps and the running total
// of bytes that came out is checked against the ceiling after each step, so a bomb whose directory lies
// about its uncompressed sizes stops at the ceiling instead of filling the memory (sniff.ts has already
// checked the sizes the directory declares; this is the check on what the bytes really hold).

const LOCAL_SIGNATURE = 0x04034b50;
/** Compressed bytes pushed per inflate step; deflate expands at most ~1032:1, so a step yields ≤ ~8 MB. */
const STEP = 8 * 1024;

type Item = ZipEntry;

/** A part that is missing or cannot be inflated: the caller decides whether that loses a sheet or all. */
export class PartError extends ReadFailure {
  constructor(reason: string, format?: string) {
    super('source_corrupt', reason, format);
  }
}

export class OoxmlArchive {
  private readonly items = new Map<string, Item>();
  private inflated = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxUncompressedBytes: number,
    /** The format named in failures: `xlsx`, `docx`. */
    private readonly format: string,
  ) {
    for (const item of readZipDirectory(bytes, format)) {
      // OPC part names compare case-insensitively; the first of two equal names wins.
      const key = normalise(item.name);
      if (!this.items.has(key)) this.items.set(key, item);
    }
  }

  has(name: string): boolean {
    return this.items.has(normalise(name));
  }

  /** The part names, as the archive writes them (the first of two equal names). */
  names(): string[] {
    return [...this.items.values()].map((item) => item.name);
  }

  /** The part's bytes; a missing or damaged part is a PartError, too many bytes a ReadFailure. */
  read(name: string): Uint8Array {
    const item = this.items.get(normalise(name));
    if (item === undefined) throw new PartError(`${name}: part missing from the archive`, this.format);
    if (item.flags & 1)
      throw new ReadFailure('source_encrypted', `${name}: the zip entry is encrypted`, this.format);
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = item.localOffset;
    if (at + 30 > this.bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE)
      throw new PartError(`${name}: local header is damaged`, this.format);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + item.compressedSize;
    if (end > this.bytes.length)
      throw new PartError(`${name}: compressed data runs past the end of the file`, this.format);
    const data = this.bytes.subarray(start, end);
    if (item.method === 0) {
      this.count(data.length);
      return data;
    }
    if (item.method !== 8)
      throw new PartError(`${name}: unsupported zip compression method ${item.method}`, this.format);
    return this.inflate(name, data);
  }

  /** The part as text (UTF-8, or UTF-16 with a BOM as XML allows). */
  readText(name: string): string {
    const data = this.read(name);
    if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe)
      return new TextDecoder('utf-16le').decode(data.subarray(2));
    if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff)
      return new TextDecoder('utf-16be').decode(data.subarray(2));
    return new TextDecoder('utf-8').decode(data);
  }

  private count(n: number): void {
    this.inflated += n;
    if (this.inflated > this.maxUncompressedBytes)
      throw new ReadFailure(
        'source_too_large',
        `uncompressed size in bytes: observed at least ${this.inflated} (limit ${this.maxUncompressedBytes})`,
        this.format,
      );
  }

  private inflate(name: string, data: Uint8Array): Uint8Array {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const inflater = new Inflate((chunk) => {
      this.count(chunk.length);
      size += chunk.length;
      chunks.push(chunk);
    });
    try {
      if (data.length === 0) inflater.push(data, true);
      for (let p = 0; p < data.length; p += STEP)
        inflater.push(data.subarray(p, Math.min(data.length, p + STEP)), p + STEP >= data.length);
    } catch (error) {
      if (error instanceof ReadFailure) throw error;
      throw new PartError(`${name}: deflate data is damaged (${(error as Error).message})`, this.format);
    }
    if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
    const out = new Uint8Array(size);
    let p = 0;
    for (const chunk of chunks) {
      out.set(chunk, p);
      p += chunk.length;
    }
    return out;
  }
}

function normalise(name: string): string {
  return name.replace(/^\/+/, '').toLowerCase();
}
