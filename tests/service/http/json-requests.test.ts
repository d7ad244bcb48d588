import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/api';
import { snapshot, startTestService, type TestService } from '../helpers';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService({ jsonBodyLimit: 64 * 1024 });
});
afterEach(async () => {
  await svc.close();
});

const post = (url: string, payload: string, contentType = 'application/json', key = svc.key) =>
  svc.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': key, 'content-type': contentType },
    payload,
  });

const JSON_ENDPOINTS = ['/api/v2/verify/numeric', '/api/v1/extract', '/api/v1/sources/search'];

describe('JSON endpoints refuse bad bodies with a 4xx and the error body', () => {
  for (const url of JSON_ENDPOINTS) {
    it(`${url}: malformed JSON → 400 malformed_json`, async () => {
      const res = await post(url, '{"claim": "x",');
      expect(res.statusCode).toBe(400);
      expect(ErrorBody.parse(res.json()).error.code).toBe('malformed_json');
    });

    it(`${url}: a body over the limit → 413 body_too_large`, async () => {
      const res = await post(url, JSON.stringify({ query: 'x'.repeat(70 * 1024) }));
      expect(res.statusCode).toBe(413);
      expect(ErrorBody.parse(res.json()).error.code).toBe('body_too_large');
    });

    it(`${url}: a body that is not JSON → 415`, async () => {
      const res = await post(url, 'claim=x', 'text/plain');
      expect(res.statusCode).toBe(415);
      expect(ErrorBody.parse(res.json()).error.code).toBe('unsupported_media_type');
    });

    it(`${url}: no key → 401 before the body is looked at`, async () => {
      const res = await svc.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{',
      });
      expect(res.statusCode).toBe(401);
    });
  }

  it('an unknown field is named in details', async () => {
    const res = await post('/api/v1/sources/search', JSON.stringify({ query: 'gdp', sort: 'date' }));
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.details?.some((d) => d.message.includes('sort'))).toBe(true);
  });

  it('each invalid field of a numeric request is listed', async () => {
    const res = await post(
      '/api/v2/verify/numeric',
      JSON.stringify({
        claim: '',
        operands: [
          { source_version_id: 'sv_a', representation_id: 'rep_a', source_unit_id: 'u', figure_index: -1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    const paths = ErrorBody.parse(res.json()).error.details?.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['claim', 'operands.0.figure_index']));
  });

  it('bad bodies store nothing', async () => {
    const before = await snapshot(svc.store);
    await post('/api/v2/verify/numeric', '{');
    await post('/api/v1/extract', JSON.stringify({ asset_id: 'a', asset_url: 'https://x.example' }));
    expect(await snapshot(svc.store)).toEqual(before);
  });
});

describe('routing', () => {
  it('an unknown endpoint is a 404 with the error body', async () => {
    const res = await svc.app.inject({
      method: 'GET',
      url: '/api/v9/nothing',
      headers: { 'x-api-key': svc.key },
    });
    expect(res.statusCode).toBe(404);
    expect(ErrorBody.parse(res.json()).error.code).toBe('not_found');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and error.retry_after_s once a key has spent its budget', async () => {
    const limited = await startTestService({ rateLimitPerMinute: 3 });
    try {
      const get = (key: string) =>
        limited.app.inject({ method: 'GET', url: '/api/v2/sources/sv_x', headers: { 'x-api-key': key } });
      for (let i = 0; i < 3; i++) expect((await get(limited.key)).statusCode).toBe(404);
      const res = await get(limited.key);
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(ErrorBody.parse(res.json()).error.retry_after_s).toBe(wait);
      // Another key has its own budget.
      expect((await get(limited.otherKey)).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('is off unless configured', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await svc.app.inject({
        method: 'GET',
        url: '/api/v2/sources/sv_x',
        headers: { 'x-api-key': svc.key },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
