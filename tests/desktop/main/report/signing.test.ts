import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KeyringBackend } from '../../../../desktop/main/keychain';
import {
  checkSignature,
  publicKeyBase64,
  publicKeyFromBase64,
  reportSigningKey,
  reportSigningPublicKey,
  recomputeDigest,
  signBundle,
  SigningError,
  SigningKeyUnavailableError,
  SIGNING_KEY_ACCOUNT,
  SIGNING_KEY_SERVICE,
} from '../../../../desktop/main/report/signing';
import {
  canonicalJson,
  contentDigest,
  ReportBundle,
  REPORT_BUNDLE_VERSION,
  type ReportBundle as Bundle,
} from '../../../../desktop/main/report/model';

// Ed25519 signatures of report bundles, and the signing key's home in the OS keychain (a fake here).

/** The smallest valid bundle: one case, one unchecked claim without figures. */
async function smallBundle(): Promise<Bundle> {
  const content = {
    bundleVersion: REPORT_BUNDLE_VERSION,
    generatedAt: '2026-11-24T12:00:00.000Z',
    appVersion: '0.1.0',
    extractorVersion: 'ew-extract-4;ocr=off',
    authorName: 'Ana Ruiz',
    title: 'A report',
    cases: [
      {
        caseId: 'case_signing0000000000',
        title: 'A case',
        notes: 'Some notes.',
        createdAt: '2026-11-24T08:00:00.000Z',
        updatedAt: '2026-11-24T09:00:00.000Z',
        checks: [],
        citations: [],
      },
    ],
  } as const;
  return ReportBundle.parse({
    ...content,
    integrity: { algorithm: 'sha256', digest: await contentDigest(content as never), signature: null },
  });
}

/** A keychain in memory, recording what it was asked. */
function fakeKeychain(options: { failGet?: boolean; failSet?: boolean; forget?: boolean } = {}) {
  const entries = new Map<string, string>();
  const calls: string[] = [];
  const backend: KeyringBackend = {
    name: 'fake',
    get(service, account) {
      calls.push(`get ${service}/${account}`);
      if (options.failGet) throw new Error('no D-Bus session');
      return entries.get(`${service}/${account}`) ?? null;
    },
    set(service, account, secret) {
      calls.push(`set ${service}/${account}`);
      if (options.failSet) throw new Error(`keychain locked; was given ${secret}`);
      if (!options.forget) entries.set(`${service}/${account}`, secret);
    },
    delete(service, account) {
      calls.push(`delete ${service}/${account}`);
      return entries.delete(`${service}/${account}`);
    },
  };
  return { backend, entries, calls };
}

describe('signBundle and checkSignature', () => {
  it('the digest matches contentDigest; a signature verifies, and names the raw public key', async () => {
    const bundle = await smallBundle();
    expect(recomputeDigest(bundle)).toBe(bundle.integrity.digest);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    expect(checkSignature(bundle)).toBe('unsigned');
    const signed = signBundle(bundle, privateKey);
    expect(ReportBundle.parse(signed)).toEqual(signed);
    expect(signed.integrity.signature!.publicKey).toBe(publicKeyBase64(publicKey));
    expect(Buffer.from(signed.integrity.signature!.publicKey, 'base64')).toHaveLength(32);
    expect(Buffer.from(signed.integrity.signature!.value, 'base64')).toHaveLength(64);
    expect(checkSignature(signed)).toBe('valid');
    expect(publicKeyFromBase64(signed.integrity.signature!.publicKey)).not.toBeNull();
    // The content is unchanged: signing does not alter the digest.
    expect(canonicalJson({ ...signed, integrity: null })).toBe(canonicalJson({ ...bundle, integrity: null }));
  });

  it('any change after signing is invalid: content (resealed or not), digest, signature, key', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const signed = signBundle(await smallBundle(), privateKey);
    const changed = structuredClone(signed);
    changed.cases[0]!.notes = 'Other notes.';
    expect(checkSignature(changed)).toBe('invalid');
    changed.integrity.digest = recomputeDigest(changed);
    expect(checkSignature(changed)).toBe('invalid');
    const digest = structuredClone(signed);
    digest.integrity.digest = '0'.repeat(64);
    expect(checkSignature(digest)).toBe('invalid');
    const value = structuredClone(signed);
    const bytes = Buffer.from(value.integrity.signature!.value, 'base64');
    bytes[10] = bytes[10]! ^ 1;
    value.integrity.signature!.value = bytes.toString('base64');
    expect(checkSignature(value)).toBe('invalid');
    const key = structuredClone(signed);
    key.integrity.signature!.publicKey = publicKeyBase64(generateKeyPairSync('ed25519').publicKey);
    expect(checkSignature(key)).toBe('invalid');
  });

  it('refuses to sign a bundle whose digest does not seal it, or with a key that is not Ed25519', async () => {
    const bundle = await smallBundle();
    const { privateKey } = generateKeyPairSync('ed25519');
    expect(() => signBundle({ ...bundle, title: 'Changed' }, privateKey)).toThrow(SigningError);
    expect(() => signBundle(bundle, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey)).toThrow(
      SigningError,
    );
  });
});

describe('reportSigningKey', () => {
  it('makes a key on first use and keeps it in the keychain; the next use loads the same key', async () => {
    const keychain = fakeKeychain();
    const first = await reportSigningKey(keychain.backend);
    expect(keychain.entries.has(`${SIGNING_KEY_SERVICE}/${SIGNING_KEY_ACCOUNT}`)).toBe(true);
    const second = await reportSigningKey(keychain.backend);
    expect(second.publicKey).toBe(first.publicKey);
    expect(first.publicKey).toBe(publicKeyBase64(first.privateKey));
    expect(await reportSigningPublicKey(keychain.backend)).toBe(first.publicKey);
    // signBundle takes the answer itself as well as its private key.
    const signed = signBundle(await smallBundle(), second);
    expect(checkSignature(signed)).toBe('valid');
    expect(signed.integrity.signature!.publicKey).toBe(first.publicKey);
  });

  it('no keychain: says so, and the secret is in no message', async () => {
    await expect(reportSigningKey(fakeKeychain({ failGet: true }).backend)).rejects.toThrow(
      /No OS keychain is available .*no D-Bus session.*not signed/,
    );
    const locked = fakeKeychain({ failSet: true });
    const error = (await reportSigningKey(locked.backend).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(SigningKeyUnavailableError);
    expect(error.message).toContain('[redacted]');
    expect(error.message).not.toMatch(/MC4CAQAwBQYDK2Vw/); // the PKCS#8 prefix of an Ed25519 key in base64
    const forgetful = fakeKeychain({ forget: true });
    await expect(reportSigningKey(forgetful.backend)).rejects.toThrow(/did not return it/);
    expect(forgetful.calls).toContain(`delete ${SIGNING_KEY_SERVICE}/${SIGNING_KEY_ACCOUNT}`);
  });

  it('an entry that is not an Ed25519 key is left as it is', async () => {
    const keychain = fakeKeychain();
    keychain.entries.set(`${SIGNING_KEY_SERVICE}/${SIGNING_KEY_ACCOUNT}`, 'not a key');
    await expect(reportSigningKey(keychain.backend)).rejects.toThrow(/does not hold an Ed25519 private key/);
    expect(keychain.entries.get(`${SIGNING_KEY_SERVICE}/${SIGNING_KEY_ACCOUNT}`)).toBe('not a key');
    expect(keychain.calls.some((c) => c.startsWith('set'))).toBe(false);
  });
});
