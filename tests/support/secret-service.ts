import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// What the tests against a real Secret Service share: whether gnome-keyring and D-Bus are here, a fresh
// HOME with its XDG folders for each child, and the shell line that runs a node script under them.

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

/** dbus-run-session and gnome-keyring-daemon are installed; says so on the console when they are not. */
export function secretServiceAvailable(what: string): boolean {
  const available = has('dbus-run-session') && has('gnome-keyring-daemon');
  if (!available)
    console.warn(
      `${what}: Secret Service test skipped: gnome-keyring-daemon or dbus-run-session not installed (apt-get install gnome-keyring dbus)`,
    );
  return available;
}

/** Fresh homes for child processes, removed by `removeAll` (call it in afterAll). */
export function isolatedHomes(prefix: string) {
  const homes: string[] = [];
  return {
    /** A fresh HOME with its XDG folders (the runtime folder 0700, as the Secret Service requires). */
    environment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
      const home = mkdtempSync(join(tmpdir(), prefix));
      homes.push(home);
      const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '', HOME: home, ...extra };
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
    },
    removeAll(): void {
      for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
    },
  };
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The shell words that run a TypeScript script on this process's Node (the project's Node 24) with tsx. */
export function nodeScript(script: string): string {
  return `${quote(process.execPath)} --import tsx ${quote(script)}`;
}

/** The shell line that unlocks a fresh gnome-keyring with `password` and then runs `command`. */
export function unlockedKeyring(command: string, password = 'testpass'): string[] {
  return [
    'dbus-run-session',
    '--',
    'sh',
    '-c',
    `printf '${password}' | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec ${command}`,
  ];
}
