import { request } from 'node:http';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../desktop/main/security/csp';
import {
  MAX_BRIDGE_BODY_BYTES,
  startWebHost,
  tokenRefusalMessage,
  type WebHost,
} from '../../../desktop/web/server';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request: the path goes out exactly as written, Host and Origin as given. */
function send(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const SECRET = 'the-contents-of-a-file-outside-the-renderer';
let root: string;
let host: WebHost;

function bridgeCall(headers: Record<string, string>, body: unknown = { channel: 'health', input: {} }) {
  return send(host.port, {
    method: 'POST',
    path: '/bridge/invoke',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'workbench-webhost-'));
  const rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Evidence Workbench</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log("app")');
  await writeFile(join(root, 'secret.txt'), SECRET);
  await symlink(join(root, 'secret.txt'), join(rendererDir, 'assets', 'link.txt'));
  host = await startWebHost({ port: 0, dataDir: join(root, 'data'), rendererDir, version: '9.8.7' });
});

afterAll(async () => {
  await host?.close();
  await rm(root, { recursive: true, force: true });
});

describe('web host: address and token', () => {
  it('listens on 127.0.0.1 and carries the token in the URL fragment', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${host.token}`);
    expect(host.port).toBeGreaterThan(0);
  });

  it('makes a 32-byte base64url token, new for every launch', async () => {
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await startWebHost({
      port: 0,
      dataDir: join(root, 'data2'),
      rendererDir: join(root, 'renderer'),
    });
    try {
      expect(other.token).not.toBe(host.token);
    } finally {
      await other.close();
    }
  });
});

describe('web host: bridge', () => {
  it('answers health to a call with the launch token', async () => {
    const reply = await bridgeCall({ 'x-workbench-token': host.token });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({
      ok: true,
      value: { status: 'ok', version: '9.8.7', service: 'embedded' },
    });
    expect(reply.body).not.toContain(root);
  });

  it('refuses a call without the token (401)', async () => {
    const reply = await bridgeCall({});
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('tells a tab without the token to open the address the command printed', async () => {
    const reply = JSON.parse((await bridgeCall({})).body) as { error: { message: string } };
    expect(reply.error.message).toBe(tokenRefusalMessage(undefined, 'npm run web'));
    expect(reply.error.message).toMatch(/^This tab has no workbench token/);
    expect(reply.error.message).toContain('Open the address "npm run web" printed last');
  });

  it('tells a tab holding another launch’s token that the workbench was started again', async () => {
    const reply = JSON.parse((await bridgeCall({ 'x-workbench-token': 'an-earlier-launch' })).body) as {
      error: { message: string };
    };
    expect(reply.error.message).toMatch(/^This tab's workbench token is not this launch's/);
    expect(reply.error.message).toContain('an earlier run of "npm run web"');
    expect(reply.error.message).not.toContain('an-earlier-launch');
  });

  it('names the command that started it: npm start', async () => {
    const started = await startWebHost({
      port: 0,
      dataDir: join(root, 'data-start'),
      rendererDir: join(root, 'renderer'),
      launchCommand: 'npm start',
    });
    try {
      for (const headers of [{}, { 'x-workbench-token': host.token }] as Record<string, string>[]) {
        const reply = await send(started.port, {
          method: 'POST',
          path: '/bridge/invoke',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ channel: 'health', input: {} }),
        });
        expect(reply.status).toBe(401);
        const { error } = JSON.parse(reply.body) as { error: { code: string; message: string } };
        expect(error.code).toBe('unauthorized');
        expect(error.message).toContain('"npm start" printed');
        expect(error.message).not.toContain('npm run web');
      }
    } finally {
      await started.close();
    }
  });

  it('refuses a wrong token (401), including one that only shares a prefix', async () => {
    expect((await bridgeCall({ 'x-workbench-token': 'wrong' })).status).toBe(401);
    expect((await bridgeCall({ 'x-workbench-token': host.token.slice(0, -1) })).status).toBe(401);
    expect((await bridgeCall({ 'x-workbench-token': `${host.token}x` })).status).toBe(401);
  });

  it('refuses a foreign Host even with the token (DNS rebinding, 403)', async () => {
    for (const badHost of [
      `evil.example:${host.port}`,
      `127.0.0.1:${host.port + 1}`,
      '127.0.0.1',
      `0.0.0.0:${host.port}`,
    ]) {
      const reply = await bridgeCall({ host: badHost, 'x-workbench-token': host.token });
      expect(reply.status, badHost).toBe(403);
      expect(reply.body).not.toContain('"ok":true');
    }
  });

  it('accepts localhost:PORT as Host', async () => {
    const reply = await bridgeCall({ host: `localhost:${host.port}`, 'x-workbench-token': host.token });
    expect(reply.status).toBe(200);
  });

  it('refuses a foreign Origin even with the token (403), accepts its own', async () => {
    for (const origin of [
      'http://evil.example',
      `http://127.0.0.1:${host.port + 1}`,
      'null',
      `https://127.0.0.1:${host.port}`,
    ]) {
      const reply = await bridgeCall({ origin, 'x-workbench-token': host.token });
      expect(reply.status, origin).toBe(403);
    }
    const same = await bridgeCall({
      origin: `http://127.0.0.1:${host.port}`,
      'x-workbench-token': host.token,
    });
    expect(same.status).toBe(200);
  });

  it('answers an unknown channel with the router error as a value', async () => {
    const reply = await bridgeCall({ 'x-workbench-token': host.token }, { channel: 'nope', input: {} });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('refuses bodies that are not a bridge request', async () => {
    const token = { 'x-workbench-token': host.token };
    const notJson = await send(host.port, {
      method: 'POST',
      path: '/bridge/invoke',
      headers: { ...token, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
    expect((await bridgeCall(token, { input: {} })).status).toBe(400);
    const plainText = await send(host.port, {
      method: 'POST',
      path: '/bridge/invoke',
      headers: { ...token, 'content-type': 'text/plain' },
      body: JSON.stringify({ channel: 'health', input: {} }),
    });
    expect(plainText.status).toBe(415);
  });

  it('refuses a body over the limit (413)', async () => {
    const reply = await bridgeCall(
      { 'x-workbench-token': host.token },
      { channel: 'health', input: { padding: 'x'.repeat(MAX_BRIDGE_BODY_BYTES) } },
    );
    expect(reply.status).toBe(413);
  });

  it('takes POST only', async () => {
    const reply = await send(host.port, {
      path: '/bridge/invoke',
      headers: { 'x-workbench-token': host.token },
    });
    expect(reply.status).toBe(405);
  });

  it('never sends a CORS header, not even to a preflight', async () => {
    const replies = [
      await bridgeCall({ 'x-workbench-token': host.token }),
      await bridgeCall({}),
      await bridgeCall({ origin: 'http://evil.example', 'x-workbench-token': host.token }),
      await send(host.port, {
        method: 'OPTIONS',
        path: '/bridge/invoke',
        headers: {
          origin: 'http://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-workbench-token, content-type',
        },
      }),
      await send(host.port, { path: '/' }),
    ];
    for (const reply of replies) {
      expect(Object.keys(reply.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
    expect(replies[3]?.status).not.toBe(200);
  });
});

describe('web host: renderer files', () => {
  it('serves index.html without a token, with the CSP header', async () => {
    const reply = await send(host.port, { path: '/' });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<title>Evidence Workbench</title>');
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a built asset with its media type', async () => {
    const reply = await send(host.port, { path: '/assets/app.js' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('refuses static files to a foreign Host too', async () => {
    expect((await send(host.port, { path: '/', headers: { host: 'evil.example' } })).status).toBe(403);
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    `/${'%2e%2e/'.repeat(8)}etc/passwd`,
    '/%00index.html',
    '/%E0%A4%A',
    '/assets/link.txt',
  ])('refuses the traversal %s', async (path) => {
    const reply = await send(host.port, { path });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.body).not.toContain(SECRET);
    expect(reply.body).not.toContain('root:');
  });

  it('answers 404 for a missing file and for a directory', async () => {
    expect((await send(host.port, { path: '/missing.js' })).status).toBe(404);
    expect((await send(host.port, { path: '/assets' })).status).toBe(404);
  });
});

describe('web host: pushed events', () => {
  it('refuses the event stream without the token or from a foreign Host', async () => {
    expect((await send(host.port, { path: '/bridge/events' })).status).toBe(401);
    expect(
      (
        await send(host.port, {
          path: '/bridge/events',
          headers: { host: `evil.example:${host.port}`, 'x-workbench-token': host.token },
        })
      ).status,
    ).toBe(403);
  });

  it('streams the progress of a document being read, one JSON line per unit', async () => {
    const lines: string[] = [];
    const controller = new AbortController();
    const stream = await fetch(`${host.origin}/bridge/events`, {
      headers: { 'x-workbench-token': host.token },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('access-control-allow-origin')).toBeNull();
    const reading = (async () => {
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffered += value;
        const parts = buffered.split('\n');
        buffered = parts.pop() ?? '';
        lines.push(...parts);
      }
    })();
    const call = async (channel: string, input: unknown) =>
      JSON.parse((await bridgeCall({ 'x-workbench-token': host.token }, { channel, input })).body) as {
        ok: boolean;
        value: { source_version_id: string };
      };
    const upload = await call('library.upload', {
      filename: 'table.csv',
      dataBase64: Buffer.from('Item,2023\nRevenue,"1,120"\n').toString('base64'),
    });
    expect(upload.ok).toBe(true);
    const sourceVersionId = upload.value.source_version_id;
    expect((await call('documents.publish', { sourceVersionId })).ok).toBe(true);
    await expect.poll(() => lines.length, { timeout: 5000 }).toBeGreaterThan(0);
    controller.abort();
    await reading;
    expect(JSON.parse(lines[0]!)).toEqual({
      event: 'progress',
      payload: { taskId: sourceVersionId, stage: 'extract:sheet', done: 1, total: 1 },
    });
  });
});
