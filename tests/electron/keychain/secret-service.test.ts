import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The key store against a real Secret Service: gnome-keyring under its own D-Bus session, with HOME and
// the XDG folders in a temporary folder; and against no Secret Service at all.

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const available = has('dbus-run-session') && has('gnome-keyring-daemon');
if (!available)
  console.warn(
    'keychain: Secret Service test skipped: gnome-keyring-daemon or dbus-run-session not installed (apt-get install gnome-keyring dbus)',
  );

const home = mkdtempSync(join(tmpdir(), 'ew-keyring-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function environment(): NodeJS.ProcessEnv {
  const dirs = {
    XDG_DATA_HOME: 'data',
    XDG_CONFIG_HOME: 'config',
    XDG_CACHE_HOME: 'cache',
    XDG_RUNTIME_DIR: 'run',
  };
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '', HOME: home };
  for (const [name, dir] of Object.entries(dirs)) {
    const path = join(home, dir);
    mkdirSync(path, { recursive: true, mode: 0o700 });
    env[name] = path;
  }
  return env;
}

const script = join(import.meta.dirname, 'fixtures', 'secret-service-check.ts');
const node = `'${process.execPath}' --import tsx '${script}'`;

function run(command: string[], env: NodeJS.ProcessEnv) {
  const child = spawnSync(command[0]!, command.slice(1), {
    env,
    encoding: 'utf8',
    timeout: 30_000,
    cwd: process.cwd(),
  });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{'))
    throw new Error(`child failed (${child.status}): ${child.stderr}`);
  return JSON.parse(line) as Record<string, unknown>;
}

describe.skipIf(!available)('key store on a real Secret Service', () => {
  it('stores, reads back from a fresh store, replaces and removes the key in gnome-keyring', () => {
    const result = run(
      [
        'dbus-run-session',
        '--',
        'sh',
        '-c',
        `printf 'test-password' | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec ${node}`,
      ],
      environment(),
    );
    expect(result).toMatchObject({
      set: { hasKey: true, storage: 'os-keychain', backend: 'secret-service', reason: null },
      readBackMatches: true,
      replaced: { hasKey: true, storage: 'os-keychain' },
      readReplacedMatches: true,
      removed: { hasKey: false, storage: 'os-keychain' },
      afterRemove: null,
    });
  }, 40_000);

  it('without a Secret Service the key is kept for the session only, and the reason says so', () => {
    const result = run(['sh', '-c', `exec ${node}`], {
      ...environment(),
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    });
    expect(result).toMatchObject({
      set: { hasKey: true, storage: 'session-only', backend: 'none' },
      readBackMatches: false,
      sessionRead: true,
      afterRemove: null,
    });
    expect(String((result['set'] as { reason: string }).reason)).toMatch(/this session only/);
  }, 40_000);
});
