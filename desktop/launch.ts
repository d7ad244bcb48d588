import { spawn } from 'node:child_process';
import { findElectronBinary, projectRoot } from './project';
import { runWebHostCli } from './web/serve';

/**
 * `npm start`: the desktop app, or the same workbench on a loopback URL where Electron is missing. The
 * fallback prints only the address and the data folder, the two things a person needs from it.
 */
async function main(argv: string[]): Promise<void> {
  const electronBinary = findElectronBinary();
  if (electronBinary === null) {
    await runWebHostCli(argv, 'npm start');
    return;
  }
  const { build } = await import('electron-vite');
  // Bundler warnings are for whoever changes the code (`npm run build` shows them); errors still print.
  await build({ root: projectRoot, logLevel: 'error' });
  const child = spawn(electronBinary, [projectRoot], { stdio: 'inherit', cwd: projectRoot });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
}

await main(process.argv.slice(2));
