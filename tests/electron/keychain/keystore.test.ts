import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyStore, normaliseServiceUrl, type KeyringBackend } from '../../../electron/keychain';

// The key store over a keychain the test controls: a working one, one whose writes fail, and one that
// accepts writes but gives nothing back (a locked Secret Service). The key never shows in a status.

function memoryKeyring(behaviour: 'works' | 'write-fails' | 'reads-nothing' = 'works'): KeyringBackend & {
  entries: Map<string, string>;
} {
  const entries = new Map<string, string>();
  return {
    name: 'test-keyring',
    entries,
    get: (service, account) =>
      Promise.resolve(behaviour === 'reads-nothing' ? null : (entries.get(`${service}/${account}`) ?? null)),
    set: (service, account, secret) => {
      if (behaviour === 'write-fails')
        return Promise.reject(new Error(`Platform secure storage failure: cannot store ${secret}`));
      entries.set(`${service}/${account}`, secret);
      return Promise.resolve();
    },
    delete: (service, account) => Promise.resolve(entries.delete(`${service}/${account}`)),
  };
}

const URL_ = 'https://evidence.example';
const KEY = 'sk-live-5e3c0d9a1b2f';

describe('key store', () => {
  it('keeps the key in the OS keychain under the normalised service URL; replace and remove', async () => {
    const keyring = memoryKeyring();
    const store = createKeyStore({ backend: keyring });
    expect(await store.status(URL_)).toEqual({
      hasKey: false,
      storage: 'os-keychain',
      backend: 'test-keyring',
      reason: null,
    });
    expect(await store.set('HTTPS://Evidence.example:443/api/', KEY)).toMatchObject({
      hasKey: true,
      storage: 'os-keychain',
    });
    expect([...keyring.entries.keys()]).toEqual(['evidence-workbench/https://evidence.example']);
    // A new store (a new launch) finds it in the keychain.
    const next = createKeyStore({ backend: keyring });
    expect(await next.read(URL_)).toBe(KEY);
    await next.set(URL_, 'sk-live-replaced-000');
    expect(await next.read(URL_)).toBe('sk-live-replaced-000');
    expect(await next.remove(URL_)).toMatchObject({ hasKey: false, storage: 'os-keychain' });
    expect(await next.read(URL_)).toBeNull();
    expect(await next.remove(URL_)).toMatchObject({ hasKey: false });
  });

  it('a keychain whose writes fail keeps the key for this session only and says why, without the key', async () => {
    const store = createKeyStore({ backend: memoryKeyring('write-fails') });
    const status = await store.set(URL_, KEY);
    expect(status).toMatchObject({ hasKey: true, storage: 'session-only', backend: 'none' });
    expect(status.reason).toMatch(/this session only/);
    expect(JSON.stringify(status)).not.toContain(KEY);
    expect(await store.read(URL_)).toBe(KEY);
    expect(await store.status(URL_)).toMatchObject({ hasKey: true, storage: 'session-only' });
    expect(await store.remove(URL_)).toMatchObject({ hasKey: false, storage: 'session-only' });
    expect(await store.read(URL_)).toBeNull();
  });

  it('a keychain that stores but reads back nothing (locked) is not trusted with the key', async () => {
    const store = createKeyStore({ backend: memoryKeyring('reads-nothing') });
    const status = await store.set(URL_, KEY);
    expect(status).toMatchObject({ hasKey: true, storage: 'session-only' });
    expect(status.reason).toMatch(/did not return the key/);
    expect(await store.read(URL_)).toBe(KEY);
  });

  it('refuses service URLs that are not http(s)', () => {
    expect(normaliseServiceUrl('http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787');
    for (const bad of ['file:///etc/passwd', 'ftp://evidence.example', 'evidence.example', ''])
      expect(() => normaliseServiceUrl(bad), bad).toThrow(/URL/);
  });

  it('no status, from any keychain, ever carries the key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 5, maxLength: 64 }).map((s) => `sk-${s}`),
        fc.constantFrom('works', 'write-fails', 'reads-nothing') as fc.Arbitrary<
          'works' | 'write-fails' | 'reads-nothing'
        >,
        async (key, behaviour) => {
          const store = createKeyStore({ backend: memoryKeyring(behaviour) });
          const replies = [await store.set(URL_, key), await store.status(URL_), await store.remove(URL_)];
          for (const reply of replies)
            expect(JSON.stringify(reply)).not.toContain(JSON.stringify(key).slice(1, -1));
        },
      ),
      { numRuns: 200 },
    );
  });
});
