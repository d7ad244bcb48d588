import { describe, expect, it } from 'vitest';
import { getMainWindowOptions } from '../../../desktop/electron/window-options';

describe('main window options', () => {
  const options = getMainWindowOptions('/app/out/preload/index.cjs');
  const prefs = options.webPreferences ?? {};

  it('isolates the page from the preload and sandboxes the renderer', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
  });

  it('gives the page no Node, in any frame or worker', () => {
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and webviews off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
  });

  it('loads the given preload', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });
});
