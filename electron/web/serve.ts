import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultWebDataDir, packageVersion, rendererOutDir } from '../project';
import { ensureRendererBuilt } from './renderer-build';
import { startWebHost } from './server';

export const WEB_USAGE = `usage: npm run web -- [--port N] [--data DIR]

  --port N     port on 127.0.0.1 (default 0: a free port)
  --data DIR   the workbench's data folder (default .data/workbench in the checkout)`;

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
 * Builds the renderer if needed, serves it with the bridge on a loopback URL, prints exactly one line to
 * stdout (`workbench: URL`) and runs until SIGINT/SIGTERM. Progress goes to stderr.
 */
export async function serveWorkbench(args: WebHostArgs): Promise<void> {
  mkdirSync(args.dataDir, { recursive: true });
  await ensureRendererBuilt((line) => process.stderr.write(`${line}\n`));
  const host = await startWebHost({
    port: args.port,
    dataDir: args.dataDir,
    rendererDir: rendererOutDir,
    version: packageVersion(),
  });
  process.stdout.write(`workbench: ${host.url}\n`);
  const stop = () => {
    void host.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The command line of the web host, shared by `npm run web` and the `npm start` fallback. */
export async function runWebHostCli(argv: string[]): Promise<void> {
  try {
    const args = parseWebHostArgs(argv);
    if (args === 'help') {
      process.stdout.write(`${WEB_USAGE}\n`);
      return;
    }
    await serveWorkbench(args);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${(error as Error).message}\n${WEB_USAGE}\n`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
