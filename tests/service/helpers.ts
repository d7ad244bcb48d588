import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../../service/http/server';
import type { BlobStorage, EvidenceStore, LibraryTransfer } from '../../service/store/contract';
import type { Database } from '../../service/store/database';
import { PostgresStore } from '../../service/store/postgres';
import { Store } from '../../service/store/store';
import { sharedTestPostgres } from '../support/postgres';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Uint8Array | string; contentType?: string };

/** A multipart/form-data body built by hand, so tests control every byte (including broken ones). */
export function multipart(
  parts: FormPart[],
  boundary = 'ewtestboundary7MA4YWxkTrZu0gW',
): {
  body: Buffer;
  contentType: string;
} {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The engine the service's tests run on: `EW_TEST_STORE` ('sqlite' by default, or 'postgresql'). */
export type TestEngine = 'sqlite' | 'postgresql';

export const TEST_ENGINE: TestEngine = testEngineOf(process.env.EW_TEST_STORE);

function testEngineOf(value: string | undefined): TestEngine {
  if (value === undefined || value === '' || value === 'sqlite') return 'sqlite';
  if (value === 'postgresql') return 'postgresql';
  throw new Error(`EW_TEST_STORE must be 'sqlite' or 'postgresql', not '${value}'`);
}

/** True when this run's service tests are on PostgreSQL: for `it.skipIf(onPostgres)` on SQLite-only tests. */
export const onPostgres = TEST_ENGINE === 'postgresql';

/** The retained bytes as tests reach them: the contract, and the listing every snapshot compares. */
export type TestBlobs = BlobStorage & {
  /** Every blob's sha256, sorted. */
  list(): Promise<string[]>;
  /** The blob's file in the data folder (SQLite only: PostgreSQL keeps bytes in the database). */
  pathOf(sha256: string): string;
};

export interface TestService {
  engine: TestEngine;
  dir: string;
  store: EvidenceStore & LibraryTransfer & { blobs: TestBlobs };
  /** The SQLite database itself, for what no store method shows (SQLite only: throws on PostgreSQL). */
  db: Database;
  app: FastifyInstance;
  key: string;
  accountId: string;
  /** A second account's key, for ownership checks. */
  otherKey: string;
  /** Rows of a raw SQL query on the engine's database (SQL both engines read alike). */
  rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Raw SQL on the engine's database. */
  exec(sql: string): Promise<void>;
  /** Until the returned function is called, every `operation` (INSERT or DELETE) on `table` fails with 'boom'. */
  failOn(operation: 'INSERT' | 'DELETE', table: string): Promise<() => Promise<void>>;
  /** Replaces a blob's stored bytes, its row unchanged. */
  corruptBlob(sha256: string, bytes: string): Promise<void>;
  /** Deletes a blob's bytes behind the store's back, its asset rows unchanged. */
  loseBlob(sha256: string): Promise<void>;
  close(): Promise<void>;
}

export async function tempDir(prefix = 'ew-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * A service on the engine `EW_TEST_STORE` names: a fresh data folder (SQLite), or a fresh migrated
 * database on the test file's own throwaway PostgreSQL server (tests/support/postgres.ts).
 */
export async function startTestService(options: Partial<ServerOptions> = {}): Promise<TestService> {
  const dir = await tempDir();
  const engine = TEST_ENGINE === 'sqlite' ? await openSqlite(dir) : await openPostgres();
  try {
    const app = await buildServer({ store: engine.store, ...options });
    const { key, accountId } = await engine.store.createKey('test');
    const { key: otherKey } = await engine.store.createKey('other');
    return {
      ...engine,
      engine: TEST_ENGINE,
      dir,
      get db(): Database {
        if (!engine.db)
          throw new Error(
            'svc.db is the SQLite database: mark this test it.skipIf(onPostgres) or use svc.rows',
          );
        return engine.db;
      },
      app,
      key,
      accountId,
      otherKey,
      async close() {
        await app.close();
        await engine.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

type OpenTestEngine = Pick<
  TestService,
  'store' | 'rows' | 'exec' | 'failOn' | 'corruptBlob' | 'loseBlob' | 'close'
> & { db: Database | null };

async function openSqlite(dir: string): Promise<OpenTestEngine> {
  const store = await Store.open(dir);
  const db = Store.databaseForTests(store);
  return {
    store,
    db,
    async rows<T>(sql: string) {
      return db.prepare(sql).all() as T[];
    },
    async exec(sql) {
      db.exec(sql);
    },
    async failOn(operation, table) {
      const name = `fail_${operation.toLowerCase()}_${table}`;
      db.exec(
        `CREATE TEMP TRIGGER ${name} BEFORE ${operation} ON ${table} BEGIN SELECT RAISE(ABORT, 'boom'); END`,
      );
      return async () => db.exec(`DROP TRIGGER ${name}`);
    },
    async corruptBlob(sha256, bytes) {
      await writeFile(store.blobs.pathOf(sha256), bytes);
    },
    async loseBlob(sha256) {
      await rm(store.blobs.pathOf(sha256));
    },
    async close() {
      store.close();
    },
  };
}

async function openPostgres(): Promise<OpenTestEngine> {
  const database = await sharedTestPostgres();
  if (!database)
    throw new Error('EW_TEST_STORE=postgresql, but PostgreSQL (initdb, pg_ctl) is not installed');
  const store = await PostgresStore.open(database.url);
  const pool = PostgresStore.poolForTests(store);
  const blobs = Object.assign(store.blobs, {
    async list() {
      const found = await pool.query<{ sha256: string }>('SELECT sha256 FROM blobs ORDER BY sha256');
      return found.rows.map((r) => r.sha256);
    },
    pathOf(): string {
      throw new Error('PostgreSQL keeps blobs in the database: use svc.corruptBlob or svc.loseBlob');
    },
  });
  return {
    store: Object.assign(store, { blobs }),
    db: null,
    async rows<T>(sql: string) {
      return (await pool.query(sql)).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async failOn(operation, table) {
      const name = `fail_${operation.toLowerCase()}_${table}`;
      await pool.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'boom'; END $$`);
      await pool.query(`CREATE TRIGGER ${name} BEFORE ${operation} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ${name}()`);
      return async () => {
        await pool.query(`DROP TRIGGER ${name} ON ${table}`);
        await pool.query(`DROP FUNCTION ${name}()`);
      };
    },
    async corruptBlob(sha256, bytes) {
      await pool.query('UPDATE blob_chunks SET data = $2 WHERE sha256 = $1', [sha256, Buffer.from(bytes)]);
    },
    async loseBlob(sha256) {
      await pool.query('DELETE FROM blobs WHERE sha256 = $1', [sha256]);
    },
    async close() {
      await store.close();
    },
  };
}

/** Row counts of every table and the retained blobs: what "nothing was stored" compares, on either engine. */
export async function snapshot(
  store: EvidenceStore & { blobs: BlobStorage },
): Promise<Record<string, number | string[]>> {
  let count: (table: string) => Promise<number>;
  let blobs: () => Promise<string[]>;
  if (store instanceof Store) {
    const db = Store.databaseForTests(store);
    count = async (table) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    blobs = () => store.blobs.list();
  } else if (store instanceof PostgresStore) {
    const pool = PostgresStore.poolForTests(store);
    count = async (table) =>
      Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    blobs = async () =>
      (await pool.query<{ sha256: string }>('SELECT sha256 FROM blobs ORDER BY sha256')).rows.map(
        (r) => r.sha256,
      );
  } else {
    throw new Error('snapshot: a store of neither engine');
  }
  return {
    assets: await count('assets'),
    source_versions: await count('source_versions'),
    representations: await count('representations'),
    units: await count('units'),
    figures: await count('figures'),
    unit_search: await count('unit_search'),
    accounts: await count('accounts'),
    api_keys: await count('api_keys'),
    blobs: await blobs(),
  };
}

export async function upload(
  svc: TestService,
  content: Uint8Array | string,
  fields: Record<string, string> = {},
  filename = 'report.pdf',
  key = svc.key,
) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename, content },
  ]);
  return svc.app.inject({
    method: 'POST',
    url: '/api/v1/assets',
    headers: { 'x-api-key': key, 'content-type': form.contentType },
    payload: form.body,
  });
}

/**
 * Uploads `content` as a retained source and publishes its representation (201, or the test fails):
 * the source version's id. `fields` are the upload's registration fields.
 */
export async function retainAndRead(
  svc: TestService,
  content: string,
  filename: string,
  fields: Record<string, string> = {},
  key = svc.key,
): Promise<string> {
  const up = (await upload(svc, content, { retain: 'true', ...fields }, filename, key)).json() as {
    source_version_id?: string;
  };
  if (!up.source_version_id) throw new Error(`${filename} was not retained: ${JSON.stringify(up)}`);
  const rep = await svc.app.inject({
    method: 'POST',
    url: `/api/v2/sources/${up.source_version_id}/representations`,
    headers: { 'x-api-key': key },
  });
  if (rep.statusCode !== 201) throw new Error(`${filename} was not read: ${rep.statusCode} ${rep.body}`);
  return up.source_version_id;
}

export async function register(
  svc: TestService,
  assetId: string,
  content: Uint8Array | string,
  key = svc.key,
) {
  const form = multipart([
    { name: 'assetId', value: assetId },
    { name: 'file', filename: 'x', content },
  ]);
  return svc.app.inject({
    method: 'POST',
    url: '/api/v2/sources',
    headers: { 'x-api-key': key, 'content-type': form.contentType },
    payload: form.body,
  });
}

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Every file under `dir`, as relative path → sha256 of its bytes (an export folder, compared whole). */
export async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length + 1)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return out;
}
