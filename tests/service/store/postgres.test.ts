import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BlobCorruptError } from '../../../service/store/blobs';
import type { LibraryRow } from '../../../service/store/contract';
import {
  migrateDatabase,
  PostgresStore,
  redactUrl,
  SchemaBehindError,
  SchemaTooNewError,
} from '../../../service/store/postgres';
import type { PostgresBlobs } from '../../../service/store/postgres/blobs';
import { POSTGRES_MIGRATIONS } from '../../../service/store/postgres/migrations';
import { Store } from '../../../service/store/store';
import { tempDir } from '../helpers';
import {
  chunks,
  extractionOf,
  freshDatabase,
  havePostgres,
  newAsset,
  stopTestServer,
  testServer,
} from './engines';

// The PostgreSQL engine against a real server, the test run's own (tests/support/postgres.ts):
// migrations, several instances on one database, blobs in chunks, and moving a library from SQLite.

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const NEWEST = POSTGRES_MIGRATIONS.at(-1)!.version;

const opened: { close(): Promise<void> | void }[] = [];
async function open(url: string): Promise<PostgresStore> {
  const store = await PostgresStore.open(url);
  opened.push(store);
  return store;
}
async function raw(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}
const count = async (url: string, table: string) =>
  Number((await raw(url, `SELECT count(*) AS n FROM ${table}`)).rows[0].n);

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});
afterAll(stopTestServer);

