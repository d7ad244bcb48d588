import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobCorruptError, BlobTooLargeError } from '../../../service/store/blobs';
import { openDatabase } from '../../../service/store/database';
import { DataFolderInUseError } from '../../../service/store/lock';
import { MIGRATIONS } from '../../../service/store/migrations';
import type { LibraryRow } from '../../../service/store/contract';
import { Store } from '../../../service/store/store';
import { searchParts } from '../../../service/store/postgres';
import { tempDir } from '../helpers';
import {
  chunks,
  extractionOf,
  havePostgres,
  newAsset,
  openEngine,
  stopTestServer,
  type EngineName,
  type OpenEngine,
} from './engines';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('the SQLite engine', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = await tempDir();
    store = await Store.open(dir);
  });
  afterEach(async () => {
    try {
      store.close();
    } catch {
      /* closed by the test */
    }
    await rm(dir, { recursive: true, force: true });
  });
  /** The store's database itself, for what no store method shows. */
  const db = () => Store.databaseForTests(store);

  describe('the SQLite database', () => {
    it('runs in WAL mode with foreign keys on and every migration recorded', () => {
      expect(db().prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(db().prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
      const versions = db().prepare('SELECT version FROM schema_migrations ORDER BY version').all();
      expect(versions).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
    });

    it('applies migrations once: reopening changes nothing', async () => {
      store.close();
      store = await Store.open(dir);
      const n = db().prepare('SELECT count(*) AS n FROM schema_migrations').get() as { n: number };
      expect(n.n).toBe(MIGRATIONS.length);
    });

    it('refuses a data folder written by a newer schema', () => {
      store.close();
      const db = openDatabase(join(dir, 'service.db'));
      db.prepare("INSERT INTO schema_migrations VALUES (999, 'future', 'now')").run();
      db.close();
      expect(() => openDatabase(join(dir, 'service.db'))).toThrow(/newer version/);
    });

    it('rolls a failed migration back whole', () => {
      store.close();
      const broken = [
        ...MIGRATIONS,
        {
          version: MIGRATIONS.length + 1,
          name: 'broken',
          sql: 'CREATE TABLE t2 (a); SELECT nonsense FROM nowhere;',
        },
      ];
      expect(() => openDatabase(join(dir, 'service.db'), broken)).toThrow();
      const db = openDatabase(join(dir, 'service.db'));
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 't2'").get()).toBeUndefined();
      db.close();
    });

    it('upgrades a schema-1 data folder in place, keeping its rows', () => {
      store.close();
      const file = join(dir, 'upgrade.db');
      const v1 = openDatabase(file, MIGRATIONS.slice(0, 1));
      v1.prepare("INSERT INTO accounts VALUES ('acct_1', 'then')").run();
      v1.close();
      const db = openDatabase(file);
      expect(db.prepare('SELECT id FROM accounts').all()).toEqual([{ id: 'acct_1' }]);
      const columns = (table: string) =>
        (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map(
          (c) => c.name,
        );
      expect(columns('representations')).toContain('sheets_json');
      expect(columns('figures')).toEqual(expect.arrayContaining(['span_start', 'span_end']));
      const triggers = db.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'figures'",
      );
      expect(triggers.all()).toEqual(
        expect.arrayContaining([{ name: 'figures_no_update' }, { name: 'figures_no_delete' }]),
      );
      db.close();
    });

    it('refuses to upgrade a schema-1 store holding figures it could not carry, and loses nothing', () => {
      store.close();
      const file = join(dir, 'upgrade.db');
      const v1 = openDatabase(file, MIGRATIONS.slice(0, 1));
      v1.exec(`PRAGMA foreign_keys = OFF;
        INSERT INTO figures VALUES ('u', 0, '1', 1, 1, 1, 1, NULL, 'none', 0, 0, '{}');`);
      v1.close();
      expect(() => openDatabase(file)).toThrow(/CHECK/);
      const again = openDatabase(file, MIGRATIONS.slice(0, 1));
      expect(again.prepare('SELECT count(*) AS n FROM figures').get()).toEqual({ n: 1 });
      again.close();
    });
  });

  describe('the SQLite blob store', () => {
    it('discards staged bytes without a trace', async () => {
      const staged = await store.blobs.stage(chunks('bye'), 100);
      await store.blobs.discard(staged);
      expect(readdirSync(store.blobs.tmpDir)).toEqual([]);
      expect(await store.blobs.list()).toEqual([]);
    });

    it('detects bytes that no longer match their hash', async () => {
      const staged = await store.blobs.stage(chunks('hello'), 100);
      await store.blobs.commit(staged);
      writeFileSync(store.blobs.pathOf(staged.sha256), 'jello');
      await expect(store.blobs.read(staged.sha256)).rejects.toBeInstanceOf(BlobCorruptError);
      expect(await store.blobs.verify(staged.sha256)).toBe(false);
    });

    it('refuses a path that is not a sha256', () => {
      expect(() => store.blobs.pathOf('../../etc/passwd')).toThrow();
    });
  });

  describe('opening a data folder', () => {
    it('removes interrupted uploads and unreferenced blobs, keeps referenced ones', async () => {
      const account = await store.createAccount();
      const kept = await store.blobs.stage(chunks('kept'), 100);
      await store.blobs.commit(kept);
      await store.insertAsset({ ...newAsset(kept.sha256, account), byte_length: 4 }, false);
      const orphan = await store.blobs.stage(chunks('orphan'), 100);
      await store.blobs.commit(orphan);
      await store.blobs.stage(chunks('half an upl'), 100); // never committed
      store.close();

      store = await Store.open(dir);
      expect(await store.blobs.list()).toEqual([kept.sha256]);
      expect(readdirSync(store.blobs.tmpDir)).toEqual([]);
    });

    it('is refused while another live holder has it, and opens once that holder is gone', async () => {
      await expect(Store.open(dir)).rejects.toBeInstanceOf(DataFolderInUseError);
      store.close();
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'service.lock'), '999999999'); // an earlier version's pid-file lock
      store = await Store.open(dir);
      expect(existsSync(join(dir, 'service.lock.db'))).toBe(true);
      expect(existsSync(join(dir, 'service.lock'))).toBe(false);
    });
  });
});

