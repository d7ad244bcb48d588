// The API key's home in the main process: the OS keychain through @napi-rs/keyring, or, when
// the keychain is missing or locked, this session's memory only. The renderer learns a KeyStatus and
// nothing else: the key itself is in no bridge reply, no event, no log and no file.

/** Where the key for a service URL is kept. */
export type KeyStorage = 'os-keychain' | 'session-only';

/** What the renderer may know about the key for one service URL. */
export interface KeyStatus {
  hasKey: boolean;
  storage: KeyStorage;
  /** The keychain backend in use, e.g. "secret-service", "macos-keychain", "windows-credential", "none". */
  backend: string;
  /** Why the key is kept for this session only (keychain missing or locked), for the UI; null otherwise. */
  reason: string | null;
}

/** Keys by service URL (normalised: scheme, host and port, no path). */
export interface KeyStore {
  status(serviceUrl: string): Promise<KeyStatus>;
  /** Stores or replaces the key. */
  set(serviceUrl: string, key: string): Promise<KeyStatus>;
  remove(serviceUrl: string): Promise<KeyStatus>;
  /** Main process only: the key for the service client's requests. Never passed to a bridge reply. */
  read(serviceUrl: string): Promise<string | null>;
}
