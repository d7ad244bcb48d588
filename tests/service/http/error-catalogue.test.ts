import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceErrorOf, ServiceError } from '../../../service/operations/errors';
import { BlobCorruptError } from '../../../service/store/blobs';
import { ErrorBody, isServiceErrorCode, SERVICE_ERRORS } from '../../../shared/api';
import { startTestService, type TestService } from '../helpers';

// One error module: every refusal the service answers carries a code of the catalogue
// (shared/api/errors.ts) and exactly the status the catalogue gives that code.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ jsonBodyLimit: 1024 });
});
afterAll(async () => {
  await svc.close();
});

type Inject = InjectOptions;
const json = (url: string, payload: string, headers: Record<string, string> = {}): Inject => ({
  method: 'POST',
  url,
  payload,
  headers: { 'content-type': 'application/json', ...headers },
});

describe('the error catalogue', () => {
  const key = () => ({ 'x-api-key': svc.key });
  const cases: [string, () => Inject][] = [
    ['no key', () => json('/api/v1/sources/search', '{"query":"x"}')],
    [
      'a key with a no-break space',
      () => json('/api/v1/sources/search', '{"query":"x"}', { 'x-api-key': `${svc.key}\u00a0` }),
    ],
    ['malformed JSON', () => json('/api/v1/sources/search', '{"query":', key())],
    [
      'invalid UTF-8',
      () => ({ ...json('/api/v1/sources/search', '', key()), payload: Buffer.from([0x7b, 0xff, 0x7d]) }),
    ],
    ['an invalid field', () => json('/api/v1/sources/search', '{"query":"x","limit":99}', key())],
    ['a query without words', () => json('/api/v1/sources/search', '{"query":"***"}', key())],
    [
      'an oversized body',
      () => json('/api/v1/sources/search', JSON.stringify({ query: 'x'.repeat(4000) }), key()),
    ],
    [
      'text/plain',
      () => ({
        method: 'POST',
        url: '/api/v1/extract',
        payload: 'x',
        headers: { 'content-type': 'text/plain', ...key() },
      }),
    ],
    ['JSON where a form belongs', () => json('/api/v1/assets', '{}', key())],
    ['an unknown endpoint', () => ({ method: 'GET', url: '/api/v9/nothing', headers: key() })],
    [
      'an unknown source version',
      () => ({ method: 'GET', url: '/api/v2/sources/sv_nothing', headers: key() }),
    ],
    [
      'an id over the schema',
      () => ({ method: 'GET', url: `/api/v2/sources/${'s'.repeat(201)}`, headers: key() }),
    ],
    ['an extraction naming nothing', () => json('/api/v1/extract', '{}', key())],
    ['a private asset_url', () => json('/api/v1/extract', '{"asset_url":"http://127.0.0.1/x.pdf"}', key())],
    [
      'a numeric check of unknown ids',
      () =>
        json(
          '/api/v2/verify/numeric',
          JSON.stringify({
            claim: 'Revenue rose 12%',
            operands: [
              {
                source_version_id: 'sv_x',
                representation_id: 'rep_x',
                source_unit_id: 'u_x',
                figure_index: 0,
              },
            ],
          }),
          key(),
        ),
    ],
  ];

  it.each(cases)('%s: a catalogue code with its own status', async (_what, request) => {
    const res = await svc.app.inject(request());
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const body = ErrorBody.parse(res.json());
    expect(isServiceErrorCode(body.error.code), body.error.code).toBe(true);
    expect(res.statusCode).toBe(SERVICE_ERRORS[body.error.code as keyof typeof SERVICE_ERRORS].status);
  });

  it('maps damaged bytes to 502 asset_store_failure and anything unexpected to 500 internal_error, message kept out', () => {
    const corrupt = serviceErrorOf(new BlobCorruptError('ab'.repeat(32)));
    expect([corrupt.code, corrupt.status]).toEqual(['asset_store_failure', 502]);
    const internal = serviceErrorOf(new Error('SQLITE_IOERR at /home/someone/data/service.db'));
    expect([internal.code, internal.status]).toEqual(['internal_error', 500]);
    expect(internal.message).not.toContain('/home/someone');
    const refusal = new ServiceError('bytes_mismatch', 'not the same bytes');
    expect(serviceErrorOf(refusal)).toBe(refusal);
    expect(refusal.status).toBe(409);
  });
});
