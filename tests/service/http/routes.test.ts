import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastifyPath, registeredRoutes } from '../../../service/http/server';
import { operations, operationPath, OPERATION_NAMES } from '../../../shared/api';
import { startTestService, type TestService } from '../helpers';

// The HTTP API is derived from the table of operations: a route for every entry and none besides.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

describe('the routes', () => {
  it('are exactly the operations of the table', () => {
    const api = registeredRoutes(svc.app).filter((r) => r.includes(' /api/') && !r.startsWith('HEAD '));
    expect([...api].sort()).toEqual(
      Object.values(operations)
        .map((op) => `${op.method} ${fastifyPath(op.path)}`)
        .sort(),
    );
  });

  it.each(OPERATION_NAMES)('%s answers at its path with the key, and 401 without it', async (name) => {
    const op = operations[name];
    const params = Object.fromEntries(op.params.map((p) => [p.name, 'x_missing'])) as never;
    const url = operationPath(name, params);
    const without = await svc.app.inject({ method: op.method, url });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const withKey = await svc.app.inject({ method: op.method, url, headers: { 'x-api-key': svc.key } });
    // Reached the operation: no route-level 404 (an unknown id is the operation's own not_found).
    expect(withKey.json().error?.message ?? '').not.toMatch(/no such endpoint/);
    expect(withKey.statusCode).toBeLessThan(500);
  });
});
