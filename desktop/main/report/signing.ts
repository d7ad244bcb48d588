import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { osKeyring, type KeyringBackend } from '../keychain';
import { canonicalJson, ReportBundle, signedText, type ReportSignature } from './model';

// Optional Ed25519 signatures of report bundles. A signature signs `signedText(digest)`, the
// bundle's content digest, so it covers every member but the seal itself. The private key lives in the OS
// keychain (as a PKCS#8 DER, base64), never in a file or a log; where no keychain is available, nothing is
// signed and the caller is told why.

/** The keychain entry of this computer's report signing key. */
export const SIGNING_KEY_SERVICE = 'Evidence Workbench report signing';
export const SIGNING_KEY_ACCOUNT = 'ed25519-private-key-pkcs8';

/** A bundle's content digest, recomputed (the same SHA-256 of canonical JSON as `contentDigest`, synchronously). */
export function recomputeDigest(bundle: ReportBundle): string {
  const { integrity: _seal, ...content } = bundle;
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

function base64UrlToBase64(text: string): string {
  return Buffer.from(text, 'base64url').toString('base64');
}

/** The raw 32-byte Ed25519 public key of a private or public key, base64 (as `ReportSignature.publicKey`). */
export function publicKeyBase64(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  if (publicKey.asymmetricKeyType !== 'ed25519')
    throw new Error('The report signing key is not an Ed25519 key.');
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('The report signing key has no public part.');
  return base64UrlToBase64(jwk.x);
}

/** The Ed25519 public key of a raw 32-byte key in base64; null when it is not one. */
export function publicKeyFromBase64(raw: string): KeyObject | null {
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length !== 32 || bytes.toString('base64') !== raw) return null;
  try {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: bytes.toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}

/** A bundle that cannot be signed: its digest does not seal its content, or the key is not Ed25519. */
export class SigningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningError';
  }
}

/**
 * The bundle with `integrity.signature` filled: the Ed25519 signature of `signedText(digest)` by
 * `key` (a private key, or `reportSigningKey()`'s answer). Refuses a bundle whose digest does not match its content (it would sign a lie).
 */
export function signBundle(bundle: ReportBundle, key: KeyObject | ReportSigningKey): ReportBundle {
  const privateKey = 'privateKey' in key ? key.privateKey : key;
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519')
    throw new SigningError('A report is signed with an Ed25519 private key.');
  const checked = ReportBundle.safeParse(bundle);
  if (!checked.success) throw new SigningError('The bundle does not match its schema; it was not signed.');
  const digest = recomputeDigest(checked.data);
  if (digest !== checked.data.integrity.digest)
    throw new SigningError("The bundle's digest does not match its content; it was not signed.");
  const signature: ReportSignature = {
    algorithm: 'ed25519',
    publicKey: publicKeyBase64(privateKey),
    value: sign(null, Buffer.from(signedText(digest), 'utf8'), privateKey).toString('base64'),
  };
  return { ...checked.data, integrity: { ...checked.data.integrity, signature } };
}

/**
 * Whether the bundle's signature holds: it must verify, with the key it names, the digest of the
 * bundle's content as it is now (so any change to the content, or to the digest, makes it invalid).
 */
export function checkSignature(bundle: ReportBundle): 'valid' | 'invalid' | 'unsigned' {
  const signature = bundle.integrity.signature;
  if (signature === null) return 'unsigned';
  if (signature.algorithm !== 'ed25519') return 'invalid';
  const key = publicKeyFromBase64(signature.publicKey);
  if (key === null) return 'invalid';
  const digest = recomputeDigest(bundle);
  if (digest !== bundle.integrity.digest) return 'invalid';
  const value = Buffer.from(signature.value, 'base64');
  if (value.length !== 64) return 'invalid';
  try {
    return verify(null, Buffer.from(signedText(digest), 'utf8'), key, value) ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** No keychain to keep the signing key in: nothing is signed (the key is never written to a file). */
export class SigningKeyUnavailableError extends Error {
  constructor(reason: string) {
    super(
      `No OS keychain is available to keep the report signing key (${reason}); the report was not signed. The key is never written to a file.`,
    );
    this.name = 'SigningKeyUnavailableError';
  }
}

export interface ReportSigningKey {
  privateKey: KeyObject;
  /** The raw public key, base64: what a bundle's signature names and what `--trust-key` takes. */
  publicKey: string;
}

/** A keychain error's first line, without the secret. */
function scrub(error: unknown, secret: string | null): string {
  let message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  if (secret) message = message.split(secret).join('[redacted]');
  if (message.length > 200) message = `${message.slice(0, 200)}…`;
  return message || 'unknown keychain error';
}

function privateKeyOf(pkcs8Base64: string): KeyObject | null {
  try {
    const key = createPrivateKey({ key: Buffer.from(pkcs8Base64, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/**
 * This computer's report signing key: loaded from the OS keychain, or made and kept there on first use.
 * Throws SigningKeyUnavailableError when the keychain cannot be used (missing, locked, or it does not
 * return what it was given), and an Error when its entry holds something that is not an Ed25519 key
 * (left as it is: replacing it would silently change this computer's signing identity).
 */
export async function reportSigningKey(keyStore: KeyringBackend = osKeyring): Promise<ReportSigningKey> {
  let stored: string | null;
  try {
    stored = await keyStore.get(SIGNING_KEY_SERVICE, SIGNING_KEY_ACCOUNT);
  } catch (error) {
    throw new SigningKeyUnavailableError(scrub(error, null));
  }
  if (typeof stored === 'string' && stored !== '') {
    const key = privateKeyOf(stored);
    if (key === null)
      throw new Error(
        `The keychain entry "${SIGNING_KEY_SERVICE}" does not hold an Ed25519 private key; it was left as it is. Remove it to make a new signing key.`,
      );
    return { privateKey: key, publicKey: publicKeyBase64(key) };
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  const secret = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  try {
    await keyStore.set(SIGNING_KEY_SERVICE, SIGNING_KEY_ACCOUNT, secret);
    const back = await keyStore.get(SIGNING_KEY_SERVICE, SIGNING_KEY_ACCOUNT);
    if (back !== secret) {
      await Promise.resolve(keyStore.delete(SIGNING_KEY_SERVICE, SIGNING_KEY_ACCOUNT)).catch(() => false);
      throw new SigningKeyUnavailableError(
        back === null || back === undefined
          ? 'the keychain accepted the key but did not return it: it may be locked'
          : 'the keychain returned a different key from the one it was given',
      );
    }
  } catch (error) {
    if (error instanceof SigningKeyUnavailableError) throw error;
    throw new SigningKeyUnavailableError(scrub(error, secret));
  }
  return { privateKey, publicKey: publicKeyBase64(privateKey) };
}

/** This computer's report signing public key (base64, raw 32 bytes), to show and to pass to `--trust-key`. */
export async function reportSigningPublicKey(keyStore: KeyringBackend = osKeyring): Promise<string> {
  return (await reportSigningKey(keyStore)).publicKey;
}
