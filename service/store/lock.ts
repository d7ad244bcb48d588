import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    /** The holder's pid as it recorded it; null when the record is missing or unreadable. */
    readonly pid: number | null,
  ) {
    super(`the data folder ${dataDir} is in use by another process (pid ${pid ?? 'unknown'})`);
  }
}

/** The lock itself: a SQLite database the holder keeps exclusively locked. */
export const LOCK_FILE = 'service.lock.db';
/** Who holds the lock, for the refusal message only: it is never used to decide anything. */
export const HOLDER_FILE = 'service.lock.pid';
/** The pid file earlier versions locked with; it means nothing now and is removed by the next holder. */
const LEGACY_LOCK_FILE = 'service.lock';

const SQLITE_BUSY = 5;

function sqliteCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

function recordedHolder(dataDir: string): number | null {
  try {
    const text = readFileSync(join(dataDir, HOLDER_FILE), 'utf8').trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

function closeQuietly(db: DatabaseSync): void {
  try {
    db.close();
  } catch {
    /* already closed */
  }
}

function lockFailure(dataDir: string, error: unknown): Error {
  return new Error(`could not lock the data folder ${dataDir}: ${(error as Error).message}`, {
    cause: error,
  });
}

/**
 * One process owns a data folder at a time: startup clean-up (interrupted uploads, unreferenced blobs)
 * is only safe when nobody else is writing.
 *
 * The lock is an exclusive SQLite lock (POSIX fcntl) on `service.lock.db`, held by an open connection
 * for the life of the process. The kernel drops it when the process ends, however it ends and whatever
 * its pid, even while it is an unreaped zombie, so a crash never leaves it behind and no pid is ever
 * judged. Never open `service.lock.db` with anything but SQLite in this process: closing any other
 * descriptor of it would silently drop the process's fcntl locks. See service/store/README.md.
 */
export function lockDataFolder(dataDir: string): () => void {
  let db: DatabaseSync;
  try {
    // timeout 0: a held lock is reported at once, never waited for.
    db = new DatabaseSync(join(dataDir, LOCK_FILE), { timeout: 0 });
  } catch (error) {
    throw lockFailure(dataDir, error);
  }
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    // Nothing is ever written, so no journal file is needed (one would outlive a crash as litter).
    db.exec('PRAGMA journal_mode = MEMORY');
    // Never committed: the open transaction holds the lock until the connection closes.
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    closeQuietly(db);
    if (sqliteCode(error) === SQLITE_BUSY) throw new DataFolderInUseError(dataDir, recordedHolder(dataDir));
    throw lockFailure(dataDir, error);
  }
  try {
    rmSync(join(dataDir, LEGACY_LOCK_FILE), { force: true });
    const holder = join(dataDir, HOLDER_FILE);
    const staged = `${holder}.${process.pid}.tmp`;
    writeFileSync(staged, `${process.pid}\n`);
    renameSync(staged, holder);
  } catch (error) {
    closeQuietly(db);
    throw lockFailure(dataDir, error);
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    try {
      rmSync(join(dataDir, HOLDER_FILE), { force: true });
    } finally {
      closeQuietly(db);
    }
  };
}
