import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from '../../../../desktop/main/client/remote';
import { runCli, startServiceProcess, type ServiceProcess } from '../../../service/process';

// The remote client against `npm run service` itself, a separate process on loopback: a key made with
// `keys create` works, another does not, and a rate-limited key is waited for as Retry-After says.

let dir: string;
let service: ServiceProcess;
let key: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ew-remote-cli-'));
  const created = runCli(['keys', 'create', '--label', 'remote-client', '--data', dir]);
  expect(created.status).toBe(0);
  key = created.stdout.trim();
  service = await startServiceProcess(['--data', dir, '--rate-limit', '2']);
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('remote client against npm run service', () => {
  it('good key, bad key, and a 429 waited out', async () => {
    const waits: number[] = [];
    const client = createRemoteClient({
      baseUrl: service.baseUrl,
      apiKey: () => Promise.resolve(key),
      sleep: (ms) => {
        waits.push(ms);
        return Promise.reject(new Error('stop after the first wait'));
      },
    });
    const found = await client.search({ query: 'anything' });
    expect(found.usage).toEqual({ credits: 0 });
    await expect(
      createRemoteClient({
        baseUrl: service.baseUrl,
        apiKey: () => Promise.resolve('sk-not-a-key-000'),
      }).search({
        query: 'x',
      }),
    ).rejects.toMatchObject({ code: 'key_rejected' });
    // The limit is 2 a minute: the third call is answered 429 and the client waits as told before retrying.
    await client.search({ query: 'again' });
    await expect(client.search({ query: 'third' })).rejects.toThrow();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
  }, 60_000);
});
