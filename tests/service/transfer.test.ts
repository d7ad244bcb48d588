import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceList, UploadResponse } from '../../shared/api';
import { LIBRARY_TABLES } from '../../service/store/contract';
import { Store } from '../../service/store/store';
import {
  exportLibrary,
  importLibrary,
  LibraryTransferError,
  type LibraryManifest,
} from '../../service/store/transfer';
import { buildServer } from '../../service/http/server';
import { snapshot, startTestService, tempDir, upload, type TestService, filesOf } from './helpers';

// The export folder (service/store/transfer.ts) between two embedded stores: the format, the round trip
// (ids kept, blobs verified) and every refusal leaving nothing written. The same round trip through
// PostgreSQL, with the CLI, is tests/service/cli-postgres.test.ts.

const CSV = 'Item,2023,2024\nRevenue,"1,000","1,120"\nMargin,12.5%,13.1%\n';
const TEXT = 'Revenue rose 12% to $1.12bn in 2024.\n';
const ABOUT = { schema: { engine: 'sqlite' as const, version: 1 }, appVersion: 'test' };
const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

let svc: TestService;
let work: string;
let exported: string;

/** The rows of an export, sorted (an engine may give the rows of one table in another order). */
async function rowsOf(dir: string): Promise<string[]> {
  return (await readFile(join(dir, 'rows.ndjson'), 'utf8')).split('\n').filter(Boolean).sort();
}

async function emptyStore(): Promise<{ dir: string; store: Store }> {
  const dir = await tempDir('ew-import-');
  return { dir, store: await Store.open(dir) };
}

/** A copy of the export with `change` applied, for a refusal test. */
async function tampered(change: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(work, `tampered-${Math.random().toString(36).slice(2)}`);
  await mkdir(dir);
  for (const [path] of Object.entries(await filesOf(exported))) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), await readFile(join(exported, path)));
  }
  await change(dir);
  return dir;
}

beforeAll(async () => {
  work = await tempDir('ew-transfer-');
  svc = await startTestService();
  // Two accounts; the same bytes in both (one blob); an extraction with units and figures.
  const mine = UploadResponse.parse((await upload(svc, CSV, { retain: 'true' }, 'table.csv')).json());
  UploadResponse.parse((await upload(svc, CSV, { retain: 'true' }, 'theirs.csv', svc.otherKey)).json());
  UploadResponse.parse((await upload(svc, TEXT, { title: 'A note' }, 'note.txt')).json());
  const published = await svc.app.inject({
    method: 'POST',
    url: `/api/v2/sources/${mine.source_version_id}/representations`,
    headers: { 'x-api-key': svc.key },
  });
  expect(published.statusCode).toBe(201);
  exported = join(work, 'library');
  await exportLibrary(svc.store, exported, ABOUT);
});
afterAll(async () => {
  await svc?.close();
  await rm(work, { recursive: true, force: true });
});

