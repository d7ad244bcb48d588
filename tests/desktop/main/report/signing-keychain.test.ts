import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isolatedHomes,
  nodeScript,
  secretServiceAvailable,
  unlockedKeyring,
} from '../../../support/secret-service';

// The report signing key against a real Secret Service (gnome-keyring, unlocked, under its own D-Bus
// session with HOME and the XDG folders in a fresh temporary folder): made once, then read back by a
// second call; and with no Secret Service at all, refused with the reason (nothing is signed, no key file).

const available = secretServiceAvailable('report signing');
const homes = isolatedHomes('ew-signing-');
afterAll(() => homes.removeAll());
const environment = () => homes.environment();
const node = nodeScript(join(import.meta.dirname, 'fixtures', 'signing-key-check.ts'));

function run(command: string[], env: NodeJS.ProcessEnv): Record<string, unknown> {
  const child = spawnSync(command[0]!, command.slice(1), {
    env,
    encoding: 'utf8',
    timeout: 20_000,
    killSignal: 'SIGKILL',
    cwd: process.cwd(),
  });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{'))
    throw new Error(`child failed (status ${child.status}, signal ${child.signal}): ${child.stderr}`);
  // Nothing private in the output: a PKCS#8 Ed25519 key in base64 starts with "MC4CAQAwBQYDK2Vw".
  expect(`${child.stdout}${child.stderr}`).not.toContain('MC4CAQAwBQYDK2Vw');
  return JSON.parse(line) as Record<string, unknown>;
}

describe.skipIf(!available)('report signing key on a real Secret Service', () => {
  it('is made once and read back from gnome-keyring, also at the next launch', () => {
    const env = environment();
    const launch = () => run(unlockedKeyring(node), env);
    const result = launch();
    expect(result['first']).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(result['second']).toBe(result['first']);
    // A new D-Bus session and keyring daemon over the same home: the key came from the keyring on disk.
    expect(launch()['first']).toBe(result['first']);
  }, 60_000);
});

describe('report signing key without a Secret Service', () => {
  it('is refused with the reason, and no key is made anywhere', () => {
    const result = run(['sh', '-c', `exec ${node}`], {
      ...environment(),
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    });
    expect(result['unavailable']).toBe(true);
    expect(String(result['message'])).toMatch(/keychain/i);
  }, 30_000);
});
