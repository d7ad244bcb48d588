import { EventEmitter } from 'node:events';
import type { Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { denyAllPermissions, handleCommonWindowEvents } from '../../../desktop/electron/hardening';

type OpenHandler = (details: { url: string }) => { action: string };

/** A stand-in for a webContents: real events, and the window-open handler it was given. */
function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: OpenHandler | undefined;
  const contents = Object.assign(emitter, {
    setWindowOpenHandler: (handler: OpenHandler) => {
      openHandler = handler;
    },
  });
  return {
    contents: contents as unknown as WebContents,
    emit: (name: string) => {
      const event = { preventDefault: vi.fn() };
      emitter.emit(name, event, 'https://example.com/');
      return event;
    },
    open: (url: string) => openHandler?.({ url }),
  };
}

describe('handleCommonWindowEvents', () => {
  it('prevents navigation, redirects and webviews', () => {
    const fake = fakeContents();
    handleCommonWindowEvents(fake.contents, { openExternal: vi.fn() });
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      expect(fake.emit(name).preventDefault).toHaveBeenCalledOnce();
    }
  });

  it('denies every new window; only an https: link goes to the system browser', () => {
    const fake = fakeContents();
    const openExternal = vi.fn();
    handleCommonWindowEvents(fake.contents, { openExternal });
    for (const url of [
      'https://example.com/a',
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(fake.open(url)).toEqual({ action: 'deny' });
    }
    expect(openExternal.mock.calls).toEqual([['https://example.com/a']]);
  });
});

describe('denyAllPermissions', () => {
  it('answers every permission request and check with no', () => {
    let request:
      ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    let device: (() => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (h: typeof request) => (request = h),
      setPermissionCheckHandler: (h: typeof check) => (check = h),
      setDevicePermissionHandler: (h: typeof device) => (device = h),
    } as unknown as Session;
    denyAllPermissions(session);

    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      request?.({}, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, false]);
    expect(check?.()).toBe(false);
    expect(device?.()).toBe(false);
  });
});
