import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../../service/store/postgres';
import { RUN_POSTGRES_ENV, startPostgres, type RunPostgres, type StartedPostgres } from './postgres';
import { RUN_MARK_ENV } from './global-leftovers';

// Global setup of the integration projects: one PostgreSQL server for the whole run (one initdb, not one
// per test file) and a migrated template database each test file copies its databases from. Several
// projects list this file; the run's first starts the server, its last stops it and removes its folder,
// whether tests failed or not (and the server's watchdog stops it if Vitest itself is killed).

const TEMPLATE = 'ew_template_migrated';

interface Shared {
  users: number;
  started: Promise<StartedPostgres | null>;
}

// Each project loads its global setup as its own module: what they share lives on globalThis.
const KEY = Symbol.for('evidence-workbench.test-postgres');
const holder = globalThis as { [KEY]?: Shared };

export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder[KEY] ??= { users: 0, started: start() });
  shared.users++;
  const server = await shared.started;
  if (server) {
    const run: RunPostgres = { url: server.url, dataDir: server.dataDir, template: TEMPLATE };
    // Read by tests/support/postgres.ts's testPostgres in the test files, whose workers inherit it.
    process.env[RUN_POSTGRES_ENV] = JSON.stringify(run);
  }
  return async () => {
    if (--shared.users > 0) return;
    delete holder[KEY];
    delete process.env[RUN_POSTGRES_ENV];
    await server?.stop();
  };
}

async function start(): Promise<StartedPostgres | null> {
  // The server belongs to the run, not to a test: it is left out of the leftover-process check.
  const env = { ...process.env };
  delete env[RUN_MARK_ENV];
  // Test files run side by side on one server, each with its own pools.
  const server = await startPostgres({ maxConnections: 300, env });
  if (!server) return null;
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${TEMPLATE}`);
      const templateUrl = new URL(server.url);
      templateUrl.pathname = `/${TEMPLATE}`;
      await migrateDatabase(templateUrl.href);
      // Nobody connects to it again: CREATE DATABASE … TEMPLATE needs it to have no sessions.
      await admin.query(`ALTER DATABASE ${TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } finally {
      await admin.end();
    }
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}
