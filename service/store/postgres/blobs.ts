import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { BlobCorruptError, stageToFile, type StagedBlob } from '../blobs';
import type { BlobStorage } from '../contract';
import { transaction, type Queryable } from './database';

// Retained bytes in PostgreSQL: content-addressed, in 1 MiB chunks, verified on every read, so the
// database's own backup and replication cover them. Uploads are staged in a local temporary folder.

export const CHUNK_BYTES = 1 << 20;
/** A hold older than this is a crashed instance's: swept at open. */
const STALE_HOLD = '1 hour';

function checkSha(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return sha256;
}

/** The transaction-scoped lock on one blob's sha256: a commit and a removal of the same bytes take turns. */
export async function lockBlob(client: pg.PoolClient, sha256: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('evidence_blob:' || $1, 0))`, [sha256]);
}

/** Writes a blob's row and chunks unless the same bytes are there already (nothing is rewritten). */
export async function insertBlob(client: pg.PoolClient, sha256: string, bytes: Buffer): Promise<boolean> {
  const inserted = await client.query(
    'INSERT INTO blobs (sha256, byte_length) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING',
    [sha256, bytes.byteLength],
  );
  if (inserted.rowCount === 0) return false;
  for (let seq = 0, at = 0; at < bytes.byteLength; seq++, at += CHUNK_BYTES)
    await client.query('INSERT INTO blob_chunks (sha256, seq, data) VALUES ($1, $2, $3)', [
      sha256,
      seq,
      bytes.subarray(at, at + CHUNK_BYTES),
    ]);
  return true;
}

const UNREFERENCED = `NOT EXISTS (SELECT 1 FROM assets a WHERE a.sha256 = b.sha256)
  AND NOT EXISTS (SELECT 1 FROM source_versions s WHERE s.sha256 = b.sha256)
  AND NOT EXISTS (SELECT 1 FROM blob_holds h WHERE h.sha256 = b.sha256)`;

export class PostgresBlobs implements BlobStorage {
  /** Holds this instance took (commit → discard), by staged upload. */
  private readonly holds = new Map<StagedBlob, string>();

  private constructor(
    private readonly pool: pg.Pool,
    readonly tmpDir: string,
  ) {}

  static async open(pool: pg.Pool): Promise<PostgresBlobs> {
    const dir = await mkdtemp(join(tmpdir(), 'ew-pg-staging-'));
    const blobs = new PostgresBlobs(pool, dir);
    try {
      await blobs.sweep();
    } catch (error) {
      await blobs.close();
      throw error;
    }
    return blobs;
  }

  /** The sweep, again every `everyMs` while this instance runs (instances that run for weeks never restart). */
  private sweeping: NodeJS.Timeout | null = null;

  sweepEvery(everyMs: number): void {
    if (this.sweeping) clearInterval(this.sweeping);
    this.sweeping = setInterval(() => void this.sweep().catch(() => undefined), everyMs);
    this.sweeping.unref();
  }

  async close(): Promise<void> {
    if (this.sweeping) clearInterval(this.sweeping);
    this.sweeping = null;
    await rm(this.tmpDir, { recursive: true, force: true });
  }

  /** Drops holds a crashed instance left (older than an hour), then blobs no row names and none holds. */
  async sweep(): Promise<void> {
    await this.pool.query(
      `DELETE FROM blob_holds WHERE created_at < clock_timestamp() - interval '${STALE_HOLD}'`,
    );
    const candidates = await this.pool.query<{ sha256: string }>(
      `SELECT b.sha256 FROM blobs b WHERE ${UNREFERENCED}`,
    );
    for (const { sha256 } of candidates.rows) await this.removeUnused(sha256);
  }

  /** Deletes the blob when no asset or source version names it and no hold keeps it (checked under its lock). */
  async removeUnused(sha256: string): Promise<boolean> {
    return transaction(this.pool, async (client) => {
      await lockBlob(client, sha256);
      const removed = await client.query(`DELETE FROM blobs b WHERE b.sha256 = $1 AND ${UNREFERENCED}`, [
        sha256,
      ]);
      return (removed.rowCount ?? 0) > 0;
    });
  }

  /** Staged in this instance's own temporary folder; the bytes reach the database at `commit`. */
  async stage(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedBlob> {
    return stageToFile(this.tmpDir, source, maxBytes, { sync: false });
  }

  async commit(staged: StagedBlob): Promise<void> {
    const sha256 = checkSha(staged.sha256);
    const holdId = `hold_${randomBytes(15).toString('hex')}`;
    await transaction(this.pool, async (client) => {
      await lockBlob(client, sha256);
      await client.query('INSERT INTO blob_holds (id, sha256) VALUES ($1, $2)', [holdId, sha256]);
      const exists = await client.query('SELECT 1 FROM blobs WHERE sha256 = $1', [sha256]);
      if (exists.rowCount !== 0) return;
      await client.query('INSERT INTO blobs (sha256, byte_length) VALUES ($1, $2)', [
        sha256,
        staged.byteLength,
      ]);
      const handle = await open(staged.tmpPath, 'r');
      try {
        const buffer = Buffer.alloc(CHUNK_BYTES);
        let position = 0;
        for (let seq = 0; ; seq++) {
          const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
          if (bytesRead === 0) break;
          position += bytesRead;
          await client.query('INSERT INTO blob_chunks (sha256, seq, data) VALUES ($1, $2, $3)', [
            sha256,
            seq,
            buffer.subarray(0, bytesRead),
          ]);
        }
        if (position !== staged.byteLength)
          throw new Error(`the staged bytes of ${sha256} changed size before their commit`);
      } finally {
        await handle.close();
      }
    });
    this.holds.set(staged, holdId);
    await rm(staged.tmpPath, { force: true });
  }

  async discard(staged: StagedBlob): Promise<void> {
    const holdId = this.holds.get(staged);
    this.holds.delete(staged);
    await rm(staged.tmpPath, { force: true });
    if (holdId !== undefined) await this.pool.query('DELETE FROM blob_holds WHERE id = $1', [holdId]);
  }

  async has(sha256: string): Promise<boolean> {
    const row = await this.pool.query('SELECT 1 FROM blobs WHERE sha256 = $1', [checkSha(sha256)]);
    return row.rowCount !== 0;
  }

  async read(sha256: string): Promise<Buffer> {
    return readBlob(this.pool, checkSha(sha256));
  }
}

/** The whole blob from its chunks, verified against its hash and length (`BlobCorruptError` otherwise). */
export async function readBlob(db: Queryable, sha256: string): Promise<Buffer> {
  const blob = await db.query<{ byte_length: number }>('SELECT byte_length FROM blobs WHERE sha256 = $1', [
    sha256,
  ]);
  if (blob.rowCount === 0) throw new Error(`no stored bytes for sha256 ${sha256}`);
  const chunks = await db.query<{ data: Buffer }>(
    'SELECT data FROM blob_chunks WHERE sha256 = $1 ORDER BY seq',
    [sha256],
  );
  const bytes = Buffer.concat(chunks.rows.map((row) => row.data));
  if (
    bytes.byteLength !== blob.rows[0]!.byte_length ||
    createHash('sha256').update(bytes).digest('hex') !== sha256
  )
    throw new BlobCorruptError(sha256);
  return bytes;
}
