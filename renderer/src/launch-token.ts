/**
 * The web host's per-launch token in this tab. The printed address carries it in its fragment (never sent
 * to a server); the page takes it from there, clears the address bar and keeps it in this tab's
 * sessionStorage, so a reload or a reopened address keeps working.
 *
 * sessionStorage rather than an HttpOnly SameSite=Strict cookie, because it is the narrower place: it
 * belongs to one tab and one exact origin (host and port), the browser sends it nowhere, and a tab that
 * never had the token starts without it. A cookie for 127.0.0.1 would go to every port on the machine
 * (cookies ignore ports, and SameSite counts other ports as the same site), so another local server would
 * receive the secret, and every tab of the browser would be let in. A script in the page could read
 * sessionStorage, but such a script could call the bridge anyway; the CSP admits none but the app's own.
 */

/** Where this tab keeps the token between loads. */
export const LAUNCH_TOKEN_KEY = 'workbench.launch-token';

export interface TokenPlace {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'state' | 'replaceState'>;
  /** This tab's sessionStorage; null where the browser refuses it (the token then lasts one load). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** The page's sessionStorage, or null where reading it throws (storage disabled). */
export function tabStorage(win: Pick<Window, 'sessionStorage'>): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The token `#token=…` carries, removed from the address bar and kept for this tab; null when the address
 * carries none (an empty `#token=` is cleared too, and is no token).
 */
export function takeTokenFromAddress(place: TokenPlace): string | null {
  const fragment = new URLSearchParams(place.location.hash.replace(/^#/, ''));
  if (!fragment.has('token')) return null;
  const { pathname, search } = place.location;
  place.history.replaceState(place.history.state, '', `${pathname}${search}`);
  const token = fragment.get('token') ?? '';
  if (token === '') return null;
  try {
    place.storage?.setItem(LAUNCH_TOKEN_KEY, token);
  } catch {
    // Storage full or refused: the token still serves this load.
  }
  return token;
}

/** The token this tab kept from an earlier load, or null. */
export function keptToken(storage: TokenPlace['storage']): string | null {
  try {
    const token = storage?.getItem(LAUNCH_TOKEN_KEY) ?? null;
    return token === '' ? null : token;
  } catch {
    return null;
  }
}

/** The token for this load: the address's when it carries one, else the one this tab kept. */
export function launchToken(place: TokenPlace): string | null {
  return takeTokenFromAddress(place) ?? keptToken(place.storage);
}

/**
 * After the address changed in place: opening the printed address again in a tab already on the workbench
 * changes only the fragment, which loads nothing. When it carries a token other than the one in use, the
 * page is reloaded so every call and the event stream start again with it.
 */
export function followAddressToken(place: TokenPlace, inUse: string | null, reload: () => void): void {
  const token = takeTokenFromAddress(place);
  if (token !== null && token !== inUse) reload();
}
