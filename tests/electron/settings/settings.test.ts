import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings, saveSettings, SETTINGS_FILE } from '../../../electron/settings';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ew-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('settings', () => {
  it('defaults, then a change that survives a new launch', async () => {
    expect(await loadSettings(dir)).toEqual({
      mode: 'embedded',
      baseUrl: null,
      ocr: 'auto',
      dataDir: null,
      problem: null,
    });
    await saveSettings(dir, { mode: 'remote', baseUrl: 'https://evidence.example/' });
    expect(await loadSettings(dir)).toEqual({
      mode: 'remote',
      baseUrl: 'https://evidence.example',
      ocr: 'auto',
      dataDir: null,
      problem: null,
    });
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });

  it('refuses a bad change naming the field, and keeps what was stored', async () => {
    await saveSettings(dir, { ocr: 'force' });
    await expect(saveSettings(dir, { mode: 'remote' })).rejects.toThrow(/baseUrl/);
    await expect(saveSettings(dir, { baseUrl: 'file:///etc/passwd' })).rejects.toThrow(/baseUrl/);
    await expect(saveSettings(dir, { ocr: 'sometimes' as 'auto' })).rejects.toThrow(/ocr/);
    await expect(saveSettings(dir, { dataDir: 'relative/folder' })).rejects.toThrow(/dataDir/);
    expect(await saveSettings(dir, { dataDir: join(dir, 'evidence') })).toMatchObject({
      dataDir: join(dir, 'evidence'),
    });
    await saveSettings(dir, { dataDir: null });
    expect(await loadSettings(dir)).toMatchObject({ mode: 'embedded', ocr: 'force' });
  });

  it('a damaged settings file is kept aside, never lost; the defaults apply and say why', async () => {
    writeFileSync(join(dir, SETTINGS_FILE), '{"mode": "remote", "baseUrl": ');
    const loaded = await loadSettings(dir);
    expect(loaded).toMatchObject({ mode: 'embedded', baseUrl: null, ocr: 'auto' });
    expect(loaded.problem).toMatch(/kept as .*settings\.json\.bad-/);
    const aside = readdirSync(dir).find((f) => f.startsWith(`${SETTINGS_FILE}.bad-`));
    expect(readFileSync(join(dir, aside!), 'utf8')).toBe('{"mode": "remote", "baseUrl": ');
    expect(existsSync(join(dir, SETTINGS_FILE))).toBe(false);
  });
});
