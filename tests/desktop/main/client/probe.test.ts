import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeService } from '../../../../desktop/main/client/probe';

// "Test connection" against real sockets on loopback: a scripted server for each kind of answer, a closed
// port, a self-signed HTTPS server, and one that never answers.

const KEY = 'ek_test_key_0123456789';

type Script = (request: IncomingMessage, response: ServerResponse) => void;

async function serve(script: Script): Promise<{ url: string; server: Server }> {
  const server = createServer(script);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const servers: Server[] = [];
async function scripted(script: Script): Promise<string> {
  const { url, server } = await serve(script);
  servers.push(server);
  return url;
}

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

/** Our service's answers: 401 without the right key, 404 `not_found` for a source that does not exist. */
const evidenceService: Script = (request, response) => {
  if (request.headers['x-api-key'] !== KEY)
    return json(response, 401, { error: { code: 'unauthorized', message: 'Invalid API key.' } });
  json(response, 404, { error: { code: 'not_found', message: 'No such source version.' } });
};

describe('testing the connection to a remote evidence service', () => {
  it('is ok when the service answers as the evidence service and takes the key', async () => {
    const url = await scripted(evidenceService);
    const report = await probeService({ baseUrl: url, key: KEY });
    expect(report.outcome).toBe('ok');
  });

  it('says the key was rejected on 401 and on 403, without repeating the key', async () => {
    const url = await scripted(evidenceService);
    const report = await probeService({ baseUrl: url, key: 'ek_wrong_key_999' });
    expect(report.outcome).toBe('key_rejected');
    expect(report.message).toMatch(/rejected the API key/);
    expect(report.message).not.toContain('ek_wrong_key_999');
    const forbidden = await scripted((_q, r) =>
      json(r, 403, { error: { code: 'forbidden', message: 'no' } }),
    );
    expect((await probeService({ baseUrl: forbidden, key: KEY })).outcome).toBe('key_rejected');
  });

  it('tells a server that answers something else: an HTML page, a 404 page, JSON of another shape, a redirect', async () => {
    const html = await scripted((_q, r) => {
      r.writeHead(200, { 'content-type': 'text/html' });
      r.end('<html>hello</html>');
    });
    const notFound = await scripted((_q, r) => {
      r.writeHead(404, { 'content-type': 'text/plain' });
      r.end('Not Found');
    });
    const otherJson = await scripted((_q, r) => json(r, 200, { status: 'ok', name: 'something else' }));
    const otherJson404 = await scripted((_q, r) => json(r, 404, { message: 'route not found' }));
    const redirect = await scripted((_q, r) => {
      r.writeHead(302, { location: 'http://example.invalid/' });
      r.end();
    });
    for (const url of [html, notFound, otherJson, otherJson404, redirect]) {
      const report = await probeService({ baseUrl: url, key: KEY });
      expect(report.outcome, url).toBe('wrong_service');
      expect(report.message).toMatch(/not as an evidence service/);
    }
    expect((await probeService({ baseUrl: html, key: KEY })).message).toMatch(/text\/html/);
    expect((await probeService({ baseUrl: redirect, key: KEY })).message).toMatch(/redirect/);
  });

  it('says a closed port is unreachable', async () => {
    const { url, server } = await serve(() => {});
    await new Promise((resolve) => server.close(resolve));
    const report = await probeService({ baseUrl: url, key: KEY });
    expect(report.outcome).toBe('unreachable');
    expect(report.message).toMatch(/could not be reached/);
  });

  it('says a name that does not resolve is unreachable (DNS)', async () => {
    const report = await probeService({
      baseUrl: 'http://no-such-host.invalid',
      key: KEY,
      timeoutMs: 10_000,
    });
    expect(report.outcome).toBe('unreachable');
  });

  it('says a service that does not answer in time timed out', async () => {
    const url = await scripted(() => {
      // never answers
    });
    const report = await probeService({ baseUrl: url, key: KEY, timeoutMs: 300 });
    expect(report.outcome).toBe('timeout');
    expect(report.message).toMatch(/did not answer within/);
  });

  it('refuses a URL it cannot use and asks for a key when there is none', async () => {
    expect((await probeService({ baseUrl: 'ftp://example.org', key: KEY })).outcome).toBe('invalid_url');
    expect((await probeService({ baseUrl: 'not a url', key: KEY })).outcome).toBe('invalid_url');
    expect((await probeService({ baseUrl: 'http://127.0.0.1:9', key: null })).outcome).toBe('no_key');
  });
});

const openssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!openssl)(
  'a TLS failure (self-signed certificate; skipped when openssl is not installed)',
  () => {
    let dir: string;
    let url: string;
    let server: ReturnType<typeof createHttpsServer>;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'probe-tls-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      server = createHttpsServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        evidenceService,
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    });

    it('says the secure connection failed, not that the service is down', async () => {
      const report = await probeService({ baseUrl: url, key: KEY });
      expect(report.outcome).toBe('tls_failure');
      expect(report.message).toMatch(/secure \(TLS\) connection/);
    });

    it('says so too when https:// points at a plain http service', async () => {
      const plain = await scripted(evidenceService);
      const report = await probeService({ baseUrl: plain.replace('http:', 'https:'), key: KEY });
      expect(report.outcome).toBe('tls_failure');
    });
  },
);
if (!openssl)
  console.warn(
    'probe: TLS test skipped: openssl is not installed, so no self-signed certificate could be made',
  );
