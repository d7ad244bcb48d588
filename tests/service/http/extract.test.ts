import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, ExtractionResponse, Representation, UploadResponse } from '../../../shared/api';
import { createDownloader } from '../../../service/fetch';
import { buildPdf } from '../extract/fixtures/pdf';
import { snapshot, startTestService, upload, type TestService } from '../helpers';

// POST /api/v1/extract and representation publishing over HTTP, with files every test builds itself.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

const CSV = 'Item,2023,2024\nRevenue,"1,000","1,120"\nMargin,12.5%,13.1%\n';
const TEXT = 'Revenue rose 12% to $1.12bn in 2024.\n';

const extract = (body: unknown, key = svc.key) =>
  svc.app.inject({
    method: 'POST',
    url: '/api/v1/extract',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const publish = (sourceVersionId: string, key = svc.key) =>
  svc.app.inject({
    method: 'POST',
    url: `/api/v2/sources/${sourceVersionId}/representations`,
    headers: { 'x-api-key': key },
  });
const uploaded = async (content: string | Uint8Array, filename: string, retain = false) =>
  UploadResponse.parse((await upload(svc, content, retain ? { retain: 'true' } : {}, filename)).json());

describe('POST /api/v1/extract', () => {
  it('needs exactly one of asset_id and asset_url (400 with details)', async () => {
    for (const body of [{}, { asset_id: 'ast_x', asset_url: 'https://example.com/a.pdf' }]) {
      const res = await extract(body);
      expect(res.statusCode).toBe(400);
      expect(ErrorBody.parse(res.json()).error.details?.length).toBeGreaterThan(0);
    }
  });

  it('an unknown asset and another account’s asset are both 404', async () => {
    const mine = await uploaded(TEXT, 'note.txt');
    expect((await extract({ asset_id: 'ast_nothere' })).statusCode).toBe(404);
    const foreign = await extract({ asset_id: mine.asset_id }, svc.otherKey);
    expect(foreign.statusCode).toBe(404);
    expect(ErrorBody.parse(foreign.json()).error.code).toBe('not_found');
  });

  it('reads a text asset completely, with the spec’s complete-state fields', async () => {
    const asset = await uploaded(TEXT, 'note.txt');
    const res = await extract({ asset_id: asset.asset_id });
    expect(res.statusCode).toBe(200);
    const body = ExtractionResponse.parse(res.json());
    expect(body).toMatchObject({ format: 'text', state: 'complete', code: null, reason: null });
    expect(body.extraction_method).toBe('text_layer');
    expect(body.markdown).toContain('Revenue rose 12% to $1.12bn');
    expect('complete' in body).toBe(false);
    expect('lost' in body).toBe(false);
  });

  it('reads a csv as one sheet with spreadsheet_cells and the sheet object', async () => {
    const asset = await uploaded(CSV, 'table.csv');
    const body = ExtractionResponse.parse((await extract({ asset_id: asset.asset_id })).json());
    expect(body.state).toBe('complete');
    expect(body.extraction_method).toBe('spreadsheet_cells');
    expect(body.units?.[0]?.kind).toBe('sheet');
    expect(body.units?.[0]?.sheet?.cells.find((c) => c.ref === 'C2')?.text).toBe('1,120');
  });

  it('evidence://ASSET_ID reads the caller’s own asset, and only theirs', async () => {
    const asset = await uploaded(TEXT, 'note.txt');
    const res = await extract({ asset_url: `evidence://${asset.asset_id}` });
    expect(res.statusCode).toBe(200);
    expect(ExtractionResponse.parse(res.json()).markdown).toContain('Revenue');
    expect((await extract({ asset_url: `evidence://${asset.asset_id}` }, svc.otherKey)).statusCode).toBe(404);
    expect((await extract({ asset_url: 'evidence://../../etc/passwd' })).statusCode).toBe(400);
  });

  it('unknown bytes are unsupported_format with empty markdown, never a success', async () => {
    const asset = await uploaded(new Uint8Array([0, 1, 2, 3, 0xfe, 0xfd, 0, 7, 9]), 'mystery.pdf');
    const body = ExtractionResponse.parse((await extract({ asset_id: asset.asset_id })).json());
    expect(body).toMatchObject({
      state: 'unsupported',
      code: 'unsupported_format',
      markdown: '',
      extraction_method: 'none',
    });
    expect(body.reason).toBeTruthy();
  });

  it('an asset whose bytes are gone is 404; damaged bytes are 502, never an empty document', async () => {
    const gone = await uploaded('bytes that will vanish', 'gone.txt');
    await svc.loseBlob(gone.sha256);
    expect((await extract({ asset_id: gone.asset_id })).statusCode).toBe(404);
    const damaged = await uploaded('bytes that will rot', 'rot.txt');
    await svc.corruptBlob(damaged.sha256, 'something else');
    const res = await extract({ asset_id: damaged.asset_id });
    expect(res.statusCode).toBe(502);
    expect(ErrorBody.parse(res.json()).error.code).toBe('asset_store_failure');
  });
});

describe('representations', () => {
  it('publishes once per bytes and extractor version, with figures located in cells', async () => {
    const asset = await uploaded(CSV, 'table.csv', true);
    const svId = asset.source_version_id!;
    const first = await publish(svId);
    expect(first.statusCode).toBe(201);
    const rep = Representation.parse(first.json());
    expect(rep.source_version_id).toBe(svId);
    expect(rep.state).toBe('complete');
    // The extractor that read it (a local extension): the code's version and the OCR setting.
    expect(rep.extractor_version).toMatch(/;ocr=(auto|off|force)$/);
    const unit = rep.units[0]!;
    const revenue2024 = unit.figures.find((f) => f.position.kind === 'cell' && f.position.ref === 'C2');
    expect(revenue2024).toMatchObject({ value: 1120, raw: '1,120' });
    expect(unit.markdown.slice(revenue2024!.span.start, revenue2024!.span.end)).toBe('1,120');
    const margin = unit.figures.find((f) => f.position.kind === 'cell' && f.position.ref === 'B3');
    expect(margin).toMatchObject({ value: 12.5, unitClass: 'percent' });

    const again = await publish(svId);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const read = await svc.app.inject({
      method: 'GET',
      url: `/api/v2/representations/${rep.representation_id}`,
      headers: { 'x-api-key': svc.key },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(first.json());
  });

  it('another account can neither publish nor read it, and learns nothing (404)', async () => {
    const asset = await uploaded(TEXT, 'note.txt', true);
    const before = await snapshot(svc.store);
    expect((await publish(asset.source_version_id!, svc.otherKey)).statusCode).toBe(404);
    expect((await publish('sv_unknown')).statusCode).toBe(404);
    expect(await snapshot(svc.store)).toEqual(before);
    const rep = Representation.parse((await publish(asset.source_version_id!)).json());
    const foreign = await svc.app.inject({
      method: 'GET',
      url: `/api/v2/representations/${rep.representation_id}`,
      headers: { 'x-api-key': svc.otherKey },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps an error read (it is a fact about the bytes) but never a transient failure', async () => {
    const unknown = await uploaded(new Uint8Array([0, 1, 2, 3, 0xfe, 0, 9]), 'blob.bin', true);
    const rep = Representation.parse((await publish(unknown.source_version_id!)).json());
    expect(rep).toMatchObject({ state: 'unsupported', code: 'unsupported_format', units: [] });

    const slow = await startTestService({ extraction: { ocr: 'auto', worker: { timeoutMs: 1 } } });
    try {
      // 300 pages: longer than the 1 ms limit even on a reading thread that is ready at once.
      const long = buildPdf(
        Array.from({ length: 300 }, (_, i) => ({
          texts: [{ x: 72, y: 700, size: 12, text: `Page ${i + 1}: revenue rose 12%` }],
        })),
      );
      const asset = UploadResponse.parse((await upload(slow, long, { retain: 'true' }, 'long.pdf')).json());
      const before = await snapshot(slow.store);
      const res = await slow.app.inject({
        method: 'POST',
        url: `/api/v2/sources/${asset.source_version_id}/representations`,
        headers: { 'x-api-key': slow.key },
      });
      expect(res.statusCode).toBe(500);
      expect(ErrorBody.parse(res.json()).error.code).toBe('extraction_error');
      expect(await snapshot(slow.store)).toEqual(before);
    } finally {
      await slow.close();
    }
  });
});

describe('POST /api/v1/extract with asset_url', () => {
  let page: Server;
  let pageUrl: string;
  let hits = 0;
  beforeAll(async () => {
    page = createServer((req, res) => {
      hits++;
      if (req.url !== '/figures.csv') {
        res.writeHead(404).end('not here');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.end(CSV);
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/figures.csv`;
  });
  afterAll(async () => {
    await new Promise((resolve) => page.close(resolve));
  });

  it('the default service refuses a loopback address with 400 before connecting', async () => {
    const before = hits;
    const res = await extract({ asset_url: pageUrl });
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.parse(res.json()).error.code).toBe('invalid_asset_url');
    expect(hits).toBe(before);
  });

  it('downloads through the guard and reads what it fetched', async () => {
    const allowed = await startTestService({
      extraction: {
        ocr: 'off',
        download: createDownloader({ allowAddresses: (address) => address === '127.0.0.1' }),
      },
    });
    try {
      const res = await allowed.app.inject({
        method: 'POST',
        url: '/api/v1/extract',
        headers: { 'x-api-key': allowed.key, 'content-type': 'application/json' },
        payload: JSON.stringify({ asset_url: pageUrl }),
      });
      expect(res.statusCode).toBe(200);
      const body = ExtractionResponse.parse(res.json());
      expect(body).toMatchObject({
        state: 'complete',
        format: 'csv',
        extraction_method: 'spreadsheet_cells',
      });
      expect(body.units?.[0]?.sheet?.cells.find((c) => c.ref === 'C2')?.text).toBe('1,120');
    } finally {
      await allowed.close();
    }
  });

  it('an upstream failure is 502, never an empty document', async () => {
    const allowed = await startTestService({
      extraction: { ocr: 'off', download: createDownloader({ allowAddresses: () => true }) },
    });
    try {
      const res = await allowed.app.inject({
        method: 'POST',
        url: '/api/v1/extract',
        headers: { 'x-api-key': allowed.key, 'content-type': 'application/json' },
        payload: JSON.stringify({ asset_url: pageUrl.replace('figures.csv', 'missing') }),
      });
      expect(res.statusCode).toBe(502);
      expect(ErrorBody.parse(res.json()).error.code).toBe('upstream_status');
    } finally {
      await allowed.close();
    }
  });
});
