import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, it, expect } from 'vitest';
import { createDownloader, FetchError, type ResolvedAddress } from '../../../service/fetch';
import { ServiceError } from '../../../service/operations/errors';

const LOOPBACK_ONLY = (address: string) => address === '127.0.0.1';

interface TestServer {
  origin: string;
  port: number;
  /** Connections the server accepted. */
  connections: () => number;
  requests: IncomingMessage[];
  close: () => Promise<void>;
}

const servers: TestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const test: TestServer = {
    origin: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  servers.push(test);
  return test;
}

/** The FetchError a promise rejects with (fails the test when it resolves or throws something else). */
async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchError);
    return error as FetchError;
  }
  throw new Error('expected the download to fail');
}

/** A lookup that answers from a table and records every question. */
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup = (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return { lookup, asked };
}

const ok =
  (body: string | Buffer, headers: Record<string, string> = {}) =>
  (_: unknown, res: ServerResponse) => {
    res.writeHead(200, { 'content-length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };

describe('createDownloader: success', () => {
  it('returns the bytes, the media type without parameters and the Content-Disposition file name', async () => {
    const server = await serve(
      ok('%PDF-1.7 hello', {
        'content-type': 'Application/PDF; charset=binary',
        'content-disposition': 'attachment; filename="report 2024.pdf"',
      }),
    );
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY });
    const result = await download(`${server.origin}/files/x.bin?a=1`);
    expect(Buffer.from(result.bytes).toString()).toBe('%PDF-1.7 hello');
    expect(result.bytes).toBeInstanceOf(Uint8Array);
    expect(result.mediaType).toBe('application/pdf');
    expect(result.filename).toBe('report 2024.pdf');
    expect(result.finalUrl).toBe(`${server.origin}/files/x.bin?a=1`);
    expect(server.requests[0]?.url).toBe('/files/x.bin?a=1');
  });

  it('prefers filename* and strips any path from the name', async () => {
    const server = await serve(
      ok('x', {
        'content-disposition': `attachment; filename="../../etc/fallback.txt"; filename*=UTF-8''%C3%A9t%C3%A9.csv`,
      }),
    );
    const result = await createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${server.origin}/d`);
    expect(result.filename).toBe('été.csv');
    const plain = await serve(ok('x', { 'content-disposition': 'attachment; filename="../../etc/passwd"' }));
    const other = await createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${plain.origin}/d`);
    expect(other.filename).toBe('passwd');
  });

  it('falls back to the last URL path segment, and null when there is none', async () => {
    const server = await serve(ok('a,b\n1,2\n'));
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY });
    const named = await download(`${server.origin}/data/my%20table.csv`);
    expect(named.filename).toBe('my table.csv');
    expect(named.mediaType).toBeNull();
    const unnamed = await download(`${server.origin}/`);
    expect(unnamed.filename).toBeNull();
  });

  it('reads a chunked body under the ceiling', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('one ');
      res.write('two');
      res.end();
    });
    const result = await createDownloader({ allowAddresses: LOOPBACK_ONLY, maxBytes: 7 })(
      `${server.origin}/t`,
    );
    expect(Buffer.from(result.bytes).toString()).toBe('one two');
  });

  it('connects to the address the lookup gave, once, with the name in the Host header', async () => {
    const server = await serve(ok('pinned'));
    let calls = 0;
    // A rebinding resolver: public-looking first, then private. Only the first answer is ever used.
    const lookup = (): Promise<ResolvedAddress[]> =>
      Promise.resolve([{ address: calls++ === 0 ? '127.0.0.1' : '10.0.0.1', family: 4 }]);
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, lookup });
    const result = await download(`http://files.example.test:${server.port}/report.txt`);
    expect(Buffer.from(result.bytes).toString()).toBe('pinned');
    expect(calls).toBe(1);
    expect(server.requests[0]?.headers.host).toBe(`files.example.test:${server.port}`);
  });
});

