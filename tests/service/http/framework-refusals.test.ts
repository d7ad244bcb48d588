import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadResponse } from '../../../shared/api';
import { snapshot, startTestService, upload, type TestService } from '../helpers';

// Every refusal has the error body of local-extensions.md, `{ error: { code, message } }`,
// including those fastify and Node's HTTP parser make before a route runs.

let svc: TestService;
let port: number;
beforeAll(async () => {
  svc = await startTestService({ jsonBodyLimit: 64 * 1024 });
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  port = (svc.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await svc.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response with a Content-Length; null until it is complete. */
function parseResponse(data: Buffer): RawResponse | null {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = data.subarray(end + 4);
  if (Number.isNaN(length) || body.length < length) return null;
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: body.subarray(0, length).toString('utf8'),
  };
}

/** Sends bytes as they are on a fresh connection and reads the one response. */
function rawRequest(bytes: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const finish = () => {
      const res = parseResponse(data);
      socket.destroy();
      if (res) resolve(res);
      else reject(new Error(`no complete response: ${data.toString('latin1').slice(0, 300)}`));
    };
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (parseResponse(data)) finish();
    });
    // The server may close the connection as it refuses, and a reset may follow the response.
    socket.on('close', finish);
    socket.on('error', () => {});
    socket.on('connect', () => socket.write(bytes));
  });
}

/** The error body, exactly: `{ error: { code: snake_case, message } }` and nothing else. */
function expectErrorShape(body: string, code?: string) {
  const parsed = JSON.parse(body) as { error: { code: unknown; message: unknown } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message']);
  expect(parsed.error.code).toMatch(/^[a-z][a-z0-9_]*$/);
  expect(typeof parsed.error.message).toBe('string');
  expect(parsed.error.message).not.toBe('');
  if (code) expect(parsed.error.code).toBe(code);
  return parsed.error as { code: string; message: string };
}

function expectRefusal(res: RawResponse, status: number, code: string) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return expectErrorShape(res.body, code);
}

/** A GET with the test key, and any further header lines. */
const get = (path: string, ...headers: string[]) =>
  [
    `GET ${path} HTTP/1.1`,
    'Host: localhost',
    `x-api-key: ${svc.key}`,
    ...headers,
    'Connection: close',
    '',
    '',
  ].join('\r\n');

