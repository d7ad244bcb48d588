import { describe, expect, it } from 'vitest';
import { runtimeVersions } from '../../../renderer/src/shell/versions';

describe('runtimeVersions', () => {
  it('reads Electron and Chromium from the user agent', () => {
    expect(
      runtimeVersions(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) evidence-workbench/0.1.0 Chrome/142.0.7444.59 Electron/45.4.1 Safari/537.36',
      ),
    ).toEqual({ electron: '45.4.1', chrome: '142.0.7444.59' });
    expect(runtimeVersions('Mozilla/5.0 HeadlessChrome/140.0.1 Safari/537.36')).toEqual({
      electron: null,
      chrome: '140.0.1',
    });
    expect(runtimeVersions('Firefox/130')).toEqual({ electron: null, chrome: null });
  });
});
