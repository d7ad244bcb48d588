import { afterAll } from 'vitest';
import { stopSharedTestPostgres } from '../../support/postgres';

// Setup file of the vitest project that runs these suites on PostgreSQL: the databases each test file made
// on the run's server (through startTestService) are dropped when the file's tests are done.
afterAll(async () => {
  await stopSharedTestPostgres();
});
