import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SourceList, UploadResponse } from '../../shared/api';
import { buildServer } from '../../service/http/server';
import { Store } from '../../service/store/store';
import { testPostgres } from '../support/postgres';
import { multipart, tempDir, filesOf } from './helpers';
import { cliArgs, startServiceProcess } from './process';

// The CLI on PostgreSQL, in real child processes against the run's server (tests/support/postgres.ts):
// migrate, keys create, serving, and a library moved SQLite → PostgreSQL → SQLite with ids kept and every
// blob verified. Skipped, saying so, where PostgreSQL is not installed.

const ROOT = new URL('../../', import.meta.url).pathname;
const server = await testPostgres();

const CSV = 'Item,2023,2024\nRevenue,"1,000","1,120"\nMargin,12.5%,13.1%\n';
const TEXT = 'Revenue rose 12% to $1.12bn in 2024.\n';
const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, cliArgs(args), {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const blobsOf = async (dir: string) =>
  Object.entries(await filesOf(dir))
    .filter(([path]) => path.startsWith('blobs/'))
    .sort();
const rowsOf = async (dir: string) =>
  (await readFile(join(dir, 'rows.ndjson'), 'utf8')).split('\n').filter(Boolean).sort();

describe.skipIf(!server)('npm run service on PostgreSQL (skipped when PostgreSQL is not installed)', () => {
  let work: string;
  beforeAll(async () => {
    work = await tempDir('ew-cli-pg-');
  });
  afterAll(async () => {
    await server?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('migrate applies the schema once, then says it is current; the service refuses an unmigrated one', async () => {
    const url = await server!.createDatabase();
    await expect(startServiceProcess(['--database', url])).rejects.toThrow(/migrate/);

    const first = cli(['migrate', '--database', url]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^schema 0 → [1-9]\d*\n$/);
    const again = cli(['migrate', '--database', url]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/^schema (\d+) → \1 \(already current\)\n$/);
  });

  it('keys create on PostgreSQL; a service started with --database accepts the key: upload and list', async () => {
    const url = await server!.createDatabase();
    expect(cli(['migrate', '--database', url]).status).toBe(0);
    const made = cli(['keys', 'create', '--label', 'desk', '--database', url]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^ewk_[A-Za-z0-9_-]{43}\n$/);
    const key = made.stdout.trim();

    const svc = await startServiceProcess(['--database', url]);
    try {
      const form = new FormData();
      form.set('retain', 'true');
      form.set('file', new Blob([CSV], { type: 'text/csv' }), 'table.csv');
      const up = await fetch(`${svc.baseUrl}/api/v1/assets`, {
        method: 'POST',
        headers: { 'x-api-key': key },
        body: form,
      });
      expect(up.status).toBe(201);
      const asset = UploadResponse.parse(await up.json());
      expect(asset.sha256).toBe(sha(CSV));

      const list = await fetch(`${svc.baseUrl}/api/v2/sources`, { headers: { 'x-api-key': key } });
      expect(list.status).toBe(200);
      const sources = SourceList.parse(await list.json()).sources;
      expect(sources.map((s) => s.sourceVersionId)).toEqual([asset.source_version_id]);

      const stranger = await fetch(`${svc.baseUrl}/api/v2/sources`, { headers: { 'x-api-key': 'ewk_nope' } });
      expect(stranger.status).toBe(401);
    } finally {
      await svc.stop();
    }
  });

  it('DATABASE_URL may hold the password (the environment), and nothing prints it', async () => {
    const url = new URL(await server!.createDatabase());
    url.password = 'hunter2-secret';
    const env = { DATABASE_URL: url.toString() };
    const migrated = cli(['migrate'], env);
    expect(migrated.status, migrated.stderr).toBe(0);
    const made = cli(['keys', 'create', '--label', 'from env'], env);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^ewk_/);
    for (const r of [migrated, made]) expect(r.stdout + r.stderr).not.toContain('hunter2');

    // A service started from the environment alone names its database without the password.
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = url.toString();
    try {
      const svc = await startServiceProcess([]);
      try {
        const ok = await fetch(`${svc.baseUrl}/api/v2/sources`, {
          headers: { 'x-api-key': made.stdout.trim() },
        });
        expect(ok.status).toBe(200);
        // stderr is another pipe than the listening line's: wait for it rather than assume its order.
        await vi.waitFor(() =>
          expect(svc.stderr()).toMatch(/^serving database postgres:\/\/postgres@127\.0\.0\.1:\d+\//m),
        );
        expect(svc.stderr()).not.toContain('hunter2');
      } finally {
        await svc.stop();
      }
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }

    const unreachable = new URL(url);
    unreachable.port = '1';
    const failed = cli(['migrate'], { DATABASE_URL: unreachable.toString() });
    expect(failed.status).toBe(1);
    expect(failed.stdout + failed.stderr).not.toContain('hunter2');
  });

  it('a password from PGPASSWORD or a pgpass file opens a database that asks for one; a wrong one is refused, unprinted', async () => {
    const url = await server!.roleWithPassword('newsroom_desk', 'c0rrect-h0rse');
    const home = await tempDir('ew-pgpass-');
    try {
      const { hostname, port, pathname } = new URL(url);
      const pgpass = join(home, '.pgpass');
      await writeFile(pgpass, `${hostname}:${port}:${pathname.slice(1)}:newsroom_desk:c0rrect-h0rse\n`, {
        mode: 0o600,
      });
      // The environment's password.
      const migrated = cli(['migrate', '--database', url], { PGPASSWORD: 'c0rrect-h0rse' });
      expect(migrated.status, migrated.stderr).toBe(0);
      // The pgpass file's (pg reads $HOME/.pgpass when no password is given and PGPASSWORD is not set).
      const made = cli(['keys', 'create', '--label', 'desk', '--database', url], { HOME: home });
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/^ewk_/);
      // No password at all, or a wrong one: refused, and the wrong one never printed.
      const none = cli(['migrate', '--database', url], { HOME: await tempDir('ew-nopass-') });
      expect(none.status).toBe(1);
      const wrong = cli(['migrate', '--database', url], { PGPASSWORD: 'wr0ng-battery' });
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toMatch(/password authentication failed/);
      expect(wrong.stdout + wrong.stderr).not.toContain('wr0ng-battery');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  describe('moving a library: SQLite → PostgreSQL → SQLite', () => {
    let dataDir: string;
    let fromSqlite: string;
    let fromPostgres: string;
    let url: string;
    let keyOfFirstAccount: string;

    beforeAll(async () => {
      // An embedded library: two accounts, the same bytes in both, a note, and an extraction.
      dataDir = join(work, 'embedded');
      const store = await Store.open(dataDir);
      const app = await buildServer({ store });
      try {
        const first = await store.createKey('first');
        const second = await store.createKey('second');
        keyOfFirstAccount = first.key;
        const send = async (key: string, content: string, filename: string, retain: boolean) => {
          const form = multipart([
            ...(retain ? [{ name: 'retain', value: 'true' }] : []),
            { name: 'file', filename, content },
          ]);
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/assets',
            headers: { 'x-api-key': key, 'content-type': form.contentType },
            payload: form.body,
          });
          expect(res.statusCode).toBe(201);
          return UploadResponse.parse(res.json());
        };
        const table = await send(first.key, CSV, 'table.csv', true);
        await send(second.key, CSV, 'theirs.csv', true);
        await send(first.key, TEXT, 'note.txt', false);
        const published = await app.inject({
          method: 'POST',
          url: `/api/v2/sources/${table.source_version_id}/representations`,
          headers: { 'x-api-key': first.key },
        });
        expect(published.statusCode).toBe(201);
      } finally {
        await app.close();
        store.close();
      }
      url = await server!.createDatabase();
      fromSqlite = join(work, 'from-sqlite');
      fromPostgres = join(work, 'from-postgres');
    });

    it('export --data, import --database, export --database: rows identical, every blob verified', async () => {
      const exported = cli(['export', '--data', dataDir, '--to', fromSqlite]);
      expect(exported.status, exported.stderr).toBe(0);
      expect(exported.stdout).toMatch(
        /^exported 2 accounts, 2 api_keys, 3 assets, 2 source_versions, 1 representations, \d+ units, \d+ figures, 2 blobs to /,
      );
      expect(exported.stderr).toMatch(/^export: /m);
      const manifest = JSON.parse(await readFile(join(fromSqlite, 'manifest.json'), 'utf8')) as {
        schema: { engine: string };
        app_version: string;
      };
      expect(manifest).toMatchObject({
        format: 'evidence-library',
        version: 1,
        schema: { engine: 'sqlite' },
      });
      expect(manifest.app_version).toMatch(/^\d+\.\d+\.\d+/);

      expect(cli(['migrate', '--database', url]).status).toBe(0);
      const imported = cli(['import', '--database', url, '--from', fromSqlite]);
      expect(imported.status, imported.stderr).toBe(0);
      expect(imported.stdout).toMatch(
        /^imported 2 accounts, 2 api_keys, 3 assets, 2 source_versions, 1 representations/,
      );

      const again = cli(['export', '--database', url, '--to', fromPostgres]);
      expect(again.status, again.stderr).toBe(0);
      expect(await rowsOf(fromPostgres)).toEqual(await rowsOf(fromSqlite));
      const blobs = await blobsOf(fromPostgres);
      expect(blobs).toEqual(await blobsOf(fromSqlite));
      expect(blobs.map(([path]) => path)).toEqual(
        [sha(CSV), sha(TEXT)].map((h) => `blobs/${h.slice(0, 2)}/${h}`).sort(),
      );
      for (const [path, hash] of blobs) expect(path.endsWith(`/${hash}`)).toBe(true);
      const second = JSON.parse(await readFile(join(fromPostgres, 'manifest.json'), 'utf8')) as {
        schema: { engine: string };
      };
      expect(second.schema.engine).toBe('postgresql');
    });

    it('the imported library is served from PostgreSQL with the keys it had', async () => {
      const svc = await startServiceProcess(['--database', url]);
      try {
        const list = await fetch(`${svc.baseUrl}/api/v2/sources`, {
          headers: { 'x-api-key': keyOfFirstAccount },
        });
        expect(list.status).toBe(200);
        const sources = SourceList.parse(await list.json()).sources;
        expect(sources.map((s) => s.sourceMetadata.filename)).toEqual(['table.csv']);
      } finally {
        await svc.stop();
      }
    });

    it('import --data: back into an empty SQLite folder, the same rows and blobs', async () => {
      const back = join(work, 'back');
      const imported = cli(['import', '--data', back, '--from', fromPostgres]);
      expect(imported.status, imported.stderr).toBe(0);
      const roundTrip = join(work, 'round-trip');
      expect(cli(['export', '--data', back, '--to', roundTrip]).status).toBe(0);
      expect(await rowsOf(roundTrip)).toEqual(await rowsOf(fromSqlite));
      expect(await blobsOf(roundTrip)).toEqual(await blobsOf(fromSqlite));
    });

    it('refuses an existing target, a library already there, a tampered blob or manifest: nothing written', async () => {
      const before = await filesOf(fromPostgres);
      const over = cli(['export', '--database', url, '--to', fromPostgres]);
      expect(over.status).toBe(1);
      expect(over.stderr).toMatch(/already exists/);
      expect(await filesOf(fromPostgres)).toEqual(before);

      const twice = cli(['import', '--database', url, '--from', fromSqlite]);
      expect(twice.status).toBe(1);

      const empty = await server!.createDatabase();
      expect(cli(['migrate', '--database', empty]).status).toBe(0);
      const blob = join(work, 'tampered-blob');
      await cp(fromSqlite, blob, { recursive: true });
      await writeFile(join(blob, 'blobs', sha(TEXT).slice(0, 2), sha(TEXT)), 'not the note');
      const manifest = join(work, 'tampered-manifest');
      await cp(fromSqlite, manifest, { recursive: true });
      const m = JSON.parse(await readFile(join(manifest, 'manifest.json'), 'utf8')) as {
        counts: Record<string, number>;
      };
      m.counts.units! += 1;
      await writeFile(join(manifest, 'manifest.json'), JSON.stringify(m));
      for (const [from, reason] of [
        [blob, /fails its hash/],
        [manifest, /does not match its manifest/],
      ] as const) {
        const r = cli(['import', '--database', empty, '--from', from]);
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(reason);
      }
      const nothing = join(work, 'nothing');
      const check = cli(['export', '--database', empty, '--to', nothing]);
      expect(check.status, check.stderr).toBe(0);
      expect(check.stdout).toMatch(
        /^exported 0 accounts, 0 api_keys, 0 assets, 0 source_versions, 0 representations, 0 units, 0 figures, 0 blobs/,
      );
      expect(existsSync(`${nothing}.partial`)).toBe(false);
    });
  });
});
