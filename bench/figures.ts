/**
 * Figures by value: p50/p95 of `figures.search` over a library of 10,000 and 100,000 units (pages of one
 * table each: row labels, two year columns, figures in several units and scales), against the bare range
 * query on the value index (the nearest 200 figures) on the same store in the same run. SQLite in the
 * default run; `npm run bench -- figures` adds PostgreSQL (a throwaway server, 100,000 units), skipped,
 * saying so, without it. The library is written through each engine's store directly (a fabricated
 * extraction per source), not through extraction. EW_BENCH_FIGURE_UNITS=N measures N units only.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FigureSearchRequestInput, PageTable } from '../shared/api';
import type { Extraction } from '../service/extract/extract';
import { FIGURE_CANDIDATES, searchFigures } from '../service/operations/figures';
import type { EvidenceStore, NewAsset } from '../service/store/contract';
import { migrateDatabase, PostgresStore } from '../service/store/postgres';
import { Store } from '../service/store/store';
import { writeSources } from './write-library';
import { postgresBinDir, startPostgres } from '../tests/support/postgres';
import { percentile, pick, random, SEED_DOMAINS, vocabulary } from './library-seed';

const SIZES = process.env.EW_BENCH_FIGURE_UNITS
  ? [Number(process.env.EW_BENCH_FIGURE_UNITS)]
  : [10_000, 100_000];
const UNITS_PER_SOURCE = 100;
const ROWS = 5;
const QUERIES = 300;
const SEED_WRITERS = 8;

type Cell = { text: string; value: number; magnitude: number; scale: number; unit: string | null };
type UnitClass = 'percent' | 'currency' | 'none';

/** A cell's number in one of the forms a report prints: a count, a per cent, dollars, $ millions. */
function cellOf(next: () => number): Cell & { unitClass: UnitClass } {
  const kind = Math.floor(next() * 4);
  if (kind === 0) {
    const v = Math.round(next() * 1000) / 10;
    return { text: `${v.toFixed(1)}%`, value: v, magnitude: v, scale: 1, unit: '%', unitClass: 'percent' };
  }
  const whole = Math.round(10 ** (1 + next() * 5));
  const text = whole.toLocaleString('en');
  if (kind === 1)
    return { text: `$${text}`, value: whole, magnitude: whole, scale: 1, unit: 'USD', unitClass: 'currency' };
  if (kind === 2)
    return { text, value: whole * 1e6, magnitude: whole, scale: 1e6, unit: 'USD', unitClass: 'currency' };
  return { text, value: whole, magnitude: whole, scale: 1, unit: null, unitClass: 'none' };
}

/** One page: a table of ROWS labelled rows under two year columns, and what a search could ask of it. */
function pageOf(index: number, words: readonly string[], next: () => number) {
  const header = ['Item', '2022', '2023'];
  const rows = Array.from(
    { length: ROWS },
    () => [`${pick(words, next)} ${pick(words, next)}`, cellOf(next), cellOf(next)] as const,
  );
  let markdown = `${header.join(' | ')}\n`;
  const figures: Extraction['units'][number]['figures'] = [];
  const cells: PageTable['cells'] = header.map((text, col) => ({
    row: 0,
    col,
    rowSpan: 1,
    colSpan: 1,
    text,
    box: { x: 50 + 150 * col, y: 100, width: 80, height: 12 },
    header: true,
  }));
  rows.forEach(([label, ...values], r) => {
    const row = r + 1;
    const line = [label, ...values.map((v) => v.text)];
    cells.push({
      row,
      col: 0,
      rowSpan: 1,
      colSpan: 1,
      text: label,
      box: { x: 50, y: 100 + 20 * row, width: 80, height: 12 },
      header: true,
    });
    let at = markdown.length + label.length + 3;
    values.forEach((v, c) => {
      const col = c + 1;
      const box = { x: 50 + 150 * col, y: 100 + 20 * row, width: 80, height: 12 };
      cells.push({ row, col, rowSpan: 1, colSpan: 1, text: v.text, box, header: false });
      figures.push({
        index: figures.length,
        raw: v.text,
        value: v.value,
        magnitude: v.magnitude,
        sign: 1,
        scale: v.scale,
        unit: v.unit,
        unitClass: v.unitClass,
        accounting: false,
        ambiguous: false,
        span: { start: at, end: at + v.text.length },
        position: { kind: 'box', ...box, cell: { table: 0, row, col } },
      });
      at += v.text.length + 3;
    });
    markdown += `${line.join(' | ')}\n`;
  });
  const table: PageTable = {
    index: 0,
    box: { x: 40, y: 90, width: 500, height: 20 * (ROWS + 1) },
    rows: ROWS + 1,
    cols: 3,
    headerRows: 1,
    labelCols: 1,
    title: null,
    notes: [],
    cells,
    unsure: false,
  };
  const unit = {
    kind: 'page' as const,
    index,
    extraction_method: 'text_layer' as const,
    markdown,
    figures,
    page: { width: 612, height: 792, tables: [table] },
  };
  return { unit, asked: rows.map(([label, a, b]) => ({ label, cells: [a, b] })) };
}

