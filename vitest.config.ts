import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Two projects: `default` is every test (on the embedded SQLite engine); `postgresql` runs the service's
// HTTP suites again on PostgreSQL (tests/service/helpers.ts reads EW_TEST_STORE). One throwaway server
// serves the run (tests/support/global-postgres.ts), each test file in databases of its own. Where
// PostgreSQL is not installed the second project is left out, and says so.
const havePostgres = postgresInstalled();
if (!havePostgres)
  console.warn(
    'vitest project "postgresql" skipped: PostgreSQL (initdb, pg_ctl) is not installed; the HTTP suites ran on SQLite only',
  );

const shared = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 30_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // Every run, whatever its projects: a process a test started and left running fails the run.
    globalSetup: ['tests/support/global-leftovers.ts'],
    projects: [
      {
        extends: false,
        test: {
          name: 'default',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          globalSetup: ['tests/support/global-postgres.ts'],
          ...shared,
        },
      },
      ...(havePostgres
        ? [
            {
              extends: false,
              test: {
                name: 'postgresql',
                // The suites that reach the store through startTestService; rate-limit.test.ts and
                // routes.test.ts's table need no store, but are cheap and keep the glob whole.
                include: ['tests/service/http/**/*.test.ts'],
                env: { EW_TEST_STORE: 'postgresql' },
                setupFiles: ['tests/service/http/stop-postgres.ts'],
                globalSetup: ['tests/support/global-postgres.ts'],
                ...shared,
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
