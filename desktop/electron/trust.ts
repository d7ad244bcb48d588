/** The renderer's own origin in the Electron host: a privileged, standard, secure custom scheme. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'workbench';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const RENDERER_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** True only for a URL of the app's own renderer (`app://workbench/…`). */
export function isAppUrl(url: string | undefined | null): boolean {
  if (typeof url !== 'string' || url === '') return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${APP_SCHEME}:` &&
      parsed.host === APP_HOST &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}

/** Only `https:` links may leave the app for the system browser. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

export interface IpcSenderFacts {
  /** The sending webContents belongs to one of the windows this app created. */
  fromAppWindow: boolean;
  /** The sending frame is the window's top frame, not an iframe. */
  isTopFrame: boolean;
  /** The sending frame's URL (undefined when the frame is gone). */
  frameUrl: string | undefined;
}

/** A bridge call is served only from the top frame of an app window showing the app's own renderer. */
export function isTrustedIpcSender(facts: IpcSenderFacts): boolean {
  return facts.fromAppWindow && facts.isTopFrame && isAppUrl(facts.frameUrl);
}
