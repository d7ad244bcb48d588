import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceVersion, UploadResponse } from '../../shared/api';
import { PDF_BYTES, tempDir } from './helpers';
import { runCli, startServiceProcess, type ServiceProcess } from './process';

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
