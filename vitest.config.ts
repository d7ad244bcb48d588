import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Projects by cost. `unit`: no child process, no PostgreSQL, no keychain, no browser (pure, jsdom and
// in-process tests, the service on its embedded SQLite engine included): `npm run test:unit`, and
// `npm run test:watch` to keep it running. `integration`: the files that start processes or PostgreSQL,
// reach the keychain, or take long; `integration-postgresql` runs the service's HTTP suites again on
// PostgreSQL (tests/service/helpers.ts reads EW_TEST_STORE). Both integration projects share one
// PostgreSQL server per run (tests/support/global-postgres.ts). Where PostgreSQL is not installed the
// second is left out, and says so. `npm test` runs them all.
const havePostgres = postgresInstalled();
if (!havePostgres)
  console.warn(
    'vitest project "integration-postgresql" skipped: PostgreSQL (initdb, pg_ctl) is not installed; the HTTP suites ran on SQLite only',
  );

/**
 * The `integration` project's files, each for what makes it costly. A new test file is a unit test unless
 * it is listed here: list it when it spawns a process, starts PostgreSQL, reaches the keychain or is slow.
 */
export const INTEGRATION_FILES = [
  // child processes: the service's CLI, the web host's CLI, scripts (through tsx), openssl, sleep
  'tests/desktop/main/client/probe.test.ts',
  'tests/desktop/main/client/remote-cli.test.ts',
  'tests/desktop/web/cli.test.ts',
  'tests/scripts/figures.test.ts',
  'tests/scripts/verify-report.test.ts',
  'tests/service/cli.test.ts',
  'tests/service/crash.test.ts',
  'tests/service/extract/readers/ocr.test.ts',
  'tests/service/store/lock.test.ts',
  // PostgreSQL (and the CLI on it)
  'tests/service/cli-postgres.test.ts',
  'tests/service/newsroom.test.ts',
  'tests/service/store/postgres.test.ts',
  'tests/service/store/store.test.ts',
  // the keychain: a Secret Service on a private D-Bus
  'tests/desktop/main/keychain/secret-service.test.ts',
  'tests/desktop/main/report/signing-keychain.test.ts',
  // slow: real documents read through the extraction workers (PDFium, OCR), seconds a file
  'tests/desktop/main/client/embedded.test.ts',
  // slow: reports whose crops are drawn by PDFium in a thread each export starts, seconds a file
  'tests/desktop/main/report/crops.test.ts',
  'tests/desktop/main/report/crop-thread.test.ts',
  'tests/desktop/main/report/export.test.ts',
  'tests/desktop/main/report/verify.test.ts',
  'tests/desktop/web/print-page.test.ts',
  'tests/scripts/eval-numeric-pdf.test.ts',
  'tests/service/extract/extract.test.ts',
  'tests/service/extract/pdf-tables-golden.test.ts',
  'tests/service/extract/pool-lifecycle.test.ts',
  'tests/service/extract/readers/pdf-engine.test.ts',
  'tests/service/extract/readers/pdf-ocr-pages.test.ts',
  'tests/service/extract/readers/pdf.test.ts',
  'tests/service/extract/run-worker.test.ts',
  'tests/service/http/sources-list-remove.test.ts',
  'tests/service/numeric/pdf-table.test.ts',
  'tests/service/search/search.test.ts',
  'tests/shared/structure/context.test.ts',
  'tests/shared/structure/passages.test.ts',
];

const shared = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 30_000,
  pool: 'forks',
} as const;

const integration = {
  ...shared,
  globalSetup: ['tests/support/global-postgres.ts', 'tests/support/global-cli.ts'],
  // Both integration projects together, after the unit project (their files start processes, threads
  // and PostgreSQL work: two at once keep two cores busy without starving a file of its time limit).
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
};

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // Every run, whatever its projects: a process a test started and left running fails the run.
    globalSetup: ['tests/support/global-leftovers.ts'],
    projects: [
      {
        extends: false,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: INTEGRATION_FILES,
          ...shared,
          // More workers than this machine's two cores: these files mostly wait on jsdom, timers, polls
          // and threads rather than compute, so a third worker fills the waits.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: false,
        test: {
          name: 'integration',
          include: INTEGRATION_FILES,
          ...integration,
        },
      },
      ...(havePostgres
        ? [
            {
              extends: false,
              test: {
                name: 'integration-postgresql',
                // The suites that reach the store through startTestService; rate-limit.test.ts and
                // routes.test.ts's table need no store, but are cheap and keep the glob whole.
                include: ['tests/service/http/**/*.test.ts'],
                env: { EW_TEST_STORE: 'postgresql' },
                setupFiles: ['tests/service/http/stop-postgres.ts'],
                ...integration,
              },
            },
          ]
        : []),
    ],
  },
});

/**
 * Whether initdb and pg_ctl are installed, found where tests/support/postgres.ts's `postgresBinDir` looks
 * (importing it here would pull the store into the config's bundle; tests/service/newsroom.test.ts checks
 * that both answer alike).
 */
export function postgresInstalled(): boolean {
  const has = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  try {
    if (has(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim())) return true;
  } catch {
    /* no pg_config: look further */
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root) && readdirSync(root).some((v) => /^\d+$/.test(v) && has(join(root, v, 'bin'))))
    return true;
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && has(dir));
}
