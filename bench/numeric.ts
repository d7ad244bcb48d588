/**
 * Numeric verification in the service: p50 and p95 of `verifyNumeric` called directly (no HTTP) on a store
 * holding a published csv representation and a text page, over 1,000 checks mixing relations.
 * Target: p50 ≤ 5 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperandReference, Representation } from '../shared/api';
import { stageFile, uploadAsset } from '../service/operations/assets';
import { publishSourceRepresentation } from '../service/operations/extract';
import { verifyNumeric } from '../service/operations/numeric';
import { Store } from '../service/store/store';

const CHECKS = 1_000;
const WARMUP = 50;
const ROWS = 60;
const YEARS = [2019, 2020, 2021, 2022, 2023];

/** A 60-row table in millions, five years, with a percentage column per row. */
function table(): string {
  const lines = ['(in millions)', ['Item', ...YEARS, 'Margin'].join(',')];
  for (let r = 0; r < ROWS; r++) {
    const base = 1000 + r * 37;
    const cells = YEARS.map((_, i) => `"${(base * (1 + 0.05 * i)).toLocaleString('en-US')}"`);
    lines.push([`Line item ${r + 1}`, ...cells, `${(10 + (r % 7) * 0.5).toFixed(1)}%`].join(','));
  }
  return lines.join('\n') + '\n';
}

const PAGE =
  'Annual review\n\n' +
  'Revenue was $1.2bn in FY2023, up from $1.0bn in FY2022.\n' +
  'Operating margin was 12.5% in FY2023 against 11.0% in FY2022.\n' +
  'Headcount: 4,200 staff at year end, from 3,900 a year earlier.\n';

async function publish(store: Store, accountId: string, content: string, filename: string) {
  async function* stream() {
    yield new TextEncoder().encode(content);
  }
  const staged = await stageFile(store, { stream: stream(), filename });
  const asset = await uploadAsset(store, accountId, staged, filename, { retain: true });
  return publishSourceRepresentation(store, accountId, asset.source_version_id!, { ocr: 'off' });
}

function refOf(rep: Representation, figureIndex: number): OperandReference {
  const unit = rep.units[0]!;
  return {
    source_version_id: rep.source_version_id,
    representation_id: rep.representation_id,
    source_unit_id: unit.source_unit_id,
    figure_index: figureIndex,
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function benchNumeric(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-numeric-'));
  const store = await Store.open(join(dir, 'data'));
  const out: string[] = [];
  try {
    const accountId = await store.createAccount();
    const sheet = await publish(store, accountId, table(), 'table.csv');
    const page = await publish(store, accountId, PAGE, 'review.txt');
    // Figures by cell: data rows start at row 3 (a note row, a header row), years in columns B to F.
    const byCell = new Map(
      sheet.units[0]!.figures.map((f) => [f.position.kind === 'cell' ? f.position.ref : '', f.index]),
    );
    const cell = (row: number, col: number) => {
      const index = byCell.get(`${String.fromCharCode(66 + col)}${row + 3}`);
      if (index === undefined) throw new Error(`no figure at row ${row}, column ${col}`);
      return refOf(sheet, index);
    };
    const pageFigures = page.units[0]!.figures.length;

    const requests: { kind: string; body: unknown }[] = [];
    for (let i = 0; requests.length < CHECKS + WARMUP; i++) {
      const row = i % ROWS;
      const y = i % (YEARS.length - 1);
      const a = cell(row, y);
      const b = cell(row, y + 1);
      const label = `Line item ${row + 1}`;
      const kinds: { kind: string; body: unknown }[] = [
        {
          kind: 'change (percent)',
          body: { claim: `${label} rose 5% from ${YEARS[y]} to ${YEARS[y + 1]}`, operands: [a, b] },
        },
        {
          kind: 'change (absolute)',
          body: {
            claim: `${label} rose by $50 million from ${YEARS[y]} to ${YEARS[y + 1]}`,
            operands: [a, b],
          },
        },
        { kind: 'equals', body: { claim: `${label} was $1.2 billion in ${YEARS[y]}`, operands: [a] } },
        {
          kind: 'sum',
          body: {
            claim: `${label} in ${YEARS[y]} and ${YEARS[y + 1]} together came to $2.2bn`,
            operands: [a, b],
          },
        },
        {
          kind: 'comparison',
          body: { claim: `${label} in ${YEARS[y + 1]} exceeds ${YEARS[y]}`, operands: [b, a] },
        },
        {
          kind: 'page: change (percent)',
          body: {
            claim: 'Revenue rose 20% from FY2022 to FY2023',
            operands: [refOf(page, 1 % pageFigures), refOf(page, 0)],
          },
        },
        {
          kind: 'not applicable',
          body: { claim: `${label} is in the table`, operands: [a] },
        },
      ];
      requests.push(kinds[i % kinds.length]!);
    }

    const times: number[] = [];
    const byKind = new Map<string, number[]>();
    const outcomes = new Map<string, number>();
    for (const [i, { kind, body }] of requests.entries()) {
      const start = performance.now();
      const response = await verifyNumeric(store, accountId, body);
      const ms = performance.now() - start;
      if (i < WARMUP) continue;
      times.push(ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
      outcomes.set(response.outcome, (outcomes.get(response.outcome) ?? 0) + 1);
    }
    times.sort((x, y) => x - y);
    const p50 = percentile(times, 50);
    out.push(
      `## Numeric verification in the service (${CHECKS} checks, direct operation call, ${ROWS}-row sheet + a text page)\n`,
    );
    out.push('| checks | p50 ms | p95 ms | p99 ms | max ms |', '|---|---|---|---|---|');
    out.push(
      `| all (${times.length}) | ${p50.toFixed(3)} | ${percentile(times, 95).toFixed(3)} | ${percentile(times, 99).toFixed(3)} | ${times[times.length - 1]!.toFixed(3)} |`,
    );
    for (const [kind, list] of byKind) {
      list.sort((x, y) => x - y);
      out.push(
        `| ${kind} (${list.length}) | ${percentile(list, 50).toFixed(3)} | ${percentile(list, 95).toFixed(3)} | ${percentile(list, 99).toFixed(3)} | ${list[list.length - 1]!.toFixed(3)} |`,
      );
    }
    out.push(
      `\np50 ${p50.toFixed(3)} ms (target ≤ 5 ms): ${p50 <= 5 ? 'met' : 'NOT met'}; outcomes: ${[...outcomes]
        .map(([o, n]) => `${o} ${n}`)
        .join(', ')}`,
    );
  } finally {
    store.close();
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1]?.endsWith('numeric.ts') && process.argv.includes('--run')) {
  for (const line of await benchNumeric()) console.log(line);
}
