import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBody,
  NumericResponse,
  Representation,
  UploadResponse,
  type OperandReference,
} from '../../../shared/api';
import { PDF_BYTES, snapshot, startTestService, upload, type TestService } from '../helpers';

// A body is read as the bytes that were sent, or refused. Invalid UTF-8 is never
// replaced with U+FFFD behind the caller's back; a U+FFFD sent as valid UTF-8 (EF BF BD) is kept.

let svc: TestService;
let refs: OperandReference[];
beforeAll(async () => {
  svc = await startTestService();
  const csv = 'Item,2022,2023\nRevenue,"1,000","1,120"\n';
  const asset = UploadResponse.parse((await upload(svc, csv, { retain: 'true' }, 'revenue.csv')).json());
  const res = await svc.app.inject({
    method: 'POST',
    url: `/api/v2/sources/${asset.source_version_id}/representations`,
    headers: { 'x-api-key': svc.key },
  });
  const rep = Representation.parse(res.json());
  const unit = rep.units[0]!;
  refs = ['B2', 'C2'].map((ref) => {
    const figure = unit.figures.find((f) => f.position.kind === 'cell' && f.position.ref === ref)!;
    return {
      source_version_id: asset.source_version_id!,
      representation_id: rep.representation_id,
      source_unit_id: unit.source_unit_id,
      figure_index: figure.index,
    };
  });
});
afterAll(async () => {
  await svc.close();
});

const NBSP_UTF8 = Buffer.from([0xc2, 0xa0]);
const REPLACEMENT_UTF8 = Buffer.from([0xef, 0xbf, 0xbd]);

/** A JSON body whose `marker` (inside a string) is replaced by raw bytes. */
function jsonWithBytes(body: unknown, marker: string, bytes: Uint8Array): Buffer {
  const text = JSON.stringify(body);
  const at = text.indexOf(marker);
  if (at < 0) throw new Error('marker not in body');
  return Buffer.concat([
    Buffer.from(text.slice(0, at)),
    Buffer.from(bytes),
    Buffer.from(text.slice(at + marker.length)),
  ]);
}

const postJson = (url: string, payload: Buffer) =>
  svc.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
    payload,
  });

function expectInvalidUtf8(res: { statusCode: number; json: () => unknown; body: string }, offset?: number) {
  expect(res.statusCode, res.body).toBe(400);
  const body = ErrorBody.parse(res.json());
  expect(body.error.code).toBe('invalid_request');
  expect(body.error.message).toMatch(/UTF-8/);
  if (offset !== undefined) expect(body.error.message).toContain(`byte offset ${offset}`);
  return body;
}

/** Byte sequences that are not UTF-8, each followed by ASCII in the body. */
const INVALID: Array<[string, number[]]> = [
  ['a lone continuation byte', [0x80]],
  ['0xFF', [0xff]],
  ['an overlong "/"', [0xc0, 0xaf]],
  ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
  ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
  ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ['a truncated three-byte sequence', [0xe2, 0x82]],
  ['a lead byte 0xF5', [0xf5, 0x80, 0x80, 0x80]],
];

