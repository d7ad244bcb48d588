import { describe, expect, it } from 'vitest';
import { BridgeCallError, retryUnlessRefused } from '../../renderer/src/bridge';
import {
  followAddressToken,
  keptToken,
  LAUNCH_TOKEN_KEY,
  launchToken,
  tabStorage,
  type TokenPlace,
} from '../../renderer/src/launch-token';

/** A tab: its address, its history and its sessionStorage (a Map), as the page sees them. */
function tab(address: string, kept: Map<string, string> = new Map()) {
  const url = new URL(address);
  const location = { hash: url.hash, pathname: url.pathname, search: url.search };
  const replaced: string[] = [];
  const place: TokenPlace = {
    location,
    history: {
      state: null,
      replaceState: (_state, _title, to) => {
        replaced.push(String(to));
        location.hash = '';
      },
    },
    storage: {
      getItem: (key) => kept.get(key) ?? null,
      setItem: (key, value) => void kept.set(key, value),
    },
  };
  /** The person opens `next` in this tab without a load: only the fragment changes. */
  const openInPlace = (next: string) => {
    location.hash = new URL(next).hash;
  };
  return { place, kept, replaced, openInPlace };
}

const ORIGIN = 'http://127.0.0.1:5000';

describe('the launch token in a tab', () => {
  it('is taken from the printed address, cleared from the address bar and kept for this tab', () => {
    const { place, kept, replaced } = tab(`${ORIGIN}/?x=1#token=abc%2Bdef`);
    expect(launchToken(place)).toBe('abc+def');
    expect(replaced).toEqual(['/?x=1']);
    expect(kept.get(LAUNCH_TOKEN_KEY)).toBe('abc+def');
  });

  it('survives a reload: the address no longer carries it, the tab still has it', () => {
    const kept = new Map<string, string>();
    launchToken(tab(`${ORIGIN}/#token=first`, kept).place);
    const reloaded = tab(`${ORIGIN}/`, kept);
    expect(launchToken(reloaded.place)).toBe('first');
    expect(reloaded.replaced).toEqual([]);
  });

  it('is none in a tab that never had it', () => {
    const { place, replaced } = tab(`${ORIGIN}/`);
    expect(launchToken(place)).toBeNull();
    expect(replaced).toEqual([]);
  });

  it('is replaced by a newer launch’s address opened in the same tab', () => {
    const kept = new Map([[LAUNCH_TOKEN_KEY, 'earlier-launch']]);
    expect(launchToken(tab(`${ORIGIN}/#token=this-launch`, kept).place)).toBe('this-launch');
    expect(kept.get(LAUNCH_TOKEN_KEY)).toBe('this-launch');
  });

  it('ignores an empty #token= (the kept one stays) and clears it from the address bar', () => {
    const kept = new Map([[LAUNCH_TOKEN_KEY, 'kept']]);
    const { place, replaced } = tab(`${ORIGIN}/#token=`, kept);
    expect(launchToken(place)).toBe('kept');
    expect(replaced).toEqual(['/']);
    expect(keptToken(place.storage)).toBe('kept');
  });

  it('still serves the load when the browser refuses storage', () => {
    const { place } = tab(`${ORIGIN}/#token=abc`);
    const refusing: TokenPlace = {
      ...place,
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    };
    expect(launchToken(refusing)).toBe('abc');
    expect(keptToken(refusing.storage)).toBeNull();
    expect(launchToken({ ...place, storage: null })).toBeNull();
    const throwing = {
      get sessionStorage(): Storage {
        throw new Error('SecurityError');
      },
    };
    expect(tabStorage(throwing)).toBeNull();
  });
});

describe('the printed address opened again in the same tab', () => {
  it('reloads the page with a token other than the one in use, and keeps it for the reload', () => {
    const { place, kept, openInPlace } = tab(`${ORIGIN}/`);
    const inUse = launchToken(place);
    let reloads = 0;
    openInPlace(`${ORIGIN}/#token=this-launch`);
    followAddressToken(place, inUse, () => reloads++);
    expect(reloads).toBe(1);
    expect(kept.get(LAUNCH_TOKEN_KEY)).toBe('this-launch');
    expect(place.location.hash).toBe('');
  });

  it('does not reload for the token already in use, or for a fragment without one', () => {
    const { place, openInPlace } = tab(`${ORIGIN}/#token=same`);
    const inUse = launchToken(place);
    let reloads = 0;
    openInPlace(`${ORIGIN}/#token=same`);
    followAddressToken(place, inUse, () => reloads++);
    openInPlace(`${ORIGIN}/#help`);
    followAddressToken(place, inUse, () => reloads++);
    expect(reloads).toBe(0);
  });
});

describe('asking again after a failed call', () => {
  it('never retries a refused token, which asking again cannot change', () => {
    const refused = new BridgeCallError({ code: 'unauthorized', message: 'This tab has no workbench token' });
    expect(retryUnlessRefused(0, refused)).toBe(false);
  });

  it('retries anything else up to three times', () => {
    const unavailable = new BridgeCallError({ code: 'bridge_unavailable', message: 'not reachable' });
    expect([0, 1, 2, 3].map((count) => retryUnlessRefused(count, unavailable))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retryUnlessRefused(0, new Error('network'))).toBe(true);
  });
});
