import { findElectronBinary } from '../desktop/project';
import { ensureRendererBuilt } from '../desktop/web/renderer-build';
import { ELECTRON_MISSING } from './fixtures';

/** The journeys need a renderer build (and, where Electron exists, the main and preload builds). */
export default async function globalSetup(): Promise<void> {
  if (findElectronBinary() !== null) {
    const { build } = await import('electron-vite');
    await build({ logLevel: 'warn' });
    return;
  }
  console.log(`e2e: ${ELECTRON_MISSING}; the electron project's journeys will be skipped.`);
  await ensureRendererBuilt((line) => console.log(`e2e: ${line}`));
}
