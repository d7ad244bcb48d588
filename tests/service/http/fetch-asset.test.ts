import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, SourceVersion, UploadResponse } from '../../../shared/api';
import { createDownloader, FetchError } from '../../../service/fetch';
import type { ExtractionSettings } from '../../../service/operations/extract';
import { snapshot, startTestService, type TestService } from '../helpers';

// POST /api/v1/assets/fetch: a file at a public web address, downloaded through the service's guard and
// kept as an upload would be.

const CSV = 'Item,2023,2024\nRevenue,"1,000","1,120"\n';
const PDF = new TextEncoder().encode('%PDF-1.4\n%fake\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Download = NonNullable<ExtractionSettings['download']>;

const fetchAsset = (svc: TestService, body: unknown, key = svc.key) =>
  svc.app.inject({
    method: 'POST',
    url: '/api/v1/assets/fetch',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const source = async (svc: TestService, id: string) =>
  SourceVersion.parse(
    (
      await svc.app.inject({
        method: 'GET',
        url: `/api/v2/sources/${id}`,
        headers: { 'x-api-key': svc.key },
      })
    ).json(),
  );

/** A service whose downloader is the test's, recording what it was asked for. */
async function withDownload(download: Download) {
  return startTestService({ extraction: { ocr: 'off', download } });
}

describe('POST /api/v1/assets/fetch through the guarded downloader', () => {
  let page: Server;
  let pageUrl: string;
  let hits = 0;
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
    page = createServer((req, res) => {
      hits++;
      if (req.url !== '/figures.csv') {
        res.writeHead(404).end('not here');
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="revenue 2024.csv"',
      });
      res.end(CSV);
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/figures.csv`;
  });
  afterAll(async () => {
    await new Promise((resolve) => page.close(resolve));
    await svc.close();
  });

  it('refuses a loopback address with 400 invalid_asset_url naming asset_url, before connecting; nothing stored', async () => {
    const before = await snapshot(svc.store);
    const hitsBefore = hits;
    const res = await fetchAsset(svc, { url: pageUrl, retain: true });
    expect(res.statusCode).toBe(400);
    const { error } = ErrorBody.parse(res.json());
    expect(error.code).toBe('invalid_asset_url');
    expect(error.details?.map((d) => d.path)).toEqual(['asset_url']);
    expect(hits).toBe(hitsBefore);
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('keeps what the allowed downloader fetched, named from Content-Disposition, with the url recorded', async () => {
    const allowed = await withDownload(
      createDownloader({ allowAddresses: (address) => address === '127.0.0.1' }),
    );
    try {
      const res = await fetchAsset(allowed, { url: pageUrl, retain: true, title: 'Revenue' });
      expect(res.statusCode).toBe(201);
      const stored = UploadResponse.parse(res.json());
      expect(stored).toMatchObject({ filename: 'revenue 2024.csv', byte_length: CSV.length });
      expect(stored.media_type).toContain('csv');
      const sv = await source(allowed, stored.source_version_id!);
      expect(sv.sourceMetadata).toMatchObject({ title: 'Revenue', url: pageUrl, domain: '127.0.0.1' });
    } finally {
      await allowed.close();
    }
  });

  it('an upstream failure is 502 and stores nothing', async () => {
    const allowed = await withDownload(createDownloader({ allowAddresses: () => true }));
    try {
      const before = await snapshot(allowed.store);
      const res = await fetchAsset(allowed, { url: pageUrl.replace('figures.csv', 'missing') });
      expect(res.statusCode).toBe(502);
      expect(ErrorBody.parse(res.json()).error.code).toBe('upstream_status');
      expect(await snapshot(allowed.store)).toEqual(before);
    } finally {
      await allowed.close();
    }
  });
});

describe('POST /api/v1/assets/fetch with an injected downloader', () => {
  it('stores like an upload: sniffed media type, display-safe name, no source version without retain', async () => {
    const asked: string[] = [];
    const svc = await withDownload((url) => {
      asked.push(url);
      return Promise.resolve({ bytes: PDF, filename: 'report\u202Efdp.exe', mediaType: 'text/plain' });
    });
    try {
      const url = 'https://www.example.org/reports/2024.pdf';
      const res = await fetchAsset(svc, { url });
      expect(res.statusCode).toBe(201);
      const stored = UploadResponse.parse(res.json());
      expect(asked).toEqual([url]);
      expect(stored.media_type).toBe('application/pdf');
      expect(stored.filename).not.toContain('\u202E');
      expect(stored.source_version_id).toBeUndefined();

      const retained = UploadResponse.parse((await fetchAsset(svc, { url, retain: true })).json());
      const sv = await source(svc, retained.source_version_id!);
      expect(sv.sourceMetadata).toMatchObject({ url, domain: 'example.org' });
    } finally {
      await svc.close();
    }
  });

  it('names a download without a name “download”', async () => {
    const svc = await withDownload(() =>
      Promise.resolve({ bytes: new TextEncoder().encode(CSV), filename: null, mediaType: null }),
    );
    try {
      const res = await fetchAsset(svc, { url: 'https://example.org/', retain: true });
      expect(res.statusCode).toBe(201);
      expect(UploadResponse.parse(res.json()).filename).toBe('download');
    } finally {
      await svc.close();
    }
  });

  it('answers each download failure with its status, storing nothing', async () => {
    const failures: [FetchError, number][] = [
      [new FetchError('source_too_large', 'over the ceiling', { bytes: null, max_bytes: 50 }), 413],
      [new FetchError('upstream_timeout', 'took too long'), 504],
      [new FetchError('too_many_redirects', 'redirects'), 502],
      [new FetchError('upstream_unreachable', 'no answer'), 502],
    ];
    for (const [failure, status] of failures) {
      const svc = await withDownload(() => Promise.reject(failure));
      try {
        const before = await snapshot(svc.store);
        const res = await fetchAsset(svc, { url: 'https://example.org/big.pdf', retain: true });
        expect(res.statusCode).toBe(status);
        expect(ErrorBody.parse(res.json()).error.code).toBe(failure.code);
        expect(await snapshot(svc.store)).toEqual(before);
      } finally {
        await svc.close();
      }
    }
  });

  it('refuses a body outside the strict schema (400) without downloading', async () => {
    let downloads = 0;
    const svc = await withDownload(() => {
      downloads++;
      return Promise.resolve({ bytes: PDF, filename: 'a.pdf', mediaType: null });
    });
    try {
      for (const body of [
        {},
        { url: 'ftp://example.org/a.pdf' },
        { url: 'https://example.org/a.pdf', extra: 1 },
        { url: 'https://example.org/a.pdf', retain: 'true' },
      ]) {
        const res = await fetchAsset(svc, body);
        expect(res.statusCode).toBe(400);
        expect(ErrorBody.parse(res.json()).error.code).toBe('invalid_request');
      }
      expect(downloads).toBe(0);
      const empty = await withDownload(() =>
        Promise.resolve({ bytes: new Uint8Array(0), filename: 'a.pdf', mediaType: null }),
      );
      try {
        const res = await fetchAsset(empty, { url: 'https://example.org/a.pdf' });
        expect(res.statusCode).toBe(400);
        expect(ErrorBody.parse(res.json()).error.code).toBe('empty_file');
      } finally {
        await empty.close();
      }
    } finally {
      await svc.close();
    }
  });
});