describe('createDownloader: refused before any connection (400)', () => {
  it('refuses a loopback server without the test allowance, and the server sees no connection', async () => {
    const server = await serve(ok('secret'));
    const error = await failure(createDownloader()(`${server.origin}/secret`));
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_asset_url');
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.details).toEqual([{ path: 'asset_url', message: error.message }]);
    expect(server.connections()).toBe(0);
  });

  it('refuses the loopback server through every other spelling of its address', async () => {
    const server = await serve(ok('secret'));
    const download = createDownloader();
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0x7f000001', '[::ffff:127.0.0.1]']) {
      const error = await failure(download(`http://${host}:${server.port}/`));
      expect(error.status, host).toBe(400);
    }
    expect(server.connections()).toBe(0);
  });

  it.each([
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://10.1/',
    'http://0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::127.0.0.1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1%25eth0]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://localhost/',
    'http://foo.localhost/',
    'http://user:pass@example.com/',
    'http://user@example.com/',
    'https://:pass@example.com/',
    'ftp://example.com/file.pdf',
    'file:///etc/passwd',
    'data:text/plain,hello',
    'javascript:alert(1)',
    'gopher://example.com/',
    'not a url',
    '',
  ])('refuses %j without asking DNS', async (url) => {
    const dns = fakeDns({ 'example.com': ['93.184.216.34'] });
    const error = await failure(createDownloader({ lookup: dns.lookup })(url));
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_asset_url');
    expect(dns.asked).toEqual([]);
  });

  it('refuses a name that resolves to a private address, without connecting', async () => {
    const server = await serve(ok('x'));
    const dns = fakeDns({ 'intranet.example.test': ['10.0.0.5'] });
    const error = await failure(
      createDownloader({ lookup: dns.lookup })(`http://intranet.example.test:${server.port}/`),
    );
    expect(error.status).toBe(400);
    expect(error.message).toContain('10.0.0.5');
    expect(dns.asked).toEqual(['intranet.example.test']);
    expect(server.connections()).toBe(0);
  });

  it('refuses a name with one public and one private address', async () => {
    const dns = fakeDns({ 'mixed.example.test': ['93.184.216.34', '192.168.0.10'] });
    const error = await failure(createDownloader({ lookup: dns.lookup })('http://mixed.example.test/'));
    expect(error.status).toBe(400);
    expect(error.message).toContain('192.168.0.10');
  });

  it('refuses a name with a public and a metadata IPv6 address', async () => {
    const dns = fakeDns({ 'six.example.test': ['2606:4700:4700::1111', 'fd00:ec2::254'] });
    const error = await failure(createDownloader({ lookup: dns.lookup })('https://six.example.test/'));
    expect(error.status).toBe(400);
  });

  it('refuses a name that resolves to loopback even with the allowance for another address', async () => {
    const server = await serve(ok('x'));
    const dns = fakeDns({ 'local.example.test': ['127.0.0.1'] });
    const download = createDownloader({ lookup: dns.lookup, allowAddresses: (a) => a === '127.0.0.2' });
    const error = await failure(download(`http://local.example.test:${server.port}/`));
    expect(error.status).toBe(400);
    expect(server.connections()).toBe(0);
  });
});

