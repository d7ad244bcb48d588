import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../desktop/project';
import { benchVerifyReport } from '../scripts/verify-report-bench';
import { median } from './reference';

// `npm run bench -- startup`: what a command costs that reads no document. Each command runs as a child
// process (node with tsx, as npm runs it) a few times; its wall time, start to exit, is also given as a
// ratio to an empty script's under the same tsx (the reference), and its peak resident memory (every
// thread) is read from the process itself at exit. Then a verify's exit after its verdict.

const ROUNDS = 3;
const TARGET = { keysMb: 150, keysMs: 3000, helpMs: 3000, exitAfterVerdictMs: 1000 };

interface Run {
  wallMs: number;
  peakMb: number;
  exitCode: number | null;
}

function timeCommand(args: readonly string[]): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'ew-startup-'));
  const probe = join(dir, 'peak');
  return new Promise<Run>((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './bench/startup-probe.ts', ...args],
      { cwd: projectRoot, stdio: 'ignore', env: { ...process.env, EW_STARTUP_PROBE: probe } },
    );
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const wallMs = performance.now() - start;
      let peakMb = NaN;
      try {
        peakMb = Number(readFileSync(probe, 'utf8')) / 1024;
      } catch {
        // no probe written: the process died before its exit handlers ran
      }
      resolve({ wallMs, peakMb, exitCode });
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

async function rounds(args: () => readonly string[]): Promise<Run> {
  const runs: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await timeCommand(args()));
  return {
    wallMs: median(runs.map((run) => run.wallMs)),
    peakMb: Math.max(...runs.map((run) => run.peakMb)),
    exitCode: runs.find((run) => run.exitCode !== 0)?.exitCode ?? 0,
  };
}

const verdict = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');

export async function benchStartup(): Promise<string[]> {
  const data = mkdtempSync(join(tmpdir(), 'ew-startup-data-'));
  try {
    const reference = await rounds(() => ['-e', '0']);
    let key = 0;
    const keys = await rounds(() => [
      'service/cli.ts',
      'keys',
      'create',
      '--label',
      `bench ${key++}`,
      '--data',
      join(data, 'service'),
    ]);
    const help = await rounds(() => ['scripts/verify-report.ts', '--help']);
    const verify = await benchVerifyReport({ checks: 10, documents: 2 });
    const afterVerdictMs = verify.command.exitMs - verify.command.verdictMs;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const mb = (value: number) => `${value.toFixed(0)} MB`;
    const ratio = (run: Run) => `${(run.wallMs / reference.wallMs).toFixed(2)}×`;
    return [
      '## startup',
      `median of ${ROUNDS} runs as child processes (node + tsx); peak memory is the largest of the runs`,
      '',
      '| command | wall time | × empty script | peak memory | target |',
      '|---|---|---|---|---|',
      `| empty script (reference) | ${s(reference.wallMs)} | 1.00× | ${mb(reference.peakMb)} | |`,
      `| \`service keys create\` | ${s(keys.wallMs)} | ${ratio(keys)} | ${mb(keys.peakMb)} | ≤ ${mb(TARGET.keysMb)}: ${verdict(keys.peakMb, TARGET.keysMb)}; ≤ ${s(TARGET.keysMs)}: ${verdict(keys.wallMs, TARGET.keysMs)} |`,
      `| \`verify-report --help\` | ${s(help.wallMs)} | ${ratio(help)} | ${mb(help.peakMb)} | ≤ ${s(TARGET.helpMs)}: ${verdict(help.wallMs, TARGET.helpMs)} |`,
      `| \`verify-report BUNDLE --cases\` (${verify.items} items), verdict to exit | ${s(afterVerdictMs)} | | | ≤ ${s(TARGET.exitAfterVerdictMs)}: ${verdict(afterVerdictMs, TARGET.exitAfterVerdictMs)} |`,
      ...(keys.exitCode !== 0 || help.exitCode !== 0 || verify.command.exitCode !== 0
        ? [
            '',
            `a command failed: keys create exit ${keys.exitCode}, --help exit ${help.exitCode}, verify exit ${verify.command.exitCode}`,
          ]
        : []),
    ];
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}
