import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createKeyStore,
  serviceOrigin,
  platformKeychainName,
  type KeyringBackend,
} from '../../../../desktop/main/keychain';
import type { KeyStatus } from '../../../../desktop/main/keychain/types';

// The key store over keychains the test controls: a working one, one whose writes throw, one that accepts
// writes but gives nothing back (a locked Secret Service), one whose reads throw, one whose deletes throw.
// A failing write's error quotes the secret it was given on purpose: the store must scrub it. The key never
// shows in a status or an error.

type Behaviour = 'works' | 'write-throws' | 'reads-nothing' | 'reads-other' | 'read-throws' | 'delete-throws';
const behaviours: Behaviour[] = [
  'works',
  'write-throws',
  'reads-nothing',
  'reads-other',
  'read-throws',
  'delete-throws',
];

/** A synchronous fake, as the interface allows (the OS backend is asynchronous). */
function fakeKeyring(behaviour: Behaviour = 'works', entries = new Map<string, string>()) {
  const id = (service: string, account: string) => `${service}|${account}`;
  const backend: KeyringBackend = {
    get(service, account) {
      if (behaviour === 'read-throws') throw new Error(`Secret Service is locked: cannot read ${account}`);
      const stored = entries.get(id(service, account)) ?? null;
      if (behaviour === 'reads-nothing') return null;
      if (behaviour === 'reads-other' && stored !== null) return `${stored}-other`;
      return stored;
    },
    set(service, account, secret) {
      if (behaviour === 'write-throws')
        throw new Error(`Platform secure storage failure: cannot store ${secret}\nsecond line ${secret}`);
      entries.set(id(service, account), secret);
    },
    delete(service, account) {
      if (behaviour === 'delete-throws')
        throw new Error(`cannot delete ${account}: the collection is locked`);
      return entries.delete(id(service, account));
    },
  };
  return { backend, entries };
}

const URL_ = 'https://evidence.example';
const KEY = 'sk-live-5e3c0d9a1b2f';

/** Every way a store could leak `key`: a reply, or an error's message and stack. */
function expectNoKey(value: KeyStatus | Error | unknown, key: string) {
  const text = value instanceof Error ? `${value.message}\n${value.stack}` : JSON.stringify(value);
  expect(text.includes(key), text).toBe(false);
}

describe('key store: a working keychain', () => {
  it('keeps the key under the normalised service URL; a new store (next launch) finds it', async () => {
    const { backend, entries } = fakeKeyring();
    const store = createKeyStore({ backend });
    expect(await store.status(URL_)).toEqual({
      hasKey: false,
      storage: 'os-keychain',
      backend: platformKeychainName(),
      reason: null,
    });
    expect(await store.set('HTTPS://Evidence.example:443/api/', KEY)).toEqual({
      hasKey: true,
      storage: 'os-keychain',
      backend: platformKeychainName(),
      reason: null,
    });
    expect([...entries.keys()]).toEqual(['evidence-workbench|https://evidence.example']);
    const next = createKeyStore({ backend });
    expect(await next.read(`${URL_}/v1/checks`)).toBe(KEY);
    expect(await next.status(URL_)).toMatchObject({ hasKey: true, storage: 'os-keychain' });
  });

  it('names the backend after the platform, or as the backend names itself', async () => {
    expect(platformKeychainName('linux')).toBe('secret-service');
    expect(platformKeychainName('darwin')).toBe('macos-keychain');
    expect(platformKeychainName('win32')).toBe('windows-credential');
    const named = { ...fakeKeyring().backend, name: 'test-keyring' };
    expect(await createKeyStore({ backend: named }).status(URL_)).toMatchObject({ backend: 'test-keyring' });
  });

  it('uses the service name it is given', async () => {
    const { backend, entries } = fakeKeyring();
    await createKeyStore({ backend, serviceName: 'other-app' }).set(URL_, KEY);
    expect([...entries.keys()]).toEqual(['other-app|https://evidence.example']);
    expect(await createKeyStore({ backend }).read(URL_)).toBeNull();
  });

  it('replaces a key', async () => {
    const { backend, entries } = fakeKeyring();
    const store = createKeyStore({ backend });
    await store.set(URL_, KEY);
    expect(await store.set(URL_, 'sk-live-replaced-000')).toMatchObject({
      hasKey: true,
      storage: 'os-keychain',
    });
    expect(entries.size).toBe(1);
    expect(await createKeyStore({ backend }).read(URL_)).toBe('sk-live-replaced-000');
  });

  it('removes a key; removing a key that is not there is not an error', async () => {
    const { backend, entries } = fakeKeyring();
    const store = createKeyStore({ backend });
    await store.set(URL_, KEY);
    expect(await store.remove(URL_)).toEqual({
      hasKey: false,
      storage: 'os-keychain',
      backend: platformKeychainName(),
      reason: null,
    });
    expect(entries.size).toBe(0);
    expect(await store.read(URL_)).toBeNull();
    expect(await store.remove(URL_)).toMatchObject({ hasKey: false, storage: 'os-keychain' });
    expect(await store.remove('http://never.example')).toMatchObject({ hasKey: false });
  });

  it('keeps keys for different services apart', async () => {
    const { backend } = fakeKeyring();
    const store = createKeyStore({ backend });
    await store.set('https://a.example', 'sk-a-key');
    await store.set('https://a.example:8443', 'sk-a-8443');
    await store.set('http://a.example', 'sk-a-http');
    expect(await store.read('https://a.example/x')).toBe('sk-a-key');
    expect(await store.read('https://a.example:8443')).toBe('sk-a-8443');
    expect(await store.read('http://a.example:80/')).toBe('sk-a-http');
    await store.remove('https://a.example');
    expect(await store.read('https://a.example:8443')).toBe('sk-a-8443');
  });

  it('accepts an asynchronous backend (as the OS one is)', async () => {
    const { backend } = fakeKeyring();
    const asynchronous: KeyringBackend = {
      get: async (s, a) => backend.get(s, a),
      set: async (s, a, k) => backend.set(s, a, k),
      delete: async (s, a) => backend.delete(s, a),
    };
    const store = createKeyStore({ backend: asynchronous });
    expect(await store.set(URL_, KEY)).toMatchObject({ storage: 'os-keychain' });
    expect(await createKeyStore({ backend: asynchronous }).read(URL_)).toBe(KEY);
  });

  it('refuses an empty key', async () => {
    const store = createKeyStore({ backend: fakeKeyring().backend });
    await expect(store.set(URL_, '')).rejects.toThrow(/empty/);
    await expect(store.set(URL_, '   ')).rejects.toThrow(/empty/);
  });
});

