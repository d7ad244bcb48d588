import { spawn } from 'node:child_process';
import { findElectronBinary, projectRoot } from './project';
import { runWebHostCli } from './web/serve';

/** `npm start`: the desktop app, or the same workbench on a loopback URL where Electron is missing. */
async function main(argv: string[]): Promise<void> {
  const electronBinary = findElectronBinary();
  if (electronBinary === null) {
    process.stdout.write(
      'Electron runtime not installed here (node_modules/electron/dist missing); serving the same workbench on a loopback URL instead:\n',
    );
    await runWebHostCli(argv);
    return;
  }
  const { build } = await import('electron-vite');
  await build({ root: projectRoot, logLevel: 'warn' });
  const child = spawn(electronBinary, [projectRoot], { stdio: 'inherit', cwd: projectRoot });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
}

await main(process.argv.slice(2));
