import pg from 'pg';
import type { Migration } from '../migrations';
import { POSTGRES_MIGRATIONS } from './migrations';

// Connecting, migrating and transactions of the PostgreSQL engine.

/** The URL with any password removed: what an error or a log line may show of a database. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '';
    const params = parsed.searchParams;
    if (params.has('password')) params.set('password', 'redacted');
    return parsed.toString();
  } catch {
    // Not a URL (a libpq keyword string, say): drop anything that looks like a password.
    return url.replace(/password\s*=\s*\S+/gi, 'password=redacted').replace(/:[^:@/]*@/, '@');
  }
}

export class SchemaTooNewError extends Error {
  readonly code = 'schema_too_new';
  constructor(
    readonly database: string,
    readonly schema: number,
    readonly known: number,
  ) {
    super(
      `the database ${database} was written by a newer version of the service (schema ${schema}, this build knows ${known}); refusing to open it`,
    );
  }
}

export class SchemaBehindError extends Error {
  readonly code = 'schema_behind';
  constructor(
    readonly database: string,
    readonly schema: number,
    readonly needed: number,
  ) {
    super(
      `the database's schema is ${schema}, this build needs ${needed}: run \`npm run service -- migrate\` (database ${database})`,
    );
  }
}

/** An error naming the database by its redacted URL, with the driver's message (which never holds it). */
export function databaseError(url: string, what: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${what} ${redactUrl(url)}: ${message.split(url).join(redactUrl(url))}`, { cause: error });
}

/** bigint and numeric as JavaScript numbers (every integer this schema holds is far below 2^53). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700)
      return (value: string) => {
        const n = Number(value);
        if (oid === 20 && !Number.isSafeInteger(n)) throw new Error(`integer ${value} is beyond 2^53`);
        return n;
      };
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as unknown as pg.CustomTypesConfig;

export function newPool(url: string, max = 10): pg.Pool {
  // A server that does not answer is an error after 10 s, not a request hanging for ever.
  const pool = new pg.Pool({ connectionString: url, max, types, connectionTimeoutMillis: 10_000 });
  // An idle client's error (the server restarting) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

export type Queryable = pg.Pool | pg.PoolClient | pg.Client;

/** Runs `work` in one transaction on one pooled connection: all of it is stored, or none of it. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

/** The advisory lock every migration takes, so concurrent `migrate` runs apply each migration once. */
const MIGRATION_LOCK = 7_305_820_190;

export const NEWEST_SCHEMA = POSTGRES_MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);

/** The schema version recorded in the database (0 when never migrated). */
export async function schemaVersion(db: Queryable): Promise<number> {
  const table = await db.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  if (table.rows[0]?.t == null) return 0;
  const row = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  return row.rows[0]?.v ?? 0;
}

/**
 * Applies every migration the database lacks, each in its own transaction under an advisory lock (so two
 * processes migrating at once apply each once); refuses a database whose schema is newer than this build's.
 */
export async function migrateDatabase(
  url: string,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
): Promise<{ from: number; to: number }> {
  const newest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const client = new pg.Client({ connectionString: url, types, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw databaseError(url, 'could not connect to the database', error);
  }
  client.on('error', () => undefined);
  try {
    let from: number | null = null;
    for (;;) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
        const current = await schemaVersion(client);
        from ??= current;
        if (current > newest) throw new SchemaTooNewError(redactUrl(url), current, newest);
        const next = [...migrations].sort((a, b) => a.version - b.version).find((m) => m.version > current);
        if (!next) {
          await client.query('COMMIT');
          return { from, to: current };
        }
        await client.query(next.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          next.version,
          next.name,
          new Date().toISOString(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (error instanceof SchemaTooNewError) throw error;
        throw databaseError(url, 'could not migrate the database', error);
      }
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