describe("refusals made by Node's HTTP parser", () => {
  it('431 for oversized headers', async () => {
    const res = await rawRequest(get('/api/v2/sources/sv_x', `x-big: ${'a'.repeat(20_000)}`));
    expectRefusal(res, 431, 'headers_too_large');
  });

  it('400 for an unknown method', async () => {
    const res = await rawRequest(
      `FROB /api/v2/sources/sv_x HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${svc.key}\r\n\r\n`,
    );
    expectRefusal(res, 400, 'unknown_method');
  });

  it('400 for a request line that is not HTTP', async () => {
    const garbage = await rawRequest('HELLO\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(['unknown_method', 'malformed_request']).toContain(expectErrorShape(garbage.body).code);
    expectRefusal(await rawRequest('GET /api/v2/sources/x HTTP/9.9\r\n\r\n'), 400, 'malformed_request');
  });

  it('400 for a malformed header line', async () => {
    const res = await rawRequest(
      'GET /api/v2/sources/x HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n',
    );
    expectRefusal(res, 400, 'malformed_request');
  });

  it('400 for both Content-Length and Transfer-Encoding', async () => {
    const res = await rawRequest(
      'POST /api/v1/sources/search HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expectRefusal(res, 400, 'malformed_request');
  });

  it('414 for a URL longer than the header ceiling', async () => {
    const res = await rawRequest(get(`/api/v2/sources/${'a'.repeat(30_000)}`));
    expectRefusal(res, 414, 'uri_too_long');
  });

  it('408 when the request does not arrive in time', async () => {
    // Node raises the timeout through the server's clientError event; raising it directly tests the answer
    // without waiting for a clock.
    const accepted = new Promise<net.Socket>((resolve) => svc.app.server.once('connection', resolve));
    const pending = rawRequest('GET /api/v2/sources/x HTTP/1.1\r\nHost: local');
    const serverSide = await accepted;
    await new Promise((resolve) => setImmediate(resolve));
    const timeout = Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    svc.app.server.emit('clientError', timeout, serverSide);
    expectRefusal(await pending, 408, 'request_timeout');
  });
});

describe('refusals made by fastify and Node before a route runs', () => {
  it('414 for a URL over the URL ceiling but within the header ceiling', async () => {
    const res = await rawRequest(get(`/api/v2/sources/${'a'.repeat(10_000)}`));
    expectRefusal(res, 414, 'uri_too_long');
    const query = await rawRequest(get(`/api/v2/sources/x?q=${'a'.repeat(10_000)}`));
    expectRefusal(query, 414, 'uri_too_long');
  });

  it('400 for a broken percent-escape in the path', async () => {
    const res = await rawRequest(get('/api/v2/sources/%E0%A4%A'));
    expectRefusal(res, 400, 'malformed_url');
  });

  it('400 for an HTTP/1.1 request without Host', async () => {
    const res = await rawRequest(
      `GET /api/v2/sources/x HTTP/1.1\r\nx-api-key: ${svc.key}\r\nConnection: close\r\n\r\n`,
    );
    expectRefusal(res, 400, 'missing_host');
  });

  it('417 for an Expect other than 100-continue', async () => {
    const res = await rawRequest(get('/api/v2/sources/x', 'Expect: teapot'));
    expectRefusal(res, 417, 'expectation_failed');
  });

  it('404 for a method no route has', async () => {
    const res = await rawRequest(
      `PROPFIND /api/v2/sources/x HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${svc.key}\r\nConnection: close\r\n\r\n`,
    );
    expectRefusal(res, 404, 'not_found');
  });

  it('413 for a declared body over the JSON limit, before it is read', async () => {
    const res = await rawRequest(
      'POST /api/v1/sources/search HTTP/1.1\r\nHost: localhost\r\n' +
        `x-api-key: ${svc.key}\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n{`,
    );
    expectRefusal(res, 413, 'body_too_large');
  });

  it('503 while shutting down, for a request on a connection already open', async () => {
    const closing = await startTestService();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let shutdownStarted!: () => void;
    const started = new Promise<void>((resolve) => (shutdownStarted = resolve));
    // Holds the shutdown open after it has begun, while the open connection sends another request.
    closing.app.addHook('preClose', async () => {
      shutdownStarted();
      await held;
    });
    await closing.app.listen({ host: '127.0.0.1', port: 0 });
    const closingPort = (closing.app.server.address() as AddressInfo).port;
    const socket = net.connect(closingPort, '127.0.0.1');
    socket.on('error', () => {});
    let data = Buffer.alloc(0);
    const next = () =>
      new Promise<RawResponse>((resolve) => {
        const check = () => {
          const res = parseResponse(data);
          if (!res) return;
          socket.off('data', onData);
          const used = data.indexOf('\r\n\r\n') + 4 + Buffer.byteLength(res.body);
          data = data.subarray(used);
          resolve(res);
        };
        const onData = (chunk: Buffer) => {
          data = Buffer.concat([data, chunk]);
          check();
        };
        socket.on('data', onData);
        check();
      });
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      const request = `GET /api/v2/sources/sv_x HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${closing.key}\r\n\r\n`;
      socket.write(request);
      expect((await next()).status).toBe(404);
      const closed = closing.close();
      await started;
      socket.write(request);
      const res = await next();
      expectRefusal(res, 503, 'shutting_down');
      expect(res.headers.connection).toBe('close');
      release();
      await closed;
    } finally {
      release();
      socket.destroy();
    }
  });
});

describe('ids in paths', () => {
  let sourceVersionId: string;
  beforeAll(async () => {
    const up = UploadResponse.parse((await upload(svc, 'a,b\n1,2\n', { retain: 'true' }, 'x.csv')).json());
    sourceVersionId = up.source_version_id!;
  });

  const inject = (method: 'GET' | 'POST', url: string) =>
    svc.app.inject({ method, url, headers: { 'x-api-key': svc.key } });

  const routes: Array<['GET' | 'POST', (id: string) => string]> = [
    ['GET', (id) => `/api/v2/sources/${id}`],
    ['GET', (id) => `/api/v2/sources/${id}/content`],
    ['POST', (id) => `/api/v2/sources/${id}/representations`],
    ['GET', (id) => `/api/v2/representations/${id}`],
  ];

  for (const [method, url] of routes) {
    it(`${method} ${url(':id')}: ids of 150 and 200 characters reach the route, which answers 404`, async () => {
      for (const length of [150, 200]) {
        const res = await inject(method, url('sv_' + 'a'.repeat(length - 3)));
        expect(res.statusCode, res.body).toBe(404);
        const error = expectErrorShape(res.body, 'not_found');
        expect(error.message).toMatch(/does not exist or does not belong to this account/);
        expect(res.body).not.toContain('FST_');
      }
    });

    it(`${method} ${url(':id')}: ids over the schema's 200 characters are 404 in the same shape`, async () => {
      for (const length of [201, 1000, 8000]) {
        const res = await inject(method, url('a'.repeat(length)));
        expect(res.statusCode, res.body).toBe(404);
        expectErrorShape(res.body, 'not_found');
      }
    });
  }

  it('a real id still works, and an id of 200 multi-byte characters is read whole', async () => {
    expect((await inject('GET', `/api/v2/sources/${sourceVersionId}`)).statusCode).toBe(200);
    const res = await inject('GET', `/api/v2/sources/${encodeURIComponent('é'.repeat(200))}`);
    expect(res.statusCode, res.body).toBe(404);
    expect(expectErrorShape(res.body, 'not_found').message).toMatch(/does not exist/);
  });

  it('without a key, an over-long id is still a 401 first', async () => {
    const res = await svc.app.inject({ method: 'GET', url: `/api/v2/sources/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.body, 'unauthorized');
  });
});

describe('refusals of bodies have the exact shape', () => {
  const post = (url: string, payload: string | Buffer, contentType: string) =>
    svc.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': svc.key, 'content-type': contentType },
      payload,
    });

  const cases: Array<[string, () => ReturnType<typeof post>, number, string]> = [
    [
      'malformed JSON',
      () => post('/api/v1/sources/search', '{"query":', 'application/json'),
      400,
      'malformed_json',
    ],
    [
      'an empty JSON body',
      () => post('/api/v1/sources/search', '', 'application/json'),
      400,
      'malformed_json',
    ],
    [
      'a body over the limit',
      () => post('/api/v1/sources/search', JSON.stringify({ query: 'x'.repeat(70_000) }), 'application/json'),
      413,
      'body_too_large',
    ],
    [
      'a content type no endpoint takes',
      () => post('/api/v1/sources/search', 'query=x', 'application/x-www-form-urlencoded'),
      415,
      'unsupported_media_type',
    ],
    ['text/plain', () => post('/api/v2/verify/numeric', 'x', 'text/plain'), 415, 'unsupported_media_type'],
    [
      'JSON at a form endpoint',
      () => post('/api/v1/assets', '{}', 'application/json'),
      415,
      'expected_multipart',
    ],
    [
      'invalid UTF-8',
      () => post('/api/v1/sources/search', Buffer.from([0x7b, 0xff, 0x7d]), 'application/json'),
      400,
      'invalid_request',
    ],
  ];

  for (const [name, send, status, code] of cases) {
    it(`${name} → ${status} ${code}`, async () => {
      const before = await snapshot(svc.store);
      const res = await send();
      expect(res.statusCode, res.body).toBe(status);
      expectErrorShape(res.body, code);
      expect(await snapshot(svc.store)).toEqual(before);
    });
  }

  it('an unknown endpoint → 404 not_found', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-api-key': svc.key } });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.body, 'not_found');
  });
});
