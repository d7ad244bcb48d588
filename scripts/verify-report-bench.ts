import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { largeXlsx, textPdf } from '../bench/documents';
import { createCaseStore } from '../electron/cases/store';
import { createEmbeddedClient } from '../electron/client/embedded';
import { verifyBundle } from '../electron/report/verify';
import type { OperandReference, Representation } from '../shared/api';
import type { KeptCheck } from '../shared/bridge/cases';
import { buildReport } from '../shared/report/model';

// The verify-report figure of issue 17's benchmark: a case of 50 checks over 10 documents (5 PDFs, 5
// spreadsheets), its bundle re-verified against the embedded service and the app's cases. The bench
// harness calls `benchVerifyReport`; `npx tsx scripts/verify-report-bench.ts` prints it alone.

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
    return {
      checks,
      documents,
      bundleBytes: Buffer.byteLength(text),
      items: report.items.length,
      ok: report.ok,
      setupMs,
      verifyMs,
      verifyRepublishMs,
    };
  } finally {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchVerifyReport({ republish: true });
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  process.stdout.write(
    `verify-report: ${result.checks} checks over ${result.documents} documents, ${result.items} items, ${result.ok ? 'all same' : 'NOT all same'}; ` +
      `verify ${s(result.verifyMs)} (budget 10 s), with --republish ${s(result.verifyRepublishMs!)}; bundle ${(result.bundleBytes / 1024).toFixed(0)} KiB; setup ${s(result.setupMs)}\n`,
  );
  if (!result.ok) process.exitCode = 1;
}
