import { describe, expect, it, vi } from 'vitest';
import { ClientError, type EvidenceClient } from '../../../../desktop/main/client/types';
import {
  answerSourceContent,
  contentAnswer,
  createSourceContentStore,
  parseRange,
  type SourceBytes,
} from '../../../../desktop/main/handlers/content';

// The original bytes for the viewer, the same for both hosts: Range requests (RFC 9110 §14), the
// answer's headers, and the bounded cache of verified bytes in main.

const SHA = 'd'.repeat(64);

describe('parseRange', () => {
  it.each([
    [null, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-99999999999999999999', { kind: 'partial', start: 990, end: 999 }],
    ['Bytes = 5-9', { kind: 'partial', start: 5, end: 9 }],
    ['bytes=999-', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-2000', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // Ignored, as RFC 9110 allows: the whole body.
    ['bytes=0-1,4-5', { kind: 'full' }],
    ['bytes=9-1', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['bytes=a-b', { kind: 'full' }],
    ['items=0-9', { kind: 'full' }],
    ['bytes=0x10-', { kind: 'full' }],
    ['', { kind: 'full' }],
  ] as const)('%s of 1000 bytes → %o', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing to serve in an empty body', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('contentAnswer', () => {
  const source: SourceBytes = {
    bytes: new Uint8Array(Array.from({ length: 200 }, (_, i) => i)),
    mediaType: 'application/pdf',
    sha256: SHA,
  };
  const get = (range: string | null = null, ifRange: string | null = null, method = 'GET') =>
    contentAnswer(source, { method, range, ifRange });

  it('answers the whole body with headers that keep it inert', () => {
    const answer = get();
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual({
      'content-type': 'application/pdf',
      'content-length': '200',
      'accept-ranges': 'bytes',
      etag: `"sha256:${SHA}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': 'sandbox',
    });
    expect([...answer.body!]).toEqual([...source.bytes]);
  });

  it('answers a range with 206, Content-Range and a view of the cached bytes', () => {
    const answer = get('bytes=10-19');
    expect(answer.status).toBe(206);
    expect(answer.headers['content-range']).toBe('bytes 10-19/200');
    expect(answer.headers['content-length']).toBe('10');
    expect([...answer.body!]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(answer.body!.buffer).toBe(source.bytes.buffer);
  });

  it('answers 416 with the size', () => {
    const answer = get('bytes=200-');
    expect(answer.status).toBe(416);
    expect(answer.headers['content-range']).toBe('bytes */200');
    expect(JSON.parse(new TextDecoder().decode(answer.body!))).toMatchObject({
      ok: false,
      error: { code: 'range_not_satisfiable' },
    });
  });

  it('serves a range only for the version If-Range names', () => {
    expect(get('bytes=0-9', `"sha256:${SHA}"`).status).toBe(206);
    expect(get('bytes=0-9', '"sha256:another"').status).toBe(200);
  });

  it('answers HEAD without a body', () => {
    const answer = get('bytes=0-9', null, 'HEAD');
    expect(answer).toMatchObject({ status: 206, body: null });
    expect(answer.headers['content-length']).toBe('10');
  });
});

function clientWith(getSourceContent: EvidenceClient['getSourceContent']): EvidenceClient {
  return { getSourceContent } as EvidenceClient;
}

const bytesOf = (n: number, sha = SHA) => ({
  bytes: new Uint8Array(n),
  mediaType: 'application/pdf',
  sha256: sha,
  filename: 'a.pdf',
});

describe('the source content cache', () => {
  it('reads a source once for many requests, even those made at the same time', async () => {
    const read = vi.fn(() => Promise.resolve(bytesOf(10)));
    const client = clientWith(read);
    const store = createSourceContentStore(() => Promise.resolve(client));
    await Promise.all([store.read('sv_1'), store.read('sv_1'), store.read('sv_1')]);
    await store.read('sv_1');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('keeps at most its bound, dropping the least recently used', async () => {
    const read = vi.fn((id: string) => Promise.resolve(bytesOf(id === 'sv_big' ? 60 : 40)));
    const client = clientWith(read);
    const store = createSourceContentStore(() => Promise.resolve(client), 100);
    await store.read('sv_a'); // 40
    await store.read('sv_b'); // 80
    await store.read('sv_a'); // a is now the most recent
    await store.read('sv_big'); // 140 > 100: b goes
    expect(read).toHaveBeenCalledTimes(3);
    await store.read('sv_a');
    expect(read).toHaveBeenCalledTimes(3);
    await store.read('sv_b');
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('does not keep a failure, and forgets a source on request', async () => {
    let fail = true;
    const read = vi.fn(() =>
      fail ? Promise.reject(new ClientError('unreachable', 'down')) : Promise.resolve(bytesOf(5)),
    );
    const client = clientWith(read);
    const store = createSourceContentStore(() => Promise.resolve(client));
    await expect(store.read('sv_1')).rejects.toBeInstanceOf(ClientError);
    fail = false;
    await store.read('sv_1');
    expect(read).toHaveBeenCalledTimes(2);
    store.forget('sv_1');
    await store.read('sv_1');
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('never serves bytes read through another client (the settings changed)', async () => {
    const first = clientWith(vi.fn(() => Promise.resolve(bytesOf(5, 'e'.repeat(64)))));
    const second = clientWith(vi.fn(() => Promise.resolve(bytesOf(5, 'f'.repeat(64)))));
    let current = first;
    const store = createSourceContentStore(() => Promise.resolve(current));
    expect((await store.read('sv_1')).sha256).toBe('e'.repeat(64));
    current = second;
    expect((await store.read('sv_1')).sha256).toBe('f'.repeat(64));
  });
});

describe('answerSourceContent', () => {
  const client = clientWith((id) => {
    if (id === 'sv_ok') return Promise.resolve(bytesOf(3));
    if (id === 'sv_bad')
      return Promise.reject(new ClientError('upstream_failed', 'Retained bytes fail their hash check.'));
    return Promise.reject(new ClientError('not_found', 'no such source version'));
  });
  const store = createSourceContentStore(() => Promise.resolve(client));
  const request = { method: 'GET', range: null, ifRange: null };

  it('answers 404 for an unknown id and one no service could have given, 405 for other methods', async () => {
    expect((await answerSourceContent(store, 'sv_missing', request)).status).toBe(404);
    expect((await answerSourceContent(store, '', request)).status).toBe(404);
    expect((await answerSourceContent(store, 'x'.repeat(201), request)).status).toBe(404);
    const post = await answerSourceContent(store, 'sv_ok', { ...request, method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
  });

  it('answers 502 with the client’s code when the service cannot give the bytes', async () => {
    const answer = await answerSourceContent(store, 'sv_bad', request);
    expect(answer.status).toBe(502);
    expect(JSON.parse(new TextDecoder().decode(answer.body!))).toMatchObject({
      error: { code: 'upstream_failed' },
    });
  });

  it('answers the bytes of a known source', async () => {
    expect((await answerSourceContent(store, 'sv_ok', request)).status).toBe(200);
  });
});