describe.skipIf(!havePostgres)('the PostgreSQL engine', () => {
  describe('migrations', () => {
    it('migrate a fresh database, then change nothing on a second run', async () => {
      const url = await (await testServer()).createDatabase();
      expect(await migrateDatabase(url)).toEqual({ from: 0, to: NEWEST });
      expect(await migrateDatabase(url)).toEqual({ from: NEWEST, to: NEWEST });
      expect(Number((await raw(url, 'SELECT count(*) AS n FROM schema_migrations')).rows[0].n)).toBe(
        POSTGRES_MIGRATIONS.length,
      );
    });

    it('two processes migrating at once apply each migration once', async () => {
      const url = await (await testServer()).createDatabase();
      const runs = await Promise.all([migrateDatabase(url), migrateDatabase(url), migrateDatabase(url)]);
      expect(runs.map((r) => r.to)).toEqual([NEWEST, NEWEST, NEWEST]);
      expect(runs.filter((r) => r.from === 0)).toHaveLength(1);
      expect(Number((await raw(url, 'SELECT count(*) AS n FROM schema_migrations')).rows[0].n)).toBe(
        POSTGRES_MIGRATIONS.length,
      );
    });

    it('a failed migration rolls back whole', async () => {
      const url = await freshDatabase();
      const broken = [
        ...POSTGRES_MIGRATIONS,
        {
          version: NEWEST + 1,
          name: 'broken',
          sql: 'CREATE TABLE t2 (a int); SELECT nonsense FROM nowhere;',
        },
      ];
      await expect(migrateDatabase(url, broken)).rejects.toThrow(/nowhere/);
      expect((await raw(url, `SELECT to_regclass('t2') AS t`)).rows[0].t).toBeNull();
      expect(await migrateDatabase(url)).toEqual({ from: NEWEST, to: NEWEST });
    });

    it('refuse a database whose schema is newer, in migrate and in open', async () => {
      const url = await freshDatabase();
      await raw(url, `INSERT INTO schema_migrations VALUES (999, 'future', 'now')`);
      await expect(migrateDatabase(url)).rejects.toBeInstanceOf(SchemaTooNewError);
      await expect(PostgresStore.open(url)).rejects.toBeInstanceOf(SchemaTooNewError);
    });

    it('open refuses a database not yet migrated, and says what to run', async () => {
      const url = await (await testServer()).createDatabase();
      const refusal = PostgresStore.open(url);
      await expect(refusal).rejects.toBeInstanceOf(SchemaBehindError);
      await expect(refusal).rejects.toThrow(
        `the database's schema is 0, this build needs ${NEWEST}: run \`npm run service -- migrate\``,
      );
    });

    it('migration 2 indexes by value the figures published before it: newest representation, unambiguous', async () => {
      const url = await (await testServer()).createDatabase();
      await migrateDatabase(url, POSTGRES_MIGRATIONS.slice(0, 1));
      const a = 'a'.repeat(64);
      await raw(
        url,
        `INSERT INTO accounts (id, created_at) VALUES ('acct_a', 'then');
         INSERT INTO assets (id, account_id, sha256, byte_length, filename, media_type, created_at)
           VALUES ('ast_1', 'acct_a', '${a}', 5, 'a.pdf', 'application/pdf', 'then');
         INSERT INTO source_versions (id, account_id, asset_id, sha256, byte_length, filename, media_type, registered_at)
           VALUES ('src_1', 'acct_a', 'ast_1', '${a}', 5, 'a.pdf', 'application/pdf', 'then');
         INSERT INTO representations (id, source_version_id, extractor_version, format, state, extraction_method, created_at)
           VALUES ('rep_old', 'src_1', 'v1', 'pdf', 'complete', 'text_layer', '2024-01-01'),
                  ('rep_new', 'src_1', 'v2', 'pdf', 'complete', 'text_layer', '2024-02-01');
         INSERT INTO units (id, representation_id, unit_index, kind, extraction_method, markdown)
           VALUES ('unit_old', 'rep_old', 1, 'page', 'text_layer', '$1.2bn'),
                  ('unit_new', 'rep_new', 1, 'page', 'text_layer', '$1.2bn or 1,5');
         INSERT INTO figures (unit_id, figure_index, raw, value, magnitude, sign, scale, unit, unit_class,
                              accounting, ambiguous, span_start, span_end, position_json) VALUES
           ('unit_old', 0, '$1.2bn', 1200000000, 1.2, 1, 1000000000, 'USD', 'currency', 0, 0, 0, 6, '{"kind":"text"}'),
           ('unit_new', 0, '$1.2bn', 1200000000, 1.2, 1, 1000000000, 'USD', 'currency', 0, 0, 0, 6, '{"kind":"text"}'),
           ('unit_new', 1, '1,5', 1.5, 1.5, 1, 1, NULL, 'none', 0, 1, 10, 13, '{"kind":"text"}');`,
      );
      expect(await migrateDatabase(url)).toEqual({ from: 1, to: NEWEST });
      const rows = await raw(
        url,
        'SELECT account_id, value, unit_class, unit, source_version_id, representation_id, unit_id, figure_index::int FROM figure_values',
      );
      expect(rows.rows).toEqual([
        {
          account_id: 'acct_a',
          value: 1.2e9,
          unit_class: 'currency',
          unit: 'USD',
          source_version_id: 'src_1',
          representation_id: 'rep_new',
          unit_id: 'unit_new',
          figure_index: 0,
        },
      ]);
      expect(await count(url, 'figures')).toBe(3);
      const store = await open(url);
      const found = await store.figuresByValue(
        'acct_a',
        { low: 1.15e9, high: 1.25e9, target: 1.2e9, unitClasses: ['currency', 'none'] },
        {},
        10,
      );
      expect(found.candidates.map((c) => [c.representation_id, c.figure_index, c.filename])).toEqual([
        ['rep_new', 0, 'a.pdf'],
      ]);
    });

    it('never shows a password: URLs are redacted in errors', async () => {
      expect(redactUrl('postgres://ann:s3cret@db.example:5432/lib')).toBe(
        'postgres://ann@db.example:5432/lib',
      );
      expect(redactUrl('postgres://db/lib?password=s3cret')).not.toContain('s3cret');
      const server = await testServer();
      const port = new URL(server.url).port;
      const bad = `postgres://nobody:s3cret@127.0.0.1:${port}/no_such_database`;
      const error = (await PostgresStore.open(bad).catch((e: unknown) => e)) as Error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).not.toContain('s3cret');
      expect(error.message).toContain('no_such_database');
      const failed = (await migrateDatabase(bad).catch((e: unknown) => e)) as Error;
      expect(failed).toBeInstanceOf(Error);
      expect(failed.message).not.toContain('s3cret');
      expect(failed.message).toContain('postgres://nobody@127.0.0.1');
    });
  });

  it('lets a row go only in the transaction that removes its own source version', async () => {
    const url = await freshDatabase();
    const store = await open(url);
    const account = await store.createAccount();
    const { sourceVersion: a } = await store.insertAsset(newAsset(sha('a'), account), true);
    const { sourceVersion: b } = await store.insertAsset(newAsset(sha('b'), account), true);
    await store.publishRepresentation(a!.id, 'v1', extractionOf(['cost 12']));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('evidence.removing', $1, true)`, [b!.id]);
      await expect(client.query('DELETE FROM figures')).rejects.toThrow(/figures are immutable/);
      await client.query('ROLLBACK');
      // Set for a whole session (not one transaction), it still names only that source version.
      await client.query(`SELECT set_config('evidence.removing', $1, false)`, [b!.id]);
      await expect(client.query(`DELETE FROM source_versions WHERE id = $1`, [a!.id])).rejects.toThrow(
        /source_versions are immutable/,
      );
      await expect(client.query('TRUNCATE units CASCADE')).rejects.toThrow(/immutable/);
    } finally {
      await client.end();
    }
    expect(await count(url, 'figures')).toBe(1);
    expect(await count(url, 'source_versions')).toBe(2);
  });

  describe('two instances on one database', () => {
    it('the same bytes registered at once through both give one source version', async () => {
      const url = await freshDatabase();
      const [a, b] = [await open(url), await open(url)];
      const account = await a.createAccount();
      for (let i = 0; i < 10; i++) {
        const { asset } = await a.insertAsset(newAsset(sha(`bytes ${i}`), account), false);
        const [x, y] = await Promise.all([a.registerSourceVersion(asset), b.registerSourceVersion(asset)]);
        expect(y).toEqual(x);
      }
      expect(await count(url, 'source_versions')).toBe(10);
    });

    it('concurrent publishes of one source version by one extractor give one representation', async () => {
      const url = await freshDatabase();
      const [a, b] = [await open(url), await open(url)];
      const account = await a.createAccount();
      const { sourceVersion } = await a.insertAsset(newAsset(sha('report'), account), true);
      const sv = sourceVersion!.id;
      const ids = await Promise.all([
        a.publishRepresentation(sv, 'v1', extractionOf(['cost 12', 'page two'])),
        b.publishRepresentation(sv, 'v1', extractionOf(['cost 12', 'page two'])),
        a.publishRepresentation(sv, 'v1', extractionOf(['cost 12', 'page two'])),
      ]);
      expect(new Set(ids).size).toBe(1);
      expect(await count(url, 'representations')).toBe(1);
      expect(await count(url, 'units')).toBe(2);
      expect(await count(url, 'figures')).toBe(1);
      expect(await count(url, 'unit_search')).toBe(2);
      // Two extractor versions at once: the index holds exactly the newest one's units.
      await Promise.all([
        a.publishRepresentation(sv, 'v2', extractionOf(['second'])),
        b.publishRepresentation(sv, 'v3', extractionOf(['third', 'more', 'pages'])),
      ]);
      const newest = (await a.listSourceVersions(account))[0]!.newestRepresentation!;
      const indexed = await raw(url, 'SELECT DISTINCT representation_id FROM unit_search');
      expect(indexed.rows).toEqual([{ representation_id: newest.id }]);
      expect(await count(url, 'unit_search')).toBe(newest.unit_count);
    });

    it('a publish that fails midway leaves no representation, units, figures or index rows', async () => {
      const url = await freshDatabase();
      const store = await open(url);
      const account = await store.createAccount();
      const { sourceVersion } = await store.insertAsset(newAsset(sha('report'), account), true);
      const sv = sourceVersion!.id;
      const first = await store.publishRepresentation(sv, 'v1', extractionOf(['cost 12']));
      await expect(
        store.publishRepresentation(sv, 'v2', extractionOf(['a 1', 'b 2', 'c 3'], { badFigure: true })),
      ).rejects.toThrow(/unit_class|check constraint/);
      expect(await count(url, 'representations')).toBe(1);
      expect(await count(url, 'units')).toBe(1);
      expect(await count(url, 'figures')).toBe(1);
      expect((await raw(url, 'SELECT representation_id FROM unit_search')).rows).toEqual([
        { representation_id: first },
      ]);
    });

    it('share the rate limit: tokens taken through one are gone for the other', async () => {
      const url = await freshDatabase();
      const [a, b] = [await open(url), await open(url)];
      const [la, lb] = [a.rateLimiter(3), b.rateLimiter(3)];
      expect(await Promise.all([la.take('key_1'), lb.take('key_1'), la.take('key_1')])).toEqual([0, 0, 0]);
      const wait = await lb.take('key_1');
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(20);
      expect(await lb.take('key_2')).toBe(0);
    });

    it('an upload holding bytes keeps them through a removal of the last row naming them', async () => {
      const url = await freshDatabase();
      const [a, b] = [await open(url), await open(url)];
      const account = await a.createAccount();
      const first = await b.blobs.stage(chunks('shared bytes'), 100);
      await b.blobs.commit(first);
      const { sourceVersion } = await b.insertAsset(newAsset(first.sha256, account, 12), true);
      await b.blobs.discard(first);

      const second = await a.blobs.stage(chunks('shared bytes'), 100);
      await a.blobs.commit(second); // held from here until discard
      expect(await b.removeSourceVersion(account, sourceVersion!.id)).toBe(true);
      expect(await a.blobs.has(second.sha256)).toBe(true);
      await a.insertAsset(newAsset(second.sha256, account, 12), true);
      await a.blobs.discard(second);
      expect((await b.blobs.read(second.sha256)).toString()).toBe('shared bytes');
    });

    it('removal and commits of the same bytes racing never leave a row naming missing bytes', async () => {
      const url = await freshDatabase();
      const [a, b] = [await open(url), await open(url)];
      const account = await a.createAccount();
      for (let i = 0; i < 10; i++) {
        const staged = await b.blobs.stage(chunks('raced'), 100);
        await b.blobs.commit(staged);
        const { sourceVersion } = await b.insertAsset(newAsset(staged.sha256, account), true);
        await b.blobs.discard(staged);
        const upload = (async () => {
          const again = await a.blobs.stage(chunks('raced'), 100);
          await a.blobs.commit(again);
          const { sourceVersion: kept } = await a.insertAsset(newAsset(again.sha256, account), true);
          await a.blobs.discard(again);
          return kept!;
        })();
        const [, kept] = await Promise.all([b.removeSourceVersion(account, sourceVersion!.id), upload]);
        expect((await a.blobs.read(kept.sha256)).toString()).toBe('raced');
        await a.removeSourceVersion(account, kept.id);
        expect(await a.blobs.has(kept.sha256)).toBe(false);
      }
    });

    it('a removal waits for a commit of the same bytes in flight, then sees its hold', async () => {
      const url = await freshDatabase();
      const store = await open(url);
      const account = await store.createAccount();
      const staged = await store.blobs.stage(chunks('in flight'), 100);
      await store.blobs.commit(staged);
      const { sourceVersion } = await store.insertAsset(newAsset(staged.sha256, account, 9), true);
      await store.blobs.discard(staged);
      // Another instance's commit of the same bytes, between its lock and its COMMIT.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(`SELECT pg_advisory_xact_lock(hashtextextended('evidence_blob:' || $1, 0))`, [
          staged.sha256,
        ]);
        await other.query(`INSERT INTO blob_holds (id, sha256) VALUES ('hold_other', $1)`, [staged.sha256]);
        const removal = store.removeSourceVersion(account, sourceVersion!.id);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await other.query('COMMIT');
        expect(await removal).toBe(true);
      } finally {
        await other.end();
      }
      expect((await store.blobs.read(staged.sha256)).toString()).toBe('in flight');
      await raw(url, `DELETE FROM blob_holds WHERE id = 'hold_other'`);
      expect(await store.blobs.removeUnused(staged.sha256)).toBe(true);
    });

    it('an instance killed (SIGKILL) in the middle of a publish leaves nothing half-written', async () => {
      const url = await freshDatabase();
      const store = await open(url);
      const account = await store.createAccount();
      const { sourceVersion } = await store.insertAsset(newAsset(sha('killed'), account), true);
      const tagged = `${url}?application_name=ew_killed_instance`;
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/service/store/fixtures/publish-forever.ts', tagged, sourceVersion!.id],
        { stdio: 'ignore' },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        // Wait until its connection is inside a transaction that has written rows, then kill it.
        const writing = `SELECT count(*) AS n FROM pg_stat_activity
                         WHERE application_name = 'ew_killed_instance' AND backend_xid IS NOT NULL`;
        for (let tries = 0; Number((await raw(url, writing)).rows[0].n) === 0; tries++) {
          if (tries > 600) throw new Error('the instance never started writing');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      // The server notices the dead connection and rolls its transaction back.
      const gone = `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'ew_killed_instance'`;
      for (let tries = 0; Number((await raw(url, gone)).rows[0].n) > 0 && tries < 400; tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const reps = await raw(url, 'SELECT id FROM representations');
      const units = await count(url, 'units');
      expect(units).toBe(reps.rows.length * 4000);
      expect(await count(url, 'figures')).toBe(units);
      const newest = (await store.listSourceVersions(account))[0]!.newestRepresentation;
      expect(await count(url, 'unit_search')).toBe(newest?.unit_count ?? 0);
    });

    it('an hour-old hold (a crashed instance) and the bytes only it kept are swept at open', async () => {
      const url = await freshDatabase();
      const a = await open(url);
      const staged = await a.blobs.stage(chunks('orphan'), 100);
      await a.blobs.commit(staged); // never recorded, never discarded: as if the instance died
      await raw(url, `UPDATE blob_holds SET created_at = now() - interval '2 hours'`);
      await open(url);
      expect(await count(url, 'blob_holds')).toBe(0);
      expect(await a.blobs.has(staged.sha256)).toBe(false);
    });

    it('and by a running instance, without a restart', async () => {
      const url = await freshDatabase();
      const a = await open(url);
      const staged = await a.blobs.stage(chunks('orphan of a long-running service'), 100);
      await a.blobs.commit(staged);
      await raw(url, `UPDATE blob_holds SET created_at = now() - interval '2 hours'`);
      (a.blobs as PostgresBlobs).sweepEvery(20);
      await expect.poll(() => count(url, 'blob_holds'), { timeout: 5000 }).toBe(0);
      await expect.poll(() => a.blobs.has(staged.sha256), { timeout: 5000 }).toBe(false);
    });
  });

  describe('blobs in chunks', () => {
    it('keeps a blob of several chunks whole, and names a corrupt chunk', async () => {
      const url = await freshDatabase();
      const store = await open(url);
      const bytes = Buffer.alloc((5 << 19) + 7, 1);
      for (let i = 0; i < bytes.length; i += 4093) bytes[i] = i % 251;
      const staged = await store.blobs.stage(
        (async function* () {
          for (let at = 0; at < bytes.length; at += 100_000) yield bytes.subarray(at, at + 100_000);
        })(),
        10 << 20,
      );
      await store.blobs.commit(staged);
      await store.blobs.discard(staged);
      expect(await count(url, 'blob_chunks')).toBe(3);
      expect((await store.blobs.read(staged.sha256)).equals(bytes)).toBe(true);
      // The same bytes again: nothing rewritten.
      const again = await store.blobs.stage(chunks('x'), 10);
      await store.blobs.discard(again);
      await raw(url, `UPDATE blob_chunks SET data = set_byte(data, 5, 0) WHERE seq = 1`);
      await expect(store.blobs.read(staged.sha256)).rejects.toBeInstanceOf(BlobCorruptError);
      await raw(url, `DELETE FROM blob_chunks WHERE seq = 2`);
      await expect(store.blobs.read(staged.sha256)).rejects.toBeInstanceOf(BlobCorruptError);
    });
  });

  describe('moving a library', () => {
    /** A page whose one table the page's text never writes out: "Steel" under "Duty". */
    const tariffPage = {
      width: 612,
      height: 792,
      tables: [
        {
          index: 0,
          box: { x: 72, y: 600, width: 300, height: 40 },
          rows: 2,
          cols: 2,
          headerRows: 1,
          labelCols: 1,
          title: null,
          notes: [],
          unsure: false,
          cells: [
            { row: 0, col: 0, text: 'Item', header: true },
            { row: 0, col: 1, text: 'Duty', header: true },
            { row: 1, col: 0, text: 'Steel', header: false },
            { row: 1, col: 1, text: '12', header: false },
          ].map((c) => ({
            ...c,
            rowSpan: 1,
            colSpan: 1,
            box: { x: 72 + c.col * 150, y: 600, width: 40, height: 10 },
          })),
        },
      ],
    };
    async function sqliteLibrary() {
      const dir = await tempDir();
      const store = await Store.open(dir);
      const { accountId } = await store.createKey('newsroom');
      await store.createKey('second', accountId);
      const sources: string[] = [];
      for (const [i, text] of [
        'Le café de l’État coûte 3.5 euros',
        'tariff schedule 12',
        'nothing',
      ].entries()) {
        const staged = await store.blobs.stage(chunks(text), 1000);
        await store.blobs.commit(staged);
        const { sourceVersion } = await store.insertAsset(
          {
            ...newAsset(staged.sha256, accountId, staged.byteLength),
            title: i === 1 ? 'Tariffs' : null,
            domain: i === 0 ? 'example.org' : null,
            publication_year: i === 0 ? 2021 : null,
            is_primary_source: i === 0 ? 1 : null,
          },
          true,
        );
        await store.blobs.discard(staged);
        const extraction = extractionOf([text, `${text} again 7.25`]);
        // The tariff page holds a table: its cells are indexed with their headers, on every engine.
        if (i === 1) extraction.units[0] = { ...extraction.units[0]!, page: tariffPage };
        await store.publishRepresentation(sourceVersion!.id, 'v1', extraction);
        sources.push(sourceVersion!.id);
      }
      // A newer representation of one source: only it is indexed, after the move as before.
      await store.publishRepresentation(sources[2]!, 'v2', extractionOf(['replaced wording']));
      opened.push({ close: () => store.close() });
      return { dir, store, accountId, sources };
    }
    const collect = async (rows: AsyncIterable<LibraryRow>) => {
      const out: LibraryRow[] = [];
      for await (const row of rows) out.push(row);
      return out;
    };
    const replay = (rows: LibraryRow[]) =>
      (async function* () {
        yield* rows;
      })();

    it('SQLite → PostgreSQL → SQLite gives identical rows, blobs and search', async () => {
      const { dir, store: sqlite, accountId, sources } = await sqliteLibrary();
      try {
        const exported = await collect(sqlite.exportRows());
        const url = await freshDatabase();
        const postgres = await open(url);
        const counts = await postgres.importRows(replay(exported), (s) => sqlite.blobs.read(s));
        expect(counts).toEqual({
          accounts: 1,
          api_keys: 2,
          assets: 3,
          source_versions: 3,
          representations: 4,
          units: 7,
          figures: 5,
          blobs: 3,
        });
        const reexported = await collect(postgres.exportRows());
        expect(reexported).toEqual(exported);

        const query = { phrases: [['cafe', 'de', 'l', 'etat']], match: 'all' as const };
        const found = await postgres.searchIndex(accountId, query, { domain: ['example.org'] }, 10);
        expect(found.candidates.map((c) => c.source_version_id)).toEqual([sources[0]]);
        expect(
          (await postgres.searchIndex(accountId, { phrases: [['nothing']], match: 'all' }, {}, 10)).total,
        ).toBe(0);
        expect(
          (await postgres.searchIndex(accountId, { phrases: [['replaced']], match: 'all' }, {}, 10)).total,
        ).toBe(1);
        const cell = { phrases: [['steel', 'duty']], match: 'all' as const };
        expect((await postgres.searchIndex(accountId, cell, {}, 10)).candidates).toMatchObject([
          { source_version_id: sources[1], unit_page: JSON.stringify(tariffPage) },
        ]);
        expect(await postgres.listSourceVersions(accountId)).toEqual(
          await sqlite.listSourceVersions(accountId),
        );
        for (const sv of sources) {
          const rep = (await sqlite.listSourceVersions(accountId)).find((l) => l.source.id === sv)!
            .newestRepresentation!.id;
          expect(await postgres.loadRepresentation(accountId, rep)).toEqual(
            await sqlite.loadRepresentation(accountId, rep),
          );
          const source = (await postgres.findSourceVersion(accountId, sv))!;
          expect(
            (await postgres.blobs.read(source.sha256)).equals(await sqlite.blobs.read(source.sha256)),
          ).toBe(true);
        }

        // And back: an empty data folder takes the PostgreSQL library unchanged.
        const backDir = await tempDir();
        const back = await Store.open(backDir);
        try {
          await back.importRows(replay(reexported), (s) => postgres.blobs.read(s));
          expect(await collect(back.exportRows())).toEqual(exported);
          expect((await back.searchIndex(accountId, query, {}, 10)).total).toBe(1);
          expect((await back.searchIndex(accountId, cell, {}, 10)).total).toBe(1);
          expect(
            (await back.searchIndex(accountId, { phrases: [['nothing']], match: 'all' }, {}, 10)).total,
          ).toBe(0);
        } finally {
          back.close();
          await rm(backDir, { recursive: true, force: true });
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('refuses an import into a library that has an account, writing nothing', async () => {
      const { dir, store: sqlite } = await sqliteLibrary();
      try {
        const exported = await collect(sqlite.exportRows());
        const url = await freshDatabase();
        const postgres = await open(url);
        await postgres.createAccount();
        await expect(postgres.importRows(replay(exported), (s) => sqlite.blobs.read(s))).rejects.toThrow(
          /already holds an account/,
        );
        for (const table of ['api_keys', 'assets', 'source_versions', 'units', 'blobs', 'unit_search'])
          expect(await count(url, table), table).toBe(0);
        expect(await count(url, 'accounts')).toBe(1);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('an import whose bytes do not match their hash, or whose rows are wrong, writes nothing', async () => {
      const { dir, store: sqlite } = await sqliteLibrary();
      try {
        const exported = await collect(sqlite.exportRows());
        const url = await freshDatabase();
        const postgres = await open(url);
        await expect(
          postgres.importRows(replay(exported), async () => Buffer.from('forged')),
        ).rejects.toThrow(/do not match their sha256/);
        const misordered = [exported.at(-1)!, ...exported.slice(0, -1)];
        await expect(postgres.importRows(replay(misordered), (s) => sqlite.blobs.read(s))).rejects.toThrow(
          /rows come parents first/,
        );
        const extra = [{ table: 'accounts' as const, row: { id: 'acct_x', created_at: 'now', admin: 1 } }];
        await expect(postgres.importRows(replay(extra), (s) => sqlite.blobs.read(s))).rejects.toThrow(
          /unknown admin/,
        );
        for (const table of [
          'accounts',
          'api_keys',
          'assets',
          'source_versions',
          'units',
          'blobs',
          'unit_search',
        ])
          expect(await count(url, table), table).toBe(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
