import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * Writes `text` to `file` (readable by its owner only) so that a crash leaves either the old file or the
 * new one, never half of one: a temporary file beside it, flushed to disk, renamed over it.
 */
export function writeAtomically(file: string, text: string): void {
  const temp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  try {
    // The rename itself is durable once the folder is synced (not possible on Windows; harmless there).
    const dirFd = openSync(join(file, '..'), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // best effort
  }
}
