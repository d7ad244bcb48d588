import { resolve } from 'node:path';
import type { EvidenceStore, LibraryTransfer } from './contract';
import { MIGRATIONS, type Migration } from './migrations';
import { migrateDatabase, PostgresStore, redactUrl } from './postgres/index';
import { POSTGRES_MIGRATIONS } from './postgres/migrations';
import { Store } from './store';

// The one place that turns the CLI's `--data DIR` / `--database URL` / `DATABASE_URL` into an open store:
// the embedded engine (a data folder) for one person, PostgreSQL for a newsroom.

/** The store the CLI names: an embedded data folder, or a PostgreSQL database by URL. */
export type ServiceStoreTarget = { data: string } | { database: string };

/** An open store of either engine, as the service and the library's export and import use it. */
export type ServiceStore = EvidenceStore & LibraryTransfer & { close(): Promise<void> | void };

/** The engine and schema version a store is at (written in an export's manifest). */
export interface StoreSchema {
  engine: 'sqlite' | 'postgresql';
  version: number;
}

/** A target the arguments or the environment name wrongly: the CLI answers it with its usage (exit 2). */
export class StoreTargetError extends Error {}

export const DEFAULT_DATA_DIR = '.data/service';

const PASSWORD_IN_ARGUMENT =
  '--database must not hold a password: the password comes from PGPASSWORD or a pgpass file, never an argument';

/**
 * The target of `--data DIR`, `--database URL` or, with neither, the `DATABASE_URL` environment variable
 * (where a password is allowed: the environment is not a process's visible command line); else the
 * default data folder. No message here ever repeats a password.
 */
export function storeTarget(
  values: { data?: string; database?: string },
  env: Record<string, string | undefined> = process.env,
): ServiceStoreTarget {
  if (values.data !== undefined && values.database !== undefined)
    throw new StoreTargetError('give --data DIR or --database URL, not both');
  if (values.database !== undefined) {
    const url = postgresUrl(values.database, '--database');
    if (url.password !== '' || url.searchParams.has('password'))
      throw new StoreTargetError(PASSWORD_IN_ARGUMENT);
    return { database: values.database };
  }
  if (values.data !== undefined) return { data: resolve(values.data) };
  const fromEnv = env.DATABASE_URL;
  if (fromEnv !== undefined && fromEnv !== '') {
    postgresUrl(fromEnv, 'DATABASE_URL');
    return { database: fromEnv };
  }
  return { data: resolve(DEFAULT_DATA_DIR) };
}

function postgresUrl(text: string, where: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not even a URL: repeat none of it, it may be a password pasted in the wrong place.
    throw new StoreTargetError(`${where} takes a postgres:// or postgresql:// URL`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new StoreTargetError(
      `${where} takes a postgres:// or postgresql:// URL, not ${url.protocol.replace(/:$/, '')}://`,
    );
  return url;
}

/** What a person reads about the target: the data folder, or the URL without its password. */
export function describeTarget(target: ServiceStoreTarget): string {
  return 'data' in target ? `data folder ${target.data}` : `database ${redactUrl(target.database)}`;
}

/** `text` with every password of a URL in it (`scheme://user:password@host`, `?password=`) replaced by `***`. */
export function withoutUrlPasswords(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi, '$1:***@')
    .replace(/([?&]password=)[^\s&#]*/gi, '$1***');
}

/** The password a URL holds, in its user part or as a `password=` parameter (what `pg` reads); '' if none. */
function passwordOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.password || (parsed.searchParams.get('password') ?? '');
  } catch {
    return '';
  }
}

/** `text` with the target's password (if any) taken out, for messages of errors from below. */
export function withoutPassword(target: ServiceStoreTarget, text: string): string {
  const scrubbed = withoutUrlPasswords(text);
  const password = 'database' in target ? passwordOf(target.database) : '';
  if (password === '') return scrubbed;
  const forms = new Set([password]);
  try {
    forms.add(decodeURIComponent(password));
  } catch {
    /* not percent-encoded text: the raw form is enough */
  }
  let out = scrubbed;
  for (const form of forms) out = out.split(form).join('***');
  return out;
}

const newestVersion = (migrations: readonly Migration[]) =>
  migrations.reduce((max, m) => Math.max(max, m.version), 0);

/** Opens the store the target names: `Store.open` (takes the folder's lock) or `PostgresStore.open`. */
export async function openServiceStore(target: ServiceStoreTarget): Promise<ServiceStore> {
  if ('data' in target) return Store.open(target.data);
  return PostgresStore.open(target.database);
}

/** The embedded engine's schema: a data folder is migrated to it whenever it is opened. */
export const EMBEDDED_SCHEMA_VERSION = newestVersion(MIGRATIONS);

/**
 * `migrate`: PostgreSQL applies the migrations this build knows (`from` → `to`); a data folder migrates
 * itself when it is opened, so it is opened and closed (which takes its lock: the service must be stopped).
 */
export async function migrateServiceStore(
  target: ServiceStoreTarget,
): Promise<{ engine: StoreSchema['engine']; from: number | null; to: number }> {
  if ('database' in target) {
    const { from, to } = await migrateDatabase(target.database);
    return { engine: 'postgresql', from, to };
  }
  const store = await Store.open(target.data);
  store.close();
  return { engine: 'sqlite', from: null, to: EMBEDDED_SCHEMA_VERSION };
}

/**
 * The schema an open store is at. A store only opens at the schema this build knows (an embedded folder
 * is migrated to it, a database behind or ahead of it is refused), so that is its version.
 */
export function schemaOf(target: ServiceStoreTarget): StoreSchema {
  if ('data' in target) return { engine: 'sqlite', version: EMBEDDED_SCHEMA_VERSION };
  return { engine: 'postgresql', version: newestVersion(POSTGRES_MIGRATIONS) };
}
