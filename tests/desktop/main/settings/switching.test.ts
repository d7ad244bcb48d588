import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainServices, type MainServices } from '../../../../desktop/main/handlers/services';
import { createKeyStore } from '../../../../desktop/main/keychain';
import { loadSettings } from '../../../../desktop/main/settings';
import { startTestService, type TestService } from '../../../service/helpers';

// Settings take effect without a restart, and a change that cannot take effect leaves the old one in
// force; "test connection" against the real evidence service over HTTP.

const noKeychain = () =>
  createKeyStore({
    backend: {
      name: 'none',
      get: () => Promise.reject(new Error('no keychain in this test')),
      set: () => Promise.reject(new Error('no keychain in this test')),
      delete: () => Promise.reject(new Error('no keychain in this test')),
    },
  });

let svc: TestService;
let url: string;
let dir: string;
let services: MainServices;

beforeAll(async () => {
  svc = await startTestService();
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'ew-switch-'));
  services = await createMainServices({ version: '0.0.0', dataDir: dir, keyStore: noKeychain() });
});
afterAll(async () => {
  await services.close();
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('switching the evidence service', () => {
  it('tests a remote service with a typed key before anything is saved, then with the kept key', async () => {
    expect((await services.connection.test({ baseUrl: url, key: svc.key })).outcome).toBe('ok');
    const wrong = await services.connection.test({ baseUrl: url, key: 'ek_not_the_key_1234' });
    expect(wrong.outcome).toBe('key_rejected');
    expect((await services.connection.test({ baseUrl: `${url}/`, key: svc.key })).serviceUrl).toBe(url);
    // Nothing kept yet for that address.
    expect((await services.connection.test({ baseUrl: url })).outcome).toBe('no_key');
    // Embedded: the app's own service answers.
    expect((await services.connection.test({})).outcome).toBe('ok');
  });

  it('switches to the remote service at once and back to the local one, without a restart', async () => {
    expect((await services.client()).mode).toBe('embedded');
    await services.settings.set({ mode: 'remote', baseUrl: url });
    expect((await services.client()).mode).toBe('remote');
    await services.keys.set(svc.key);
    expect((await services.connection.test({})).outcome).toBe('ok');
    const listed = await (await services.client()).listSources();
    expect(Array.isArray(listed.sources)).toBe(true);
    const status = await services.keys.status();
    expect(status).toMatchObject({ hasKey: true, storage: 'session-only', serviceUrl: url });
    expect(JSON.stringify(status)).not.toContain(svc.key);
    await services.settings.set({ mode: 'embedded' });
    expect((await services.client()).mode).toBe('embedded');
  });

  it('keeps the old settings and service in force when the new ones cannot be used', async () => {
    await services.settings.set({ mode: 'embedded', ocr: 'auto', dataDir: null });
    const before = await loadSettings(dir);
    // Invalid: refused before anything is written.
    await expect(services.settings.set({ dataDir: 'relative/folder' })).rejects.toThrow(/dataDir/);
    await expect(services.settings.set({ mode: 'remote', baseUrl: null })).rejects.toThrow(/baseUrl/);
    // Valid but unusable: a "folder" that is a file cannot hold the local service.
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(services.settings.set({ dataDir: join(file, 'inside') })).rejects.toThrow(
      /previous settings stay in force/,
    );
    expect(await loadSettings(dir)).toEqual(before);
    expect(await services.settings.get()).toMatchObject({ mode: 'embedded', dataDir: null });
    expect((await services.client()).mode).toBe('embedded');
    await (await services.client()).listSources();
  });

  it('moves the local service to another folder at once', async () => {
    const other = mkdtempSync(join(tmpdir(), 'ew-switch-other-'));
    try {
      await services.settings.set({ dataDir: other, ocr: 'off' });
      expect(await services.settings.get()).toMatchObject({ dataDir: other, ocr: 'off' });
      expect((await (await services.client()).listSources()).sources).toEqual([]);
      await services.settings.set({ dataDir: null });
    } finally {
      await services.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