describe('key store: a missing or locked keychain', () => {
  it('a write that throws keeps the key for this session only and says why, without the key', async () => {
    const store = createKeyStore({ backend: fakeKeyring('write-throws').backend });
    const status = await store.set(URL_, KEY);
    expect(status).toMatchObject({ hasKey: true, storage: 'session-only', backend: 'none' });
    expect(status.reason).toMatch(/^No OS keychain is available \(Platform secure storage failure/);
    expect(status.reason).toMatch(/kept for this session only and must be entered again next time/);
    expectNoKey(status, KEY);
    expect(await store.read(URL_)).toBe(KEY);
    expect(await store.status(URL_)).toMatchObject({ hasKey: true, storage: 'session-only' });
    // Another service: a key entered there would be kept for the session only as well.
    expect(await store.status('https://other.example')).toMatchObject({
      hasKey: false,
      storage: 'session-only',
    });
    expect(await store.remove(URL_)).toMatchObject({ hasKey: false, storage: 'session-only' });
    expect(await store.read(URL_)).toBeNull();
  });

  it('a write whose read-back returns nothing (locked) is not trusted with the key', async () => {
    const { backend, entries } = fakeKeyring('reads-nothing');
    const store = createKeyStore({ backend });
    const status = await store.set(URL_, KEY);
    expect(status).toMatchObject({ hasKey: true, storage: 'session-only', backend: 'none' });
    expect(status.reason).toMatch(/did not return it/);
    expect(await store.read(URL_)).toBe(KEY);
    // The copy the keychain may hold is removed, so that a later launch does not find a stale key.
    expect(entries.size).toBe(0);
  });

  it('a write whose read-back returns another key is not trusted either', async () => {
    const store = createKeyStore({ backend: fakeKeyring('reads-other').backend });
    const status = await store.set(URL_, KEY);
    expect(status).toMatchObject({ hasKey: true, storage: 'session-only' });
    expect(status.reason).toMatch(/different key/);
    expect(await store.read(URL_)).toBe(KEY);
  });

  it('a read that throws: session-only, no key, and a session key still works', async () => {
    const entries = new Map([['evidence-workbench|https://evidence.example', KEY]]);
    const store = createKeyStore({ backend: fakeKeyring('read-throws', entries).backend });
    const status = await store.status(URL_);
    expect(status).toMatchObject({ hasKey: false, storage: 'session-only', backend: 'none' });
    expect(status.reason).toMatch(/locked/);
    expectNoKey(status, KEY);
    expect(await store.read(URL_)).toBeNull();
    expect(await store.set(URL_, 'sk-session-key')).toMatchObject({ hasKey: true, storage: 'session-only' });
    expect(await store.read(URL_)).toBe('sk-session-key');
  });

  it('a delete that throws: the key is gone for this session, and the keychain copy is not used', async () => {
    const { backend, entries } = fakeKeyring('delete-throws');
    const store = createKeyStore({ backend });
    expect(await store.set(URL_, KEY)).toMatchObject({ storage: 'os-keychain' });
    const status = await store.remove(URL_);
    expect(status).toMatchObject({ hasKey: false, storage: 'session-only' });
    expectNoKey(status, KEY);
    expect(entries.size).toBe(1);
    expect(await store.read(URL_)).toBeNull();
    expect(await store.status(URL_)).toMatchObject({ hasKey: false });
  });

  it('a keychain that comes back: a later successful write is stored in it again', async () => {
    const entries = new Map<string, string>();
    let broken = true;
    const good = fakeKeyring('works', entries).backend;
    const backend: KeyringBackend = {
      get: (s, a) => good.get(s, a),
      set: (s, a, k) => {
        if (broken) throw new Error('no Secret Service');
        good.set(s, a, k);
      },
      delete: (s, a) => good.delete(s, a),
    };
    const store = createKeyStore({ backend });
    expect(await store.set(URL_, KEY)).toMatchObject({ storage: 'session-only' });
    broken = false;
    expect(await store.set(URL_, KEY)).toMatchObject({ storage: 'os-keychain', reason: null });
    expect(await createKeyStore({ backend }).read(URL_)).toBe(KEY);
  });
});

describe('service URLs', () => {
  it('normalises to scheme, host and port, lowercase, without path or trailing slash', () => {
    expect(serviceOrigin('https://Example.com:443/path')).toBe('https://example.com');
    expect(serviceOrigin('HTTPS://EXAMPLE.COM/')).toBe('https://example.com');
    expect(serviceOrigin('http://Example.com:80/a/b?c=d#e')).toBe('http://example.com');
    expect(serviceOrigin('http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787');
    expect(serviceOrigin('https://example.com:8443/api/')).toBe('https://example.com:8443');
    expect(serviceOrigin('http://[::1]:8787')).toBe('http://[::1]:8787');
    expect(serviceOrigin('https://user:pass@example.com')).toBe('https://example.com');
  });

  it('refuses anything but http(s), with a clear error', () => {
    expect(() => serviceOrigin('file:///x')).toThrow(/must start with http:\/\/ or https:\/\//);
    expect(() => serviceOrigin('ftp://')).toThrow(/must start with http:\/\/ or https:\/\//);
    for (const bad of ['ftp://evidence.example', 'javascript:alert(1)', 'evidence.example', '', 'https://'])
      expect(() => serviceOrigin(bad), bad).toThrow(/URL/);
  });

  it('every method refuses a bad URL, and the error does not carry the key', async () => {
    const store = createKeyStore({ backend: fakeKeyring().backend });
    const failures = [
      store.set('file:///x', KEY),
      store.set(`ftp://${KEY}.example`, KEY),
      store.status('file:///x'),
      store.remove('ftp://x'),
      store.read('file:///x'),
    ];
    for (const failure of failures) {
      const error = await failure.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expectNoKey(error, KEY);
    }
  });
});

describe('the key never leaves the store', () => {
  it('no reply from any keychain ever carries the key (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim().length >= 1),
        fc.constantFrom(...behaviours),
        fc.constantFrom(...behaviours),
        async (raw, first, second) => {
          const key = `sk-${raw}`;
          const entries = new Map<string, string>();
          const store = createKeyStore({ backend: fakeKeyring(first, entries).backend });
          const replies: unknown[] = [];
          const settle = (p: Promise<unknown>) =>
            p.then(
              (v) => replies.push(v),
              (e: unknown) => replies.push(e),
            );
          await settle(store.set(URL_, key));
          await settle(store.status(URL_));
          await settle(store.set(URL_, `${key}-2`));
          await settle(store.status(URL_));
          const later = createKeyStore({ backend: fakeKeyring(second, entries).backend });
          await settle(later.status(URL_));
          await settle(later.remove(URL_));
          await settle(store.remove(URL_));
          await settle(store.status(URL_));
          for (const reply of replies) {
            expectNoKey(reply, key);
            expectNoKey(reply, JSON.stringify(key).slice(1, -1));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
