import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where things are in the checkout, for the Node-side tools run from source (`npm start`, `npm run web`,
 * the e2e fixtures). The bundled Electron main process does not use this: it finds its files beside itself.
 */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const rendererSourceDir = join(projectRoot, 'renderer');
export const rendererViteConfig = join(projectRoot, 'renderer', 'vite.config.ts');
export const rendererOutDir = join(projectRoot, 'out', 'renderer');
/** Default data folder of the web host: inside the checkout, ignored by git. */
export const defaultWebDataDir = join(projectRoot, '.data', 'workbench');

/** The app's version, from package.json. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string' || pkg.version === '') throw new Error('package.json has no version');
  return pkg.version;
}

/**
 * The Electron binary when its runtime is installed, else null. Never `require('electron')` to find out:
 * that tries to download the runtime when it is missing.
 */
export function findElectronBinary(): string | null {
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}
