import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from '../../../../desktop/main/client/remote';
import { ClientError } from '../../../../desktop/main/client/types';
import { snapshot, startTestService, type TestService } from '../../../service/helpers';

// The remote client against the real service on loopback (good key, bad key, no key), and against a
// scripted server for what the real one does not do on demand (429, 502, a reply that breaks the schema).

let svc: TestService;
let baseUrl: string;
beforeAll(async () => {
  svc = await startTestService();
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  const address = svc.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await svc.close();
});

const noSleep = () => Promise.resolve();

describe('remote client against the service', () => {
  it('with a good key: upload, publish, check, search — every answer parsed by the shared schemas', async () => {
    const client = createRemoteClient({ baseUrl: `${baseUrl}/`, apiKey: () => Promise.resolve(svc.key) });
    const up = await client.uploadAsset({
      bytes: new TextEncoder().encode('Item,2022,2023\nRevenue,"1,000","1,120"\n'),
      filename: 'revenue.csv',
      title: 'Revenue',
    });
    const rep = await client.publishRepresentation(up.source_version_id!);
    const unit = rep.units[0]!;
    const at = (ref: string) =>
      unit.figures.find((f) => f.position.kind === 'cell' && f.position.ref === ref)!.index;
    const operand = (ref: string) => ({
      source_version_id: up.source_version_id!,
      representation_id: rep.representation_id,
      source_unit_id: unit.source_unit_id,
      figure_index: at(ref),
    });
    expect(
      (
        await client.verifyNumeric({
          claim: 'Revenue rose 20% from 2022 to 2023',
          operands: [operand('B2'), operand('C2')],
        })
      ).outcome,
    ).toBe('contradicted');
    expect((await client.search({ query: 'revenue' })).claim_groups?.[0]?.citation_count).toBe(1);
    expect((await client.getSource(up.source_version_id!)).sourceMetadata.title).toBe('Revenue');
  });

  it('a bad key is key_rejected and the message never holds it; no key makes no request', async () => {
    const wrong = 'sk-wrong-0123456789abcdef';
    const error = await createRemoteClient({ baseUrl, apiKey: () => Promise.resolve(wrong) })
      .search({ query: 'x' })
      .catch((e: unknown) => e as ClientError);
    expect(error).toMatchObject({ code: 'key_rejected', details: { status: 401 } });
    expect(
      JSON.stringify({ message: (error as Error).message, details: (error as ClientError).details }),
    ).not.toContain(wrong);
    const before = await snapshot(svc.store);
    let fetched = false;
    const none = createRemoteClient({
      baseUrl,
      apiKey: () => Promise.resolve(null),
      fetch: (() => {
        fetched = true;
        return Promise.reject(new Error('no'));
      }) as typeof fetch,
    });
    await expect(none.search({ query: 'x' })).rejects.toMatchObject({ code: 'key_rejected' });
    expect(fetched).toBe(false);
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('404 and 400 keep the service code', async () => {
    const client = createRemoteClient({ baseUrl, apiKey: () => Promise.resolve(svc.key) });
    await expect(client.getRepresentation('rep_missing')).rejects.toMatchObject({
      code: 'not_found',
      details: { status: 404 },
    });
    await expect(client.search({ query: '*** ^' })).rejects.toMatchObject({
      code: 'invalid_request',
      details: { serviceCode: 'query_without_words' },
    });
  });
});

/** A server answering each request with the next scripted reply. */
async function scripted(replies: { status: number; headers?: Record<string, string>; body: unknown }[]) {
  const seen: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(`${req.method} ${req.url} key=${String(req.headers['x-api-key'])}`);
    const reply = replies.shift() ?? { status: 500, body: {} };
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const SEARCH_OK = { claim_groups: [], usage: { credits: 0 } };
const error = (code: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message: code, ...extra },
});

describe('remote client retries and refusals', () => {
  it('429: waits Retry-After, then retries once; a second 429 is rate_limited with the wait', async () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    let server = await scripted([
      { status: 429, headers: { 'retry-after': '3' }, body: error('rate_limited') },
      { status: 200, body: SEARCH_OK },
    ]);
    const client = () =>
      createRemoteClient({ baseUrl: server.url, apiKey: () => Promise.resolve('sk-test-key-1'), sleep });
    await expect(client().search({ query: 'x' })).resolves.toMatchObject({ usage: { credits: 0 } });
    expect(waits).toEqual([3000]);
    expect(server.seen).toHaveLength(2);
    await server.close();

    server = await scripted([
      { status: 429, headers: { 'retry-after': '2' }, body: error('rate_limited') },
      { status: 429, headers: { 'retry-after': '7' }, body: error('rate_limited') },
    ]);
    await expect(client().search({ query: 'x' })).rejects.toMatchObject({
      code: 'rate_limited',
      details: { retryAfterS: 7 },
    });
    expect(server.seen).toHaveLength(2);
    await server.close();
  });

  it('502 and 504 are retried with bounded backoff (0.5 s, 1 s, 2 s); then reported', async () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    let server = await scripted([
      { status: 502, body: error('upstream_status') },
      { status: 200, body: SEARCH_OK },
    ]);
    await createRemoteClient({
      baseUrl: server.url,
      apiKey: () => Promise.resolve('sk-test-key-1'),
      sleep,
    }).search({ query: 'x' });
    expect(waits).toEqual([500]);
    expect(server.seen).toHaveLength(2);
    await server.close();

    waits.length = 0;
    server = await scripted([
      { status: 504, body: error('upstream_timeout') },
      { status: 504, body: error('upstream_timeout') },
      { status: 504, body: error('upstream_timeout') },
      { status: 504, body: error('upstream_timeout') },
      { status: 200, body: SEARCH_OK },
    ]);
    await expect(
      createRemoteClient({
        baseUrl: server.url,
        apiKey: () => Promise.resolve('sk-test-key-1'),
        sleep,
      }).search({ query: 'x' }),
    ).rejects.toMatchObject({ code: 'upstream_timeout', details: { status: 504 } });
    expect(waits).toEqual([500, 1000, 2000]);
    expect(server.seen).toHaveLength(4);
    await server.close();

    server = await scripted([
      { status: 502, body: error('upstream_status') },
      { status: 502, body: error('upstream_status') },
    ]);
    await expect(
      createRemoteClient({
        baseUrl: server.url,
        apiKey: () => Promise.resolve('sk-test-key-1'),
        sleep: noSleep,
        maxRetries: 1,
      }).search({ query: 'x' }),
    ).rejects.toMatchObject({ code: 'upstream_failed', details: { serviceCode: 'upstream_status' } });
    expect(server.seen).toHaveLength(2);
    await server.close();
  });

  it('an answer outside the contract is bad_response, never data; 413 and 503 are explained', async () => {
    const server = await scripted([
      { status: 201, body: { outcome: 'maybe' } },
      { status: 200, body: 'not json' },
      { status: 413, body: { ...error('source_too_large'), bytes: null, max_bytes: 50000000 } },
      { status: 503, body: error('private_storage_unavailable') },
    ]);
    const client = createRemoteClient({
      baseUrl: server.url,
      apiKey: () => Promise.resolve('sk-test-key-1'),
      sleep: noSleep,
    });
    const request = {
      claim: 'x',
      operands: [
        { source_version_id: 'sv_1', representation_id: 'rep_1', source_unit_id: 'u', figure_index: 0 },
      ],
    };
    await expect(client.verifyNumeric(request)).rejects.toMatchObject({ code: 'bad_response' });
    await expect(client.verifyNumeric(request)).rejects.toMatchObject({ code: 'bad_response' });
    await expect(client.extract({ asset_url: 'https://x.example/a.pdf' })).rejects.toMatchObject({
      code: 'too_large',
      details: { bytes: null, maxBytes: 50000000 },
    });
    await expect(client.extract({ asset_url: 'evidence://ast_1' })).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(server.seen.every((line) => line.endsWith('key=sk-test-key-1'))).toBe(true);
    await server.close();
  });

  it('timeouts, cancellation and an unreachable service', async () => {
    const silent = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const key = () => Promise.resolve('sk-test-key-1');
    await expect(
      createRemoteClient({ baseUrl: url, apiKey: key, timeoutMs: 200 }).search({ query: 'x' }),
    ).rejects.toMatchObject({
      code: 'timeout',
    });
    const controller = new AbortController();
    const pending = createRemoteClient({ baseUrl: url, apiKey: key }).search(
      { query: 'x' },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
    await expect(
      createRemoteClient({ baseUrl: url, apiKey: key }).search({ query: 'x' }),
    ).rejects.toMatchObject({
      code: 'unreachable',
    });
    expect(() => createRemoteClient({ baseUrl: 'file:///etc', apiKey: key })).toThrow(ClientError);
  });
});

