import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import {
  LIBRARY_TABLES,
  type BlobStorage,
  type LibraryCounts,
  type LibraryRow,
  type LibraryTransfer,
} from './contract';
import { emptyCounts } from './library-rows';

// A library moved between engines (`npm run service -- export` / `import`) as a folder:
//   manifest.json   what it is, when, from which schema, and how many of each thing it holds
//   rows.ndjson     one LibraryRow per line, tables in LIBRARY_TABLES order, ids and values exactly as stored
//   blobs/ab/<sha>  the retained bytes of every sha256 an asset or source version names
// It is written to PATH.partial, fsynced, then renamed to PATH, so a failed export leaves no PATH; an import
// checks the manifest, the counts and every blob's hash, and a refusal writes nothing.

export const LIBRARY_FORMAT = 'evidence-library';
export const LIBRARY_FORMAT_VERSION = 1;

const SHA256 = /^[0-9a-f]{64}$/;
const Count = z.number().int().min(0);

const Counts = z.strictObject({
  accounts: Count,
  api_keys: Count,
  assets: Count,
  source_versions: Count,
  representations: Count,
  units: Count,
  figures: Count,
  blobs: Count,
});

export const LibraryManifest = z.object({
  format: z.literal(LIBRARY_FORMAT),
  version: z.literal(LIBRARY_FORMAT_VERSION),
  exported_at: z.string(),
  counts: Counts,
  schema: z.object({ engine: z.enum(['sqlite', 'postgresql']), version: z.number().int() }),
  app_version: z.string(),
});
export type LibraryManifest = z.infer<typeof LibraryManifest>;

const RowLine = z.strictObject({
  table: z.enum(LIBRARY_TABLES),
  row: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});

/** An export or import refused: nothing was written (no PATH; no row in the target). */
export class LibraryTransferError extends Error {}

/** Where a progress line goes (the CLI: stderr). */
export type Progress = (line: string) => void;

const PROGRESS_EVERY = 10_000;

/** "2 accounts, 3 api_keys, …, 4 blobs": the counts as the CLI prints them. */
export function describeCounts(counts: LibraryCounts): string {
  return [...LIBRARY_TABLES, 'blobs' as const].map((name) => `${counts[name]} ${name}`).join(', ');
}

function blobPath(folder: string, sha256: string): string {
  return join(folder, 'blobs', sha256.slice(0, 2), sha256);
}

