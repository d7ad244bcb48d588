import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

// Global setup of the integration project: the service's CLI and verify-report built once for the run,
// as the app ships its main process (one bundle, the extraction worker an entry beside it), so each test
// that starts one spends no time compiling TypeScript in the child and runs the code a user runs. The build
// sits in a folder inside the checkout so the bundle finds node_modules as the sources do; it is
// removed when the run ends.

/** Where the built CLI is (cli.js; verify-report.js beside it), for the tests that start them. */
export const BUILT_CLI_ENV = 'EW_TEST_BUILT_CLI';

const root = new URL('../../', import.meta.url).pathname;

interface Shared {
  users: number;
  built: Promise<string>;
}

// Each project loads its global setup as its own module: the build they share lives on globalThis.
const KEY = Symbol.for('evidence-workbench.test-cli');
const holder = globalThis as { [KEY]?: Shared };

export default async function setup(): Promise<() => void> {
  const shared = (holder[KEY] ??= { users: 0, built: buildCli() });
  shared.users++;
  const dir = await shared.built;
  process.env[BUILT_CLI_ENV] = join(dir, 'cli.js');
  return () => {
    if (--shared.users > 0) return;
    delete holder[KEY];
    delete process.env[BUILT_CLI_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

async function buildCli(): Promise<string> {
  const dir = mkdtempSync(join(root, 'node_modules', '.ew-test-cli-'));
  // A folder of its own marks the bundle's .js files as ES modules, whatever the checkout's package.json.
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  await build({
    entryPoints: {
      cli: join(root, 'service/cli.ts'),
      'verify-report': join(root, 'scripts/verify-report.ts'),
      worker: join(root, 'service/extract/worker.ts'),
    },
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    logLevel: 'error',
  });
  return dir;
}
