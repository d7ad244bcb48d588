import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultWebDataDir, packageVersion, rendererOutDir } from '../project';
import { ensureRendererBuilt } from './renderer-build';
import { startWebHost, type LaunchCommand } from './server';

/** The usage text, in the words of the command the person ran. */
export function webUsage(command: LaunchCommand): string {
  return `usage: ${command} -- [--port N] [--data DIR]

  --port N     port on 127.0.0.1 (default 0: a free port)
  --data DIR   the workbench's data folder (default .data/workbench in the checkout)`;
}

export class UsageError extends Error {}

export interface WebHostArgs {
  port: number;
  dataDir: string;
}

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function parseWebHostArgs(argv: string[]): WebHostArgs | 'help' {
  const values = parseOptions(argv);
  if (values.help) return 'help';
  let port = 0;
  if (values.port !== undefined) {
    if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) {
      throw new UsageError(`--port takes a whole number from 0 to 65535, not "${values.port}"`);
    }
    port = Number(values.port);
  }
  return { port, dataDir: resolve(values.data ?? defaultWebDataDir) };
}

/**
 * All the web host prints once it serves: the address to open (with this launch's token) and the folder
 * its data lives in. Anything more would bury the address a person has to find.
 */
export function launchLines(url: string, dataDir: string): string[] {
  return [`workbench: ${url}`, `data: ${dataDir}`];
}

/**
 * Builds the renderer if needed (quietly: bundler warnings are for whoever changes the renderer, and
 * `npm run build:renderer` shows them), serves it with the bridge on a loopback URL, prints the launch
 * lines to stdout and runs until SIGINT/SIGTERM.
 */
export async function serveWorkbench(args: WebHostArgs, command: LaunchCommand): Promise<void> {
  mkdirSync(args.dataDir, { recursive: true });
  await ensureRendererBuilt();
  const host = await startWebHost({
    port: args.port,
    dataDir: args.dataDir,
    rendererDir: rendererOutDir,
    version: packageVersion(),
    launchCommand: command,
  });
  process.stdout.write(
    launchLines(host.url, args.dataDir)
      .map((line) => `${line}\n`)
      .join(''),
  );
  const stop = () => {
    void host.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The command line of the web host, shared by `npm run web` and the `npm start` fallback. */
export async function runWebHostCli(argv: string[], command: LaunchCommand): Promise<void> {
  try {
    const args = parseWebHostArgs(argv);
    if (args === 'help') {
      process.stdout.write(`${webUsage(command)}\n`);
      return;
    }
    await serveWorkbench(args, command);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${(error as Error).message}\n${webUsage(command)}\n`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
