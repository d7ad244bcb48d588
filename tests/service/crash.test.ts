import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceVersion, UploadResponse } from '../../shared/api';
import { Store } from '../../service/store/store';
import { tempDir } from './helpers';
import { runCli, startServiceProcess, type ServiceProcess } from './process';

/**
 * kill -9 in the middle of uploads and registrations, then start again: no orphaned rows, no partial
 * blob served, every stored blob matches its hash, and every upload that was answered 201 is still there.
 */

const BOUNDARY = 'crashtestboundary';

/** Sends a multipart form slowly (chunked), so the service can be killed while it is reading it. */
function slowForm(
  baseUrl: string,
  path: string,
  key: string,
  fields: Record<string, string>,
  content: Buffer,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (e) => resolve({ error: e.message }));
    });
    req.on('error', (e) => resolve({ error: e.message }));
    for (const [name, value] of Object.entries(fields)) {
      req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\n\r\n`);
    let offset = 0;
    const step = 64 * 1024;
    const pump = () => {
      if (req.destroyed) return;
      if (offset >= content.length) {
        req.end(`\r\n--${BOUNDARY}--\r\n`);
        return;
      }
      req.write(content.subarray(offset, offset + step));
      offset += step;
      setTimeout(pump, 20);
    };
    pump();
  });
}

let dir: string;
let key: string;
let svc: ServiceProcess | undefined;
/** Every upload the service acknowledged: it must survive any crash after the acknowledgement. */
const acknowledged: { assetId: string; sha256: string; sourceVersionId?: string }[] = [];

beforeAll(async () => {
  dir = await tempDir('ew-crash-');
  key = runCli(['keys', 'create', '--label', 'crash', '--data', dir]).stdout.trim();
});
afterAll(async () => {
  await svc?.stop('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function checkInvariants() {
  const store = await Store.open(dir);
  const db = Store.databaseForTests(store);
  try {
    const assets = db.prepare('SELECT id, sha256, byte_length FROM assets').all() as {
      id: string;
      sha256: string;
      byte_length: number;
    }[];
    const blobs = await store.blobs.list();
    // Every row names bytes that are there and match their hash; every blob is named by a row.
    for (const a of assets) {
      expect(blobs).toContain(a.sha256);
      expect(await store.blobs.verify(a.sha256)).toBe(true);
    }
    expect(new Set(blobs)).toEqual(new Set(assets.map((a) => a.sha256)));
    // No source version without its asset (foreign keys hold), and no partial uploads left behind.
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
    for (const ack of acknowledged) expect(assets.map((a) => a.id)).toContain(ack.assetId);
  } finally {
    store.close();
  }
}

describe('kill -9 during uploads and registrations', () => {
  for (const round of [1, 2, 3]) {
    it(`round ${round}: the store is consistent after the crash`, async () => {
      svc = await startServiceProcess(['--data', dir]);
      const baseUrl = svc.baseUrl;

      // A finished upload with its registration, acknowledged before the crash.
      const done = randomBytes(200_000);
      const up = await slowForm(baseUrl, '/api/v1/assets', key, {}, done);
      expect('status' in up && up.status).toBe(201);
      const asset = UploadResponse.parse(JSON.parse((up as { body: string }).body));
      const reg = await slowForm(baseUrl, '/api/v2/sources', key, { assetId: asset.asset_id }, done);
      expect('status' in reg && reg.status).toBe(201);
      acknowledged.push({
        assetId: asset.asset_id,
        sha256: asset.sha256,
        sourceVersionId: SourceVersion.parse(JSON.parse((reg as { body: string }).body)).sourceVersionId,
      });

      // Several in flight when the process dies: uploads with and without retain, and a registration.
      const inflight = [
        slowForm(baseUrl, '/api/v1/assets', key, {}, randomBytes(3_000_000)),
        slowForm(baseUrl, '/api/v1/assets', key, { retain: 'true' }, randomBytes(2_000_000)),
        slowForm(baseUrl, '/api/v1/assets', key, {}, randomBytes(100_000 * round)),
        slowForm(baseUrl, '/api/v2/sources', key, { assetId: asset.asset_id }, done),
      ];
      await new Promise((r) => setTimeout(r, 150 + 120 * round));
      await svc.stop('SIGKILL');
      const outcomes = await Promise.all(inflight);
      // Whatever was answered 201 before the kill must have survived it.
      for (const o of outcomes) {
        if ('status' in o && o.status === 201) {
          const body = JSON.parse(o.body) as { asset_id?: string; sha256?: string };
          if (body.asset_id && body.sha256)
            acknowledged.push({ assetId: body.asset_id, sha256: body.sha256 });
        }
      }
      expect(outcomes.some((o) => 'error' in o)).toBe(true); // the kill really interrupted something
      await checkInvariants();
    });
  }

  it('after the crashes, every acknowledged source version serves exactly its bytes', async () => {
    svc = await startServiceProcess(['--data', dir]);
    for (const ack of acknowledged.filter((a) => a.sourceVersionId)) {
      const res = await fetch(`${svc.baseUrl}/api/v2/sources/${ack.sourceVersionId}/content`, {
        headers: { 'x-api-key': key },
      });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(ack.sha256);
    }
    await svc.stop();
  });
});
