import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponse, SourceVersion, UploadResponse } from '../../../shared/api';
import type { SourceVersionRow } from '../../../service/store/contract';
import { startTestService, upload, type TestService } from '../helpers';

// A file named `invoice` + RLO + `fdp.exe`, with C1 controls in its name and title, is answered
// display-safe by every response that names it (upload, registration, search, content download), while the
// store keeps the name and title exactly as given and the registration carries their bytes.

const FILENAME = 'invoice\u0007\u0085\u202Efdp\u009B.exe';
const TITLE = 'Bud\u200Bget\u202E 2024\u009B outturn';
const SHOWN_FILENAME = 'invoice fdp.exe';
const SHOWN_TITLE = 'Budget 2024 outturn';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

let svc: TestService;
let up: UploadResponse;

beforeAll(async () => {
  svc = await startTestService();
  const res = await upload(
    svc,
    'Outturn note\n\nThe claimant count rose to 1,120 in March.\n',
    { retain: 'true', title: TITLE },
    FILENAME,
  );
  expect(res.statusCode).toBe(201);
  up = UploadResponse.parse(res.json());
});
afterAll(async () => {
  await svc.close();
});

function get(url: string) {
  return svc.app.inject({ method: 'GET', url, headers: { 'x-api-key': svc.key } });
}

describe('names given with control and bidirectional characters', () => {
  it('are stored exactly as given', async () => {
    const asset = svc.db.prepare('SELECT filename, title FROM assets WHERE id = ?').get(up.asset_id) as {
      filename: string;
      title: string;
    };
    expect(asset).toEqual({ filename: FILENAME, title: TITLE });
    const row = (await svc.store.findSourceVersion(svc.accountId, up.source_version_id!)) as SourceVersionRow;
    expect(row.filename).toBe(FILENAME);
    expect(row.title).toBe(TITLE);
  });

  it('come back display-safe from the upload', () => {
    expect(up.filename).toBe(SHOWN_FILENAME);
  });

  it('come back display-safe from the registration, with the original bytes beside them', async () => {
    const res = await get(`/api/v2/sources/${up.source_version_id}`);
    expect(res.statusCode).toBe(200);
    const { sourceMetadata } = SourceVersion.parse(res.json());
    expect(sourceMetadata.filename).toBe(SHOWN_FILENAME);
    expect(sourceMetadata.title).toBe(SHOWN_TITLE);
    expect(sourceMetadata.filename_utf8_hex).toBe(hex(FILENAME));
    expect(sourceMetadata.title_utf8_hex).toBe(hex(TITLE));
    expect(Buffer.from(sourceMetadata.filename_utf8_hex!, 'hex').toString('utf8')).toBe(FILENAME);
  });

  it('are saved under the display-safe name', async () => {
    const res = await get(`/api/v2/sources/${up.source_version_id}/content`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(SHOWN_FILENAME)}`,
    );
  });

  it('come back display-safe as a search citation title, found by the words a person reads', async () => {
    const rep = await svc.app.inject({
      method: 'POST',
      url: `/api/v2/sources/${up.source_version_id}/representations`,
      headers: { 'x-api-key': svc.key },
    });
    expect(rep.statusCode).toBe(201);
    for (const query of ['claimant count', 'budget']) {
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/v1/sources/search',
        headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
        payload: JSON.stringify({ query }),
      });
      expect(res.statusCode).toBe(200);
      const citation = SearchResponse.parse(res.json()).claim_groups?.[0]?.citations[0];
      expect(citation?.source_version_id).toBe(up.source_version_id);
      expect(citation?.title).toBe(SHOWN_TITLE);
    }
  });
});

describe('names with nothing to change', () => {
  it('carry no byte fields', async () => {
    const res = await upload(svc, 'plain', { retain: 'true', title: 'Café – نمونه' }, 'report.txt');
    const body = UploadResponse.parse(res.json());
    const { sourceMetadata } = SourceVersion.parse(
      (await get(`/api/v2/sources/${body.source_version_id}`)).json(),
    );
    expect(sourceMetadata.filename).toBe('report.txt');
    expect(sourceMetadata.title).toBe('Café – نمونه');
    expect(sourceMetadata).not.toHaveProperty('filename_utf8_hex');
    expect(sourceMetadata).not.toHaveProperty('title_utf8_hex');
  });

  it('a title with nothing visible is shown as none, and a search labels the source by its file name', async () => {
    const res = await upload(
      svc,
      'The zebra count fell.',
      { retain: 'true', title: '\u202E\u2066' },
      'zebra.txt',
    );
    const body = UploadResponse.parse(res.json());
    const { sourceMetadata } = SourceVersion.parse(
      (await get(`/api/v2/sources/${body.source_version_id}`)).json(),
    );
    expect(sourceMetadata.title).toBeNull();
    expect(sourceMetadata.title_utf8_hex).toBe(hex('\u202E\u2066'));
    await svc.app.inject({
      method: 'POST',
      url: `/api/v2/sources/${body.source_version_id}/representations`,
      headers: { 'x-api-key': svc.key },
    });
    const search = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/sources/search',
      headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'zebra' }),
    });
    expect(SearchResponse.parse(search.json()).claim_groups?.[0]?.citations[0]?.title).toBe('zebra.txt');
  });
});
