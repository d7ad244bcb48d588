import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { largeXlsx, textPdf } from '../bench/documents';
import { createCaseStore } from '../desktop/main/cases/store';
import { createEmbeddedClient } from '../desktop/main/client/embedded';
import { projectRoot } from '../desktop/project';
import { verifyBundle } from '../desktop/main/report/verify';
import type { OperandReference, Representation } from '../shared/api';
import type { KeptCheck } from '../shared/bridge/cases';
import { buildReport } from '../desktop/main/report/model';

// The verify-report figure of the report benchmark: a case of 50 checks over 10 documents (5 PDFs, 5
// spreadsheets), its bundle re-verified against the embedded service and the app's cases, in this process
// and as the command a person runs (its wall time from start to verdict and to exit: what it loads and
// starts besides the verification counts there). `npm run bench -- verify-report` prints it;
// `npx tsx scripts/verify-report-bench.ts` prints it alone.

export interface VerifyReportBenchOptions {
  checks?: number;
  documents?: number;
  /** Also time a verification that publishes every representation again. */
  republish?: boolean;
}

export interface VerifyReportBenchResult {
  checks: number;
  documents: number;
  bundleBytes: number;
  items: number;
  ok: boolean;
  /** Building the library (upload, publish, 50 checks) and the bundle: setup, not the figure. */
  setupMs: number;
  /** `verifyBundle` from the bundle's JSON text: the figure (budget ≤ 10 s). */
  verifyMs: number;
  /** The same with `republish`; null when not asked. */
  verifyRepublishMs: number | null;
  /** `npm run verify-report -- --help` as a child process, start to exit. */
  helpWallMs: number;
  /** `npm run verify-report -- BUNDLE --data DIR --cases DIR` as a child process. */
  command: CommandTimes;
}

export interface CommandTimes {
  /** Start to the verdict line on its output. */
  verdictMs: number;
  /** Start to the process's exit. */
  exitMs: number;
  exitCode: number | null;
}

/** Runs `scripts/verify-report.ts` with `args` as a child process (as npm runs it) and times it. */
export function timeVerifyReportCommand(args: readonly string[]): Promise<CommandTimes> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let verdictMs: number | null = null;
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify-report.ts', ...args], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (verdictMs === null && /^(NOT )?VERIFIED|^usage:/m.test(output))
        verdictMs = performance.now() - start;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const exitMs = performance.now() - start;
      resolve({ verdictMs: verdictMs ?? exitMs, exitMs, exitCode: code });
    });
  });
}

function figuresOf(rep: Representation, count: number): OperandReference[] {
  const out: OperandReference[] = [];
  for (const unit of rep.units)
    for (const figure of unit.figures)
      if (!figure.ambiguous && out.length < count)
        out.push({
          source_version_id: rep.source_version_id,
          representation_id: rep.representation_id,
          source_unit_id: unit.source_unit_id,
          figure_index: figure.index,
        });
  return out;
}

