import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import type { KeyStatus, KeyStore } from './types';

// The API key store of the main process: the OS keychain (Secret Service, macOS Keychain, Windows
// Credential Manager) through @napi-rs/keyring, one entry per normalised service URL. A keychain that is
// missing or locked (a write that fails, a read-back that does not return what was written, a read that
// throws) leaves the key in this session's memory only, and the status says why. The key appears in no
// status, error or log: every keychain error message is scrubbed of every key this store knows.

/**
 * What the store needs of a keychain: the OS one by default, a fake in tests. Either synchronous (as
 * @napi-rs/keyring's `Entry`) or asynchronous (as its `AsyncEntry`); a throw or a rejection means the
 * keychain cannot be used.
 */
export interface KeyringBackend {
  /** The backend's name for the status; the platform's keychain name when absent. */
  readonly name?: string;
  get(service: string, account: string): string | null | Promise<string | null>;
  set(service: string, account: string, secret: string): void | Promise<void>;
  /** True when an entry was deleted, false when there was none. */
  delete(service: string, account: string): boolean | Promise<boolean>;
}

/** The keychain @napi-rs/keyring uses on this platform, by the name the status reports. */
export function platformKeychainName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'macos-keychain';
  if (platform === 'win32') return 'windows-credential';
  return 'secret-service';
}

// On Linux, @napi-rs/keyring falls back from the Secret Service to the kernel keyring, which forgets
// everything at logout or reboot: a key kept there would be reported as stored when it is not. Pinned to
// the Secret Service, a machine without one throws, and the key is honestly kept for this session only.
const entryOptions: EntryOptions = { linux: { store: 'secret-service' } };
// `async` so that a constructor that throws (no D-Bus session, no Secret Service) becomes a rejection.
const entry = async (service: string, account: string) => new AsyncEntry(service, account, entryOptions);

/** The OS keychain through @napi-rs/keyring (asynchronous: the main process's event loop is not blocked). */
export const osKeyring: KeyringBackend = {
  name: platformKeychainName(),
  get: async (service, account) => (await entry(service, account)).getPassword(),
  set: async (service, account, secret) => (await entry(service, account)).setPassword(secret),
  delete: async (service, account) => (await entry(service, account)).deleteCredential(),
};

/** `https://Evidence.example:443/api/` → `https://evidence.example`; anything but http(s) is refused. */
export function serviceOrigin(serviceUrl: string): string {
  let url: URL;
  try {
    url = new URL(serviceUrl);
  } catch {
    throw new Error('The service URL is not a valid URL: it must start with http:// or https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(
      `The service URL must start with http:// or https:// (not ${url.protocol.slice(0, 20)}//): keys are kept only for web services.`,
    );
  if (url.host === '') throw new Error('The service URL has no host.');
  // URL already lowercases the scheme and host and drops a scheme's default port (https://x:443 → https://x).
  return `${url.protocol}//${url.host}`.toLowerCase();
}

/** Runs a backend call, turning a synchronous throw into a rejection. */
async function call<T>(run: () => T | Promise<T>): Promise<T> {
  return run();
}

export interface KeyStoreOptions {
  /** The keychain service name entries are kept under (default: "evidence-workbench"). */
  serviceName?: string;
  /** The keychain (default: the OS keychain through @napi-rs/keyring). */
  backend?: KeyringBackend;
}

/** What this session holds for a URL: a key kept in memory only, or null when the key was removed this
 *  session but the keychain could not delete its copy (so that copy must not be used either). */
interface Held {
  key: string | null;
  reason: string;
}

export function createKeyStore(options: KeyStoreOptions = {}): KeyStore {
  const service = options.serviceName ?? 'evidence-workbench';
  const backend = options.backend ?? osKeyring;
  const backendName = backend.name ?? platformKeychainName();
  const session = new Map<string, Held>();
  /** Why the keychain was last found unusable for writing; null when it works (or was not tried). */
  let unusable: string | null = null;

  /** An error's first line, with every key this store knows (and `also`) replaced. */
  function scrub(error: unknown, also: string | null = null): string {
    let message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
    const keys = [also, ...[...session.values()].map((held) => held.key)];
    for (const key of keys) if (key) message = message.split(key).join('[redacted]');
    if (message.length > 200) message = `${message.slice(0, 200)}…`;
    return message || 'unknown keychain error';
  }
  const reasonFor = (why: string) =>
    `No OS keychain is available (${why}): the key is kept for this session only and must be entered again next time.`;
  const osStatus = (hasKey: boolean): KeyStatus => ({
    hasKey,
    storage: 'os-keychain',
    backend: backendName,
    reason: null,
  });
  const sessionStatus = (hasKey: boolean, reason: string): KeyStatus => ({
    hasKey,
    storage: 'session-only',
    backend: 'none',
    reason,
  });

  async function readKeychain(url: string): Promise<{ key: string | null; failed: string | null }> {
    try {
      const key = await call(() => backend.get(service, url));
      return { key: typeof key === 'string' && key !== '' ? key : null, failed: null };
    } catch (error) {
      return { key: null, failed: scrub(error) };
    }
  }

  return {
    async status(serviceUrl) {
      const url = serviceOrigin(serviceUrl);
      const held = session.get(url);
      if (held) return sessionStatus(held.key !== null, held.reason);
      const { key, failed } = await readKeychain(url);
      if (failed !== null) return sessionStatus(false, reasonFor(failed));
      if (unusable !== null) return sessionStatus(key !== null, reasonFor(unusable));
      return osStatus(key !== null);
    },

    async set(serviceUrl, key) {
      const url = serviceOrigin(serviceUrl);
      if (typeof key !== 'string' || key.trim() === '') throw new Error('The API key is empty.');
      let why: string | null = null;
      try {
        await call(() => backend.set(service, url, key));
        const back = await call(() => backend.get(service, url));
        if (back !== key)
          why =
            back === null || back === undefined
              ? 'the keychain accepted the key but did not return it: it may be locked'
              : 'the keychain returned a different key from the one it was given';
      } catch (error) {
        why = scrub(error, key);
      }
      if (why === null) {
        session.delete(url);
        unusable = null;
        return osStatus(true);
      }
      unusable = why;
      const reason = reasonFor(why);
      session.set(url, { key, reason });
      // Whatever the keychain holds for this URL is now stale: remove it, if it can be removed.
      await call(() => backend.delete(service, url)).catch(() => false);
      return sessionStatus(true, reason);
    },

    async remove(serviceUrl) {
      const url = serviceOrigin(serviceUrl);
      const known = session.get(url)?.key ?? null;
      try {
        await call(() => backend.delete(service, url)); // false (nothing to delete) is not an error
      } catch (error) {
        // The keychain's copy (if any) could not be deleted: this session must not use it either.
        const reason = reasonFor(scrub(error, known));
        session.set(url, { key: null, reason });
        return sessionStatus(false, reason);
      }
      session.delete(url);
      return unusable !== null ? sessionStatus(false, reasonFor(unusable)) : osStatus(false);
    },

    async read(serviceUrl) {
      const url = serviceOrigin(serviceUrl);
      const held = session.get(url);
      if (held) return held.key;
      return (await readKeychain(url)).key;
    },
  };
}
