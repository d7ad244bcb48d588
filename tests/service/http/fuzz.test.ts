import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, UploadResponse } from '../../../shared/api';
import {
  multipart,
  PDF_BYTES,
  snapshot,
  startTestService,
  upload,
  type FormPart,
  type TestService,
} from '../helpers';

/**
 * Schema-driven fuzzing: malformed requests at every endpoint never get a 5xx and never change what is
 * stored. (501 is allowed only for a well-formed request to an operation this build does not have yet.)
 * Later issues add their endpoints to ENDPOINTS and their bodies to the generators.
 */

let svc: TestService;
let assetId: string;
let sourceVersionId: string;
beforeAll(async () => {
  svc = await startTestService({ jsonBodyLimit: 64 * 1024 });
  const up = UploadResponse.parse((await upload(svc, PDF_BYTES, { retain: 'true' })).json());
  assetId = up.asset_id;
  sourceVersionId = up.source_version_id!;
});
afterAll(async () => {
  await svc.close();
});

const JSON_ENDPOINTS = ['/api/v2/verify/numeric', '/api/v1/extract', '/api/v1/sources/search'] as const;
const FORM_ENDPOINTS = ['/api/v1/assets', '/api/v2/sources'] as const;

function expectNoServerError(res: { statusCode: number; json: () => unknown }, label: string) {
  if (res.statusCode >= 500) {
    const body = ErrorBody.safeParse(res.json());
    expect(res.statusCode === 501 && body.success && body.data.error.code === 'not_implemented', label).toBe(
      true,
    );
  } else {
    expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, label).toBeLessThan(500);
    expect(ErrorBody.safeParse(res.json()).success, `${label}: error body`).toBe(true);
  }
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'text/plain',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  '',
);

const authHeaders = fc.oneof(
  fc.constant<Record<string, string>>({}),
  fc.string({ maxLength: 60 }).map((k) => ({ 'x-api-key': `ewk_${k}` })),
  fc.string({ maxLength: 60 }).map((k) => ({ authorization: `Bearer x${k.replace(/\s/g, '')}` })),
);

/** A form that can never be a valid upload or registration: one mutation is always applied. */
const badForm = fc
  .record({
    fields: fc.array(
      fc.record({
        name: fc.constantFrom(
          'title',
          'url',
          'publication_year',
          'source_type',
          'is_primary_source',
          'retain',
          'assetId',
        ),
        value: fc.string({ maxLength: 40 }),
      }),
      { maxLength: 5 },
    ),
    file: fc.option(fc.uint8Array({ maxLength: 300 }), { nil: undefined }),
    mutation: fc.constantFrom(
      'unknown-field',
      'no-file',
      'empty-file',
      'second-file',
      'bad-year',
      'truncate',
      'bad-url',
    ),
    unknown: fc
      .stringMatching(/^[a-z_]{1,12}$/)
      .filter(
        (n) =>
          ![
            'title',
            'url',
            'publication_year',
            'source_type',
            'is_primary_source',
            'retain',
            'assetId',
            'file',
          ].includes(n),
      ),
  })
  .map(({ fields, file, mutation, unknown }) => {
    const seen = new Set<string>();
    const parts: FormPart[] = fields.filter((f) => !seen.has(f.name) && seen.add(f.name));
    const content = file && file.length > 0 ? file : Uint8Array.of(1, 2, 3);
    if (mutation === 'unknown-field') parts.push({ name: unknown, value: 'x' });
    if (mutation === 'bad-year') parts.push({ name: 'publication_year', value: '12' });
    if (mutation === 'bad-url') parts.push({ name: 'url', value: 'javascript:alert(1)' });
    if (mutation !== 'no-file')
      parts.push({ name: 'file', filename: 'f', content: mutation === 'empty-file' ? '' : content });
    if (mutation === 'second-file') parts.push({ name: 'file', filename: 'g', content });
    const form = multipart(parts);
    return {
      ...form,
      body: mutation === 'truncate' ? form.body.subarray(0, Math.max(1, form.body.length - 15)) : form.body,
    };
  });

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8 = (bytes: Uint8Array) => {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** Byte sequences that are not UTF-8: the classic ill-formed ones, and random bytes that fail to decode. */
const invalidUtf8 = fc.oneof(
  fc
    .constantFrom(
      [0x80],
      [0xbf],
      [0xc0, 0xaf],
      [0xc1, 0xbf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xed, 0xbf, 0xbf],
      [0xf0, 0x80, 0x80, 0xaf],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5],
      [0xfe],
      [0xff],
      [0xc3],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x98],
    )
    .map((b) => Uint8Array.from(b)),
  fc.uint8Array({ minLength: 1, maxLength: 8 }).filter((b) => !isUtf8(b)),
);

