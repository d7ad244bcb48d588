import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobCorruptError, BlobTooLargeError } from '../../../service/store/blobs';
import { openDatabase } from '../../../service/store/database';
import { DataFolderInUseError } from '../../../service/store/lock';
import { MIGRATIONS } from '../../../service/store/migrations';
import { Store } from '../../../service/store/store';
import { tempDir } from '../helpers';

async function* chunks(...parts: string[]) {
  for (const p of parts) yield Buffer.from(p);
}
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

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

function newAsset(sha256: string, accountId: string) {
  return {
    account_id: accountId,
    sha256,
    byte_length: 5,
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

/** The store's database itself, for what no store method shows. */
const db = () => Store.databaseForTests(store);

describe('database', () => {
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

  it('enforces foreign keys', async () => {
    await expect(store.insertAsset(newAsset(sha('hello'), 'acct_nobody'), false)).rejects.toThrow(
      /FOREIGN KEY/,
    );
  });

  it('keeps source versions immutable', async () => {
    const account = await store.createAccount();
    const { sourceVersion } = await store.insertAsset(newAsset(sha('hello'), account), true);
    expect(() =>
      db().prepare("UPDATE source_versions SET title = 'x' WHERE id = ?").run(sourceVersion!.id),
    ).toThrow(/immutable/);
    expect(() => db().prepare('DELETE FROM source_versions WHERE id = ?').run(sourceVersion!.id)).toThrow(
      /immutable/,
    );
  });

  it('rolls back the asset when its registration fails in the same transaction', async () => {
    const account = await store.createAccount();
    db().exec(
      "CREATE TEMP TRIGGER fail_sv BEFORE INSERT ON source_versions BEGIN SELECT RAISE(ABORT, 'boom'); END",
    );
    await expect(store.insertAsset(newAsset(sha('hello'), account), true)).rejects.toThrow(/boom/);
    expect(db().prepare('SELECT count(*) AS n FROM assets').get()).toEqual({ n: 0 });
  });
});

describe('keys', () => {
  it('a new key belongs to a new account and resolves to it', async () => {
    const a = await store.createKey('a');
    const b = await store.createKey('b');
    expect(a.accountId).not.toBe(b.accountId);
    expect(await store.accountForKey(a.key)).toBe(a.accountId);
    expect(await store.accountForKey(a.key + 'x')).toBeNull();
  });

  it('can add a key to an existing account, and refuses an unknown one', async () => {
    const a = await store.createKey('a');
    expect((await store.createKey('second', a.accountId)).accountId).toBe(a.accountId);
    await expect(store.createKey('x', 'acct_missing')).rejects.toThrow(/no account/);
  });
});

describe('blob store', () => {
  it('stages, commits and reads back bytes under their hash', async () => {
    const staged = await store.blobs.stage(chunks('hel', 'lo'), 100);
    expect(staged.sha256).toBe(sha('hello'));
    expect(await store.blobs.has(staged.sha256)).toBe(false);
    await store.blobs.commit(staged);
    expect((await store.blobs.read(staged.sha256)).toString()).toBe('hello');
    expect(readdirSync(store.blobs.tmpDir)).toEqual([]);
  });

  it('discards staged bytes without a trace', async () => {
    const staged = await store.blobs.stage(chunks('bye'), 100);
    await store.blobs.discard(staged);
    expect(readdirSync(store.blobs.tmpDir)).toEqual([]);
    expect(await store.blobs.list()).toEqual([]);
  });

  it('stops at the ceiling and leaves nothing behind', async () => {
    await expect(store.blobs.stage(chunks('12345', '6'), 5)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(readdirSync(store.blobs.tmpDir)).toEqual([]);
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
