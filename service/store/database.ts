import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS, type Migration } from './migrations';

export type Database = DatabaseSync;

/** Opens (creating if needed) the service database: WAL, full fsync, foreign keys, all migrations applied. */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): DatabaseSync {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true });
  try {
    db.exec('PRAGMA journal_mode = WAL');
    // FULL: a committed registration survives power loss, not only a killed process.
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA busy_timeout = 5000');
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function migrate(db: DatabaseSync, migrations: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`);
  const row = db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null };
  const current = row.v ?? 0;
  const newest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > newest) {
    throw new Error(
      `the data folder was written by a newer version of the service (schema ${current}, this build knows ${newest}); refusing to open it`,
    );
  }
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    transaction(db, () => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    });
  }
}

/**
 * Runs `work` in one IMMEDIATE transaction: all of it is stored, or none of it. Inside a transaction
 * already, it joins it (the outer one decides).
 */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
