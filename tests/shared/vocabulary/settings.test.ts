import { describe, expect, it } from 'vitest';
import { Settings as StoredSettings } from '../../../desktop/main/settings';
import { OCR_MODE_IDS } from '../../../shared/vocabulary/ocr';
import { DEFAULT_SETTINGS, SettingsPatch, SettingsView } from '../../../shared/vocabulary/settings';

// One schema: the bridge's patch refuses what the store would refuse, field by field, and the view is
// the stored settings and their problem.

describe('the settings schema', () => {
  it('a patch validates and normalises each field as the store does', () => {
    const patch = { baseUrl: 'https://Evidence.example/api/', authorName: '  Ana Lima ' };
    expect(SettingsPatch.parse(patch)).toEqual({
      baseUrl: 'https://evidence.example/api',
      authorName: 'Ana Lima',
    });
    expect(StoredSettings.parse({ ...DEFAULT_SETTINGS, ...patch })).toMatchObject(SettingsPatch.parse(patch));
  });

  it.each([
    { baseUrl: 'ftp://evidence.example' },
    { baseUrl: 'https://user:secret@evidence.example' },
    { baseUrl: 'https://evidence.example/?key=1' },
    { authorName: 'Ana\u0007' },
    { dataDir: '' },
    { ocr: 'sometimes' },
    { colour: 'blue' },
  ])('the patch and the store both refuse %j', (patch) => {
    expect(SettingsPatch.safeParse(patch).success).toBe(false);
    expect(StoredSettings.safeParse({ ...DEFAULT_SETTINGS, ...patch }).success).toBe(false);
  });

  it('the view is the stored settings with their problem; every OCR mode is a setting', () => {
    expect(SettingsView.parse({ ...DEFAULT_SETTINGS, problem: null })).toEqual({
      ...DEFAULT_SETTINGS,
      problem: null,
    });
    for (const ocr of OCR_MODE_IDS) expect(SettingsPatch.parse({ ocr })).toEqual({ ocr });
  });
});
