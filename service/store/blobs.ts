import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, rmSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What a stream of bytes turned out to be once fully read. */
export interface BlobInfo {
  sha256: string;
  byteLength: number;
  /** The first bytes, for sniffing the media type. */
  head: Buffer;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than the ${maxBytes}-byte ceiling`);
  }
}

export class BlobCorruptError extends Error {
  constructor(readonly sha256: string) {
    super(`stored bytes for sha256 ${sha256} no longer match their hash`);
  }
}

export interface StagedBlob extends BlobInfo {
  tmpPath: string;
}

const HEAD_BYTES = 4096;

/**
 * Streams bytes to a new file in `dir`, hashing them; the file goes if anything fails (the ceiling too).
 * `sync`: fsynced before it is handed back (bytes about to be renamed into the store, not copied from it).
 */
export async function stageToFile(
  dir: string,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  { sync }: { sync: boolean },
): Promise<StagedBlob> {
  const tmpPath = join(dir, `${randomBytes(12).toString('hex')}.part`);
  const handle = await open(tmpPath, 'wx');
  try {
    const info = await hashStream(source, maxBytes, async (chunk) => {
      await handle.write(chunk);
    });
    if (sync) await handle.sync();
    await handle.close();
    return { ...info, tmpPath };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(tmpPath, { force: true });
    throw error;
  }
}

/** Reads a stream to its end, hashing and counting, without keeping the bytes. */
export async function hashStream(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  onChunk?: (chunk: Uint8Array) => Promise<void> | void,
): Promise<BlobInfo> {
  const hash = createHash('sha256');
  let byteLength = 0;
  const headParts: Buffer[] = [];
  let headLength = 0;
  for await (const chunk of source) {
    byteLength += chunk.byteLength;
    if (byteLength > maxBytes) throw new BlobTooLargeError(maxBytes);
    hash.update(chunk);
    if (headLength < HEAD_BYTES) {
      const part = Buffer.from(chunk.subarray(0, HEAD_BYTES - headLength));
      headParts.push(part);
      headLength += part.byteLength;
    }
    if (onChunk) await onChunk(chunk);
  }
  return { sha256: hash.digest('hex'), byteLength, head: Buffer.concat(headParts) };
}

/**
 * Content-addressed store of retained bytes: `blobs/ab/<sha256>`. A blob is written to `tmp/`,
 * fsynced, then renamed into place, so a reader never sees a partial blob; it is verified against its
 * hash every time it is read.
 */
export class BlobStore {
  readonly blobDir: string;
  readonly tmpDir: string;
  /** Blobs committed whose row is not recorded yet (commit → discard): a removal leaves them alone. */
  private readonly held = new Map<StagedBlob, string>();

  constructor(root: string) {
    this.blobDir = join(root, 'blobs');
    this.tmpDir = join(root, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.blobDir, { recursive: true });
    // Anything left in tmp/ is an upload a crash interrupted: never part of the store.
    await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true });
  }

  pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return join(this.blobDir, sha256.slice(0, 2), sha256);
  }

  async has(sha256: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(sha256))).isFile();
    } catch {
      return false;
    }
  }

  /**
   * Streams bytes to a temporary file, hashing them. Nothing is in the store until `commit`; `discard`
   * forgets them. A crash in between leaves only a file in tmp/, which the next start removes.
   */
  async stage(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedBlob> {
    return stageToFile(this.tmpDir, source, maxBytes, { sync: true });
  }

  /** Makes staged bytes durable under their hash (identical bytes already stored are kept as they are). */
  async commit(staged: StagedBlob): Promise<void> {
    // Held before the first await, so a removal deciding in between sees it (see removeUnused).
    this.held.set(staged, staged.sha256);
    if (await this.has(staged.sha256)) {
      await rm(staged.tmpPath, { force: true });
      return;
    }
    const dir = join(this.blobDir, staged.sha256.slice(0, 2));
    await mkdir(dir, { recursive: true });
    await rename(staged.tmpPath, this.pathOf(staged.sha256));
    await fsyncDir(dir);
  }

  async discard(staged: StagedBlob): Promise<void> {
    this.held.delete(staged);
    await rm(staged.tmpPath, { force: true });
  }

  /**
   * Deletes a blob when no row names it (`unused`, checked now) and no upload holds it between its
   * commit and its row. Check and delete are synchronous, so no commit of the same bytes can slip in
   * between and be told the blob exists. A blob kept here and never recorded goes at the next start.
   */
  removeUnused(sha256: string, unused: () => boolean): boolean {
    if ([...this.held.values()].includes(sha256) || !unused()) return false;
    rmSync(this.pathOf(sha256), { force: true });
    return true;
  }

  /** The whole blob, verified against its hash (at most the 50 MB ceiling, so held in memory). */
  async read(sha256: string): Promise<Buffer> {
    const bytes = await readFile(this.pathOf(sha256));
    if (createHash('sha256').update(bytes).digest('hex') !== sha256) throw new BlobCorruptError(sha256);
    return bytes;
  }

  /** Verifies a blob by streaming it, without holding it in memory. */
  async verify(sha256: string): Promise<boolean> {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(this.pathOf(sha256))) hash.update(chunk as Buffer);
    return hash.digest('hex') === sha256;
  }

  /** Every sha256 present in the store. */
  async list(): Promise<string[]> {
    const out: string[] = [];
    for (const dir of await readdir(this.blobDir)) {
      for (const name of await readdir(join(this.blobDir, dir)).catch(() => [] as string[])) {
        if (/^[0-9a-f]{64}$/.test(name) && name.startsWith(dir)) out.push(name);
      }
    }
    return out.sort();
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }
}

async function fsyncDir(dir: string): Promise<void> {
  // A directory fsync makes the rename itself durable; some platforms refuse it, which is harmless.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}
