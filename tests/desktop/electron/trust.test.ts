import { describe, expect, it } from 'vitest';
import {
  isAppUrl,
  isSafeExternalUrl,
  isTrustedIpcSender,
  RENDERER_ENTRY_URL,
} from '../../../desktop/electron/trust';

describe('app URL check', () => {
  it.each([RENDERER_ENTRY_URL, 'app://workbench/', 'app://workbench/assets/index.js'])(
    'accepts %s',
    (url) => {
      expect(isAppUrl(url)).toBe(true);
    },
  );

  it.each([
    'app://evil/index.html',
    'app://workbench@evil/index.html',
    'app://workbench.evil/index.html',
    'https://workbench/index.html',
    'file:///app/out/renderer/index.html',
    'http://127.0.0.1:5173/',
    'about:blank',
    'not a url',
    '',
    undefined,
  ])('refuses %s', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });
});

describe('IPC sender check', () => {
  const trusted = { fromAppWindow: true, isTopFrame: true, frameUrl: RENDERER_ENTRY_URL };

  it('trusts the top frame of an app window showing the renderer', () => {
    expect(isTrustedIpcSender(trusted)).toBe(true);
  });

  it('refuses a window the app did not create', () => {
    expect(isTrustedIpcSender({ ...trusted, fromAppWindow: false })).toBe(false);
  });

  it('refuses an iframe, even one on the app origin', () => {
    expect(isTrustedIpcSender({ ...trusted, isTopFrame: false })).toBe(false);
  });

  it('refuses a frame that navigated elsewhere or is gone', () => {
    expect(isTrustedIpcSender({ ...trusted, frameUrl: 'https://example.com/' })).toBe(false);
    expect(isTrustedIpcSender({ ...trusted, frameUrl: undefined })).toBe(false);
  });
});

describe('external links', () => {
  it('lets only https: out', () => {
    expect(isSafeExternalUrl('https://example.com/report')).toBe(true);
    for (const url of [
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'x',
    ]) {
      expect(isSafeExternalUrl(url)).toBe(false);
    }
  });
});
