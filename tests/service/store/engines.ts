import { rm } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import type pg from 'pg';
import type { Extraction } from '../../../service/extract/extract';
import type { BlobStorage, EvidenceStore, LibraryTransfer, NewAsset } from '../../../service/store/contract';
import { PostgresStore } from '../../../service/store/postgres';
import { Store } from '../../../service/store/store';
import { postgresBinDir, testPostgres, type TestPostgres } from '../../support/postgres';
import { tempDir } from '../helpers';

// Both engines behind one harness, so the store's contract tests run once per engine, and what no store
// method shows (raw SQL on the engine's own database) is reached the same way on both.

export type EngineName = 'sqlite' | 'postgresql';

export interface OpenEngine {
  store: EvidenceStore & LibraryTransfer & { blobs: BlobStorage & { tmpDir: string } };
  /** Raw SQL on the engine's database (rejects with the engine's error). */
  exec(sql: string): Promise<void>;
  count(table: string): Promise<number>;
  /** From now on, every INSERT into `table` fails with 'boom'. */
  failInsertsInto(table: string): Promise<void>;
  /** Replaces the stored bytes of a blob with `bytes`, its row unchanged. */
  corruptBlob(sha256: string, bytes: string): Promise<void>;
  close(): Promise<void>;
}

export const havePostgres = (await postgresBinDir()) !== null;
if (!havePostgres) console.warn('PostgreSQL tests skipped: PostgreSQL (initdb) not installed');

let server: Promise<TestPostgres | null> | null = null;

/** The test file's PostgreSQL (its databases on the run's server), reached on first use. */
export async function testServer(): Promise<TestPostgres> {
  server ??= testPostgres();
  const started = await server;
  if (!started) throw new Error('PostgreSQL is not installed');
  return started;
}

export async function stopTestServer(): Promise<void> {
  const started = await server;
  server = null;
  await started?.stop();
}

/** A fresh, migrated database on the test file's server. */
export async function freshDatabase(): Promise<string> {
  return (await testServer()).createMigratedDatabase();
}

export async function openEngine(name: EngineName): Promise<OpenEngine> {
  if (name === 'sqlite') {
    const dir = await tempDir();
    const store = await Store.open(dir);
    const db = Store.databaseForTests(store);
    return {
      store,
      async exec(sql) {
        db.exec(sql);
      },
      async count(table) {
        return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      },
      async failInsertsInto(table) {
        db.exec(
          `CREATE TEMP TRIGGER fail_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'boom'); END`,
        );
      },
      async corruptBlob(sha256, bytes) {
        writeFileSync(store.blobs.pathOf(sha256), bytes);
      },
      async close() {
        try {
          store.close();
        } catch {
          /* closed by the test */
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const url = await freshDatabase();
  const store = await PostgresStore.open(url);
  const pool: pg.Pool = PostgresStore.poolForTests(store);
  return {
    store,
    async exec(sql) {
      await pool.query(sql);
    },
    async count(table) {
      return (await pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n;
    },
    async failInsertsInto(table) {
      await pool.query(`CREATE FUNCTION fail_${table}() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'boom'; END $$`);
      await pool.query(`CREATE TRIGGER fail_${table} BEFORE INSERT ON ${table}
        FOR EACH ROW EXECUTE FUNCTION fail_${table}()`);
    },
    async corruptBlob(sha256, bytes) {
      await pool.query('UPDATE blob_chunks SET data = $2 WHERE sha256 = $1', [sha256, Buffer.from(bytes)]);
    },
    async close() {
      await store.close().catch(() => undefined);
    },
  };
}

export async function* chunks(...parts: string[]) {
  for (const p of parts) yield Buffer.from(p);
}

export function newAsset(sha256: string, accountId: string, byteLength = 5): NewAsset {
  return {
    account_id: accountId,
    sha256,
    byte_length: byteLength,
    filename: 'a.txt',
    media_type: 'text/plain',
    title: null,
    url: null,
    domain: null,
    publication_year: null,
    source_type: null,
    is_primary_source: null,
  };
}

/** An extraction of pages of text, each page with one figure when it holds a number. */
export function extractionOf(pages: string[], options: { badFigure?: boolean } = {}): Extraction {
  return {
    format: 'pdf',
    state: 'complete',
    code: null,
    reason: null,
    extraction_method: 'text_layer',
    units: pages.map((markdown, i) => {
      const number = /\d+(?:\.\d+)?/.exec(markdown);
      return {
        kind: 'page' as const,
        index: i + 1,
        extraction_method: 'text_layer' as const,
        markdown,
        figures: number
          ? [
              {
                index: 0,
                raw: number[0],
                value: Number(number[0]),
                magnitude: Number(number[0]),
                sign: 1 as const,
                scale: 1,
                unit: null,
                unitClass: (options.badFigure && i === pages.length - 1 ? 'bogus' : 'none') as 'none',
                accounting: false,
                ambiguous: false,
                span: { start: number.index, end: number.index + number[0].length },
                position: { kind: 'text' as const },
              },
            ]
          : [],
      };
    }),
    markdown: pages.join('\n\n'),
  };
}