async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(path: string, content: string | Buffer): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function isMissingOrEmptyFolder(path: string): Promise<boolean> {
  try {
    const info = await stat(path);
    return info.isDirectory() && (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The sha256 values a row names (assets and source versions name their retained bytes). */
function namedBlob(row: LibraryRow): string | null {
  if (row.table !== 'assets' && row.table !== 'source_versions') return null;
  const sha = row.row.sha256;
  if (typeof sha !== 'string' || !SHA256.test(sha))
    throw new LibraryTransferError(`a row of ${row.table} names no valid sha256`);
  return sha;
}

/**
 * Writes the library of `source` to the new folder `to` (refused when it exists and is not empty): rows
 * as they are stored, every blob read back verified from the source's blob store. Its counts.
 */
export async function exportLibrary(
  source: LibraryTransfer & { blobs: BlobStorage },
  to: string,
  about: { schema: LibraryManifest['schema']; appVersion: string },
  progress: Progress = () => {},
): Promise<LibraryCounts> {
  if (!(await isMissingOrEmptyFolder(to)))
    throw new LibraryTransferError(`${to} already exists and is not an empty folder; export to a new one`);
  const partial = `${to}.partial`;
  // A folder left by an export that stopped half-way is nobody's library: it is started over.
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, 'blobs'), { recursive: true });
  try {
    const counts = emptyCounts();
    const blobDirs = new Set<string>();
    const written = new Set<string>();
    const rows = await open(join(partial, 'rows.ndjson'), 'wx');
    try {
      let buffered: string[] = [];
      const flush = async () => {
        // writeFile on a handle writes all of it, from where the last write ended.
        if (buffered.length > 0) await rows.writeFile(buffered.join(''));
        buffered = [];
      };
      let order = 0;
      let total = 0;
      for await (const row of source.exportRows()) {
        const at = LIBRARY_TABLES.indexOf(row.table);
        if (at < order) throw new LibraryTransferError(`the source gave ${row.table} rows out of order`);
        order = at;
        buffered.push(JSON.stringify({ table: row.table, row: row.row }) + '\n');
        counts[row.table] += 1;
        total += 1;
        if (buffered.length >= 1000) await flush();
        const sha = namedBlob(row);
        if (sha !== null && !written.has(sha)) {
          const bytes = await source.blobs.read(sha); // verified against its hash by the store
          const dir = join(partial, 'blobs', sha.slice(0, 2));
          if (!blobDirs.has(dir)) {
            await mkdir(dir, { recursive: true });
            blobDirs.add(dir);
          }
          await writeDurably(blobPath(partial, sha), bytes);
          written.add(sha);
          counts.blobs += 1;
        }
        if (total % PROGRESS_EVERY === 0) progress(`export: ${total} rows, ${counts.blobs} blobs`);
      }
      await flush();
      await rows.sync();
    } finally {
      await rows.close();
    }
    for (const table of LIBRARY_TABLES) progress(`export: ${counts[table]} ${table}`);
    progress(`export: ${counts.blobs} blobs`);

    const manifest: LibraryManifest = {
      format: LIBRARY_FORMAT,
      version: LIBRARY_FORMAT_VERSION,
      exported_at: new Date().toISOString(),
      counts,
      schema: about.schema,
      app_version: about.appVersion,
    };
    await writeDurably(join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    for (const dir of blobDirs) await fsyncPath(dir);
    await fsyncPath(join(partial, 'blobs'));
    await fsyncPath(partial);
    await rename(partial, to);
    await fsyncPath(dirname(to));
    return counts;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The export's manifest, checked: its format, its version and the shape of its counts. */
export async function readManifest(from: string): Promise<LibraryManifest> {
  let text: string;
  try {
    text = await readFile(join(from, 'manifest.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new LibraryTransferError(`${from} holds no manifest.json: it is not an exported library`);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LibraryTransferError(`${join(from, 'manifest.json')} is not JSON`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  const version = (json as { version?: unknown } | null)?.version;
  if (format !== LIBRARY_FORMAT)
    throw new LibraryTransferError(`${from} is not an ${LIBRARY_FORMAT} export (format ${String(format)})`);
  if (version !== LIBRARY_FORMAT_VERSION)
    throw new LibraryTransferError(
      `${from} is version ${String(version)} of the ${LIBRARY_FORMAT} format; this build reads version ${LIBRARY_FORMAT_VERSION}`,
    );
  const parsed = LibraryManifest.safeParse(json);
  if (!parsed.success)
    throw new LibraryTransferError(`${join(from, 'manifest.json')} is malformed: ${parsed.error.message}`);
  return parsed.data;
}

/** Every row of `rows.ndjson`, each line checked, tables in LIBRARY_TABLES order. */
async function* readRows(from: string): AsyncGenerator<LibraryRow> {
  const lines = createInterface({
    input: createReadStream(join(from, 'rows.ndjson'), { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let order = 0;
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new LibraryTransferError(`rows.ndjson line ${n} is not JSON`);
    }
    const parsed = RowLine.safeParse(json);
    if (!parsed.success) throw new LibraryTransferError(`rows.ndjson line ${n} is not a library row`);
    const at = LIBRARY_TABLES.indexOf(parsed.data.table);
    if (at < order)
      throw new LibraryTransferError(`rows.ndjson line ${n}: ${parsed.data.table} out of order`);
    order = at;
    yield parsed.data;
  }
}

/** The sha256 of the file at `path` (streamed), or null when there is no such file. */
async function hashOfFile(path: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return hash.digest('hex');
}

/** Refuses a blob of the export that is missing or fails its hash. */
function checkBlob(sha256: string, actual: string | null): void {
  if (actual === null) throw new LibraryTransferError(`the export lacks the blob ${sha256}`);
  if (actual !== sha256)
    throw new LibraryTransferError(
      `the blob ${sha256} of the export fails its hash (its bytes hash to ${actual})`,
    );
}

/**
 * The rows of each table and the distinct blobs they name, read through once before anything is written,
 * with every blob's hash verified (so a refusal writes nothing, whatever the target engine).
 */
async function checkExport(from: string, progress: Progress): Promise<LibraryCounts> {
  const counts = emptyCounts();
  const shas = new Set<string>();
  try {
    for await (const row of readRows(from)) {
      counts[row.table] += 1;
      const sha = namedBlob(row);
      if (sha !== null) shas.add(sha);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new LibraryTransferError(`${from} holds no rows.ndjson: it is not a whole exported library`);
    throw error;
  }
  counts.blobs = shas.size;
  let verified = 0;
  for (const sha256 of shas) {
    checkBlob(sha256, await hashOfFile(blobPath(from, sha256)));
    verified += 1;
    if (verified % 1000 === 0) progress(`import: ${verified} of ${shas.size} blobs verified`);
  }
  return counts;
}

function sameCounts(a: LibraryCounts, b: LibraryCounts): string[] {
  return [...LIBRARY_TABLES, 'blobs' as const]
    .filter((name) => a[name] !== b[name])
    .map((name) => `${name}: the manifest says ${a[name]}, the export holds ${b[name]}`);
}

/**
 * Imports the exported library at `from` into `target`, which must hold no account yet. Refused, with
 * nothing written, when the manifest is of an unknown format or version, when the rows do not match its
 * counts, or when a blob is missing or fails its hash (the target's `importRows` is all or nothing).
 */
export async function importLibrary(
  target: LibraryTransfer,
  from: string,
  progress: Progress = () => {},
): Promise<LibraryCounts> {
  const manifest = await readManifest(from);
  progress(
    `import: ${basename(from)} exported ${manifest.exported_at} from ${manifest.schema.engine} schema ${manifest.schema.version} (app ${manifest.app_version})`,
  );
  const found = await checkExport(from, progress);
  const differences = sameCounts(manifest.counts, found);
  if (differences.length > 0)
    throw new LibraryTransferError(`the export does not match its manifest: ${differences.join('; ')}`);
  progress(`import: ${describeCounts(found)} to write`);

  let rowsRead = 0;
  async function* rows(): AsyncGenerator<LibraryRow> {
    for await (const row of readRows(from)) {
      rowsRead += 1;
      if (rowsRead % PROGRESS_EVERY === 0) progress(`import: ${rowsRead} rows`);
      yield row;
    }
  }
  const blobBytes = async (sha256: string): Promise<Buffer> => {
    if (!SHA256.test(sha256)) throw new LibraryTransferError(`"${sha256}" is not a sha256`);
    let bytes: Buffer | null = null;
    try {
      bytes = await readFile(blobPath(from, sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // Verified again as it is read: the folder may have changed since the check above.
    checkBlob(sha256, bytes && createHash('sha256').update(bytes).digest('hex'));
    return bytes!;
  };
  const counts = await target.importRows(rows(), blobBytes);
  const afterwards = sameCounts(manifest.counts, counts);
  if (afterwards.length > 0)
    // Written already (importRows committed): say so plainly rather than pretend it was refused.
    throw new Error(`the import wrote counts other than the manifest's: ${afterwards.join('; ')}`);
  return counts;
}