interface Library {
  sources: { asset: Omit<NewAsset, 'account_id'>; extraction: Extraction }[];
  queries: FigureSearchRequestInput[];
}

/** The library of `units` units and the searches made of it: a figure's value as a claim rounds it, its row's words. */
export function library(units: number): Library {
  const next = random(7);
  const words = vocabulary(3000, next);
  const asks: { label: string; cell: Cell & { unitClass: UnitClass } }[] = [];
  const sources = Array.from({ length: Math.ceil(units / UNITS_PER_SOURCE) }, (_, s) => {
    const domain = SEED_DOMAINS[s % SEED_DOMAINS.length]!;
    const pages = Array.from({ length: Math.min(UNITS_PER_SOURCE, units - s * UNITS_PER_SOURCE) }, (_, u) => {
      const { unit, asked } = pageOf(u + 1, words, next);
      if (next() < 0.01) for (const a of asked) asks.push({ label: a.label, cell: a.cells[0]! });
      return unit;
    });
    return {
      asset: {
        sha256: createHash('sha256').update(`figures ${units} ${s}`).digest('hex'),
        byte_length: 1000,
        filename: `tables-${s}.pdf`,
        media_type: 'application/pdf',
        title: `${pick(words, next)} tables ${s}`,
        url: domain ? `https://${domain}/tables/${s}` : null,
        domain,
        publication_year: 2000 + (s % 27),
        source_type: 'Report',
        is_primary_source: 0 as const,
      },
      extraction: {
        format: 'pdf' as const,
        state: 'complete' as const,
        code: null,
        reason: null,
        extraction_method: 'text_layer' as const,
        units: pages,
        markdown: pages.map((p) => p.markdown).join('\n\n'),
      },
    };
  });
  const queries = Array.from({ length: QUERIES }, (_, i): FigureSearchRequestInput => {
    const { label, cell } = asks[Math.floor(next() * asks.length)]!;
    if (cell.unitClass === 'percent')
      return { value: cell.magnitude, unit: '%', words: i % 2 ? label : undefined };
    // A claim rounds to two significant digits, hedged: "almost 57,000".
    const digits = 10 ** Math.max(0, Math.floor(Math.log10(cell.magnitude)) - 1);
    const rounded = Math.ceil(cell.magnitude / digits) * digits;
    const written = `almost ${rounded.toLocaleString('en')}`;
    return cell.scale === 1e6
      ? { value: rounded, unit: '$', scale: 'million', tolerance: { written }, words: label }
      : { value: rounded, tolerance: { written }, ...(i % 2 ? { words: label } : {}) };
  });
  return { sources, queries };
}

async function time(store: EvidenceStore, account: string, queries: readonly FigureSearchRequestInput[]) {
  for (const q of queries.slice(0, 20)) await searchFigures(store, account, q);
  const ms: number[] = [];
  let found = 0;
  for (const q of queries) {
    const t = performance.now();
    const answer = await searchFigures(store, account, q);
    ms.push(performance.now() - t);
    if (answer.figures.length > 0) found++;
  }
  return { ms, found };
}

