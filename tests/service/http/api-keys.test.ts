import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/api';
import { startTestService, type TestService } from '../helpers';

// A key is compared exactly, after removing only HTTP whitespace (space and tab) from
// its ends. Any other space around it (no-break, NEL, ideographic) is part of what was sent: 401.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

const search = (headers: Record<string, string>) =>
  svc.app.inject({
    method: 'POST',
    url: '/api/v1/sources/search',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ query: 'revenue' }),
  });

function expectUnauthorized(res: Awaited<ReturnType<typeof search>>, label: string) {
  expect(res.statusCode, label).toBe(401);
  expect(ErrorBody.parse(res.json()).error.code).toBe('unauthorized');
}

const NOT_HTTP_WHITESPACE: Array<[string, string]> = [
  ['no-break space U+00A0', '\u00a0'],
  ['next line U+0085', '\u0085'],
  ['ideographic space U+3000', '\u3000'],
  ['em space U+2003', '\u2003'],
  ['line separator U+2028', '\u2028'],
  ['byte order mark U+FEFF', '\ufeff'],
  ['vertical tab', '\u000b'],
];

describe('x-api-key', () => {
  for (const [name, space] of NOT_HTTP_WHITESPACE) {
    it(`a ${name} before or after a valid key → 401`, async () => {
      expectUnauthorized(await search({ 'x-api-key': svc.key + space }), 'after');
      expectUnauthorized(await search({ 'x-api-key': space + svc.key }), 'before');
      expectUnauthorized(await search({ 'x-api-key': `${space} ${svc.key} ${space}` }), 'both, with spaces');
    });
  }

  it('spaces and tabs around a valid key are HTTP whitespace: accepted', async () => {
    for (const value of [` ${svc.key}`, `${svc.key} `, `\t${svc.key}\t`, ` \t ${svc.key} \t `]) {
      const res = await search({ 'x-api-key': value });
      expect(res.statusCode, JSON.stringify(value)).toBe(200);
    }
  });

  it('a key of whitespace alone is no key', async () => {
    expectUnauthorized(await search({ 'x-api-key': ' \t ' }), 'blank');
  });
});

describe('Authorization: Bearer', () => {
  for (const [name, space] of NOT_HTTP_WHITESPACE) {
    it(`a ${name} around or before the key → 401`, async () => {
      expectUnauthorized(await search({ authorization: `Bearer ${svc.key}${space}` }), 'after');
      expectUnauthorized(await search({ authorization: `Bearer ${space}${svc.key}` }), 'before');
      expectUnauthorized(await search({ authorization: `Bearer${space}${svc.key}` }), 'as the separator');
    });
  }

  it('spaces and tabs between and around are accepted, and the scheme is case-insensitive', async () => {
    for (const value of [
      `Bearer ${svc.key}`,
      `bearer\t${svc.key}`,
      `BEARER  \t${svc.key} \t`,
      ` Bearer ${svc.key}`,
    ]) {
      const res = await search({ authorization: value });
      expect(res.statusCode, JSON.stringify(value)).toBe(200);
    }
  });

  it('another scheme or a second token → 401', async () => {
    expectUnauthorized(await search({ authorization: `Basic ${svc.key}` }), 'Basic');
    expectUnauthorized(await search({ authorization: `Bearer ${svc.key} extra` }), 'two tokens');
    expectUnauthorized(await search({ authorization: `Bearer${svc.key}` }), 'no separator');
  });
});

describe('over a real connection', () => {
  it("a key followed by the byte A0 (how Node reads a header's no-break space) → 401", async () => {
    await svc.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = svc.app.server.address() as AddressInfo;
    const send = (keyBytes: Buffer) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString('latin1')));
        socket.on('close', () => resolve(data));
        socket.on('error', () => {});
        socket.write(
          Buffer.concat([
            Buffer.from('GET /api/v2/sources/sv_nothing HTTP/1.1\r\nHost: localhost\r\nx-api-key: '),
            keyBytes,
            Buffer.from('\r\nConnection: close\r\n\r\n'),
          ]),
        );
      });
    expect(await send(Buffer.concat([Buffer.from(svc.key), Buffer.from([0xa0])]))).toMatch(
      /^HTTP\/1\.1 401 /,
    );
    expect(await send(Buffer.concat([Buffer.from(svc.key), Buffer.from([0xc2, 0xa0])]))).toMatch(
      /^HTTP\/1\.1 401 /,
    );
    // The control: the key alone (trailing spaces are trimmed by the parser) reaches the route.
    expect(await send(Buffer.from(`${svc.key}  `))).toMatch(/^HTTP\/1\.1 404 /);
  });
});
