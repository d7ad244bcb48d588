import { afterAll } from 'vitest';
import { stopSharedTestPostgres } from '../../support/postgres';

// Setup file of the `postgresql` vitest project: each test file's throwaway server (started by
// startTestService on first use) stops when the file's tests are done, not only when its process goes.
afterAll(async () => {
  await stopSharedTestPostgres();
});