/** `bytes` inserted at a fraction of the way through `body`. */
const spliced = (body: Buffer, bytes: Uint8Array, at: number) => {
  const cut = Math.floor(at * (body.length + 1));
  return Buffer.concat([body.subarray(0, cut), bytes, body.subarray(cut)]);
};

/** A form whose text field value, field name or file name holds the given bytes. */
function formWithBytes(where: 'value' | 'name' | 'filename', bytes: Uint8Array) {
  const boundary = 'ewfuzzutf8Xy7';
  const raw = (text: string) => Buffer.from(text);
  const body = Buffer.concat([
    raw(`--${boundary}\r\nContent-Disposition: form-data; name="`),
    where === 'name' ? Buffer.concat([raw('ti'), bytes, raw('tle')]) : raw('title'),
    raw('"\r\n\r\n'),
    where === 'value' ? Buffer.concat([raw('Report '), bytes]) : raw('Report'),
    raw(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
    where === 'filename' ? Buffer.concat([raw('r'), bytes, raw('.pdf')]) : raw('r.pdf'),
    raw('"\r\nContent-Type: application/pdf\r\n\r\n'),
    PDF_BYTES,
    raw(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('fuzz: malformed requests never give a 5xx or change the store', () => {
  it('any body, any content type, any key at the JSON endpoints', async () => {
    const before = await snapshot(svc.store);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_ENDPOINTS),
        contentTypes,
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
        ),
        fc.boolean(),
        async (url, contentType, payload, withKey) => {
          const headers: Record<string, string> = withKey ? { 'x-api-key': svc.key } : {};
          if (contentType) headers['content-type'] = contentType;
          const res = await svc.app.inject({ method: 'POST', url, headers, payload });
          expectNoServerError(res, `${url} ${contentType} ${payload.slice(0, 80)}`);
        },
      ),
      { numRuns: 300 },
    );
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('near-valid JSON: right shapes with one field broken', async () => {
    const before = await snapshot(svc.store);
    const operand = fc.record({
      source_version_id: fc.oneof(fc.constant(sourceVersionId), fc.string()),
      representation_id: fc.string(),
      source_unit_id: fc.string(),
      figure_index: fc.oneof(fc.integer(), fc.double(), fc.string()),
    });
    const bodies = fc.oneof(
      fc.record({
        claim: fc.oneof(fc.constant(''), fc.string({ minLength: 10001, maxLength: 10002 })),
        operands: fc.array(operand, { maxLength: 3 }),
      }),
      fc.record({
        claim: fc.string({ minLength: 1 }),
        operands: fc.array(operand, { minLength: 3, maxLength: 4 }),
      }),
      fc.record({ asset_id: fc.string(), asset_url: fc.string() }),
      fc.record({ query: fc.constantFrom('', '   '), limit: fc.integer() }),
      fc.record({
        query: fc.string({ minLength: 1 }),
        limit: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 21 }), fc.string()),
      }),
      fc.record({
        query: fc.string({ minLength: 1 }),
        filters: fc.record({ publication_year: fc.record({ from: fc.integer({ max: 999 }) }) }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ENDPOINTS), bodies, async (url, body) => {
        const res = await svc.app.inject({
          method: 'POST',
          url,
          headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expectNoServerError(res, `${url} ${JSON.stringify(body).slice(0, 120)}`);
        expect(res.statusCode).not.toBe(501);
      }),
      { numRuns: 300 },
    );
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('broken forms at the upload and registration endpoints', async () => {
    const before = await snapshot(svc.store);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORM_ENDPOINTS),
        badForm,
        authHeaders,
        fc.boolean(),
        async (url, form, auth, goodKey) => {
          const res = await svc.app.inject({
            method: 'POST',
            url,
            headers: { ...(goodKey ? { 'x-api-key': svc.key } : auth), 'content-type': form.contentType },
            payload: form.body,
          });
          expectNoServerError(res, `${url} ${form.body.subarray(0, 200).toString('latin1')}`);
        },
      ),
      { numRuns: 300 },
    );
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('random bytes with any content type at the form endpoints', async () => {
    const before = await snapshot(svc.store);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORM_ENDPOINTS),
        contentTypes,
        fc.uint8Array({ maxLength: 500 }),
        async (url, ct, bytes) => {
          const headers: Record<string, string> = { 'x-api-key': svc.key };
          if (ct) headers['content-type'] = ct;
          const res = await svc.app.inject({ method: 'POST', url, headers, payload: Buffer.from(bytes) });
          expectNoServerError(res, `${url} ${ct}`);
        },
      ),
      { numRuns: 300 },
    );
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('any id, any method, any path under /api', async () => {
    const before = await snapshot(svc.store);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.oneof(
          fc.string({ maxLength: 80 }).map((id) => `/api/v2/sources/${encodeURIComponent(id)}`),
          fc.string({ maxLength: 80 }).map((id) => `/api/v2/sources/${encodeURIComponent(id)}/content`),
          fc
            .string({ maxLength: 80 })
            .map((id) => `/api/v2/sources/${encodeURIComponent(id)}/representations`),
          fc.string({ maxLength: 80 }).map((id) => `/api/v2/representations/${encodeURIComponent(id)}`),
          // Around and over the id schema's 200 characters, and over fastify's default parameter ceiling.
          fc
            .string({ minLength: 95, maxLength: 420 })
            .map((id) => `/api/v2/sources/${encodeURIComponent(id)}`),
          fc.constant(`/api/v2/sources/${assetId}`),
          // Another account's source version: as if it did not exist.
          fc.constant(`/api/v2/sources/${sourceVersionId}/representations`),
          fc.webPath().map((p) => `/api${p}`),
        ),
        authHeaders,
        async (method, url, auth) => {
          // Only keys that cannot see `sourceVersionId`, so nothing is published.
          for (const headers of [auth, { 'x-api-key': svc.otherKey }]) {
            const res = await svc.app.inject({ method, url, headers });
            expectNoServerError(res, `${method} ${url}`);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('invalid UTF-8 anywhere in a JSON body: always 400 invalid_request, never judged', async () => {
    const before = await snapshot(svc.store);
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 60 }).map((q) => JSON.stringify({ query: q })),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map((claim) =>
        JSON.stringify({
          claim,
          operands: [
            {
              source_version_id: sourceVersionId,
              representation_id: 'rep_x',
              source_unit_id: 'u',
              figure_index: 0,
            },
          ],
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_ENDPOINTS),
        fc.constantFrom('application/json', 'application/json; charset=utf-8'),
        bodies,
        invalidUtf8,
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (url, contentType, body, bytes, at) => {
          const payload = spliced(Buffer.from(body), bytes, at);
          // Rarely, the inserted bytes complete a character the cut split: then the body is valid.
          fc.pre(!isUtf8(payload));
          const res = await svc.app.inject({
            method: 'POST',
            url,
            headers: { 'x-api-key': svc.key, 'content-type': contentType },
            payload,
          });
          const label = `${url} ${payload.toString('latin1').slice(0, 120)}`;
          expect(res.statusCode, label).toBe(400);
          const parsed = ErrorBody.safeParse(res.json());
          expect(parsed.success, `${label}: error body`).toBe(true);
          expect(parsed.data?.error.code, label).toBe('invalid_request');
          expect(parsed.data?.error.message, label).toMatch(/not valid UTF-8 \(byte offset \d+\)/);
        },
      ),
      { numRuns: 300 },
    );
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('invalid UTF-8 in a form field, field name or file name: always 400 invalid_request', async () => {
    const before = await snapshot(svc.store);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORM_ENDPOINTS),
        fc.constantFrom('value' as const, 'name' as const, 'filename' as const),
        invalidUtf8,
        async (url, where, bytes) => {
          const form = formWithBytes(where, bytes);
          fc.pre(!isUtf8(form.body.subarray(0, form.body.indexOf(PDF_BYTES))));
          const res = await svc.app.inject({
            method: 'POST',
            url,
            headers: { 'x-api-key': svc.key, 'content-type': form.contentType },
            payload: form.body,
          });
          const label = `${url} ${where} ${Buffer.from(bytes).toString('hex')}`;
          expect(res.statusCode, label).toBe(400);
          const parsed = ErrorBody.safeParse(res.json());
          expect(parsed.success, `${label}: error body`).toBe(true);
          expect(parsed.data?.error.code, label).toBe('invalid_request');
        },
      ),
      { numRuns: 200 },
    );
    expect(await snapshot(svc.store)).toEqual(before);
  });
});
