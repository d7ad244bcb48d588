import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrateDatabase } from '../../service/store/postgres';

// A real PostgreSQL server for tests, started on a fresh temporary folder and a free port, and stopped
// with it: never a pre-existing server, never a mock. Under Vitest one server serves the whole run
// (tests/support/global-postgres.ts) and each test file gets databases of its own on it; elsewhere
// (bench/) a caller starts its own. Null (with a warning) when the binaries (Debian's `postgresql`
// package: initdb, pg_ctl) are not installed, so the tests say they skipped.

const run = promisify(execFile);

export interface TestPostgres {
  /** The server's maintenance database (`postgres`), over TCP on 127.0.0.1. */
  url: string;
  /** A new, empty database on this server; its URL. */
  createDatabase(): Promise<string>;
  /** A new database with every migration applied; its URL. */
  createMigratedDatabase(): Promise<string>;
  /**
   * A role that must give its password over TCP (scram-sha-256; every other role stays trusted), owning a
   * new database: the database's URL, without the password.
   */
  roleWithPassword(role: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/** A server this process started: where its files are, for the run's test files to share it. */
export interface StartedPostgres extends TestPostgres {
  dataDir: string;
}

/** How global-postgres.ts hands the run's server to test files: JSON in this variable of their environment. */
export const RUN_POSTGRES_ENV = 'EW_TEST_POSTGRES';

/** The run's server as test files reach it. */
export interface RunPostgres {
  /** The maintenance database's URL. */
  url: string;
  dataDir: string;
  /** A migrated database that new databases are copied from (`CREATE DATABASE … TEMPLATE`). */
  template: string;
}

/** The folder holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
export async function postgresBinDir(): Promise<string | null> {
  const has = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    if (has(stdout.trim())) return stdout.trim();
  } catch {
    /* no pg_config: look further */
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (has(join(root, v, 'bin'))) return join(root, v, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && has(dir)) return dir;
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * PostgreSQL for one test file: databases of its own on the run's server when the run started one,
 * dropped by `stop()`; otherwise a throwaway server of its own. Null when PostgreSQL is not installed.
 */
export async function testPostgres(): Promise<TestPostgres | null> {
  const run = process.env[RUN_POSTGRES_ENV];
  return run ? databasesOn(JSON.parse(run) as RunPostgres) : startPostgres();
}

/**
 * Starts a throwaway PostgreSQL server, or returns null (warning that the tests skip) when absent.
 * `env` is the environment of its processes (default: this process's).
 */
export async function startPostgres(
  options: { maxConnections?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<StartedPostgres | null> {
  const env = options.env ?? process.env;
  const bin = await postgresBinDir();
  if (!bin) {
    console.warn('PostgreSQL tests skipped: PostgreSQL (initdb) not installed');
    return null;
  }
  const root = await mkdtemp(join(tmpdir(), 'ew-pg-'));
  const data = join(root, 'data');
  // initdb refuses to run as root: the server runs as the `postgres` user, which owns the folder.
  const asRoot = process.getuid?.() === 0;
  const exec = async (file: string, args: string[]) => {
    const command = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, file), ...args]]
      : [join(bin, file), args];
    return run(command[0] as string, command[1] as string[], { env: { ...env, LC_ALL: 'C' } });
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  const watchdog = startWatchdog(asRoot, join(bin, 'pg_ctl'), data, root, env);
  let started = false;
  try {
    // A UTF-8 character type, so the search index lower-cases every script (not only ASCII) as SQLite does.
    const { stdout: locales } = await run('locale', ['-a']).catch(() => ({ stdout: '' }));
    const locale = /^c\.utf-?8$/im.exec(locales)?.[0] ?? 'C';
    await exec('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      `--locale=${locale}`,
      '-N',
    ]);
    await appendLines(join(data, 'postgresql.auto.conf'), [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${root}'`,
      'fsync = off',
      `max_connections = ${options.maxConnections ?? 100}`,
      '',
    ]);
    await exec('pg_ctl', ['-D', data, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
    started = true;
  } catch (error) {
    if (started) await exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
    watchdog.kill();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let next = 0;
  const createDatabase = async () => {
    const name = `ew_test_${process.pid}_${++next}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return `postgres://postgres@127.0.0.1:${port}/${name}`;
  };
  return {
    url,
    dataDir: data,
    createDatabase,
    async createMigratedDatabase() {
      const created = await createDatabase();
      await migrateDatabase(created);
      return created;
    },
    async roleWithPassword(role, password) {
      const name = `ew_test_${process.pid}_${++next}`;
      await addRoleWithPassword(url, data, role, password, name);
      return `postgres://${role}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      watchdog.kill();
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };

  async function appendLines(file: string, lines: string[]) {
    await writeFile(file, lines.join('\n'), { flag: 'a' });
  }
}

/**
 * A small process that outlives this one only to stop its server and remove its folder: a test process
 * ends however its runner ends it (vitest may kill its workers, skipping 'exit' handlers), and its server,
 * a daemon, would otherwise run on. It waits for its stdin, a pipe from this process, to close: that
 * happens when this process goes, however it goes.
 */
function startWatchdog(
  asRoot: boolean,
  pgCtl: string,
  data: string,
  root: string,
  env: NodeJS.ProcessEnv,
): ChildProcess {
  const stop = asRoot
    ? ['runuser', ['-u', 'postgres', '--', pgCtl, '-D', data, '-m', 'immediate', 'stop']]
    : [pgCtl, ['-D', data, '-m', 'immediate', 'stop']];
  const code = `
    const { execFileSync } = require('node:child_process');
    const { rmSync } = require('node:fs');
    const [stop, root] = JSON.parse(process.argv[1]);
    process.stdin.resume();
    process.stdin.on('close', () => {
      try { execFileSync(stop[0], stop[1], { stdio: 'ignore' }); } catch {}
      rmSync(root, { recursive: true, force: true });
      process.exit(0);
    });`;
  const watchdog = spawn(process.execPath, ['-e', code, JSON.stringify([stop, root])], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
    env,
  });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

/** Creates `role` with a password it must give over TCP, owning a new database `name`. */
async function addRoleWithPassword(url: string, data: string, role: string, password: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password.replace(/'/g, "''")}'`);
    await client.query(`CREATE DATABASE ${name} OWNER ${role}`);
    // Read first, top to bottom: this role over TCP gives its password.
    const hba = join(data, 'pg_hba.conf');
    const lines = await readFile(hba, 'utf8');
    await writeFile(hba, `host all ${role} 127.0.0.1/32 scram-sha-256\n${lines}`);
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

/**
 * A test file's share of the run's server: each database it asks for is new (copied from the migrated
 * template when it asks for a migrated one), and `stop()` drops them with the roles it made.
 */
function databasesOn(run: RunPostgres): TestPostgres {
  const server = new URL(run.url);
  const databases: string[] = [];
  const roles: string[] = [];
  // Unique across the run's test files, which share the server (a pid alone may be reused).
  const prefix = `ew_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  let next = 0;
  const urlOf = (database: string, user = 'postgres') =>
    `postgres://${user}@${server.hostname}:${server.port}/${database}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: run.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const create = async (template: string | null) => {
    const name = `${prefix}_${++next}`;
    databases.push(name);
    await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    return urlOf(name);
  };
  return {
    url: run.url,
    createDatabase: () => create(null),
    createMigratedDatabase: () => create(run.template),
    async roleWithPassword(role, password) {
      const name = `${prefix}_${++next}`;
      databases.push(name);
      roles.push(role);
      await addRoleWithPassword(run.url, run.dataDir, role, password, name);
      return urlOf(name, role);
    },
    async stop() {
      // FORCE ends connections a test left open; the server itself goes at the end of the run.
      for (const name of databases.splice(0)) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      for (const role of roles.splice(0)) await admin(`DROP ROLE IF EXISTS ${role}`);
    },
  };
}

let shared: Promise<TestPostgres | null> | null = null;

/**
 * The test file's PostgreSQL (`testPostgres`, on first use; let go by `stopSharedTestPostgres` or when
 * the file's process exits) and a fresh database per call, migrated unless `migrated` is false: what a
 * test helper needs to run a suite on PostgreSQL (`PostgresStore.open(url)`). Null when PostgreSQL is
 * not installed.
 */
export async function sharedTestPostgres(
  options: { migrated?: boolean } = {},
): Promise<{ url: string } | null> {
  shared ??= testPostgres();
  const server = await shared;
  if (!server) return null;
  return {
    url: await (options.migrated === false ? server.createDatabase() : server.createMigratedDatabase()),
  };
}

/** Lets go of this test file's PostgreSQL, if it used one (call it from an afterAll). */
export async function stopSharedTestPostgres(): Promise<void> {
  const server = await shared;
  shared = null;
  await server?.stop();
}
