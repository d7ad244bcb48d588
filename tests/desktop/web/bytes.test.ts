import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ASSET_BYTES } from '../../../shared/api';
import { WEB_UPLOAD_META_HEADER, WEB_UPLOAD_PATH, webSourceContentPath } from '../../../shared/bridge';
import { startWebHost, type WebHost } from '../../../desktop/web/server';

// The web host's byte paths: uploads as raw bodies (never base64) and a source's original bytes with
// Range requests, behind the same token, Host and Origin checks as the bridge.

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP request; `body` may be an iterable of chunks, sent with chunked transfer encoding. */
function send(
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | Iterable<Buffer>;
  },
  port = host.port,
): Promise<Reply> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<Reply>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
        // A connection of its own per request (a refused upload's connection goes on discarding what
        // arrives), kept alive so the server may answer before the body ends without closing it.
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const body = options.body;
    if (body === undefined || Buffer.isBuffer(body)) {
      req.end(body);
      return;
    }
    // Streamed: stop writing once the server has answered (a refusal mid-stream).
    let answered = false;
    req.on('response', () => {
      answered = true;
      req.end();
    });
    const iterator = body[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        if (answered) return;
        const next = iterator.next();
        if (next.done) {
          req.end();
          return;
        }
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  }).finally(() => agent.destroy());
}

let root: string;
let host: WebHost;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'workbench-bytes-'));
  const rendererDir = join(root, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Evidence Workbench</title>');
  host = await startWebHost({ port: 0, dataDir: join(root, 'data'), rendererDir, version: '1.0.0' });
});

afterAll(async () => {
  await host?.close();
  await rm(root, { recursive: true, force: true });
});

const meta = (fields: Record<string, unknown>) => encodeURIComponent(JSON.stringify(fields));

function uploadBytes(bytes: Buffer, fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  return send({
    method: 'POST',
    path: WEB_UPLOAD_PATH,
    headers: {
      'content-type': 'application/octet-stream',
      'x-workbench-token': host.token,
      [WEB_UPLOAD_META_HEADER]: meta(fields),
      ...headers,
    },
    body: bytes,
  });
}

async function invoke(channel: string, input: unknown) {
  const reply = await send({
    method: 'POST',
    path: '/bridge/invoke',
    headers: { 'content-type': 'application/json', 'x-workbench-token': host.token },
    body: Buffer.from(JSON.stringify({ channel, input })),
  });
  return JSON.parse(reply.body.toString('utf8')) as { ok: boolean; value: unknown; error?: { code: string } };
}

async function libraryIds(): Promise<string[]> {
  const listed = await invoke('library.list', {});
  return (listed.value as { sourceVersionId: string }[]).map((e) => e.sourceVersionId);
}

/** Bytes no UTF-8 decoder would keep: every byte value, a lone continuation byte, an invalid lead. */
const BINARY = Buffer.concat([Buffer.from([0x00, 0xff, 0xfe, 0x80, 0xc0, 0xc1, 0xf5]), randomBytes(4096)]);

