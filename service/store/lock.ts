import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the data folder ${dataDir} is in use by another process (pid ${pid})`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process owns a data folder at a time: startup clean-up (interrupted uploads, unreferenced blobs)
 * is only safe when nobody else is writing. A lock left by a killed process is taken over.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = join(dataDir, 'service.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && alive(pid)) throw new DataFolderInUseError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock the data folder ${dataDir}`);
}
