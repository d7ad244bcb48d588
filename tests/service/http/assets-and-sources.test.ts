import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBody, SourceVersion, TooLargeBody, UploadResponse, MAX_ASSET_BYTES } from '../../../shared/api';
import {
  multipart,
  PDF_BYTES,
  register,
  snapshot,
  startTestService,
  upload,
  type TestService,
} from '../helpers';

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(async () => {
  await svc.close();
});

describe('authentication', () => {
  it('refuses a request without a key with 401 and the error body', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/v2/sources/sv_x' });
    expect(res.statusCode).toBe(401);
    expect(ErrorBody.parse(res.json()).error.code).toBe('unauthorized');
  });

  it('refuses an unknown key, and a malformed Authorization header', async () => {
    for (const headers of [
      { 'x-api-key': 'ewk_not-a-key' },
      { authorization: 'Bearer ewk_not-a-key' },
      { authorization: `Basic ${svc.key}` },
      { authorization: 'Bearer' },
    ]) {
      const res = await svc.app.inject({ method: 'GET', url: '/api/v2/sources/sv_x', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    }
  });

  it('accepts the key as x-api-key or as a bearer credential', async () => {
    const a = await svc.app.inject({
      method: 'GET',
      url: '/api/v2/sources/sv_x',
      headers: { 'x-api-key': svc.key },
    });
    const b = await svc.app.inject({
      method: 'GET',
      url: '/api/v2/sources/sv_x',
      headers: { authorization: `Bearer ${svc.key}` },
    });
    expect(a.statusCode).toBe(404);
    expect(b.statusCode).toBe(404);
  });

  it('stores only a hash of the key', async () => {
    const rows = await svc.rows<{ key_hash: string }>('SELECT key_hash FROM api_keys');
    expect(rows.map((r) => r.key_hash)).toContain(sha(svc.key));
    const dump = JSON.stringify(await svc.rows('SELECT * FROM api_keys'));
    expect(dump).not.toContain(svc.key);
  });
});

describe('POST /api/v1/assets', () => {
  it('stores the bytes under their sha256 and answers 201 with the upload body', async () => {
    const res = await upload(svc, PDF_BYTES, {
      title: 'Annual report',
      url: 'https://www.example.gov/r.pdf',
    });
    expect(res.statusCode).toBe(201);
    const body = UploadResponse.parse(res.json());
    expect(body.sha256).toBe(sha(PDF_BYTES));
    expect(body.byte_length).toBe(PDF_BYTES.length);
    expect(body.media_type).toBe('application/pdf');
    expect(body.filename).toBe('report.pdf');
    expect(body.source_version_id).toBeUndefined();
    expect(await svc.store.blobs.read(body.sha256)).toEqual(PDF_BYTES);
  });

  it('sniffs the media type from the bytes, not the name', async () => {
    const res = await upload(svc, 'plain words, not a PDF', {}, 'looks-like.pdf');
    expect(UploadResponse.parse(res.json()).media_type).toBe('text/plain');
  });

  it('registers the source version at once with retain=true', async () => {
    const res = await upload(svc, PDF_BYTES, { retain: 'true' });
    const body = UploadResponse.parse(res.json());
    expect(body.source_version_id).toMatch(/^sv_/);
    const get = await svc.app.inject({
      method: 'GET',
      url: `/api/v2/sources/${body.source_version_id}`,
      headers: { 'x-api-key': svc.key },
    });
    expect(SourceVersion.parse(get.json()).assetId).toBe(body.asset_id);
  });

  it('keeps a path-free, control-free file name', async () => {
    const res = await upload(svc, 'x', {}, '../../etc/pass\u0001wd.txt');
    expect(UploadResponse.parse(res.json()).filename).toBe('passwd.txt');
  });

  const badUploads: [string, () => ReturnType<typeof upload>, number, string][] = [
    ['a zero-byte file', () => upload(svc, ''), 400, 'empty_file'],
    ['an unknown field', () => upload(svc, 'x', { colour: 'red' }), 400, 'invalid_request'],
    ['a year out of range', () => upload(svc, 'x', { publication_year: '999' }), 400, 'invalid_request'],
    ['a non-http url', () => upload(svc, 'x', { url: 'file:///etc/passwd' }), 400, 'invalid_request'],
    ['a bad boolean', () => upload(svc, 'x', { is_primary_source: 'yes' }), 400, 'invalid_request'],
    ['a bad retain', () => upload(svc, 'x', { retain: '1' }), 400, 'invalid_request'],
  ];
  for (const [what, send, status, code] of badUploads) {
    it(`refuses ${what} with ${status} ${code} and stores nothing`, async () => {
      const before = await snapshot(svc.store);
      const res = await send();
      expect(res.statusCode).toBe(status);
      expect(ErrorBody.parse(res.json()).error.code).toBe(code);
      expect(await snapshot(svc.store)).toEqual(before);
    });
  }

  it('names each offending field in details', async () => {
    const res = await upload(svc, 'x', { publication_year: '20x4', colour: 'red' });
    const details = ErrorBody.parse(res.json()).error.details ?? [];
    expect(details.map((d) => d.path).sort()).toEqual(['(body)', 'publication_year'].sort());
    expect(details.find((d) => d.path === '(body)')?.message).toMatch(/colour/);
  });

  it('refuses a form without a file part', async () => {
    const form = multipart([{ name: 'title', value: 'no file' }]);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      headers: { 'x-api-key': svc.key, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.parse(res.json()).error.code).toBe('missing_file');
  });

  it('refuses two file parts, and a file part with another name', async () => {
    const before = await snapshot(svc.store);
    for (const parts of [
      [
        { name: 'file', filename: 'a', content: 'a' },
        { name: 'file', filename: 'b', content: 'b' },
      ],
      [{ name: 'document', filename: 'a', content: 'a' }],
    ]) {
      const form = multipart(parts);
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/v1/assets',
        headers: { 'x-api-key': svc.key, 'content-type': form.contentType },
        payload: form.body,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
      payload: '{"file":"x"}',
    });
    expect(res.statusCode).toBe(415);
    expect(ErrorBody.parse(res.json()).error.code).toBe('expected_multipart');
  });

  it('refuses a truncated multipart body with 400 and stores nothing', async () => {
    const form = multipart([{ name: 'file', filename: 'a.txt', content: 'hello world' }]);
    const before = await snapshot(svc.store);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      headers: { 'x-api-key': svc.key, 'content-type': form.contentType },
      payload: form.body.subarray(0, form.body.length - 20),
    });
    expect(res.statusCode).toBe(400);
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('refuses a file over the 50 MB ceiling with 413 {bytes, max_bytes} and stores nothing', async () => {
    const before = await snapshot(svc.store);
    const res = await upload(svc, Buffer.alloc(MAX_ASSET_BYTES + 1, 0x41));
    expect(res.statusCode).toBe(413);
    const body = TooLargeBody.parse(res.json());
    expect(body.max_bytes).toBe(MAX_ASSET_BYTES);
    expect(body.bytes).toBeNull();
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('accepts a file of exactly the ceiling', async () => {
    const res = await upload(svc, Buffer.alloc(MAX_ASSET_BYTES, 0x41), {}, 'big.txt');
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/v2/sources', () => {
  async function uploaded(content: Buffer | string = PDF_BYTES) {
    return UploadResponse.parse((await upload(svc, content)).json());
  }

  it('registers the asset bytes: 201 with sourceVersionId, assetId, bytesHash and metadata', async () => {
    const up = UploadResponse.parse(
      (
        await upload(svc, PDF_BYTES, {
          title: 'Budget',
          url: 'https://www.treasury.example.gov/budget.pdf',
          publication_year: '2024',
          source_type: 'Government Document',
          is_primary_source: 'false',
        })
      ).json(),
    );
    const res = await register(svc, up.asset_id, PDF_BYTES);
    expect(res.statusCode).toBe(201);
    const body = SourceVersion.parse(res.json());
    expect(body.assetId).toBe(up.asset_id);
    expect(body.bytesHash).toBe(`sha256:${sha(PDF_BYTES)}`);
    expect(body.sourceMetadata).toMatchObject({
      title: 'Budget',
      filename: 'report.pdf',
      media_type: 'application/pdf',
      byte_length: PDF_BYTES.length,
      domain: 'treasury.example.gov',
      publication_year: 2024,
      source_type: 'Government Document',
      is_primary_source: false,
    });
  });

  it('gives the same sourceVersionId when the same bytes are registered again', async () => {
    const up = await uploaded();
    const first = SourceVersion.parse((await register(svc, up.asset_id, PDF_BYTES)).json());
    const again = await register(svc, up.asset_id, PDF_BYTES);
    expect(again.statusCode).toBe(201);
    expect(SourceVersion.parse(again.json()).sourceVersionId).toBe(first.sourceVersionId);
    expect((await snapshot(svc.store)).source_versions).toBe(1);
  });

  it('refuses bytes that differ from the asset with 409 and stores nothing', async () => {
    const up = await uploaded();
    const before = await snapshot(svc.store);
    const res = await register(svc, up.asset_id, Buffer.concat([PDF_BYTES, Buffer.from(' ')]));
    expect(res.statusCode).toBe(409);
    expect(ErrorBody.parse(res.json()).error.code).toBe('bytes_mismatch');
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('answers an asset of another account exactly as an unknown one (404)', async () => {
    const up = await uploaded();
    const foreign = await register(svc, up.asset_id, PDF_BYTES, svc.otherKey);
    const unknown = await register(svc, 'ast_doesnotexist', PDF_BYTES, svc.otherKey);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(ErrorBody.parse(foreign.json()).error.code).toBe(ErrorBody.parse(unknown.json()).error.code);
    expect((await snapshot(svc.store)).source_versions).toBe(0);
  });

  it('refuses a missing file, an empty file and a missing assetId with 400', async () => {
    const up = await uploaded();
    const noFile = multipart([{ name: 'assetId', value: up.asset_id }]);
    const res1 = await svc.app.inject({
      method: 'POST',
      url: '/api/v2/sources',
      headers: { 'x-api-key': svc.key, 'content-type': noFile.contentType },
      payload: noFile.body,
    });
    expect(res1.statusCode).toBe(400);
    expect(ErrorBody.parse(res1.json()).error.code).toBe('missing_file');

    const res2 = await register(svc, up.asset_id, '');
    expect(res2.statusCode).toBe(400);
    expect(ErrorBody.parse(res2.json()).error.code).toBe('empty_file');

    const noId = multipart([{ name: 'file', filename: 'x', content: PDF_BYTES }]);
    const res3 = await svc.app.inject({
      method: 'POST',
      url: '/api/v2/sources',
      headers: { 'x-api-key': svc.key, 'content-type': noId.contentType },
      payload: noId.body,
    });
    expect(res3.statusCode).toBe(400);
    expect(ErrorBody.parse(res3.json()).error.details?.[0]?.path).toBe('assetId');
    expect((await snapshot(svc.store)).source_versions).toBe(0);
  });
});

describe('GET /api/v2/sources/{id} and /content', () => {
  it('reads back the retained bytes with their media type and hash', async () => {
    const up = UploadResponse.parse((await upload(svc, PDF_BYTES, { retain: 'true' })).json());
    const res = await svc.app.inject({
      method: 'GET',
      url: `/api/v2/sources/${up.source_version_id}/content`,
      headers: { 'x-api-key': svc.key },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers.etag).toBe(`"sha256:${sha(PDF_BYTES)}"`);
    expect(res.rawPayload).toEqual(PDF_BYTES);
  });

  it('hides another account’s source version and its bytes (404)', async () => {
    const up = UploadResponse.parse((await upload(svc, PDF_BYTES, { retain: 'true' })).json());
    for (const url of [
      `/api/v2/sources/${up.source_version_id}`,
      `/api/v2/sources/${up.source_version_id}/content`,
    ]) {
      const res = await svc.app.inject({ method: 'GET', url, headers: { 'x-api-key': svc.otherKey } });
      expect(res.statusCode).toBe(404);
    }
  });

  it('does not accept an asset id in place of a source version id', async () => {
    const up = UploadResponse.parse((await upload(svc, PDF_BYTES, { retain: 'true' })).json());
    const res = await svc.app.inject({
      method: 'GET',
      url: `/api/v2/sources/${up.asset_id}`,
      headers: { 'x-api-key': svc.key },
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses to serve bytes that no longer match their hash', async () => {
    const up = UploadResponse.parse((await upload(svc, PDF_BYTES, { retain: 'true' })).json());
    await svc.corruptBlob(up.sha256, 'tampered');
    const res = await svc.app.inject({
      method: 'GET',
      url: `/api/v2/sources/${up.source_version_id}/content`,
      headers: { 'x-api-key': svc.key },
    });
    // The same refusal on every path that reads the bytes: 502 asset_store_failure, never a 500.
    expect(res.statusCode).toBe(502);
    expect(ErrorBody.parse(res.json()).error.code).toBe('asset_store_failure');
    expect(res.body).not.toContain('tampered');
    const publish = await svc.app.inject({
      method: 'POST',
      url: `/api/v2/sources/${up.source_version_id}/representations`,
      headers: { 'x-api-key': svc.key },
    });
    expect(publish.statusCode).toBe(502);
    expect(ErrorBody.parse(publish.json()).error.code).toBe('asset_store_failure');
    const extracted = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/extract',
      headers: { 'x-api-key': svc.key },
      payload: { asset_id: up.asset_id },
    });
    expect(extracted.statusCode).toBe(502);
    expect(ErrorBody.parse(extracted.json()).error.code).toBe('asset_store_failure');
  });
});
