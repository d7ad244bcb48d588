import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isolatedHomes,
  nodeScript,
  secretServiceAvailable,
  unlockedKeyring,
} from '../../../support/secret-service';

// The key store against a real Secret Service: gnome-keyring, unlocked, under its own D-Bus session, with
// HOME and the XDG folders in a fresh temporary folder; and against no Secret Service at all (a session
// bus address that leads nowhere), where the key must be kept for the session only.

const available = secretServiceAvailable('keychain');
const homes = isolatedHomes('ew-keyring-');
afterAll(() => homes.removeAll());
const environment = (key: string) => homes.environment({ EW_TEST_KEY: key });
const node = nodeScript(join(import.meta.dirname, 'fixtures', 'secret-service-check.ts'));

function run(command: string[], env: NodeJS.ProcessEnv, key: string) {
  const child = spawnSync(command[0]!, command.slice(1), {
    env,
    encoding: 'utf8',
    timeout: 20_000,
    killSignal: 'SIGKILL',
    cwd: process.cwd(),
  });
  const output = `${child.stdout}\n${child.stderr}`;
  expect(output.includes(key), 'the key appears in the child output').toBe(false);
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{'))
    throw new Error(
      `child failed (status ${child.status}, signal ${child.signal}, ${child.error?.message ?? 'no spawn error'}): ${child.stderr}`,
    );
  return JSON.parse(line) as Record<string, unknown>;
}

describe.skipIf(!available)('key store on a real Secret Service', () => {
  it('stores, reads back through a fresh store, replaces and removes the key in gnome-keyring', () => {
    const key = `sk-live-real-${process.pid}-${Date.now()}`;
    const result = run(unlockedKeyring(node), environment(key), key);
    const os = { storage: 'os-keychain', backend: 'secret-service', reason: null };
    expect(result).toEqual({
      before: { hasKey: false, ...os },
      set: { hasKey: true, ...os },
      status: { hasKey: true, ...os },
      readBackMatches: true,
      secondStatus: { hasKey: true, ...os },
      replaced: { hasKey: true, ...os },
      readReplacedMatches: true,
      // The first store keeps nothing in memory: it reads the keychain, which holds the replaced key.
      sessionRead: false,
      removed: { hasKey: false, ...os },
      afterRemove: null,
      removedAgain: { hasKey: false, ...os },
    });
  }, 30_000);

  it('a Secret Service with no unlocked keyring (and no prompter) keeps the key for the session only', () => {
    const key = `sk-live-locked-${process.pid}-${Date.now()}`;
    const result = run(
      [
        'dbus-run-session',
        '--',
        'sh',
        '-c',
        `gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1 && exec ${node}`,
      ],
      environment(key),
      key,
    );
    expect(result).toMatchObject({
      set: { hasKey: true, storage: 'session-only', backend: 'none' },
      status: { hasKey: true, storage: 'session-only' },
      readBackMatches: false,
      sessionRead: true,
      afterRemove: null,
    });
    expect(String((result['set'] as { reason: unknown }).reason)).toMatch(/this session only/);
  }, 30_000);

  it('without a Secret Service the key is kept for the session only, and the reason says so', () => {
    const key = `sk-live-none-${process.pid}-${Date.now()}`;
    const result = run(
      ['sh', '-c', `exec ${node}`],
      { ...environment(key), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      key,
    );
    expect(result).toMatchObject({
      before: { hasKey: false, storage: 'session-only', backend: 'none' },
      set: { hasKey: true, storage: 'session-only', backend: 'none' },
      status: { hasKey: true, storage: 'session-only', backend: 'none' },
      // A fresh store (the next launch) has nothing: the key was never written anywhere.
      readBackMatches: false,
      secondStatus: { hasKey: false, storage: 'session-only' },
      replaced: { hasKey: true, storage: 'session-only' },
      readReplacedMatches: false,
      // The store it was given to still has it for this session.
      sessionRead: true,
      removed: { hasKey: false, storage: 'session-only' },
      afterRemove: null,
    });
    const reason = String((result['set'] as { reason: unknown }).reason);
    expect(reason).toMatch(/^No OS keychain is available \(.+\): the key is kept for this session only/);
  }, 30_000);
});
