import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceVersion, UploadResponse } from '../../../shared/api';
import { DataFolderInUseError, lockDataFolder } from '../../../service/store/lock';
import { Store } from '../../../service/store/store';
import { tempDir } from '../helpers';
import { cliArgs, runCli, startServiceProcess, type ServiceProcess } from '../process';

/**
 * The data-folder lock must vanish with its process whatever happens to that process (kill -9, a zombie
 * nobody reaps, a restart whose pid is reused in a fresh pid namespace), and still refuse a second live
 * process on the same folder, naming the holder.
 */

const ROOT = new URL('../../../', import.meta.url).pathname;

let dir: string;
/** Processes a test started; whatever is still running at its end is killed. */
let started: ChildProcess[] = [];
beforeEach(async () => {
  dir = await tempDir('ew-lock-');
  started = [];
});
afterEach(async () => {
  for (const proc of started) {
    if (proc.exitCode !== null || proc.signalCode !== null) continue;
    const exited = once(proc, 'exit');
    proc.kill('SIGKILL');
    await exited;
  }
  await rm(dir, { recursive: true, force: true });
});

/** A process that has nothing to do with the data folder, alive for the whole test. */
function unrelatedProcess(): number {
  const proc = spawn('sleep', ['600'], { stdio: 'ignore' });
  started.push(proc);
  return proc.pid!;
}

/** The state letter of /proc/PID/stat ('R', 'S', 'Z', ...), or null once the pid is gone. */
function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

