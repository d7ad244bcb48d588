import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebDataDir, findElectronBinary, projectRoot } from '../../../desktop/project';
import { launchLines, parseWebHostArgs, UsageError, webUsage } from '../../../desktop/web/serve';

describe('web host arguments', () => {
  it('defaults to a free port and the checkout data folder', () => {
    expect(parseWebHostArgs([])).toEqual({ port: 0, dataDir: defaultWebDataDir });
  });

  it('takes --port and --data', () => {
    expect(parseWebHostArgs(['--port', '8123', '--data', 'some/dir'])).toEqual({
      port: 8123,
      dataDir: resolve('some/dir'),
    });
  });

  it.each([
    ['--port', 'abc'],
    ['--port', '70000'],
    ['--port', '-1'],
  ])('refuses %s %s', (...argv) => {
    expect(() => parseWebHostArgs(argv)).toThrow(UsageError);
  });

  it('refuses an unknown option', () => {
    expect(() => parseWebHostArgs(['--host', '0.0.0.0'])).toThrow(UsageError);
  });
});

describe('what the web host prints', () => {
  it('is the address to open and the folder the data lives in, nothing else', () => {
    expect(launchLines('http://127.0.0.1:5000/#token=abc', '/home/me/data')).toEqual([
      'workbench: http://127.0.0.1:5000/#token=abc',
      'data: /home/me/data',
    ]);
  });

  it('gives its usage in the words of the command the person ran', () => {
    expect(webUsage('npm start')).toMatch(/^usage: npm start -- \[--port N\] \[--data DIR\]\n/);
    expect(webUsage('npm run web')).toMatch(/^usage: npm run web -- /);
  });
});

interface Launched {
  origin: string;
  token: string;
  /** Everything the process printed, once it has exited. */
  output: Promise<{ stdout: string; stderr: string; code: number | null }>;
  stop(): void;
}

/** Starts `script` as npm would, and waits for the address and data lines on its stdout. */
async function launch(script: string, dataDir: string): Promise<Launched> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, '--data', dataDir], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(proc, 'exit').then(() => ({ stdout, stderr, code: proc.exitCode }));
  const printed = await new Promise<string>((resolvePrinted, reject) => {
    const check = () => {
      if (stdout.split('\n').length > 2) resolvePrinted(stdout);
    };
    proc.stdout.on('data', check);
    void exited.then(({ code }) => reject(new Error(`${script} exited with ${code}:\n${stdout}${stderr}`)));
  });
  const match = /^workbench: (http:\/\/127\.0\.0\.1:\d+)\/#token=([A-Za-z0-9_-]{43})\n/.exec(printed);
  expect(match, printed).not.toBeNull();
  return { origin: match![1]!, token: match![2]!, output: exited, stop: () => proc.kill('SIGTERM') };
}

function health(origin: string, token: string | null) {
  return fetch(`${origin}/bridge/invoke`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { 'x-workbench-token': token }),
    },
    body: JSON.stringify({ channel: 'health', input: {} }),
  });
}

describe('npm run web', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'workbench-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the URL with the token in the fragment and the data folder, and serves the bridge behind it', async () => {
    const host = await launch('desktop/web/cli.ts', dataDir);
    try {
      expect((await fetch(`${host.origin}/`)).status).toBe(200);
      expect(await (await health(host.origin, host.token)).json()).toMatchObject({
        ok: true,
        value: { status: 'ok' },
      });
      expect((await stat(dataDir)).isDirectory()).toBe(true);
    } finally {
      host.stop();
    }
    const { stdout, stderr, code } = await host.output;
    expect(stdout).toBe(`workbench: ${host.origin}/#token=${host.token}\ndata: ${dataDir}\n`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 90_000);
});

describe('npm start without the Electron runtime', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'workbench-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(findElectronBinary() !== null)(
    'prints only the address and the data folder, and a tab without the token is told to open what npm start printed',
    async () => {
      const host = await launch('desktop/launch.ts', dataDir);
      try {
        const refused = (await (await health(host.origin, null)).json()) as { error: { message: string } };
        expect(refused.error.message).toContain('"npm start" printed');
        expect(refused.error.message).not.toContain('npm run web');
      } finally {
        host.stop();
      }
      const { stdout, stderr, code } = await host.output;
      expect(stdout).toBe(`workbench: ${host.origin}/#token=${host.token}\ndata: ${dataDir}\n`);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    },
    90_000,
  );
});
