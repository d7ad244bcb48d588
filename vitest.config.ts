import { defineConfig } from 'vitest/config';
import { postgresBinDir } from './tests/support/postgres';

// Two projects: `default` is every test (on the embedded SQLite engine); `postgresql` runs the service's
// HTTP suites again on PostgreSQL (tests/service/helpers.ts reads EW_TEST_STORE), each test file on its own
// throwaway server. Where PostgreSQL is not installed the second project is left out, and says so.
const havePostgres = (await postgresBinDir()) !== null;
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
    projects: [
      {
        extends: false,
        test: {
          name: 'default',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
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
                ...shared,
              },
            },
          ]
        : []),
    ],
  },
});