async function until(what: string, test: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (test()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting until ${what}`);
}

interface WrappedService {
  proc: ChildProcess;
  baseUrl: string;
  /** Lines the wrapper printed before the service's listening line. */
  lines: string[];
}

/**
 * Starts the service under some wrapper command (a shell that never reaps it, `unshare`) and resolves
 * with the listening address once the service printed it.
 */
async function startWrapped(command: string, args: string[]): Promise<WrappedService> {
  const proc = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(proc);
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const lines: string[] = [];
  const reader = createInterface({ input: proc.stdout! });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    reader.on('line', (line) => {
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) resolve(m[1]!);
      else lines.push(line);
    });
    proc.once('exit', (code) => reject(new Error(`${command} exited with ${code}: ${err}`)));
  });
  return { proc, baseUrl, lines };
}

/** `node --import tsx service/cli.ts --port 0 --data DIR`, as argv after the node binary. */
const serviceArgs = () => cliArgs(['--port', '0', '--data', dir]);

interface Acknowledged {
  sourceVersionId: string;
  sha256: string;
}

/** Uploads and registers `count` random files; every one is answered 201 before this returns. */
async function uploadSome(baseUrl: string, key: string, count: number): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = randomBytes(50_000 + i);
    const form = new FormData();
    form.set('file', new Blob([bytes]), `f${i}.bin`);
    const up = await fetch(`${baseUrl}/api/v1/assets`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    expect(up.status).toBe(201);
    const asset = UploadResponse.parse(await up.json());
    const reg = new FormData();
    reg.set('assetId', asset.asset_id);
    reg.set('file', new Blob([bytes]), `f${i}.bin`);
    const res = await fetch(`${baseUrl}/api/v2/sources`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: reg,
    });
    expect(res.status).toBe(201);
    const version = SourceVersion.parse(await res.json());
    acknowledged.push({ sourceVersionId: version.sourceVersionId, sha256: asset.sha256 });
  }
  return acknowledged;
}

async function expectServed(baseUrl: string, key: string, acknowledged: Acknowledged[]): Promise<void> {
  expect(acknowledged.length).toBeGreaterThan(0);
  for (const ack of acknowledged) {
    const res = await fetch(`${baseUrl}/api/v2/sources/${ack.sourceVersionId}/content`, {
      headers: { 'x-api-key': key },
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(ack.sha256);
  }
}

function newKey(): string {
  const r = runCli(['keys', 'create', '--label', 'lock', '--data', dir]);
  expect(r.status).toBe(0);
  return r.stdout.trim();
}

describe('the data-folder lock within one process', () => {
  it('refuses a second opener in the same process, naming this process', async () => {
    const store = await Store.open(dir);
    try {
      const refusal = await Store.open(dir).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DataFolderInUseError);
      expect((refusal as DataFolderInUseError).pid).toBe(process.pid);
      expect((refusal as Error).message).toBe(
        `the data folder ${dir} is in use by another process (pid ${process.pid})`,
      );
    } finally {
      store.close();
    }
    // Released on close: the folder opens again.
    (await Store.open(dir)).close();
  });

  it('stays held against other processes after a refused second opener in the same process', async () => {
    const store = await Store.open(dir);
    try {
      expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
      await expect(startServiceProcess(['--data', dir])).rejects.toThrow(
        `in use by another process (pid ${process.pid})`,
      );
    } finally {
      store.close();
    }
  });

  it('an old-format service.lock naming a live unrelated process does not block startup', async () => {
    const pid = unrelatedProcess();
    writeFileSync(join(dir, 'service.lock'), String(pid)); // what the pid-file lock wrote
    const store = await Store.open(dir);
    try {
      expect(existsSync(join(dir, 'service.lock'))).toBe(false); // replaced by the real lock
      expect(() => lockDataFolder(dir)).toThrow(`in use by another process (pid ${process.pid})`);
    } finally {
      store.close();
    }
  });

  it('a holder record naming a live unrelated process does not block startup when nobody holds the lock', async () => {
    (await Store.open(dir)).close();
    const pid = unrelatedProcess();
    writeFileSync(join(dir, 'service.lock.pid'), `${pid}\n`); // left by a process whose pid was reused
    const store = await Store.open(dir);
    expect(readFileSync(join(dir, 'service.lock.pid'), 'utf8').trim()).toBe(String(process.pid));
    store.close();
  });

  it('a refusal says "pid unknown" when the holder record cannot be read', async () => {
    const store = await Store.open(dir);
    try {
      rmSync(join(dir, 'service.lock.pid'));
      const refusal = await Store.open(dir).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DataFolderInUseError);
      expect((refusal as DataFolderInUseError).pid).toBeNull();
      expect((refusal as Error).message).toBe(
        `the data folder ${dir} is in use by another process (pid unknown)`,
      );
    } finally {
      store.close();
    }
  });

  it('close releases the lock and removes the holder record; the lock file itself stays', async () => {
    const store = await Store.open(dir);
    expect(readFileSync(join(dir, 'service.lock.pid'), 'utf8').trim()).toBe(String(process.pid));
    // No journal beside the lock: nothing a crash could leave behind but the two files.
    expect(
      readdirSync(dir)
        .filter((name) => name.startsWith('service.lock'))
        .sort(),
    ).toEqual(['service.lock.db', 'service.lock.pid']);
    store.close();
    expect(existsSync(join(dir, 'service.lock.pid'))).toBe(false);
    expect(existsSync(join(dir, 'service.lock.db'))).toBe(true);
    const unlock = lockDataFolder(dir);
    unlock();
    unlock(); // a second release is harmless
  });

  it('a missing data folder is a failure to lock, not "in use"', () => {
    const missing = join(dir, 'not', 'there');
    let thrown: unknown;
    try {
      lockDataFolder(missing);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(DataFolderInUseError);
    expect((thrown as Error).message).toContain(`could not lock the data folder ${missing}`);
  });
  it('a data folder this process may not write to is a failure to lock, not "in use"', async ({ skip }) => {
    const readOnly = join(dir, 'read-only');
    mkdirSync(readOnly, { mode: 0o555 });
    chmodSync(readOnly, 0o555);
    chmodSync(dir, 0o755);
    const script = `import { lockDataFolder } from './service/store/lock.ts';
      try { lockDataFolder(process.argv[1]); console.log('locked'); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }`;
    const args = ['--import', 'tsx', '--input-type=module', '-e', script, readOnly];
    // root writes anywhere: run the attempt as nobody instead, where setpriv allows it.
    const asRoot = process.getuid?.() === 0;
    const asNobody = ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath];
    if (asRoot && spawnSync('setpriv', [...asNobody, '-e', '0'], { stdio: 'ignore' }).status !== 0)
      skip('running as root and setpriv cannot drop to nobody, so the folder would not be read-only');
    const r = asRoot
      ? spawnSync('setpriv', [...asNobody, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 })
      : spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(r.stdout.trim()).toBe(
      `Error: could not lock the data folder ${readOnly}: unable to open database file`,
    );
  });
});

describe('the data-folder lock across processes', () => {
  it('a second live service on the same folder is refused, naming the live holder', async () => {
    let holder: ServiceProcess | undefined;
    try {
      holder = await startServiceProcess(['--data', dir]);
      started.push(holder.proc);
      await expect(startServiceProcess(['--data', dir])).rejects.toThrow(
        `the data folder ${dir} is in use by another process (pid ${holder.proc.pid})`,
      );
    } finally {
      await holder?.stop();
    }
  });

  it('a restart after kill -9 while the killed service is still an unreaped zombie serves every acknowledged upload', async () => {
    const key = newKey();
    // `exec sleep` replaces the shell by a parent that never waits for its child: once killed, the
    // service stays a zombie until that parent goes.
    const wrapped = await startWrapped('sh', [
      '-c',
      '"$0" "$@" & echo "service pid $!"; exec sleep 600',
      process.execPath,
      ...serviceArgs(),
    ]);
    const pid = Number(/^service pid (\d+)$/.exec(wrapped.lines[0] ?? '')?.[1]);
    expect(Number.isInteger(pid)).toBe(true);
    const acknowledged = await uploadSome(wrapped.baseUrl, key, 3);

    process.kill(pid, 'SIGKILL');
    await until(`pid ${pid} has died`, () => ['Z', 'X', null].includes(processState(pid)));
    expect(processState(pid)).toBe('Z');

    const restarted = await startServiceProcess(['--data', dir]);
    started.push(restarted.proc);
    try {
      expect(processState(pid)).toBe('Z'); // still unreaped while the new service runs
      await expectServed(restarted.baseUrl, key, acknowledged);
    } finally {
      await restarted.stop();
    }
  });
});

/** The arguments that let this machine run a command in a fresh pid namespace, or null if none does. */
function freshPidNamespace(): string[] | null {
  for (const args of [
    ['--pid', '--fork', '--kill-child', '--map-root-user'],
    ['--pid', '--fork', '--kill-child'],
  ]) {
    const probe = spawnSync('unshare', [...args, 'true'], { stdio: 'ignore', timeout: 10_000 });
    if (probe.status === 0) return args;
  }
  return null;
}

describe('the data-folder lock across pid namespaces', () => {
  const unshare = freshPidNamespace();

  it('a restart in a fresh pid namespace, where the service gets the same pid again, is not refused', async ({
    skip,
  }) => {
    if (!unshare) skip('unshare --pid --fork is not permitted on this machine');
    const key = newKey();
    const inNamespace = () => startWrapped('unshare', [...unshare!, process.execPath, ...serviceArgs()]);

    const first = await inNamespace();
    const acknowledged = await uploadSome(first.baseUrl, key, 2);
    // Crash it: kill -9 unshare's forked child (the service, as seen from here).
    const children = readFileSync(`/proc/${first.proc.pid}/task/${first.proc.pid}/children`, 'utf8');
    const servicePid = Number(children.trim().split(/\s+/)[0]);
    expect(Number.isInteger(servicePid)).toBe(true);
    const exited = once(first.proc, 'exit');
    process.kill(servicePid, 'SIGKILL');
    await exited;

    const second = await inNamespace();
    await expectServed(second.baseUrl, key, acknowledged);
    // The service is its namespace's first process: it had pid 1 before the crash and has it again.
    expect(readFileSync(join(dir, 'service.lock.pid'), 'utf8').trim()).toBe('1');
  });
});
