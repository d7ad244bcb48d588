import { createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';

/** The middle of a few timings. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Reference: hash the bytes and write them to a file with fsync, the least an upload must do. */
export async function reference(dir: string, bytes: Uint8Array): Promise<number> {
  const t = performance.now();
  createHash('sha256').update(bytes).digest('hex');
  const handle = await open(join(dir, `ref-${randomBytes(4).toString('hex')}`), 'w');
  await handle.write(bytes);
  await handle.sync();
  await handle.close();
  return performance.now() - t;
}
