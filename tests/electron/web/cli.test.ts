import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebDataDir, projectRoot } from '../../../electron/project';
import { parseWebHostArgs, UsageError } from '../../../electron/web/serve';

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

describe('npm run web', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'workbench-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints exactly one URL line with the token in the fragment, and serves the bridge behind it', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'electron/web/cli.ts', '--data', dataDir], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const lines: string[] = [];
      createInterface({ input: proc.stdout }).on('line', (line) => lines.push(line));
      const firstLine = await new Promise<string>((resolveLine, reject) => {
        const timer = setInterval(() => {
          if (lines[0] !== undefined) {
            clearInterval(timer);
            resolveLine(lines[0]);
          }
        }, 50);
        proc.once('exit', (code) => {
          clearInterval(timer);
          reject(new Error(`web host exited with ${code}`));
        });
      });
      const match = /^workbench: (http:\/\/127\.0\.0\.1:(\d+))\/#token=([A-Za-z0-9_-]{43})$/.exec(firstLine);
      expect(match, firstLine).not.toBeNull();
      const [, origin, , token] = match!;

      expect((await fetch(`${origin}/`)).status).toBe(200);
      const reply = await fetch(`${origin}/bridge/invoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-workbench-token': token! },
        body: JSON.stringify({ channel: 'health', input: {} }),
      });
      expect(await reply.json()).toMatchObject({ ok: true, value: { status: 'ok' } });
      expect((await stat(dataDir)).isDirectory()).toBe(true);
      expect(lines).toHaveLength(1);
    } finally {
      const exited = once(proc, 'exit');
      proc.kill('SIGTERM');
      await exited;
    }
    expect(proc.exitCode).toBe(0);
  }, 90_000);
});
