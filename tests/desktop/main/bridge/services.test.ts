import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRouter } from '../../../../desktop/main/bridge/router';
import { handlers } from '../../../../desktop/main/handlers';
import { createMainServices, type MainServices } from '../../../../desktop/main/handlers/services';
import { createKeyStore, type KeyringBackend } from '../../../../desktop/main/keychain';

// The main process's services as both hosts build them: settings in the data folder, the key store, and
// the client that follows the settings.

const failing: KeyringBackend = {
  name: 'broken',
  get: () => Promise.reject(new Error('no Secret Service')),
  set: () => Promise.reject(new Error('no Secret Service')),
  delete: () => Promise.reject(new Error('no Secret Service')),
};

let dir: string;
let services: MainServices;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ew-main-'));
  services = await createMainServices({
    version: '9.9.9',
    dataDir: dir,
    keyStore: createKeyStore({ backend: failing }),
  });
});
afterEach(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('main services', () => {
  it('a chosen data folder moves the embedded service there; the old one is left as it was', async () => {
    const router = createRouter(handlers, services);
    const chosen = join(dir, 'chosen-evidence');
    expect(await router.invoke('settings.set', { dataDir: chosen })).toMatchObject({
      ok: true,
      value: { dataDir: chosen },
    });
    expect(await router.invoke('settings.set', { dataDir: 'not/absolute' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_settings' },
    });
    await router.invoke('library.upload', {
      filename: 'a.txt',
      dataBase64: Buffer.from('GDP grew 2%').toString('base64'),
    });
    expect(existsSync(join(chosen, 'service.db'))).toBe(true);
    expect(existsSync(join(dir, 'service', 'service.db'))).toBe(false);
  });

  it('start embedded: no key needed, the local service in the data folder answers', async () => {
    const router = createRouter(handlers, services);
    expect(await router.invoke('key.status', {})).toMatchObject({
      ok: true,
      value: { hasKey: false, serviceUrl: null },
    });
    const upload = await router.invoke('library.upload', {
      filename: 'note.txt',
      dataBase64: Buffer.from('Inflation was 3.2% in May.').toString('base64'),
    });
    expect(upload).toMatchObject({ ok: true, value: { source_version_id: expect.stringMatching(/^sv_/) } });
    // Retained but not yet read: search holds nothing until the document is published.
    expect(await router.invoke('search.query', { query: 'inflation' })).toMatchObject({
      ok: true,
      value: { totalResults: 0 },
    });
    const sourceVersionId = upload.ok
      ? (upload.value as { source_version_id: string }).source_version_id
      : '';
    expect(await router.invoke('documents.publish', { sourceVersionId })).toMatchObject({
      ok: true,
      value: { state: 'complete' },
    });
    expect(await router.invoke('search.query', { query: 'inflation' })).toMatchObject({
      ok: true,
      value: { totalResults: 1 },
    });
  });

  it('switching to a remote service follows the settings; a locked keychain keeps the key for the session and says why', async () => {
    const router = createRouter(handlers, services);
    expect(
      await router.invoke('settings.set', { mode: 'remote', baseUrl: 'http://127.0.0.1:9' }),
    ).toMatchObject({
      ok: true,
      value: { mode: 'remote', baseUrl: 'http://127.0.0.1:9' },
    });
    expect((await services.client()).mode).toBe('remote');
    const key = 'sk-live-session-only-1';
    const status = await router.invoke('key.set', { key });
    expect(status).toMatchObject({
      ok: true,
      value: { hasKey: true, storage: 'session-only', serviceUrl: 'http://127.0.0.1:9' },
    });
    expect(JSON.stringify(status)).not.toContain(key);
    // Nothing listens on port 9: the failure is one a person can act on, not an internal error.
    expect(await router.invoke('search.query', { query: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'unreachable' },
    });
    // A new launch reads the settings back from the data folder.
    const next = await createMainServices({
      version: '9.9.9',
      dataDir: dir,
      keyStore: createKeyStore({ backend: failing }),
    });
    expect(await next.settings.get()).toMatchObject({ mode: 'remote', baseUrl: 'http://127.0.0.1:9' });
    await next.close();
  });
});