describe('web host: uploads of bytes', () => {
  let uploaded: { source_version_id: string; sha256: string; byte_length: number; filename: string };

  it('stores the body exactly, a binary file with a unicode name, and lists it', async () => {
    const filename = 'Quartalsbericht – Ünïcødé 統計 😀.bin';
    const reply = await uploadBytes(BINARY, { filename, title: 'Binär', taskId: 'up-1' });
    expect(reply.status).toBe(200);
    const result = JSON.parse(reply.body.toString('utf8')) as { ok: boolean; value: typeof uploaded };
    expect(result.ok).toBe(true);
    uploaded = result.value;
    expect(uploaded).toMatchObject({ byte_length: BINARY.length, filename });
    expect(uploaded.sha256).toBe(
      (await import('node:crypto')).createHash('sha256').update(BINARY).digest('hex'),
    );
    const listed = await invoke('library.list', {});
    expect(listed.value).toEqual([
      expect.objectContaining({ sourceVersionId: uploaded.source_version_id, filename, title: 'Binär' }),
    ]);
  });

  it('gives the same bytes back', async () => {
    const reply = await send({
      path: webSourceContentPath(uploaded.source_version_id),
      headers: { 'x-workbench-token': host.token },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.equals(BINARY)).toBe(true);
  });

  it('refuses an upload without the token (401) or with a wrong one, and stores nothing', async () => {
    const before = await libraryIds();
    for (const token of [undefined, 'wrong', `${host.token}x`]) {
      const reply = await send({
        method: 'POST',
        path: WEB_UPLOAD_PATH,
        headers: {
          'content-type': 'application/octet-stream',
          [WEB_UPLOAD_META_HEADER]: meta({ filename: 'a.bin' }),
          ...(token ? { 'x-workbench-token': token } : {}),
        },
        body: Buffer.from('abc'),
      });
      expect(reply.status).toBe(401);
      expect(JSON.parse(reply.body.toString())).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    expect(await libraryIds()).toEqual(before);
  });

  it('refuses a foreign Host or Origin even with the token (403)', async () => {
    for (const headers of <Record<string, string>[]>[
      { host: `evil.example:${host.port}` },
      { origin: 'http://evil.example' },
      { origin: 'null' },
    ]) {
      const reply = await uploadBytes(Buffer.from('abc'), { filename: 'a.bin' }, headers);
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(reply.body.toString())).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it.each([
    ['no meta header', undefined],
    ['meta that is not percent-encoded', '%E0%A4%A'],
    ['meta that is not JSON', encodeURIComponent('{filename:')],
    ['meta without a file name', meta({ title: 'x' })],
    ['meta with an unknown field', meta({ filename: 'a.bin', dataBase64: 'AAAA' })],
    ['meta with a bad task id', meta({ filename: 'a.bin', taskId: '../x' })],
  ])('answers invalid_input for %s, storing nothing', async (_what, header) => {
    const before = await libraryIds();
    const reply = await send({
      method: 'POST',
      path: WEB_UPLOAD_PATH,
      headers: {
        'content-type': 'application/octet-stream',
        'x-workbench-token': host.token,
        ...(header !== undefined ? { [WEB_UPLOAD_META_HEADER]: header } : {}),
      },
      body: Buffer.from('abc'),
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body.toString())).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await libraryIds()).toEqual(before);
  });

  it('refuses an empty body and a body that is not octet-stream', async () => {
    const empty = await uploadBytes(Buffer.alloc(0), { filename: 'a.bin' });
    expect(JSON.parse(empty.body.toString())).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const json = await uploadBytes(
      Buffer.from('{}'),
      { filename: 'a.bin' },
      { 'content-type': 'application/json' },
    );
    expect(json.status).toBe(415);
  });

  it('refuses a declared length over the ceiling before reading the body (413 too_large)', async () => {
    const reply = await send({
      method: 'POST',
      path: WEB_UPLOAD_PATH,
      headers: {
        'content-type': 'application/octet-stream',
        'x-workbench-token': host.token,
        [WEB_UPLOAD_META_HEADER]: meta({ filename: 'big.bin' }),
        'content-length': String(MAX_ASSET_BYTES + 1),
      },
      body: Buffer.from('just the start'),
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body.toString())).toMatchObject({ ok: false, error: { code: 'too_large' } });
  });

  it('refuses a streamed body the moment it passes the ceiling (413 too_large), storing nothing', async () => {
    const before = await libraryIds();
    const chunk = Buffer.alloc(1_000_000, 7);
    let sent = 0;
    function* chunks() {
      // Twice the ceiling at most: the server must answer long before the end.
      for (let i = 0; i < (2 * MAX_ASSET_BYTES) / chunk.length; i++) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const reply = await send({
      method: 'POST',
      path: WEB_UPLOAD_PATH,
      headers: {
        'content-type': 'application/octet-stream',
        'x-workbench-token': host.token,
        [WEB_UPLOAD_META_HEADER]: meta({ filename: 'stream.bin' }),
      },
      body: chunks(),
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body.toString())).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(sent).toBeLessThan(2 * MAX_ASSET_BYTES);
    expect(await libraryIds()).toEqual(before);
  });

  it('accepts a streamed body of exactly the ceiling', { timeout: 30_000 }, async () => {
    const chunk = Buffer.alloc(1_000_000, 9);
    function* chunks() {
      for (let i = 0; i < MAX_ASSET_BYTES / chunk.length; i++) yield chunk;
    }
    const reply = await send({
      method: 'POST',
      path: WEB_UPLOAD_PATH,
      headers: {
        'content-type': 'application/octet-stream',
        'x-workbench-token': host.token,
        [WEB_UPLOAD_META_HEADER]: meta({ filename: 'ceiling.bin' }),
      },
      body: chunks(),
    });
    expect(JSON.parse(reply.body.toString())).toMatchObject({
      ok: true,
      value: { byte_length: MAX_ASSET_BYTES },
    });
  });
});

describe('web host: a source’s original bytes', () => {
  const BYTES = randomBytes(1000);
  let id: string;
  let etag: string;

  beforeAll(async () => {
    const reply = await uploadBytes(BYTES, { filename: 'range.bin' });
    id = (JSON.parse(reply.body.toString()) as { value: { source_version_id: string; sha256: string } }).value
      .source_version_id;
  });

  const get = (headers: Record<string, string> = {}, method = 'GET', path = webSourceContentPath(id)) =>
    send({ method, path, headers: { 'x-workbench-token': host.token, ...headers } });

  it('answers the whole file without a Range, with headers that keep it inert', async () => {
    const reply = await get();
    expect(reply.status).toBe(200);
    expect(reply.body.equals(BYTES)).toBe(true);
    expect(reply.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': 'sandbox',
    });
    expect(reply.headers['etag']).toMatch(/^"sha256:[0-9a-f]{64}"$/);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    etag = reply.headers['etag'] as string;
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-100', 900, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=999-999', 999, 999],
  ])('answers %s with 206 and its piece', async (range, start, end) => {
    const reply = await get({ range });
    expect(reply.status).toBe(206);
    expect(reply.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(reply.headers['content-length']).toBe(String(end - start + 1));
    expect(reply.body.equals(BYTES.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers %s with 416', async (range) => {
    const reply = await get({ range });
    expect(reply.status).toBe(416);
    expect(reply.headers['content-range']).toBe('bytes */1000');
  });

  it.each(['bytes=0-1,5-6', 'items=0-1', 'bytes=5-1', 'bytes=abc'])(
    'ignores %s: the whole file',
    async (range) => {
      const reply = await get({ range });
      expect(reply.status).toBe(200);
      expect(reply.body.equals(BYTES)).toBe(true);
    },
  );

  it('honours If-Range only for the current version', async () => {
    expect((await get({ range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
    expect((await get({ range: 'bytes=0-9', 'if-range': '"sha256:other"' })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const reply = await get({ range: 'bytes=0-9' }, 'HEAD');
    expect(reply.status).toBe(206);
    expect(reply.headers['content-length']).toBe('10');
    expect(reply.body.length).toBe(0);
  });

  it('refuses without the token (401), from a foreign Host or Origin (403), and other methods (405)', async () => {
    const without = await send({ path: webSourceContentPath(id) });
    expect(without.status).toBe(401);
    expect(without.body.toString()).not.toContain(BYTES.subarray(0, 16).toString('latin1'));
    expect((await get({ host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await get({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await get({}, 'DELETE')).status).toBe(405);
  });

  it('answers 404 JSON for an unknown, malformed or removed source', async () => {
    for (const path of [
      webSourceContentPath('sv_missing'),
      webSourceContentPath('x'.repeat(300)),
      '/bridge/sources/%E0%A4%A/content',
    ]) {
      const reply = await get({}, 'GET', path);
      expect(reply.status, path).toBe(404);
      expect(JSON.parse(reply.body.toString())).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
    expect((await get({ range: 'bytes=0-9' })).status).toBe(206);
    expect(await invoke('library.remove', { sourceVersionId: id })).toMatchObject({ ok: true });
    const removed = await get();
    expect(removed.status).toBe(404);
    expect(JSON.parse(removed.body.toString())).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
