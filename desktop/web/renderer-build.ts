import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { projectRoot, rendererOutDir, rendererViteConfig } from '../project';

/** What the renderer build is made from: its own sources and the shared contract it imports. */
const RENDERER_INPUTS = [join(projectRoot, 'renderer'), join(projectRoot, 'shared')];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (info === null) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when out/renderer/index.html is missing or older than any renderer or shared source. */
export async function rendererBuildIsStale(): Promise<boolean> {
  const built = await stat(join(rendererOutDir, 'index.html')).catch(() => null);
  if (built === null) return true;
  const inputs = await Promise.all(RENDERER_INPUTS.map(newestMtime));
  return Math.max(...inputs) > built.mtimeMs;
}

/**
 * Builds the renderer with renderer/vite.config.ts when its build is missing or stale. Only errors are
 * printed: whoever starts the app cannot act on a bundler warning (`npm run build:renderer` shows them).
 */
export async function ensureRendererBuilt(log: (line: string) => void = () => {}): Promise<void> {
  if (!(await rendererBuildIsStale())) return;
  log('building the renderer (out/renderer)…');
  const { build } = await import('vite');
  await build({ configFile: rendererViteConfig, logLevel: 'error' });
}
