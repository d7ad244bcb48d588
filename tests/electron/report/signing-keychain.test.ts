import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The report signing key against a real Secret Service (gnome-keyring, unlocked, under its own D-Bus
// session with HOME and the XDG folders in a fresh temporary folder): made once, then read back by a
// second call; and with no Secret Service at all, refused with the reason (nothing is signed, no key file).

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const available = has('dbus-run-session') && has('gnome-keyring-daemon');
if (!available)
  console.warn(
    'report signing: Secret Service test skipped: gnome-keyring-daemon or dbus-run-session not installed (apt-get install gnome-keyring dbus)',
  );

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

function environment(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'ew-signing-'));
  homes.push(home);
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '', HOME: home };
  for (const [name, dir] of Object.entries({
    XDG_DATA_HOME: 'data',
    XDG_CONFIG_HOME: 'config',
    XDG_CACHE_HOME: 'cache',
    XDG_RUNTIME_DIR: 'run',
  })) {
    const path = join(home, dir);
    mkdirSync(path, { recursive: true, mode: 0o700 });
    env[name] = path;
  }
  return env;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const script = join(import.meta.dirname, 'fixtures', 'signing-key-check.ts');
const node = `${quote(process.execPath)} --import tsx ${quote(script)}`;

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
    const launch = () =>
      run(
        [
          'dbus-run-session',
          '--',
          'sh',
          '-c',
          `printf 'testpass' | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec ${node}`,
        ],
        env,
      );
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
