import { describe, expect, it, vi } from 'vitest';
import { ClientError, type EvidenceClient } from '../../../desktop/main/client/types';
import { createSourceContentStore } from '../../../desktop/main/handlers/content';
import { createSourceProtocolHandler, sourceIdOf } from '../../../desktop/electron/source-protocol';
import { electronSourceContentUrl } from '../../../shared/bridge';

// The evidence-source: handler of the Electron host, with fake requests as protocol.handle gives them:
// the app's own page only, well-formed ids only, the same Range answers as the web host.

const SHA = 'a'.repeat(64);
const BYTES = new Uint8Array(Array.from({ length: 300 }, (_, i) => i % 256));

function handler() {
  const getSourceContent = vi.fn((id: string) =>
    id === 'sv_1'
      ? Promise.resolve({ bytes: BYTES, mediaType: 'application/pdf', sha256: SHA, filename: 'a.pdf' })
      : Promise.reject(new ClientError('not_found', 'no such source version')),
  );
  const client = { getSourceContent } as unknown as EvidenceClient;
  const onInternalError = vi.fn();
  return {
    handle: createSourceProtocolHandler(
      createSourceContentStore(() => Promise.resolve(client)),
      onInternalError,
    ),
    getSourceContent,
    onInternalError,
  };
}

const fromApp = { origin: 'app://workbench' };
const request = (url: string, headers: Record<string, string> = fromApp, method = 'GET') =>
  new Request(url, { method, headers });

describe('evidence-source: URLs', () => {
  it.each([
    [electronSourceContentUrl('sv_1'), 'sv_1'],
    [electronSourceContentUrl('sv 1/ü'), 'sv 1/ü'],
    ['evidence-source://source/a/b', null],
    ['evidence-source://other/sv_1', null],
    ['evidence-source://user@source/sv_1', null],
    ['evidence-source://source/sv_1?x=1', null],
    ['evidence-source://source/', null],
    ['evidence-source://source/%E0%A4%A', null],
    ['app://source/sv_1', null],
    ['not a url', null],
  ])('%s names %s', (url, id) => {
    expect(sourceIdOf(url)).toBe(id);
  });
});

describe('the evidence-source: handler', () => {
  it('serves the bytes to the app page, with CORS for the app origin only', async () => {
    const { handle } = handler();
    const response = await handle(request(electronSourceContentUrl('sv_1')));
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '300',
      'accept-ranges': 'bytes',
      etag: `"sha256:${SHA}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': 'sandbox',
      'access-control-allow-origin': 'app://workbench',
    });
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range');
  });

  it.each([
    ['bytes=0-99', 206, 'bytes 0-99/300', 100],
    ['bytes=-50', 206, 'bytes 250-299/300', 50],
    ['bytes=250-', 206, 'bytes 250-299/300', 50],
    ['bytes=300-', 416, 'bytes */300', null],
  ])('answers Range %s with %i', async (range, status, contentRange, length) => {
    const { handle } = handler();
    const response = await handle(request(electronSourceContentUrl('sv_1'), { ...fromApp, range }));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-range')).toBe(contentRange);
    if (length !== null) expect((await response.arrayBuffer()).byteLength).toBe(length);
  });

  it('reads a source once for all its range requests', async () => {
    const { handle, getSourceContent } = handler();
    for (const range of ['bytes=0-9', 'bytes=10-19', 'bytes=-5'])
      await handle(request(electronSourceContentUrl('sv_1'), { ...fromApp, range }));
    expect(getSourceContent).toHaveBeenCalledOnce();
  });

  it.each([
    ['no origin and no referrer', {}],
    ['another origin', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['the web host origin', { origin: 'http://127.0.0.1:5173' }],
    ['a look-alike app origin', { origin: 'app://workbench.evil' }],
  ])('refuses a request with %s (403), reading nothing', async (_what, headers) => {
    const { handle, getSourceContent } = handler();
    const response = await handle(request(electronSourceContentUrl('sv_1'), headers));
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(getSourceContent).not.toHaveBeenCalled();
  });

  it('accepts a request without an Origin whose referrer is the app page', async () => {
    const { handle } = handler();
    const response = await handle(
      new Request(electronSourceContentUrl('sv_1'), { referrer: 'app://workbench/index.html' }),
    );
    expect(response.status).toBe(200);
  });

  it('answers 404 for a malformed address or an unknown source, 405 for another method', async () => {
    const { handle, getSourceContent } = handler();
    expect((await handle(request('evidence-source://source/a/b'))).status).toBe(404);
    expect((await handle(request(electronSourceContentUrl('x'.repeat(201))))).status).toBe(404);
    expect(getSourceContent).not.toHaveBeenCalled();
    const unknown = await handle(request(electronSourceContentUrl('sv_missing')));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await handle(request(electronSourceContentUrl('sv_1'), fromApp, 'POST'))).status).toBe(405);
  });

  it('answers a CORS preflight from the app for Range requests', async () => {
    const { handle } = handler();
    const response = await handle(request(electronSourceContentUrl('sv_1'), fromApp, 'OPTIONS'));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('app://workbench');
    expect(response.headers.get('access-control-allow-headers')).toContain('range');
  });

  it('answers 500 without details when reading fails unexpectedly', async () => {
    const store = { read: () => Promise.reject(new Error('disk gone at /home/x')), forget: () => {} };
    const onInternalError = vi.fn();
    const response = await createSourceProtocolHandler(
      store,
      onInternalError,
    )(request(electronSourceContentUrl('sv_1')));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('/home/x');
    expect(onInternalError).toHaveBeenCalledOnce();
  });
});
