import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceVersion, UploadResponse } from '../../shared/api';
import { PDF_BYTES, tempDir } from './helpers';
import { DEFAULT_OCR_MODE, OCR_MODE_IDS, OCR_MODES } from '../../shared/vocabulary/ocr';
import { cliArgs, runCli, startServiceProcess, type ServiceProcess } from './process';

let dir: string;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run service -- keys create', () => {
  it('prints only the new key, one line', () => {
    const r = runCli(['keys', 'create', '--label', 'newsroom', '--data', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ewk_[A-Za-z0-9_-]{43}\n$/);
  });

  it('prints a different key each time', () => {
    const a = runCli(['keys', 'create', '--label', 'a', '--data', dir]).stdout;
    const b = runCli(['keys', 'create', '--label', 'b', '--data', dir]).stdout;
    expect(a).not.toBe(b);
  });

  it('refuses a missing label, an unknown flag and an unknown command with usage (exit 2)', () => {
    for (const args of [
      ['keys', 'create', '--data', dir],
      ['keys', 'create', '--label', 'x', '--colour', 'red', '--data', dir],
      ['keys', 'delete', '--data', dir],
      ['frobnicate', '--data', dir],
      ['--port', '70000', '--data', dir],
      ['--port', 'eighty', '--data', dir],
    ]) {
      const r = runCli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/usage:/);
    }
  });

  it('describes --ocr with every mode of the one table of OCR modes', () => {
    const r = runCli(['--ocr', 'sometimes', '--data', dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`[--ocr ${OCR_MODE_IDS.join('|')}]`);
    for (const id of OCR_MODE_IDS) expect(r.stderr).toContain(`${id}: ${OCR_MODES[id].description}`);
    expect(r.stderr).toContain(`${DEFAULT_OCR_MODE}: ${OCR_MODES[DEFAULT_OCR_MODE].description} (default)`);
  });
});

describe('npm run service: create a key, upload, register and read back over real HTTP', () => {
  let svc: ServiceProcess;
  beforeAll(async () => {
    svc = await startServiceProcess(['--data', dir]);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('serves on 127.0.0.1 and a key made while it runs works at once', async () => {
    expect(svc.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const key = runCli(['keys', 'create', '--label', 'live', '--data', dir]).stdout.trim();

    const form = new FormData();
    form.set('title', 'A report');
    form.set('file', new Blob([PDF_BYTES], { type: 'application/pdf' }), 'report.pdf');
    const up = await fetch(`${svc.baseUrl}/api/v1/assets`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    expect(up.status).toBe(201);
    const asset = UploadResponse.parse(await up.json());

    const reg = new FormData();
    reg.set('assetId', asset.asset_id);
    reg.set('file', new Blob([PDF_BYTES]), 'report.pdf');
    const res = await fetch(`${svc.baseUrl}/api/v2/sources`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: reg,
    });
    expect(res.status).toBe(201);
    const version = SourceVersion.parse(await res.json());
    expect(version.bytesHash).toBe(`sha256:${createHash('sha256').update(PDF_BYTES).digest('hex')}`);

    const content = await fetch(`${svc.baseUrl}/api/v2/sources/${version.sourceVersionId}/content`, {
      headers: { 'x-api-key': key },
    });
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(PDF_BYTES);
  });

  it('a second service on the same data folder is refused', async () => {
    await expect(startServiceProcess(['--data', dir])).rejects.toThrow(/in use by another process/);
  });
});

describe('npm run service: which store (--data DIR, --database URL, DATABASE_URL)', () => {
  const ROOT = new URL('../../', import.meta.url).pathname;
  const withEnv = (args: string[], env: Record<string, string>) => {
    const r = spawnSync(process.execPath, cliArgs(args), {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, ...env },
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('refuses both targets, a password in --database, and a URL that is not PostgreSQL, never printing a password', () => {
    for (const [args, reason] of [
      [['--data', dir, '--database', 'postgres://newsroom@db.example/evidence'], /not both/],
      [['keys', 'create', '--label', 'x', '--data', dir, '--database', 'postgres://u@h/d'], /not both/],
      [['--database', 'postgres://newsroom:s3cret-pw@db.example/evidence'], /PGPASSWORD or a pgpass file/],
      [
        ['migrate', '--database', 'postgresql://newsroom:s3cret-pw@db.example:5432/evidence'],
        /never an argument/,
      ],
      [
        ['keys', 'create', '--label', 'x', '--database', 'postgres://u@h/d?password=s3cret-pw'],
        /never an argument/,
      ],
      [['--database', 'mysql://newsroom:s3cret-pw@db.example/evidence'], /postgres:\/\/ or postgresql:\/\//],
      [['--database', 's3cret-pw'], /postgres:\/\/ or postgresql:\/\//],
      [['postgres://newsroom:s3cret-pw@db.example/evidence'], /unknown command/],
      [['export', '--data', dir], /--to PATH/],
      [['import', '--data', dir], /--from PATH/],
      [['--data', dir, '--to', join(dir, 'x')], /--to goes with export/],
    ] as const) {
      const r = runCli([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(reason);
      expect(r.stderr).toMatch(/usage:/);
      expect(r.stderr, args.join(' ')).not.toContain('s3cret');
    }
  });

  it('DATABASE_URL names the database when no flag does; one that is not PostgreSQL is refused unprinted', () => {
    const r = withEnv(['keys', 'create', '--label', 'x'], { DATABASE_URL: 'mysql://u:s3cret-pw@h/d' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/DATABASE_URL takes a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(r.stderr).not.toContain('s3cret');
    // --data wins over the environment.
    const local = withEnv(['keys', 'create', '--label', 'x', '--data', dir], {
      DATABASE_URL: 'mysql://u:s3cret-pw@h/d',
    });
    expect(local.status).toBe(0);
  });

  it('migrate --data: the embedded engine migrates when it opens', () => {
    const r = runCli(['migrate', '--data', join(dir, 'migrated')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^schema \d+: the embedded engine migrates a data folder whenever it opens it/);
  });

  it('export --data and import --data: a library moved between two data folders; an existing target refused', async () => {
    const source = join(dir, 'moving');
    expect(runCli(['keys', 'create', '--label', 'a', '--data', source]).status).toBe(0);
    const to = join(dir, 'moved');
    const out = runCli(['export', '--data', source, '--to', to]);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^exported 1 accounts, 1 api_keys, 0 assets/);
    expect(JSON.parse(await readFile(join(to, 'manifest.json'), 'utf8'))).toMatchObject({
      format: 'evidence-library',
      version: 1,
      schema: { engine: 'sqlite' },
    });
    const again = runCli(['export', '--data', source, '--to', to]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
    expect(existsSync(`${to}.partial`)).toBe(false);

    const into = runCli(['import', '--data', join(dir, 'imported'), '--from', to]);
    expect(into.status, into.stderr).toBe(0);
    expect(into.stdout).toMatch(/^imported 1 accounts, 1 api_keys, 0 assets/);
    const twice = runCli(['import', '--data', join(dir, 'imported'), '--from', to]);
    expect(twice.status).toBe(1);
  });
});
