import { AsyncEntry } from '@napi-rs/keyring';
import type { KeyStatus, KeyStore } from './types';

// The API key store of the main process: the OS keychain (Secret Service, macOS Keychain, Windows
// Credential Manager) through @napi-rs/keyring, one entry per service URL. A keychain that is missing or
// locked (a write that fails, or a read-back that does not return what was written) leaves the key in this
// session's memory only, and the status says why. The key appears in no status, error or log.

/** What the store needs of a keychain; the OS one by default, a fake in tests. */
export interface KeyringBackend {
  readonly name: string;
  get(service: string, account: string): Promise<string | null>;
  set(service: string, account: string, secret: string): Promise<void>;
  delete(service: string, account: string): Promise<boolean>;
}

function osBackendName(): string {
  if (process.platform === 'darwin') return 'macos-keychain';
  if (process.platform === 'win32') return 'windows-credential';
  return 'secret-service';
}

export const osKeyring: KeyringBackend = {
  name: osBackendName(),
  get: (service, account) => new AsyncEntry(service, account).getPassword(),
  set: (service, account, secret) => new AsyncEntry(service, account).setPassword(secret),
  delete: (service, account) => new AsyncEntry(service, account).deleteCredential(),
};

/** `https://Evidence.example:443/api/` → `https://evidence.example`; anything but http(s) is refused. */
export function normaliseServiceUrl(serviceUrl: string): string {
  let url: URL;
  try {
    url = new URL(serviceUrl);
  } catch {
    throw new Error('The service URL is not a URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('The service URL must start with http:// or https://.');
  return `${url.protocol}//${url.host}`.toLowerCase();
}

/** An error's message with every occurrence of the key removed. */
function scrub(error: unknown, key: string | null): string {
  const message = error instanceof Error ? error.message : String(error);
  return key ? message.split(key).join('[key]') : message;
}

export interface KeyStoreOptions {
  /** The keychain service name entries are kept under. */
  serviceName?: string;
  backend?: KeyringBackend;
}

export function createKeyStore(options: KeyStoreOptions = {}): KeyStore {
  const service = options.serviceName ?? 'evidence-workbench';
  const backend = options.backend ?? osKeyring;
  /** Keys kept for this session only, and why, by normalised URL. */
  const session = new Map<string, { key: string; reason: string }>();
  let unavailable: string | null = null;

  const sessionReason = (why: string) =>
    `No usable OS keychain (${why}): the key is kept for this session only and must be entered again next time.`;
  const osStatus = (hasKey: boolean): KeyStatus => ({
    hasKey,
    storage: 'os-keychain',
    backend: backend.name,
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
      return { key: await backend.get(service, url), failed: null };
    } catch (error) {
      return { key: null, failed: scrub(error, null) };
    }
  }

  return {
    async status(serviceUrl) {
      const url = normaliseServiceUrl(serviceUrl);
      const held = session.get(url);
      if (held) return sessionStatus(true, held.reason);
      const { key, failed } = await readKeychain(url);
      if (failed !== null) return sessionStatus(false, sessionReason(failed));
      if (unavailable !== null) return sessionStatus(key !== null, sessionReason(unavailable));
      return osStatus(key !== null);
    },
    async set(serviceUrl, key) {
      const url = normaliseServiceUrl(serviceUrl);
      let why: string | null = null;
      try {
        await backend.set(service, url, key);
        const back = await backend.get(service, url);
        if (back !== key) why = 'the keychain did not return the key it was given (locked?)';
      } catch (error) {
        why = scrub(error, key);
      }
      if (why === null) {
        session.delete(url);
        unavailable = null;
        return osStatus(true);
      }
      unavailable = why;
      const reason = sessionReason(why);
      session.set(url, { key, reason });
      // Whatever the keychain holds for this URL is now stale: remove it, if it can be removed.
      await backend.delete(service, url).catch(() => false);
      return sessionStatus(true, reason);
    },
    async remove(serviceUrl) {
      const url = normaliseServiceUrl(serviceUrl);
      session.delete(url);
      try {
        await backend.delete(service, url);
      } catch (error) {
        return sessionStatus(false, sessionReason(scrub(error, null)));
      }
      return unavailable !== null ? sessionStatus(false, sessionReason(unavailable)) : osStatus(false);
    },
    async read(serviceUrl) {
      const url = normaliseServiceUrl(serviceUrl);
      const held = session.get(url);
      if (held) return held.key;
      return (await readKeychain(url)).key;
    },
  };
}