describe('export', () => {
  it('writes a manifest, the rows in table order and every blob under its hash', async () => {
    const manifest = JSON.parse(await readFile(join(exported, 'manifest.json'), 'utf8')) as LibraryManifest;
    expect(manifest).toMatchObject({
      format: 'evidence-library',
      version: 1,
      schema: { engine: 'sqlite', version: 1 },
      app_version: 'test',
      counts: { accounts: 2, api_keys: 2, assets: 3, source_versions: 2, representations: 1, blobs: 2 },
    });
    expect(manifest.counts.units).toBeGreaterThan(0);
    expect(manifest.counts.figures).toBeGreaterThan(0);
    expect(Date.parse(manifest.exported_at)).not.toBeNaN();

    const lines = (await readFile(join(exported, 'rows.ndjson'), 'utf8')).split('\n').filter(Boolean);
    const tables = lines.map((line) => (JSON.parse(line) as { table: string }).table);
    expect(tables).toEqual(
      [...tables].sort((a, b) => LIBRARY_TABLES.indexOf(a as never) - LIBRARY_TABLES.indexOf(b as never)),
    );
    expect(lines).toHaveLength(LIBRARY_TABLES.reduce((n, table) => n + manifest.counts[table], 0));

    const blobs = Object.entries(await filesOf(exported)).filter(([path]) => path.startsWith('blobs/'));
    expect(blobs.map(([path]) => path).sort()).toEqual(
      [sha(CSV), sha(TEXT)].map((h) => `blobs/${h.slice(0, 2)}/${h}`).sort(),
    );
    for (const [path, hash] of blobs) expect(path.endsWith(hash)).toBe(true);
    expect(existsSync(`${exported}.partial`)).toBe(false);
  });

  it('refuses a folder that exists and is not empty, and changes nothing in it', async () => {
    const before = await filesOf(exported);
    await expect(exportLibrary(svc.store, exported, ABOUT)).rejects.toThrow(/already exists/);
    expect(await filesOf(exported)).toEqual(before);
    expect(existsSync(`${exported}.partial`)).toBe(false);
  });

  it('a failed export (a retained blob that fails its hash) leaves no folder', async () => {
    const other = await startTestService();
    try {
      const up = UploadResponse.parse((await upload(other, TEXT, { retain: 'true' }, 'note.txt')).json());
      await writeFile(other.store.blobs.pathOf(up.sha256), 'rotten bytes');
      const to = join(work, 'failed');
      await expect(exportLibrary(other.store, to, ABOUT)).rejects.toThrow();
      expect(existsSync(to)).toBe(false);
      expect(existsSync(`${to}.partial`)).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('import', () => {
  it('round trip: ids, rows and blobs kept, the keys still work, and a second export is the same', async () => {
    const target = await emptyStore();
    try {
      const counts = await importLibrary(target.store, exported);
      const manifest = JSON.parse(await readFile(join(exported, 'manifest.json'), 'utf8')) as LibraryManifest;
      expect(counts).toEqual(manifest.counts);

      const again = join(work, 'again');
      await exportLibrary(target.store, again, ABOUT);
      expect(await rowsOf(again)).toEqual(await rowsOf(exported));
      const blobs = (files: Record<string, string>) =>
        Object.entries(files).filter(([path]) => path.startsWith('blobs/'));
      expect(blobs(await filesOf(again))).toEqual(blobs(await filesOf(exported)));

      // The same key (only its hash moved) lists the same sources, served from the imported store.
      const app = await buildServer({ store: target.store });
      try {
        const list = (store: 'source' | 'target') =>
          (store === 'source' ? svc.app : app).inject({
            method: 'GET',
            url: '/api/v2/sources',
            headers: { 'x-api-key': svc.key },
          });
        const theirs = SourceList.parse((await list('target')).json());
        expect(theirs.sources.length).toBe(1);
        expect(theirs).toEqual(SourceList.parse((await list('source')).json()));
      } finally {
        await app.close();
      }
    } finally {
      target.store.close();
      await rm(target.dir, { recursive: true, force: true });
    }
  });

  const refusals: [string, (dir: string) => Promise<void>, RegExp][] = [
    [
      'a blob whose bytes fail their hash',
      async (dir) => writeFile(join(dir, 'blobs', sha(CSV).slice(0, 2), sha(CSV)), CSV + 'tampered'),
      /fails its hash/,
    ],
    [
      'a missing blob',
      async (dir) => rm(join(dir, 'blobs', sha(TEXT).slice(0, 2), sha(TEXT))),
      /lacks the blob/,
    ],
    [
      'a manifest of another format',
      async (dir) => {
        const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
        await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...m, format: 'something-else' }));
      },
      /not an evidence-library export/,
    ],
    [
      'a manifest of an unknown version',
      async (dir) => {
        const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
        await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...m, version: 2 }));
      },
      /version 2/,
    ],
    [
      'counts that do not match the rows',
      async (dir) => {
        const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as LibraryManifest;
        await writeFile(
          join(dir, 'manifest.json'),
          JSON.stringify({ ...m, counts: { ...m.counts, figures: m.counts.figures + 1 } }),
        );
      },
      /does not match its manifest/,
    ],
    [
      'a row dropped from rows.ndjson',
      async (dir) => {
        const lines = (await readFile(join(dir, 'rows.ndjson'), 'utf8')).split('\n').filter(Boolean);
        await writeFile(join(dir, 'rows.ndjson'), lines.slice(0, -1).join('\n') + '\n');
      },
      /does not match its manifest/,
    ],
    ['no manifest', async (dir) => rm(join(dir, 'manifest.json')), /no manifest\.json/],
  ];
  for (const [what, change, message] of refusals)
    it(`refuses ${what}, with nothing written`, async () => {
      const from = await tampered(change);
      const target = await emptyStore();
      try {
        const before = await snapshot(target.store);
        const error = await importLibrary(target.store, from).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LibraryTransferError);
        expect((error as Error).message).toMatch(message);
        expect(await snapshot(target.store)).toEqual(before);
        expect(before.accounts).toBe(0);
      } finally {
        target.store.close();
        await rm(target.dir, { recursive: true, force: true });
      }
    });

  it('refuses a store that already holds a library, with nothing written', async () => {
    const before = await snapshot(svc.store);
    await expect(importLibrary(svc.store, exported)).rejects.toThrow();
    expect(await snapshot(svc.store)).toEqual(before);
  });
});