export async function benchVerifyReport(
  options: VerifyReportBenchOptions = {},
): Promise<VerifyReportBenchResult> {
  const checks = options.checks ?? 50;
  const documents = options.documents ?? 10;
  const root = mkdtempSync(join(tmpdir(), 'ew-verify-bench-'));
  const client = await createEmbeddedClient({ dataDir: join(root, 'service'), ocr: 'off' });
  try {
    const setupStart = performance.now();
    const reps: Representation[] = [];
    for (let d = 0; d < documents; d++) {
      const pdf = d % 2 === 0;
      const up = await client.uploadAsset({
        bytes: pdf ? textPdf(3, 20) : largeXlsx(40, 6),
        filename: pdf ? `report-${d}.pdf` : `table-${d}.xlsx`,
        title: `Document ${d + 1}`,
      });
      reps.push(await client.publishRepresentation(up.source_version_id!));
    }
    const perDocument = Math.ceil((checks * 2) / documents) + 1;
    const pools = reps.map((rep) => figuresOf(rep, perDocument));
    const kept: KeptCheck[] = [];
    for (let i = 0; i < checks; i++) {
      const a = pools[i % documents]![Math.floor(i / documents) % pools[i % documents]!.length]!;
      const b = pools[(i + 1) % documents]![(i + 3) % pools[(i + 1) % documents]!.length]!;
      const claim = `The figure rose ${(i % 9) + 2}% from the first to the second.`;
      const check = await client.verifyNumeric({ claim, operands: [a, b] });
      kept.push({
        id: `check_bench${String(i).padStart(4, '0')}`,
        claim,
        operands: [a, b],
        check,
        judgments: [],
        keptAt: new Date(Date.UTC(2026, 10, 24, 10, 0, i)).toISOString(),
      });
    }
    const cases = createCaseStore(join(root, 'app'));
    const stored = cases.put({
      id: 'case_benchverify000000',
      title: 'Benchmark: 50 checks over 10 documents',
      claim: 'Next claim.',
      operands: [],
      check: null,
      judgments: [],
      kept,
      citations: reps.map((rep, i) => ({
        sourceVersionId: rep.source_version_id,
        representationId: rep.representation_id,
        sourceUnitId: rep.units[0]!.source_unit_id,
        title: `Document ${i + 1}`,
        snippet: 'revenue',
        query: 'revenue',
        at: '2026-11-24T09:00:00.000Z',
      })),
      notes: 'Benchmark case.',
      createdAt: '2026-11-24T08:00:00.000Z',
      updatedAt: '2026-11-24T11:00:00.000Z',
    });
    const bundle = await buildReport(
      [stored],
      {
        sourceVersion: (id) => client.getSource(id),
        representation: async (id) => {
          const representation = await client.getRepresentation(id);
          return {
            representation,
            extractorVersion: representation.extractor_version ?? 'ew-extract-4;ocr=off',
          };
        },
      },
      { title: 'Benchmark', authorName: null, appVersion: '0.1.0', extractorVersion: 'ew-extract-4;ocr=off' },
    );
    const text = JSON.stringify(bundle, null, 2);
    const setupMs = performance.now() - setupStart;

    const start = performance.now();
    const report = await verifyBundle(text, { client, cases });
    const verifyMs = performance.now() - start;
    let verifyRepublishMs: number | null = null;
    if (options.republish) {
      const again = performance.now();
      await verifyBundle(text, { client, cases }, { republish: true });
      verifyRepublishMs = performance.now() - again;
    }
    // The command opens the data folder itself: this process lets it go.
    await client.close();
    const bundlePath = join(root, 'bundle.json');
    writeFileSync(bundlePath, text);
    const help = await timeVerifyReportCommand(['--help']);
    const command = await timeVerifyReportCommand([
      bundlePath,
      '--data',
      join(root, 'service'),
      '--cases',
      join(root, 'app'),
    ]);
    return {
      checks,
      documents,
      bundleBytes: Buffer.byteLength(text),
      items: report.items.length,
      ok: report.ok,
      setupMs,
      verifyMs,
      verifyRepublishMs,
      helpWallMs: help.exitMs,
      command,
    };
  } finally {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** The result as the bench prints it. */
export function verifyReportLines(result: VerifyReportBenchResult): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const { command } = result;
  return [
    '## verify-report',
    `${result.checks} checks over ${result.documents} documents, ${result.items} items, ${result.ok ? 'all same' : 'NOT all same'}; bundle ${(result.bundleBytes / 1024).toFixed(0)} KiB; setup ${s(result.setupMs)}`,
    '',
    '| step | time |',
    '|---|---|',
    `| verify in process (budget 10 s) | ${s(result.verifyMs)} |`,
    ...(result.verifyRepublishMs === null
      ? []
      : [`| verify with --republish in process | ${s(result.verifyRepublishMs)} |`]),
    `| \`verify-report --help\`, start to exit | ${s(result.helpWallMs)} |`,
    `| \`verify-report BUNDLE --cases\`, start to verdict | ${s(command.verdictMs)} |`,
    `| \`verify-report BUNDLE --cases\`, start to exit (exit ${command.exitCode ?? 'signal'}) | ${s(command.exitMs)} |`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchVerifyReport({ republish: true });
  for (const line of verifyReportLines(result)) process.stdout.write(`${line}\n`);
  if (!result.ok || result.command.exitCode !== 0) process.exitCode = 1;
}
