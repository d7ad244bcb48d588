import type { Session, WebContents } from 'electron';
import { isSafeExternalUrl } from './trust';

export interface HardeningOptions {
  /** Opens an `https:` link in the system browser (shell.openExternal in the host). */
  openExternal: (url: string) => void;
}

/**
 * The one hardening applied to every webContents the app creates: no navigation away from the loaded
 * renderer, no new windows (an `https:` link goes to the system browser instead), no webviews.
 */
export function handleCommonWindowEvents(contents: WebContents, options: HardeningOptions): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) options.openExternal(url);
    return { action: 'deny' };
  });
}

/** Every permission (camera, notifications, clipboard, devices…) is refused, asked or checked. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