describe('JSON bodies are decoded strictly', () => {
  const claim = (mark: string) => ({ claim: `Revenue rose 12%${mark} from 2022 to 2023`, operands: refs });

  it('a numeric claim with valid bytes is checked (the control)', async () => {
    const res = await postJson('/api/v2/verify/numeric', jsonWithBytes(claim('@@'), '@@', NBSP_UTF8));
    expect(res.statusCode, res.body).toBe(201);
    expect(NumericResponse.parse(res.json()).outcome).toBe('supported');
  });

  it('a numeric claim with a malformed byte next to "12%" is refused, not judged, and nothing is stored', async () => {
    const before = await snapshot(svc.store);
    const payload = jsonWithBytes(claim('@@'), '@@', Buffer.from([0xff]));
    const res = await postJson('/api/v2/verify/numeric', payload);
    expectInvalidUtf8(res, payload.indexOf(0xff));
    expect(res.body).not.toContain('\ufffd');
    expect(await snapshot(svc.store)).toEqual(before);
  });

  for (const [name, bytes] of INVALID) {
    it(`${name} in a search query → 400 invalid_request`, async () => {
      const before = await snapshot(svc.store);
      const payload = jsonWithBytes({ query: 'revenue @@ growth' }, '@@', Uint8Array.from(bytes));
      const res = await postJson('/api/v1/sources/search', payload);
      expectInvalidUtf8(res, payload.indexOf(bytes[0]!));
      expect(await snapshot(svc.store)).toEqual(before);
    });
  }

  it('a truncated sequence at the very end of the body → 400', async () => {
    const payload = Buffer.concat([Buffer.from('{"query":"x"}'), Buffer.from([0xe2, 0x82])]);
    expectInvalidUtf8(await postJson('/api/v1/sources/search', payload), 13);
  });

  it('invalid bytes in an extraction request → 400 invalid_request', async () => {
    const payload = jsonWithBytes({ asset_url: 'https://example.org/@@' }, '@@', Buffer.from([0xc3, 0x28]));
    expectInvalidUtf8(await postJson('/api/v1/extract', payload));
  });

  it('a U+FFFD sent as valid UTF-8 is accepted and kept', async () => {
    const res = await postJson(
      '/api/v1/sources/search',
      jsonWithBytes({ query: 'revenue @@' }, '@@', REPLACEMENT_UTF8),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().claim_groups[0].claim).toBe('revenue \ufffd');
    const numeric = await postJson(
      '/api/v2/verify/numeric',
      jsonWithBytes(claim('@@'), '@@', REPLACEMENT_UTF8),
    );
    expect(numeric.statusCode, numeric.body).toBe(201);
  });

  it('malformed JSON and an empty body keep their own code', async () => {
    const malformed = await postJson('/api/v1/sources/search', Buffer.from('{"query":'));
    expect(malformed.statusCode).toBe(400);
    expect(ErrorBody.parse(malformed.json()).error.code).toBe('malformed_json');
    const empty = await postJson('/api/v1/sources/search', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(ErrorBody.parse(empty.json()).error.code).toBe('malformed_json');
  });

  it('a __proto__ member is still refused', async () => {
    const res = await postJson('/api/v1/sources/search', Buffer.from('{"query":"x","__proto__":{"a":1}}'));
    expect(res.statusCode).toBe(400);
    ErrorBody.parse(res.json());
  });
});

// --- multipart -------------------------------------------------------------------------------------

const BOUNDARY = 'ewutf8boundaryQ1w2e3';

/** One part of a form, every byte given: header parameters and value may hold any bytes. */
interface RawPart {
  name: Uint8Array | string;
  filename?: Uint8Array | string;
  contentType?: string;
  value: Uint8Array | string;
}

function rawForm(
  parts: RawPart[],
  boundary = BOUNDARY,
  contentType = `multipart/form-data; boundary=${boundary}`,
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
      Buffer.from(part.name),
    );
    if (part.filename !== undefined) chunks.push(Buffer.from('"; filename="'), Buffer.from(part.filename));
    chunks.push(Buffer.from('"\r\n'));
    if (part.contentType) chunks.push(Buffer.from(`Content-Type: ${part.contentType}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType };
}

const postForm = (url: string, form: { body: Buffer; contentType: string }) =>
  svc.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': svc.key, 'content-type': form.contentType },
    payload: form.body,
  });

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

describe('multipart text fields and file names are decoded strictly', () => {
  const file = (filename: Uint8Array | string = 'report.pdf'): RawPart => ({
    name: 'file',
    filename,
    contentType: 'application/pdf',
    value: PDF_BYTES,
  });

  it('invalid UTF-8 in a text field → 400 invalid_request naming the field; nothing stored', async () => {
    const before = await snapshot(svc.store);
    const res = await postForm(
      '/api/v1/assets',
      rawForm([{ name: 'title', value: bytes('Annual report 12%', [0xff], ' 2023') }, file()]),
    );
    const body = expectInvalidUtf8(res, 17);
    expect(body.error.message).toContain('title');
    expect(await snapshot(svc.store)).toEqual(before);
  });

  for (const [name, seq] of INVALID) {
    it(`${name} in a file name → 400 invalid_request; nothing stored`, async () => {
      const before = await snapshot(svc.store);
      const res = await postForm('/api/v1/assets', rawForm([file(bytes('report', seq, '.pdf'))]));
      expectInvalidUtf8(res);
      expect(await snapshot(svc.store)).toEqual(before);
    });
  }

  it('invalid UTF-8 in a field name → 400', async () => {
    const res = await postForm(
      '/api/v1/assets',
      rawForm([{ name: bytes('ti', [0xfe], 'tle'), value: 'x' }, file()]),
    );
    expectInvalidUtf8(res);
  });

  it('invalid UTF-8 in a registration field → 400; nothing stored', async () => {
    const before = await snapshot(svc.store);
    const res = await postForm(
      '/api/v2/sources',
      rawForm([{ name: 'assetId', value: bytes('ast_', [0xc0, 0xaf]) }, file()]),
    );
    expectInvalidUtf8(res);
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('a text field declaring another charset is refused rather than re-read', async () => {
    const res = await postForm(
      '/api/v1/assets',
      rawForm([{ name: 'title', contentType: 'text/plain; charset=iso-8859-1', value: 'Caf\u00e9' }, file()]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBody.parse(res.json()).error.code).toBe('invalid_request');
  });

  it('a U+FFFD sent as valid UTF-8 in a title and a file name is accepted and kept', async () => {
    const res = await postForm(
      '/api/v1/assets',
      rawForm([
        { name: 'title', value: bytes('Report ', [...REPLACEMENT_UTF8]) },
        file(bytes('r', [...REPLACEMENT_UTF8], 'port.pdf')),
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(UploadResponse.parse(res.json()).filename).toBe('r\ufffdport.pdf');
  });

  it('a file whose content is not UTF-8 is still accepted: only text fields and names are checked', async () => {
    const content = Buffer.from([
      0xff, 0xfe, 0x00, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x0d, 0x0a, 0x2d, 0x2d,
    ]);
    const res = await postForm(
      '/api/v1/assets',
      rawForm([
        { name: 'title', value: 'Caf\u00e9 \u{1f600}' },
        { name: 'file', filename: 'blob.bin', contentType: 'application/octet-stream', value: content },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(UploadResponse.parse(res.json()).byte_length).toBe(content.length);
  });

  it('a text field over the field ceiling is refused, not cut short', async () => {
    const before = await snapshot(svc.store);
    const res = await postForm(
      '/api/v1/assets',
      rawForm([{ name: 'title', value: 'x'.repeat(20_000) }, file()]),
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(ErrorBody.parse(res.json()).error.code).toBe('field_too_large');
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('the check holds however the body is cut into chunks', async () => {
    const good = rawForm([
      { name: 'title', value: bytes('Caf', [0xc3, 0xa9], ' ', [...REPLACEMENT_UTF8]) },
      file(bytes('caf', [0xc3, 0xa9], '.pdf')),
    ]);
    const bad = rawForm([{ name: 'title', value: bytes('Caf', [0xc3], 'e') }, file()]);
    for (const size of [1, 2, 3, 7, 40]) {
      const chunked = (form: { body: Buffer; contentType: string }) => {
        const pieces: Buffer[] = [];
        for (let i = 0; i < form.body.length; i += size) pieces.push(form.body.subarray(i, i + size));
        return svc.app.inject({
          method: 'POST',
          url: '/api/v1/assets',
          headers: { 'x-api-key': svc.key, 'content-type': form.contentType },
          payload: Readable.from(pieces),
        });
      };
      const accepted = await chunked(good);
      expect(accepted.statusCode, `${size}: ${accepted.body}`).toBe(201);
      expect(UploadResponse.parse(accepted.json()).filename).toBe('caf\u00e9.pdf');
      expectInvalidUtf8(await chunked(bad), 3);
    }
  });

  it('a quoted boundary with spaces and escapes is found as busboy finds it', async () => {
    const quoted = (value: Uint8Array | string) =>
      rawForm(
        [{ name: 'title', value }, file()],
        'a b"c',
        'multipart/form-data; charset=utf-8; boundary="a b\\"c"',
      );
    const accepted = await postForm('/api/v1/assets', quoted('Caf\u00e9'));
    expect(accepted.statusCode, accepted.body).toBe(201);
    expectInvalidUtf8(await postForm('/api/v1/assets', quoted(bytes('Caf', [0xe9]))), 3);
  });
});
