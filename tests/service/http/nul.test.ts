import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/api';
import { snapshot, startTestService, upload, type TestService } from '../helpers';

// U+0000 is valid UTF-8 but no character of any text a person writes, and PostgreSQL's text cannot hold
// it: a body, a form field or a file name holding one is refused by every engine alike (400
// invalid_request naming where), and nothing is stored.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

function expectRefused(res: { statusCode: number; json(): unknown }, path: string): void {
  expect(res.statusCode).toBe(400);
  const body = ErrorBody.parse(res.json());
  expect(body.error.code).toBe('invalid_request');
  expect(body.error.message).toMatch(/NUL character \(U\+0000\)/);
  expect(body.error.details?.map((d) => d.path)).toEqual([path]);
}

describe('a NUL character', () => {
  it('in a JSON body (a search query, a nested field) is refused with its path', async () => {
    const search = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/sources/search',
      headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'revenue\u0000' }),
    });
    expectRefused(search, 'query');
    const nested = await svc.app.inject({
      method: 'POST',
      url: '/api/v2/verify/numeric',
      headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ claim: 'Revenue rose', operands: [{ source_version_id: 'sv\u0000' }] }),
    });
    expectRefused(nested, 'operands.0.source_version_id');
  });

  it('in a form field or a file name is refused, and nothing is stored', async () => {
    const before = await snapshot(svc.store);
    expectRefused(await upload(svc, 'Revenue 1,000', { title: 'Budget\u00002024' }, 'budget.txt'), 'title');
    expectRefused(await upload(svc, 'Revenue 1,000', {}, 'bud\u0000get.txt'), 'file');
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('is all that was refused: the same upload without it is stored', async () => {
    const res = await upload(svc, 'Revenue 1,000', { title: 'Budget 2024' }, 'budget.txt');
    expect(res.statusCode).toBe(201);
  });
});