describe('createDownloader: redirects', () => {
  it('follows a relative redirect and reports the final URL', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/start') {
        res.writeHead(302, { location: '/files/final.txt' });
        res.end();
      } else ok('landed')(req, res);
    });
    const result = await createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${server.origin}/start`);
    expect(Buffer.from(result.bytes).toString()).toBe('landed');
    expect(result.finalUrl).toBe(`${server.origin}/files/final.txt`);
    expect(result.filename).toBe('final.txt');
  });

  it.each([
    'http://10.0.0.1/internal',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://167772161/', // 10.0.0.1 in decimal (127.0.0.1 is the test allowance here)
    'http://0xa9.0xfe.0xa9.0xfe/',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'http://user:pass@example.com/',
  ])('refuses a redirect to %s with 400', async (location) => {
    const server = await serve((_, res) => {
      res.writeHead(301, { location });
      res.end();
    });
    const dns = fakeDns({});
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, lookup: dns.lookup });
    const error = await failure(download(`${server.origin}/go`));
    expect(error.status).toBe(400);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const server = await serve((_, res) => {
      res.writeHead(307, { location: 'http://internal.example.test/admin' });
      res.end();
    });
    const dns = fakeDns({ 'internal.example.test': ['172.16.3.4'] });
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, lookup: dns.lookup });
    const error = await failure(download(`${server.origin}/go`));
    expect(error.status).toBe(400);
    expect(dns.asked).toEqual(['internal.example.test']);
  });

  const chain = () =>
    serve((req, res) => {
      const n = Number(/^\/r\/(\d+)$/.exec(req.url ?? '')?.[1] ?? '0');
      if (n > 0) {
        res.writeHead(302, { location: `/r/${n - 1}` });
        res.end();
      } else ok('end of chain')(req, res);
    });

  it('follows 5 redirects', async () => {
    const server = await chain();
    const result = await createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${server.origin}/r/5`);
    expect(Buffer.from(result.bytes).toString()).toBe('end of chain');
    expect(server.requests).toHaveLength(6);
  });

  it('answers 502 to a chain of 6 redirects', async () => {
    const server = await chain();
    const error = await failure(createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${server.origin}/r/6`));
    expect(error.status).toBe(502);
    expect(error.code).toBe('too_many_redirects');
    expect(server.requests).toHaveLength(6);
  });

  it('honours maxRedirects', async () => {
    const server = await chain();
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, maxRedirects: 1 });
    expect((await failure(download(`${server.origin}/r/2`))).status).toBe(502);
    expect(Buffer.from((await download(`${server.origin}/r/1`)).bytes).toString()).toBe('end of chain');
  });
});

describe('createDownloader: size ceiling (413)', () => {
  it('refuses a declared Content-Length over the ceiling with its size', async () => {
    const server = await serve(ok(Buffer.alloc(2000)));
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, maxBytes: 1000 });
    const error = await failure(download(`${server.origin}/big`));
    expect(error.status).toBe(413);
    expect(error.code).toBe('source_too_large');
    expect(error.size).toEqual({ bytes: 2000, max_bytes: 1000 });
    expect(error.extra).toEqual({ bytes: 2000, max_bytes: 1000 });
  });

  it('stops a chunked body that goes over the ceiling mid-stream, with bytes null', async () => {
    let wrote = 0;
    let serverSawClose = false;
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const timer = setInterval(() => {
        if (res.destroyed || wrote > 10_000_000) return clearInterval(timer);
        res.write(Buffer.alloc(4096));
        wrote += 4096;
      }, 1);
      res.on('close', () => {
        serverSawClose = true;
        clearInterval(timer);
      });
    });
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, maxBytes: 10_000 });
    const error = await failure(download(`${server.origin}/stream`));
    expect(error.status).toBe(413);
    expect(error.size).toEqual({ bytes: null, max_bytes: 10_000 });
    expect(error.extra).toEqual({ bytes: null, max_bytes: 10_000 });
    await expect.poll(() => serverSawClose).toBe(true);
    expect(wrote).toBeLessThan(10_000_000);
  });

  it('defaults the ceiling to 50 MB', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-length': String(50_000_001) });
      res.end();
    });
    const error = await failure(createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${server.origin}/`));
    expect(error.status).toBe(413);
    expect(error.size).toEqual({ bytes: 50_000_001, max_bytes: 50_000_000 });
  });
});

describe('createDownloader: upstream failures', () => {
  it('answers 504 when the server never answers', async () => {
    const server = await serve(() => {
      /* never answers */
    });
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, timeoutMs: 200 });
    const started = Date.now();
    const error = await failure(download(`${server.origin}/slow`));
    expect(error.status).toBe(504);
    expect(error.code).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 504 when the body never ends', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
    });
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, timeoutMs: 200 });
    expect((await failure(download(`${server.origin}/`))).status).toBe(504);
  });

  it('answers 504 when the lookup never answers', async () => {
    const lookup = () => new Promise<ResolvedAddress[]>(() => {});
    const download = createDownloader({ lookup, timeoutMs: 100 });
    expect((await failure(download('http://hang.example.test/'))).status).toBe(504);
  });

  it.each([500, 404, 403, 204 + 100])('answers 502 to status %i', async (status) => {
    const server = await serve((_, res) => {
      res.writeHead(status);
      res.end('nope');
    });
    const error = await failure(createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${server.origin}/`));
    expect(error.status).toBe(502);
    expect(error.code).toBe('upstream_status');
  });

  it('answers 502 when the connection is refused', async () => {
    const server = await serve(ok('x'));
    const origin = server.origin;
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    const error = await failure(createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${origin}/`));
    expect(error.status).toBe(502);
    expect(error.code).toBe('upstream_unreachable');
  });

  it('answers 502 when the connection is reset mid-body', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial', () => res.socket?.destroy());
    });
    const error = await failure(createDownloader({ allowAddresses: LOOPBACK_ONLY })(`${server.origin}/`));
    expect(error.status).toBe(502);
  });

  it('answers 502 when TLS fails (https to a plain http server)', async () => {
    const server = await serve(ok('x'));
    const download = createDownloader({ allowAddresses: LOOPBACK_ONLY, timeoutMs: 5000 });
    const error = await failure(download(`https://127.0.0.1:${server.port}/`));
    expect(error.status).toBe(502);
  });

  it('answers 502 when the name does not resolve', async () => {
    const dns = fakeDns({});
    const error = await failure(createDownloader({ lookup: dns.lookup })('http://nowhere.example.test/'));
    expect(error.status).toBe(502);
  });
});
