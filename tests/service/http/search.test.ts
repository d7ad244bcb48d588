import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, SearchResponse, UploadResponse } from '../../../shared/api';
import { snapshot, startTestService, upload, type TestService } from '../helpers';

// Search through HTTP: upload with retain, publish a representation, search; the response validates
// against the shared schema and links back to the exact unit.

let svc: TestService;
let sourceVersionId: string;
let representationId: string;

async function post(body: unknown, key: string | null = svc.key) {
  return svc.app.inject({
    method: 'POST',
    url: '/api/v1/sources/search',
    headers: { ...(key ? { 'x-api-key': key } : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

beforeAll(async () => {
  svc = await startTestService();
  const up = UploadResponse.parse(
    (
      await upload(
        svc,
        'Quarterly bulletin\n\nThe claimant count rose to 1,120 in March, up 12% on the year.\n',
        {
          retain: 'true',
          title: 'Labour market bulletin',
          url: 'https://www.ons.gov.uk/b',
          publication_year: '2024',
          source_type: 'Government Document',
          is_primary_source: 'true',
        },
        'bulletin.txt',
      )
    ).json(),
  );
  sourceVersionId = up.source_version_id!;
  const rep = await svc.app.inject({
    method: 'POST',
    url: `/api/v2/sources/${sourceVersionId}/representations`,
    headers: { 'x-api-key': svc.key },
  });
  expect(rep.statusCode).toBe(201);
  representationId = (rep.json() as { representation_id: string }).representation_id;
});
afterAll(async () => {
  await svc.close();
});

describe('POST /api/v1/sources/search', () => {
  it('finds the retained source and names its version, representation and unit', async () => {
    const res = await post({
      query: 'claimant count 1,120',
      filters: { domain: ['ons.gov.uk'], is_primary_source: true },
    });
    expect(res.statusCode).toBe(200);
    const body = SearchResponse.parse(res.json());
    const c = body.claim_groups?.[0]?.citations[0];
    expect(c).toMatchObject({
      title: 'Labour market bulletin',
      url: 'https://www.ons.gov.uk/b',
      source_version_id: sourceVersionId,
      representation_id: representationId,
      publication_year: 2024,
      source_type: 'Government Document',
    });
    expect(c?.snippet).toContain('claimant count rose to 1,120');
    expect(c?.evidence).toMatchObject({ quoteMatch: true, contentHash: expect.stringMatching(/^sha256:/) });
    // The unit it names is the one published.
    const rep = await svc.app.inject({
      method: 'GET',
      url: `/api/v2/representations/${representationId}`,
      headers: { 'x-api-key': svc.key },
    });
    const units = (rep.json() as { units: { source_unit_id: string; markdown: string }[] }).units;
    expect(units.find((u) => u.source_unit_id === c?.source_unit_id)?.markdown).toContain(
      c?.snippet ?? '\u0000',
    );
  });

  it('401 without a key; another account finds nothing of this one', async () => {
    expect((await post({ query: 'claimant' }, null)).statusCode).toBe(401);
    const res = await post({ query: 'claimant' }, svc.otherKey);
    expect(res.statusCode).toBe(200);
    expect(SearchResponse.parse(res.json()).claim_groups?.[0]?.citations).toEqual([]);
  });

  it('bad requests are 400 with the error body, and change nothing', async () => {
    const before = await snapshot(svc.store);
    for (const body of [
      { query: '' },
      { query: 'x', limit: 21 },
      { query: 'x', filters: { domain: ['https://ons.gov.uk'] } },
      { query: 'x', filters: { colour: 'red' } },
      { query: '*** ( ) ^' },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(ErrorBody.safeParse(res.json()).success).toBe(true);
    }
    expect(await snapshot(svc.store)).toEqual(before);
  });
});
