import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ASSET_BYTES } from '../../shared/api/limits';
import {
  BRIDGE_ERROR,
  WEB_BRIDGE_PATH,
  WEB_EVENTS_PATH,
  WEB_TOKEN_HEADER,
  WEB_UPLOAD_META_HEADER,
  WEB_UPLOAD_PATH,
} from '../../shared/bridge';
import { createBridgeClient, createWebTransport, type WorkbenchTransport } from '../../renderer/src/bridge';

const HEALTHY = { ok: true, value: { status: 'ok', version: '1.2.3', service: 'embedded' } };

function transportAnswering(reply: unknown | (() => Promise<unknown>)): WorkbenchTransport & {
  calls: [string, unknown][];
  emit: (event: string, payload: unknown) => void;
} {
  const calls: [string, unknown][] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    calls,
    invoke: (channel, input) => {
      calls.push([channel, input]);
      return typeof reply === 'function' ? (reply as () => Promise<unknown>)() : Promise.resolve(reply);
    },
    on: (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
    emit: (event, payload) => listeners.get(event)?.(payload),
    upload: () => Promise.reject(new Error('not used here')),
    sourceContent: (id) => ({ url: `test://${id}`, httpHeaders: {} }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the renderer bridge client', () => {
  it('returns a reply that matches the channel contract', async () => {
    const transport = transportAnswering(HEALTHY);
    const client = createBridgeClient(transport, 'electron');
    expect(await client.invoke('health', {})).toEqual(HEALTHY);
    expect(transport.calls).toEqual([['health', {}]]);
  });

  it('refuses a reply outside the contract, even one that says ok (a path leaking out, a wrong type)', async () => {
    for (const reply of [
      { ok: true, value: { ...HEALTHY.value, dataDir: '/home/someone/.evidence' } },
      { ok: true, value: { status: 'ok', version: 3, service: 'embedded' } },
      { ok: false },
      'ok',
      null,
    ]) {
      const result = await createBridgeClient(transportAnswering(reply), 'web').invoke('health', {});
      expect(result).toEqual({
        ok: false,
        error: { code: BRIDGE_ERROR.invalidReply, message: expect.any(String) },
      });
    }
  });

  it('passes a typed error through with its code', async () => {
    const error = { ok: false, error: { code: BRIDGE_ERROR.noKey, message: 'Set a key first.' } };
    expect(await createBridgeClient(transportAnswering(error), 'web').invoke('health', {})).toEqual(error);
  });

  it('turns a transport that throws into bridge_unavailable', async () => {
    const client = createBridgeClient(
      transportAnswering(() => Promise.reject(new Error('gone'))),
      'electron',
    );
    const result = await client.invoke('health', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(BRIDGE_ERROR.bridgeUnavailable);
  });

  it('hands listeners only event payloads that match the event schema', () => {
    const transport = transportAnswering(HEALTHY);
    const seen: unknown[] = [];
    const off = createBridgeClient(transport, 'electron').on('progress', (p) => seen.push(p));
    const good = { taskId: 't1', stage: 'upload:received', done: 3, total: 10 };
    transport.emit('progress', good);
    transport.emit('progress', { taskId: 't1', stage: 'x', done: -1, total: null });
    transport.emit('progress', { ...good, extra: 'field' });
    expect(seen).toEqual([good]);
    off();
    transport.emit('progress', good);
    expect(seen).toHaveLength(1);
  });
});

describe('uploads', () => {
  it('checks the reply like library.upload’s, and refuses a file over the ceiling before reading it', async () => {
    const stored = {
      asset_id: 'ast_1',
      filename: 'a.bin',
      media_type: 'application/octet-stream',
      byte_length: 3,
      sha256: 'c'.repeat(64),
      source_version_id: 'sv_1',
    };
    const upload = vi.fn(() => Promise.resolve({ ok: true, value: stored }));
    const client = createBridgeClient({ ...transportAnswering(HEALTHY), upload }, 'web');
    const file = new Blob([new Uint8Array([1, 2, 3])]);
    expect(await client.upload({ filename: 'a.bin' }, file)).toEqual({ ok: true, value: stored });
    expect(upload).toHaveBeenCalledWith({ filename: 'a.bin' }, file);

    const huge = { size: MAX_ASSET_BYTES + 1 } as Blob;
    expect(await client.upload({ filename: 'big.bin' }, huge)).toMatchObject({
      ok: false,
      error: { code: BRIDGE_ERROR.tooLarge },
    });
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('posts the raw bytes to the upload path with the meta header and the token', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ok: true, value: 1 }))));
    vi.stubGlobal('fetch', fetchMock);
    const file = new Blob([new Uint8Array([0xff, 0x00])]);
    const meta = { filename: 'Ünï 😀.bin', taskId: 't1' };
    await createWebTransport('tok').upload(meta, file);
    expect(fetchMock).toHaveBeenCalledWith(WEB_UPLOAD_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        [WEB_UPLOAD_META_HEADER]: encodeURIComponent(JSON.stringify(meta)),
        [WEB_TOKEN_HEADER]: 'tok',
      },
      body: file,
      credentials: 'omit',
      cache: 'no-store',
    });
    expect(createWebTransport('tok').sourceContent('sv 1')).toEqual({
      url: '/bridge/sources/sv%201/content',
      httpHeaders: { [WEB_TOKEN_HEADER]: 'tok' },
    });
  });
});

describe('the web host transport', () => {
  it('posts the call to the bridge path with the launch token and no cookies', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(HEALTHY));
    vi.stubGlobal('fetch', fetch);
    expect(await createWebTransport('tok-123').invoke('health', {})).toEqual(HEALTHY);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(WEB_BRIDGE_PATH);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)[WEB_TOKEN_HEADER]).toBe('tok-123');
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(init.body as string)).toEqual({ channel: 'health', input: {} });
  });

  it('says the host is unreachable when fetch fails, and names the status of a reply that is not JSON', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await createWebTransport('t').invoke('health', {})).toMatchObject({
      ok: false,
      error: { code: BRIDGE_ERROR.bridgeUnavailable },
    });
    vi.stubGlobal('fetch', async () => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    const reply = (await createWebTransport('t').invoke('health', {})) as {
      error: { code: string; message: string };
    };
    expect(reply.error.code).toBe(BRIDGE_ERROR.invalidReply);
    expect(reply.error.message).toContain('502');
  });

  it('reads events as JSON lines split anywhere across chunks, skips broken lines, and closes with the last listener', async () => {
    let aborted: AbortSignal | undefined;
    const encoder = new TextEncoder();
    const chunks = [
      '{"event":"progress","payload":{"taskId":"a","st',
      'age":"s","done":1,"total":2}}\nnot json\n{"payload":{}}\n',
      '{"event":"progress","payload":{"taskId":"b","stage":"s","done":2,"total":2}}\n',
    ];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      expect(url).toBe(WEB_EVENTS_PATH);
      expect((init.headers as Record<string, string>)[WEB_TOKEN_HEADER]).toBe('tok');
      aborted = init.signal ?? undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        },
      });
      return new Response(body);
    });
    const transport = createWebTransport('tok');
    const got: unknown[] = [];
    const both = new Promise<void>((resolve) => {
      const off = transport.on('progress', (payload) => {
        got.push(payload);
        if (got.length === 2) {
          off();
          resolve();
        }
      });
    });
    await both;
    expect(got.map((p) => (p as { taskId: string }).taskId)).toEqual(['a', 'b']);
    expect(aborted?.aborted).toBe(true);
  });
});