describe('remote client: waits, limits and addresses', () => {
  it('the real service with a rate limit: the client waits its Retry-After, retries once, then reports', async () => {
    const limited = await startTestService({ rateLimitPerMinute: 1 });
    try {
      await limited.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(limited.app.server.address() as AddressInfo).port}`;
      const events: string[] = [];
      const client = createRemoteClient({
        baseUrl: url,
        apiKey: () => Promise.resolve(limited.key),
        fetch: ((input: string, init?: RequestInit) => {
          events.push('request');
          return fetch(input, init);
        }) as typeof fetch,
        sleep: (ms) => {
          events.push(`sleep ${ms}`);
          return Promise.resolve();
        },
      });
      await client.search({ query: 'anything' });
      const refused = (await client.search({ query: 'anything' }).catch((e: unknown) => e)) as ClientError;
      expect(refused).toBeInstanceOf(ClientError);
      expect(refused).toMatchObject({ code: 'rate_limited', details: { status: 429 } });
      const wait = refused.details.retryAfterS!;
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      // The billable search was retried once, and only after the wait the service asked for.
      expect(events).toEqual(['request', 'request', `sleep ${wait * 1000}`, 'request']);
    } finally {
      await limited.close();
    }
  });

  it('429: the body’s retry_after_s when no header; never an immediate retry; a wait over the cap is not waited out', async () => {
    const events: string[] = [];
    const sleep = (ms: number) => {
      events.push(`sleep ${ms}`);
      return Promise.resolve();
    };
    const server = await scripted([
      { status: 429, body: error('rate_limited', { retry_after_s: 4 }) },
      { status: 200, body: SEARCH_OK },
      { status: 429, headers: { 'retry-after': '0' }, body: error('rate_limited') },
      { status: 200, body: SEARCH_OK },
      { status: 429, headers: { 'retry-after': '3600' }, body: error('rate_limited') },
      { status: 200, body: SEARCH_OK },
    ]);
    const client = createRemoteClient({
      baseUrl: server.url,
      apiKey: () => Promise.resolve('sk-test-key-1'),
      sleep,
    });
    await client.search({ query: 'x' });
    expect(events).toEqual(['sleep 4000']);
    await client.search({ query: 'x' });
    expect(events).toEqual(['sleep 4000', 'sleep 1000']);
    await expect(client.search({ query: 'x' })).rejects.toMatchObject({
      code: 'rate_limited',
      details: { retryAfterS: 3600 },
    });
    expect(events).toHaveLength(2);
    expect(server.seen).toHaveLength(5);
    await server.close();
  });

  it('a cancellation during the Retry-After wait ends the call; no second request is made', async () => {
    const server = await scripted([
      { status: 429, headers: { 'retry-after': '30' }, body: error('rate_limited') },
      { status: 200, body: SEARCH_OK },
    ]);
    const controller = new AbortController();
    let waitStarted!: (ms: number) => void;
    const waiting = new Promise<number>((resolve) => (waitStarted = resolve));
    const pending = createRemoteClient({
      baseUrl: server.url,
      apiKey: () => Promise.resolve('sk-test-key-1'),
      // The wait never ends by itself: only the cancellation can end the call.
      sleep: (ms) => {
        waitStarted(ms);
        return new Promise<void>(() => {});
      },
    }).search({ query: 'x' }, { signal: controller.signal });
    expect(await waiting).toBe(30_000);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(server.seen).toHaveLength(1);
    await server.close();
  });

  it('a redirect is not followed, so the key goes nowhere else', async () => {
    const elsewhere = await scripted([{ status: 200, body: SEARCH_OK }]);
    const server = await scripted([
      { status: 307, headers: { location: `${elsewhere.url}/api/v1/sources/search` }, body: '' },
    ]);
    await expect(
      createRemoteClient({ baseUrl: server.url, apiKey: () => Promise.resolve('sk-test-key-1') }).search({
        query: 'x',
      }),
    ).rejects.toMatchObject({ code: 'service_error', details: { status: 307 } });
    expect(elsewhere.seen).toHaveLength(0);
    await server.close();
    await elsewhere.close();
  });

  it('a stall in the middle of an answer is a timeout, not a bad response; a call may set its own limit', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"claim_groups": ['); // and nothing more
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createRemoteClient({
      baseUrl: url,
      apiKey: () => Promise.resolve('k'),
      timeoutMs: 60_000,
    });
    const started = Date.now();
    await expect(client.search({ query: 'x' }, { timeoutMs: 150 })).rejects.toMatchObject({
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('the key never reaches a message, even when a service echoes it', async () => {
    const key = 'sk-echoed-0123456789abcdef';
    const server = await scripted([
      {
        status: 400,
        body: error('invalid_request', {
          message: `bad key ${key} in query`,
          details: [{ path: 'query', message: key }],
        }),
      },
      { status: 500, body: error('internal_error', { message: `failed for ${key}` }) },
    ]);
    const client = createRemoteClient({ baseUrl: server.url, apiKey: () => Promise.resolve(key) });
    const first = (await client.search({ query: 'x' }).catch((e: unknown) => e)) as ClientError;
    expect(first).toMatchObject({ code: 'invalid_request', details: { serviceCode: 'invalid_request' } });
    expect(first.message).toContain('query');
    expect(first.message).not.toContain(key);
    const second = (await client.search({ query: 'x' }).catch((e: unknown) => e)) as ClientError;
    expect(second).toMatchObject({ code: 'service_error', details: { status: 500 } });
    expect(second.message).not.toContain(key);
    await server.close();
  });

  it('service URLs: http or https only, no credentials; the trailing slash is dropped', async () => {
    const key = () => Promise.resolve(null);
    for (const bad of ['not a url', 'file:///etc', 'ftp://x.example', 'https://user:pw@x.example', ''])
      expect(() => createRemoteClient({ baseUrl: bad, apiKey: key }), bad).toThrow(ClientError);
    await expect(
      createRemoteClient({ baseUrl: 'https://evidence.example/base///', apiKey: key }).getSource('sv_1'),
    ).rejects.toThrow('No API key is set for https://evidence.example/base.');
  });

  it('an upload carries its registration fields to the real service', async () => {
    const client = createRemoteClient({ baseUrl, apiKey: () => Promise.resolve(svc.key) });
    const up = await client.uploadAsset({
      bytes: new TextEncoder().encode('Year,Value\n2020,5\n'),
      filename: 'values.csv',
      mediaType: 'text/csv',
      title: 'Values',
      url: 'https://www.stats.example/values.csv',
      publication_year: 2021,
      source_type: 'Dataset',
      is_primary_source: true,
    });
    expect(up).toMatchObject({ filename: 'values.csv', byte_length: 18 });
    const source = await client.getSource(up.source_version_id!);
    expect(source.sourceMetadata).toMatchObject({
      title: 'Values',
      domain: 'stats.example',
      publication_year: 2021,
      source_type: 'Dataset',
      is_primary_source: true,
    });
    await expect(
      client.uploadAsset({ bytes: new Uint8Array(), filename: 'empty.csv' }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      details: { serviceCode: 'empty_file' },
    });
  });
});
