import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings, saveSettings, SETTINGS_FILE, type Settings } from '../../../../desktop/main/settings';

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
      authorName: null,
      problem: null,
    });
    await saveSettings(dir, { mode: 'remote', baseUrl: 'https://evidence.example/' });
    expect(await loadSettings(dir)).toEqual({
      mode: 'remote',
      baseUrl: 'https://evidence.example',
      ocr: 'auto',
      dataDir: null,
      authorName: null,
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
    await expect(saveSettings(dir, { authorName: 'A\u0007B' })).rejects.toThrow(/authorName/);
    await expect(saveSettings(dir, { authorName: 'x'.repeat(201) })).rejects.toThrow(/authorName/);
    expect(await saveSettings(dir, { authorName: '  Ana Ruiz ' })).toMatchObject({ authorName: 'Ana Ruiz' });
    expect(await loadSettings(dir)).toMatchObject({ authorName: 'Ana Ruiz', ocr: 'force' });
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

  it('a file that lacks a field takes its default; one with an unknown field is kept aside', async () => {
    writeFileSync(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ mode: 'remote', baseUrl: 'http://127.0.0.1:8787' }),
    );
    expect(await loadSettings(dir)).toEqual({
      mode: 'remote',
      baseUrl: 'http://127.0.0.1:8787',
      ocr: 'auto',
      dataDir: null,
      authorName: null,
      problem: null,
    });
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ mode: 'embedded', colour: 'blue' }));
    const loaded = await loadSettings(dir);
    expect(loaded.problem).toMatch(/colour/);
    expect(readdirSync(dir).filter((f) => f.includes('.bad-'))).toHaveLength(1);
    writeFileSync(join(dir, SETTINGS_FILE), 'null');
    expect((await loadSettings(dir)).problem).toMatch(/kept as/);
    // Two damaged files in the same instant are both kept.
    expect(readdirSync(dir).filter((f) => f.includes('.bad-'))).toHaveLength(2);
  });

  it('service URLs: no credentials, no query; an unknown field is refused by name; `problem` is not stored', async () => {
    await expect(
      saveSettings(dir, { mode: 'remote', baseUrl: 'https://me:secret@evidence.example' }),
    ).rejects.toThrow(/baseUrl.*user name or password/);
    await expect(
      saveSettings(dir, { mode: 'remote', baseUrl: 'https://evidence.example/?k=1' }),
    ).rejects.toThrow(/baseUrl/);
    await expect(saveSettings(dir, { mode: 'remote', baseUrl: 'not a url' })).rejects.toThrow(/baseUrl/);
    await expect(saveSettings(dir, { colour: 'blue' } as Partial<Settings>)).rejects.toThrow(/colour/);
    expect(existsSync(join(dir, SETTINGS_FILE))).toBe(false);
    const loaded = await loadSettings(dir);
    const saved = await saveSettings(dir, {
      ...loaded,
      mode: 'remote',
      baseUrl: 'HTTPS://Evidence.Example/v1/',
    });
    expect(saved).toMatchObject({ baseUrl: 'https://evidence.example/v1', problem: null });
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8'))).not.toHaveProperty('problem');
  });

  it('changes made at once all land, and no temp file is left behind', async () => {
    await Promise.all([
      saveSettings(dir, { ocr: 'off' }),
      saveSettings(dir, { dataDir: join(dir, 'data') }),
      saveSettings(dir, { mode: 'remote', baseUrl: 'https://evidence.example' }),
      saveSettings(dir, { mode: 'remote', baseUrl: null }).catch(() => null),
    ]);
    expect(await loadSettings(dir)).toEqual({
      mode: 'remote',
      baseUrl: 'https://evidence.example',
      ocr: 'off',
      dataDir: join(dir, 'data'),
      authorName: null,
      problem: null,
    });
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });
});