/** The bare index read the operation starts from: the nearest figures in the range, nothing placed or ranked. */
async function bare(store: EvidenceStore, account: string, queries: readonly FigureSearchRequestInput[]) {
  const ms: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    await store.figuresByValue(
      account,
      { low: q.value * 0.99, high: q.value * 1.01, target: q.value, unitClasses: null },
      {},
      FIGURE_CANDIDATES,
    );
    ms.push(performance.now() - t);
  }
  return ms;
}

const row = (name: string, xs: readonly number[], reference: readonly number[]) =>
  `| ${name} | ${percentile(xs, 50).toFixed(2)} | ${percentile(xs, 95).toFixed(2)} | ${(percentile(xs, 95) / percentile(reference, 95)).toFixed(2)}× |`;

export async function benchFigures(options: { postgres?: boolean } = {}): Promise<string[]> {
  const out = [
    `## Figures by value (${QUERIES} searches: a figure's value rounded and hedged, or a per cent, half with its row's words)\n`,
    '| engine, units | p50 ms | p95 ms | p95 ratio to the bare index read |',
    '|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const units of SIZES) {
    const lib = library(units);
    const dir = await mkdtemp(join(tmpdir(), 'ew-bench-figures-'));
    const store = await Store.open(dir);
    try {
      const account = await store.createAccount();
      const start = performance.now();
      writeSources(store, account, lib.sources, 'bench');
      notes.push(
        `SQLite, ${units.toLocaleString('en')} units: written in ${((performance.now() - start) / 1000).toFixed(1)} s`,
      );
      const reference = await bare(store, account, lib.queries);
      const { ms, found } = await time(store, account, lib.queries);
      out.push(row(`figures.search, SQLite, ${units.toLocaleString('en')} units`, ms, reference));
      out.push(row(`bare index read, SQLite, ${units.toLocaleString('en')} units`, reference, reference));
      notes.push(
        `SQLite, ${units.toLocaleString('en')} units: ${found} of ${QUERIES} searches found a figure`,
      );
    } finally {
      store.close();
      await rm(dir, { recursive: true, force: true });
    }
    if (options.postgres && units === SIZES[SIZES.length - 1])
      out.push(...(await onPostgres(library(units), units, notes)));
  }
  out.push('', ...notes, '', 'targets: p95 ≤ 50 ms at 100,000 units on SQLite, ≤ 100 ms on PostgreSQL');
  return out;
}

async function onPostgres(lib: Library, units: number, notes: string[]): Promise<string[]> {
  if ((await postgresBinDir()) === null) {
    notes.push('PostgreSQL: skipped, PostgreSQL (initdb, pg_ctl) is not installed');
    return [];
  }
  const server = await startPostgres();
  if (!server) {
    notes.push('PostgreSQL: skipped, it could not be started');
    return [];
  }
  try {
    const url = await server.createDatabase();
    await migrateDatabase(url);
    const store = await PostgresStore.open(url);
    try {
      const account = await store.createAccount();
      const start = performance.now();
      const queue = [...lib.sources];
      await Promise.all(
        Array.from({ length: SEED_WRITERS }, async () => {
          for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
            const { sourceVersion } = await store.insertAsset({ ...s.asset, account_id: account }, true);
            await store.publishRepresentation(sourceVersion!.id, 'bench', s.extraction);
          }
        }),
      );
      notes.push(
        `PostgreSQL, ${units.toLocaleString('en')} units: written in ${((performance.now() - start) / 1000).toFixed(1)} s`,
      );
      const reference = await bare(store, account, lib.queries);
      const { ms, found } = await time(store, account, lib.queries);
      notes.push(
        `PostgreSQL, ${units.toLocaleString('en')} units: ${found} of ${QUERIES} searches found a figure`,
      );
      return [
        row(`figures.search, PostgreSQL, ${units.toLocaleString('en')} units`, ms, reference),
        row(`bare index read, PostgreSQL, ${units.toLocaleString('en')} units`, reference, reference),
      ];
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
}
