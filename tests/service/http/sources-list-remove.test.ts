import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../../service/http/server';
import { ErrorBody, SourceList, SourceRemoval, SourceVersion, UploadResponse } from '../../../shared/api';
import { snapshot, startTestService, upload, type TestService } from '../helpers';

// GET /api/v2/sources and DELETE /api/v2/sources/{id} (local extensions): the list is the registration of
// every source version of the account with how it was last read; a removal takes away the source version
// and everything read from it, all or nothing, and leaves no row or blob that names what is gone.

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const CSV = 'Item,2022,2023\nRevenue,"1,000","1,120"\nCosts,800,850\n';
const TEXT = 'Quarterly bulletin\n\nThe claimant count rose to 1,120 in March, up 12% on the year.\n';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(async () => {
  await svc.close();
});

async function retained(
  content: string,
  filename: string,
  fields: Record<string, string> = {},
  key = svc.key,
) {
  const res = await upload(svc, content, { retain: 'true', ...fields }, filename, key);
  expect(res.statusCode).toBe(201);
  return UploadResponse.parse(res.json());
}

async function publish(sourceVersionId: string, app = svc.app) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v2/sources/${sourceVersionId}/representations`,
    headers: { 'x-api-key': svc.key },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { representation_id: string; units: { source_unit_id: string }[] };
}

async function list(key = svc.key) {
  const res = await svc.app.inject({ method: 'GET', url: '/api/v2/sources', headers: { 'x-api-key': key } });
  expect(res.statusCode).toBe(200);
  return SourceList.parse(res.json()).sources;
}

function remove(id: string, key = svc.key) {
  return svc.app.inject({
    method: 'DELETE',
    url: `/api/v2/sources/${encodeURIComponent(id)}`,
    headers: { 'x-api-key': key },
  });
}

/** Rows that name something no longer there: what a removal must never leave, on either engine. */
async function dangling(): Promise<Record<string, number>> {
  const n = async (sql: string) => Number((await svc.rows<{ n: number | string }>(sql))[0]!.n);
  if (svc.engine === 'sqlite')
    return {
      foreignKeys: (await svc.rows('PRAGMA foreign_key_check')).length,
      searchRows: await n(
        `SELECT count(*) AS n FROM unit_search
         WHERE (rowid >> 20) NOT IN (SELECT s.rowid FROM source_versions s
                                     JOIN representations r ON r.source_version_id = s.id)`,
      ),
      removalMarks: await n('SELECT count(*) AS n FROM source_removals'),
    };
  // PostgreSQL: the same questions of its own schema (a blob hold left behind is its removal mark).
  return {
    foreignKeys: await n(
      `SELECT (SELECT count(*) FROM figures f WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.id = f.unit_id))
            + (SELECT count(*) FROM units u
                 WHERE NOT EXISTS (SELECT 1 FROM representations r WHERE r.id = u.representation_id))
            + (SELECT count(*) FROM representations r
                 WHERE NOT EXISTS (SELECT 1 FROM source_versions s WHERE s.id = r.source_version_id)) AS n`,
    ),
    searchRows: await n(
      `SELECT count(*) AS n FROM unit_search x
       WHERE NOT EXISTS (SELECT 1 FROM representations r
                         WHERE r.id = x.representation_id AND r.source_version_id = x.source_version_id)`,
    ),
    removalMarks: await n('SELECT count(*) AS n FROM blob_holds'),
  };
}

async function assetsWithoutBytes(): Promise<string[]> {
  const rows = await svc.rows<{ sha256: string }>('SELECT DISTINCT sha256 FROM assets');
  const missing: string[] = [];
  for (const { sha256 } of rows) if (!(await svc.store.blobs.has(sha256))) missing.push(sha256);
  return missing;
}

describe('GET /api/v2/sources', () => {
  it('answers an empty list for an account with no source', async () => {
    expect(await list()).toEqual([]);
  });

  it('lists every source version newest first, each as getSource answers it, with how it was read', async () => {
    const first = await retained(CSV, 'revenue.csv', { title: 'Revenue' });
    const second = await retained(TEXT, 'bulletin.txt', { url: 'https://www.ons.gov.uk/b' });
    const rep = await publish(first.source_version_id!);
    const sources = await list();
    expect(sources.map((s) => s.sourceVersionId)).toEqual([
      second.source_version_id,
      first.source_version_id,
    ]);
    for (const listed of sources) {
      const got = await svc.app.inject({
        method: 'GET',
        url: `/api/v2/sources/${listed.sourceVersionId}`,
        headers: { 'x-api-key': svc.key },
      });
      const { newest_representation: _reading, ...registration } = listed;
      expect(registration).toEqual(SourceVersion.parse(got.json()));
    }
    expect(sources[0]?.newest_representation).toBeNull();
    expect(sources[1]?.newest_representation).toEqual({
      representation_id: rep.representation_id,
      state: 'complete',
      code: null,
      reason: null,
      extraction_method: 'spreadsheet_cells',
      unit_count: rep.units.length,
      lost: [],
    });
  });

  it('shows names display-safe, with the stored bytes beside them', async () => {
    const up = await retained(CSV, 'inv\u202Eoice.csv', { title: 'Budget\u200B 2024' });
    const [listed] = await list();
    expect(listed?.sourceVersionId).toBe(up.source_version_id);
    expect(listed?.sourceMetadata.filename).not.toContain('\u202E');
    expect(listed?.sourceMetadata.filename_utf8_hex).toBe(
      Buffer.from('inv\u202Eoice.csv', 'utf8').toString('hex'),
    );
    expect(listed?.sourceMetadata.title).toBe('Budget 2024');
  });

  it('names the newest representation when a source was read twice', async () => {
    const up = await retained(CSV, 'revenue.csv');
    await publish(up.source_version_id!);
    // Another extractor version (OCR off) reads the same bytes into a second representation.
    const other = await buildServer({ store: svc.store, extraction: { ocr: 'off' } });
    try {
      const newer = await publish(up.source_version_id!, other);
      const [listed] = await list();
      expect(listed?.newest_representation?.representation_id).toBe(newer.representation_id);
    } finally {
      await other.close();
    }
  });

  it('lists only the caller’s own sources', async () => {
    await retained(CSV, 'mine.csv');
    await retained(TEXT, 'theirs.txt', {}, svc.otherKey);
    expect((await list()).map((s) => s.sourceMetadata.filename)).toEqual(['mine.csv']);
    expect((await list(svc.otherKey)).map((s) => s.sourceMetadata.filename)).toEqual(['theirs.txt']);
  });
});

describe('DELETE /api/v2/sources/{id}', () => {
  it('removes the source, what was read from it, its asset and its bytes: the store is as before', async () => {
    const kept = await retained(TEXT, 'kept.txt');
    await publish(kept.source_version_id!);
    const before = await snapshot(svc.store);

    const gone = await retained(CSV, 'revenue.csv');
    await publish(gone.source_version_id!);
    expect(await snapshot(svc.store)).not.toEqual(before);

    const res = await remove(gone.source_version_id!);
    expect(res.statusCode).toBe(200);
    expect(SourceRemoval.parse(res.json())).toEqual({ removed: true });
    expect(await snapshot(svc.store)).toEqual(before);
    expect(await svc.store.blobs.has(sha(CSV))).toBe(false);
    expect(await dangling()).toEqual({ foreignKeys: 0, searchRows: 0, removalMarks: 0 });
    expect(await assetsWithoutBytes()).toEqual([]);

    // Gone everywhere: read, content, publication, search; the other source is untouched.
    for (const [method, url] of [
      ['GET', `/api/v2/sources/${gone.source_version_id}`],
      ['GET', `/api/v2/sources/${gone.source_version_id}/content`],
      ['POST', `/api/v2/sources/${gone.source_version_id}/representations`],
      ['DELETE', `/api/v2/sources/${gone.source_version_id}`],
    ] as const) {
      const r = await svc.app.inject({ method, url, headers: { 'x-api-key': svc.key } });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(ErrorBody.parse(r.json()).error.code).toBe('not_found');
    }
    const search = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/sources/search',
      headers: { 'x-api-key': svc.key },
      payload: { query: 'claimant count' },
    });
    expect(JSON.stringify(search.json())).toContain(kept.source_version_id);
    expect((await list()).map((s) => s.sourceVersionId)).toEqual([kept.source_version_id]);
  });

  it('answers 404 for an unknown id and for another account’s source, which stays', async () => {
    const theirs = await retained(CSV, 'theirs.csv', {}, svc.otherKey);
    const before = await snapshot(svc.store);
    for (const id of ['sv_missing', theirs.source_version_id!, theirs.asset_id, 'x'.repeat(300)]) {
      const res = await remove(id);
      expect(res.statusCode, id).toBe(404);
      expect(ErrorBody.parse(res.json()).error.code).toBe('not_found');
    }
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('keeps bytes another asset has: the same file uploaded twice is two sources, removed one at a time', async () => {
    const a = await retained(CSV, 'a.csv');
    const b = await retained(CSV, 'b.csv');
    expect(a.asset_id).not.toBe(b.asset_id);
    expect(a.source_version_id).not.toBe(b.source_version_id);
    await publish(a.source_version_id!);
    await publish(b.source_version_id!);

    expect((await remove(a.source_version_id!)).statusCode).toBe(200);
    expect(await svc.store.blobs.has(sha(CSV))).toBe(true);
    const content = await svc.app.inject({
      method: 'GET',
      url: `/api/v2/sources/${b.source_version_id}/content`,
      headers: { 'x-api-key': svc.key },
    });
    expect(content.statusCode).toBe(200);
    expect(content.body).toBe(CSV);
    expect((await list()).map((s) => s.sourceVersionId)).toEqual([b.source_version_id]);

    expect((await remove(b.source_version_id!)).statusCode).toBe(200);
    expect(await svc.store.blobs.list()).toEqual([]);
    expect(await dangling()).toEqual({ foreignKeys: 0, searchRows: 0, removalMarks: 0 });
  });

  it('keeps bytes another account has, and an asset uploaded without retaining', async () => {
    await retained(CSV, 'theirs.csv', {}, svc.otherKey);
    const plain = await upload(svc, TEXT, {}, 'plain.txt');
    expect(plain.statusCode).toBe(201);
    const mineCsv = await retained(CSV, 'mine.csv');
    const mineText = await retained(TEXT, 'mine.txt');
    expect((await remove(mineCsv.source_version_id!)).statusCode).toBe(200);
    expect((await remove(mineText.source_version_id!)).statusCode).toBe(200);
    expect(await svc.store.blobs.list()).toEqual([sha(CSV), sha(TEXT)].sort());
    expect(await assetsWithoutBytes()).toEqual([]);
  });

  it('removes all or nothing: a failure midway keeps every row and the bytes', async () => {
    const up = await retained(CSV, 'revenue.csv');
    await publish(up.source_version_id!);
    const before = await snapshot(svc.store);
    const restore = await svc.failOn('DELETE', 'assets');
    try {
      const res = await remove(up.source_version_id!);
      expect(res.statusCode).toBe(500);
      expect(ErrorBody.parse(res.json()).error.code).toBe('internal_error');
    } finally {
      await restore();
    }
    expect(await snapshot(svc.store)).toEqual(before);
    expect(await dangling()).toEqual({ foreignKeys: 0, searchRows: 0, removalMarks: 0 });
  });

  it('still refuses to delete or change a retained row outside a removal', async () => {
    const up = await retained(CSV, 'revenue.csv');
    await publish(up.source_version_id!);
    for (const sql of [
      'DELETE FROM source_versions',
      'DELETE FROM representations',
      'DELETE FROM units',
      'DELETE FROM figures',
      "UPDATE source_versions SET title = 'x'",
    ])
      await expect(svc.exec(sql), sql).rejects.toThrow(/immutable/);
  });

  it('never removes bytes an upload has committed but not yet recorded', async () => {
    const up = await retained(CSV, 'revenue.csv');
    async function* once() {
      yield Buffer.from(CSV);
    }
    // An upload of the same bytes, between its commit and its row, while the source is removed.
    const staged = await svc.store.blobs.stage(once(), 1000);
    await svc.store.blobs.commit(staged);
    expect(await svc.store.removeSourceVersion(svc.accountId, up.source_version_id!)).toBe(true);
    expect(await svc.store.blobs.has(sha(CSV))).toBe(true);
    await svc.store.blobs.discard(staged);
  });
});
