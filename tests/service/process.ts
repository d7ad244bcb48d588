import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { BUILT_CLI_ENV } from '../support/global-cli';

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * Node's arguments that run `npm run service`'s program: the run's build (tests/support/global-cli.ts) in
 * the integration project, else the sources through tsx. One process either way, so a SIGKILL really
 * kills the service.
 */
export function cliArgs(args: string[]): string[] {
  const built = process.env[BUILT_CLI_ENV];
  return built ? [built, ...args] : ['--import', 'tsx', 'service/cli.ts', ...args];
}

export function runCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, cliArgs(args), { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface ServiceProcess {
  proc: ChildProcess;
  baseUrl: string;
  stderr: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `npm run service`'s program on port 0 and resolves once it printed its listening line. */
export async function startServiceProcess(args: string[]): Promise<ServiceProcess> {
  const proc = spawn(process.execPath, cliArgs(['--port', '0', ...args]), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const lines = createInterface({ input: proc.stdout! });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start: ${err}`)), 30_000);
    lines.on('line', (line) => {
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}: ${err}`));
    });
  });
  return {
    proc,
    baseUrl,
    stderr: () => err,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = once(proc, 'exit');
      proc.kill(signal);
      await exited;
    },
  };
}