const ENGINES: { name: EngineName; available: boolean }[] = [
  { name: 'sqlite', available: true },
  { name: 'postgresql', available: havePostgres },
];

afterAll(stopTestServer);

describe.each(ENGINES)('the store contract on $name', ({ name, available }) => {
  let engine: OpenEngine;
  beforeEach(async () => {
    if (available) engine = await openEngine(name);
  });
  afterEach(async () => {
    await engine?.close();
  });

  describe.skipIf(!available)(available ? 'runs' : 'skipped: PostgreSQL (initdb) not installed', () => {
    const store = () => engine.store;

    it('enforces foreign keys', async () => {
      await expect(store().insertAsset(newAsset(sha('hello'), 'acct_nobody'), false)).rejects.toThrow(
        /foreign key/i,
      );
    });

    it('keeps source versions, representations, units and figures immutable', async () => {
      const account = await store().createAccount();
      const { sourceVersion } = await store().insertAsset(newAsset(sha('hello'), account), true);
      const rep = await store().publishRepresentation(sourceVersion!.id, 'v1', extractionOf(['cost 12']));
      const sv = sourceVersion!.id;
      for (const sql of [
        `UPDATE source_versions SET title = 'x' WHERE id = '${sv}'`,
        `DELETE FROM source_versions WHERE id = '${sv}'`,
        `UPDATE representations SET reason = 'x' WHERE id = '${rep}'`,
        `DELETE FROM representations WHERE id = '${rep}'`,
        `UPDATE units SET markdown = 'x' WHERE representation_id = '${rep}'`,
        `DELETE FROM units WHERE representation_id = '${rep}'`,
        `UPDATE figures SET raw = 'x'`,
        `DELETE FROM figures`,
      ])
        await expect(engine.exec(sql), sql).rejects.toThrow(/immutable/);
      expect(await engine.count('figures')).toBe(1);
    });

    it('rolls back the asset when its registration fails in the same transaction', async () => {
      const account = await store().createAccount();
      await engine.failInsertsInto('source_versions');
      await expect(store().insertAsset(newAsset(sha('hello'), account), true)).rejects.toThrow(/boom/);
      expect(await engine.count('assets')).toBe(0);
    });

    it('a new key belongs to a new account and resolves to it', async () => {
      const a = await store().createKey('a');
      const b = await store().createKey('b');
      expect(a.accountId).not.toBe(b.accountId);
      expect(a.accountId).toMatch(/^acct_[a-z2-7]{24}$/);
      expect(await store().accountForKey(a.key)).toBe(a.accountId);
      expect(await store().accountForKey(a.key + 'x')).toBeNull();
    });

    it('can add a key to an existing account, and refuses an unknown one', async () => {
      const a = await store().createKey('a');
      expect((await store().createKey('second', a.accountId)).accountId).toBe(a.accountId);
      await expect(store().createKey('x', 'acct_missing')).rejects.toThrow(/no account/);
      expect(await store().localAccount()).toBe('acct_local');
      expect(await store().localAccount()).toBe('acct_local');
    });

    it('stages, commits and reads back bytes under their hash', async () => {
      const staged = await store().blobs.stage(chunks('hel', 'lo'), 100);
      expect(staged.sha256).toBe(sha('hello'));
      expect(await store().blobs.has(staged.sha256)).toBe(false);
      await store().blobs.commit(staged);
      expect((await store().blobs.read(staged.sha256)).toString()).toBe('hello');
      await store().blobs.discard(staged);
      expect(readdirSync(store().blobs.tmpDir)).toEqual([]);
    });

    it('stops at the ceiling and leaves nothing behind', async () => {
      await expect(store().blobs.stage(chunks('12345', '6'), 5)).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(readdirSync(store().blobs.tmpDir)).toEqual([]);
    });

    it('detects bytes that no longer match their hash', async () => {
      const staged = await store().blobs.stage(chunks('hello'), 100);
      await store().blobs.commit(staged);
      await engine.corruptBlob(staged.sha256, 'jello');
      await expect(store().blobs.read(staged.sha256)).rejects.toBeInstanceOf(BlobCorruptError);
    });

    it('registers the same bytes of the same asset once', async () => {
      const account = await store().createAccount();
      const { asset, sourceVersion } = await store().insertAsset(newAsset(sha('hello'), account), true);
      const again = await store().registerSourceVersion(asset);
      expect(again).toEqual(sourceVersion);
      expect(sourceVersion!.id).toMatch(/^sv_[a-z2-7]{24}$/);
      expect(sourceVersion!.registered_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await store().findSourceVersion(account, sourceVersion!.id)).toEqual(sourceVersion);
      expect(await store().findAsset(account, asset.id)).toEqual(asset);
      const other = await store().createAccount();
      expect(await store().findSourceVersion(other, sourceVersion!.id)).toBeNull();
      expect(await store().findAsset(other, asset.id)).toBeNull();
    });

    it('publishes a representation once, loads it, lists it, and indexes only the newest', async () => {
      const account = await store().createAccount();
      const { sourceVersion } = await store().insertAsset(
        { ...newAsset(sha('report'), account), title: 'Annual report' },
        true,
      );
      const sv = sourceVersion!.id;
      expect(await store().findPublishedRepresentation(sv, 'v1')).toBeNull();
      const first = await store().publishRepresentation(
        sv,
        'v1',
        extractionOf(['old wording 12', 'page two']),
      );
      expect(await store().publishRepresentation(sv, 'v1', extractionOf(['ignored']))).toBe(first);
      expect(await store().findPublishedRepresentation(sv, 'v1')).toBe(first);
      const loaded = await store().loadRepresentation(account, first);
      expect(loaded?.units.map((u) => [u.index, u.markdown, u.figures.length])).toEqual([
        [1, 'old wording 12', 1],
        [2, 'page two', 0],
      ]);
      expect(loaded?.units[0]!.figures[0]).toMatchObject({
        raw: '12',
        value: 12,
        span: { start: 12, end: 14 },
      });
      const unit = await store().loadUnit(first, loaded!.units[0]!.source_unit_id);
      expect(unit).toEqual(loaded!.units[0]);
      expect(await store().isRepresentationOf(sv, first)).toBe(true);
      expect(await store().loadRepresentation(await store().createAccount(), first)).toBeNull();

      const query = (words: string) => ({ phrases: [words.split(' ')], match: 'all' as const });
      expect((await store().searchIndex(account, query('old wording'), {}, 10)).total).toBe(1);
      const second = await store().publishRepresentation(sv, 'v2', extractionOf(['new wording']));
      expect((await store().searchIndex(account, query('old wording'), {}, 10)).total).toBe(0);
      const found = await store().searchIndex(account, query('new wording'), {}, 10);
      expect(found.candidates).toMatchObject([
        {
          source_version_id: sv,
          representation_id: second,
          unit_markdown: 'new wording',
          title: 'Annual report',
        },
      ]);
      const listed = await store().listSourceVersions(account);
      expect(listed).toHaveLength(1);
      expect(listed[0]!.newestRepresentation).toMatchObject({ id: second, unit_count: 1, lost: [] });
      expect(await store().countSearchableSources(account)).toBe(1);
    });

    it('publishes and searches a unit of millions of characters (a large sheet), words found at its end', async () => {
      const account = await store().createAccount();
      const { sourceVersion } = await store().insertAsset(newAsset(sha('big sheet'), account), true);
      // 200,000 distinct words and numbers: far more than one PostgreSQL tsvector (1 MB) can hold.
      const text = Array.from({ length: 200_000 }, (_, i) => `w${i.toString(36)} ${i * 7 + 13}`).join(' | ');
      expect(text.length).toBeGreaterThan(2_500_000);
      const id = await store().publishRepresentation(
        sourceVersion!.id,
        'v1',
        extractionOf([text, 'page two']),
      );
      const loaded = await store().loadRepresentation(account, id);
      expect(loaded?.units[0]?.markdown).toBe(text);
      const query = (words: string) => ({ phrases: [words.split(' ')], match: 'all' as const });
      const last = `w${(199_999).toString(36)}`;
      for (const words of ['w0 13', last, `${last} ${199_999 * 7 + 13}`]) {
        const found = await store().searchIndex(account, query(words), {}, 10);
        expect(found.total, words).toBe(1);
        expect(found.candidates[0]?.unit_id).toBe(loaded?.units[0]?.source_unit_id);
      }
    });

    it('searches phrases, all or any, with the title weighted and the filters applied', async () => {
      const account = await store().createAccount();
      const add = async (
        title: string | null,
        text: string,
        extra: Partial<ReturnType<typeof newAsset>> = {},
      ) => {
        const { sourceVersion } = await store().insertAsset(
          { ...newAsset(sha(title ?? text), account), title, ...extra },
          true,
        );
        await store().publishRepresentation(sourceVersion!.id, 'v1', extractionOf([text]));
        return sourceVersion!.id;
      };
      const inTitle = await add('Tariff schedule', 'the customs duties of the year');
      const inBody = await add('Customs notes', 'a tariff and more words here');
      const accented = await add(null, 'Le café de l’État coûte 3.5 euros', {
        domain: 'news.example.org',
        publication_year: 2020,
        source_type: 'news',
        is_primary_source: 1,
      });
      const search = (phrases: string[][], match: 'all' | 'any', filters = {}) =>
        store().searchIndex(account, { phrases, match }, filters, 10);

      const tariff = await search([['tariff']], 'all');
      expect(tariff.total).toBe(2);
      expect(tariff.candidates.map((c) => c.source_version_id)).toEqual([inTitle, inBody]);
      expect(tariff.candidates[0]!.relevance).toBeGreaterThan(tariff.candidates[1]!.relevance);

      expect(
        (await search([['cafe', 'de', 'l', 'etat']], 'all')).candidates.map((c) => c.source_version_id),
      ).toEqual([accented]);
      expect((await search([['3', '5', 'euros']], 'all')).total).toBe(1);
      const greek = await add('ΑΘΗΝΑ Ξενοδοχεία', 'ΣΤΑΤΙΣΤΙΚΗ ΥΠΗΡΕΣΙΑ');
      expect((await search([['αθηνα']], 'all')).candidates.map((c) => c.source_version_id)).toEqual([greek]);
      expect((await search([['στατιστικη', 'υπηρεσια']], 'all')).total).toBe(1);
      expect((await search([['de', 'cafe']], 'all')).total).toBe(0);
      expect((await search([['tariff'], ['customs']], 'all')).total).toBe(2);
      expect((await search([['tariff'], ['cafe']], 'all')).total).toBe(0);
      expect((await search([['tariff'], ['cafe']], 'any')).total).toBe(3);

      expect((await search([['cafe']], 'all', { domain: ['example.org'] })).total).toBe(1);
      expect((await search([['cafe']], 'all', { domain: ['ample.org'] })).total).toBe(0);
      expect((await search([['cafe']], 'all', { publication_year: { from: 2021 } })).total).toBe(0);
      expect((await search([['cafe']], 'all', { publication_year: { from: 2019, to: 2020 } })).total).toBe(1);
      expect((await search([['cafe']], 'all', { source_type: ['news', 'x'] })).total).toBe(1);
      expect((await search([['cafe']], 'all', { is_primary_source: false })).total).toBe(0);
      expect((await search([['tariff']], 'all', { is_primary_source: true })).total).toBe(0);
      const other = await store().createAccount();
      expect((await store().searchIndex(other, { phrases: [['tariff']], match: 'all' }, {}, 10)).total).toBe(
        0,
      );
    });

    it('counts every matching source unless the caller reads only the best ones', async () => {
      const account = await store().createAccount();
      for (let i = 0; i < 25; i++) {
        const { sourceVersion } = await store().insertAsset(newAsset(sha(`tariff ${i}`), account), true);
        await store().publishRepresentation(sourceVersion!.id, 'v1', extractionOf([`tariff note ${i}`]));
      }
      const query = { phrases: [['tariff']], match: 'all' as const };
      // One result asked: the first window of 20 units holds more sources than the 3 ranked.
      const exact = await store().searchIndex(account, query, {}, 1);
      expect(exact.total).toBe(25);
      const bound = await store().searchIndex(account, query, {}, 1, false);
      expect(bound.candidates.map((c) => c.source_version_id)).toEqual(
        exact.candidates.map((c) => c.source_version_id),
      );
      expect(bound.total).toBeGreaterThanOrEqual(bound.candidates.length);
      expect(bound.total).toBeLessThanOrEqual(25);
      // SQLite counts the matches in a second pass over the index: skipped, it answers the sources found.
      if (name === 'sqlite') expect(bound.total).toBeLessThan(25);
    });

    it('removes a whole source version, its index rows, its asset, and then its bytes', async () => {
      const account = await store().createAccount();
      const staged = await store().blobs.stage(chunks('hello'), 100);
      await store().blobs.commit(staged);
      const { sourceVersion } = await store().insertAsset(newAsset(staged.sha256, account), true);
      await store().blobs.discard(staged);
      await store().publishRepresentation(sourceVersion!.id, 'v1', extractionOf(['cost 12']));
      expect(await store().removeSourceVersion(await store().createAccount(), sourceVersion!.id)).toBe(false);
      expect(await store().removeSourceVersion(account, sourceVersion!.id)).toBe(true);
      for (const table of ['source_versions', 'representations', 'units', 'figures', 'assets', 'unit_search'])
        expect(await engine.count(table), table).toBe(0);
      expect(await store().blobs.has(staged.sha256)).toBe(false);
      expect(await store().removeSourceVersion(account, sourceVersion!.id)).toBe(false);
    });

    it('rate-limits a bucket to its tokens a minute', async () => {
      const limit = store().rateLimiter(2);
      expect(await limit.take('k')).toBe(0);
      expect(await limit.take('k')).toBe(0);
      const wait = await limit.take('k');
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(30);
      expect(await limit.take('other')).toBe(0);
      expect(() => store().rateLimiter(0)).toThrow(/whole number/);
    });

    it('exports what it holds and refuses an import into a library that has an account', async () => {
      await store().createKey('a');
      const rows: LibraryRow[] = [];
      for await (const row of store().exportRows()) rows.push(row);
      expect(rows.map((r) => r.table)).toEqual(['accounts', 'api_keys']);
      const again = async function* () {
        yield* rows;
      };
      await expect(store().importRows(again(), () => Promise.reject(new Error('unused')))).rejects.toThrow(
        /already holds an account/,
      );
      expect(await engine.count('accounts')).toBe(1);
    });
  });
});

describe('searchParts (PostgreSQL: a unit indexed in parts a tsvector can hold)', () => {
  it('keeps a short text whole, cuts a long one at white space, loses and adds nothing', () => {
    expect(searchParts('short text', 100)).toEqual(['short text']);
    const text = Array.from({ length: 50 }, (_, i) => `word${i}`).join(' ');
    const parts = searchParts(text, 40);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(40);
    // Every cut falls before a space, so no word is split.
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
  });

  it('cuts a text without spaces at the limit, never inside a surrogate pair', () => {
    const text = 'a'.repeat(39) + '😀' + 'b'.repeat(50);
    const parts = searchParts(text, 40);
    expect(parts.join('')).toBe(text);
    expect(parts[0]).toBe('a'.repeat(39));
    expect(parts[1]?.startsWith('😀')).toBe(true);
  });
});
