import { createHash, randomBytes } from 'node:crypto';
import type { CreatedKey } from './contract';
import { transaction, type Database } from './database';
import { newId } from './ids';

export const LOCAL_ACCOUNT_ID = 'acct_local';

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function createAccount(db: Database): string {
  const id = newId('acct');
  db.prepare('INSERT INTO accounts (id, created_at) VALUES (?, ?)').run(id, new Date().toISOString());
  return id;
}

/** The single account of the embedded service, created on first use. */
export function localAccount(db: Database): string {
  db.prepare('INSERT OR IGNORE INTO accounts (id, created_at) VALUES (?, ?)').run(
    LOCAL_ACCOUNT_ID,
    new Date().toISOString(),
  );
  return LOCAL_ACCOUNT_ID;
}

/** Creates a key for a new account (or `accountId`); only the key's sha256 is stored. */
export function createKey(db: Database, label: string, accountId?: string): CreatedKey {
  return transaction(db, () => {
    const account = accountId ?? createAccount(db);
    if (!db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(account))
      throw new Error(`no account ${account}`);
    const key = `ewk_${randomBytes(32).toString('base64url')}`;
    const keyId = newId('key');
    db.prepare(
      'INSERT INTO api_keys (id, account_id, label, key_hash, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(keyId, account, label, hashKey(key), new Date().toISOString());
    return { key, keyId, accountId: account };
  });
}

/** The account a presented key belongs to, or null for an unknown or revoked key. */
export function accountForKey(db: Database, key: string): string | null {
  const row = db
    .prepare('SELECT account_id FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL')
    .get(hashKey(key)) as { account_id: string } | undefined;
  return row?.account_id ?? null;
}
