/**
 * `npm run bench -- newsroom`: newsroom mode, two service instances (child processes) on one throwaway
 * local PostgreSQL, beside the embedded engine (one instance on a data folder) on the same corpus in the
 * same run. Search: 10,000 sources × 10 units (100,000 units), p50/p95 through HTTP (target: p95 ≤ 100 ms
 * on PostgreSQL). Uploads: 20 concurrent uploaders spread over the instances, throughput and p95 latency.
 * The corpus is seeded through each engine's store directly (a fabricated extraction per source), not
 * through HTTP extraction. EW_BENCH_SOURCES=N seeds a smaller corpus. Skipped, saying so, without
 * PostgreSQL (Debian's `postgresql` package).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Extraction } from '../service/extract/extract';
import type { NewAsset } from '../service/store/contract';
import { transaction } from '../service/store/database';
import { migrateDatabase, PostgresStore } from '../service/store/postgres';
import { publishRepresentation } from '../service/store/representations';
import { insertAsset } from '../service/store/source-versions';
import { Store } from '../service/store/store';
import { startServiceProcess, type ServiceProcess } from '../tests/service/process';
import { postgresBinDir, startPostgres } from '../tests/support/postgres';
import { percentile, pick, random, SEED_DOMAINS, vocabulary } from './library-seed';

const SOURCES = Number(process.env.EW_BENCH_SOURCES ?? 10_000);
const UNITS = 10;
const WORDS_PER_UNIT = 80;
const QUERIES = 300;
const UPLOADERS = 20;
const UPLOADS_EACH = 25;
const UPLOAD_BYTES = 64 * 1024;
/** Concurrent store writers while seeding PostgreSQL (each publish is its own transaction). */
const SEED_WRITERS = 8;

interface SeedSource {
  asset: Omit<NewAsset, 'account_id'>;
  extraction: Extraction;
}

/** The corpus both engines get, deterministic: the same words, titles, domains, years and types. */
function corpus(words: readonly string[], next: () => number): SeedSource[] {
  return Array.from({ length: SOURCES }, (_, s) => {
    const domain = SEED_DOMAINS[s % SEED_DOMAINS.length]!;
    const units = Array.from({ length: UNITS }, (_, u) => ({
      kind: 'page' as const,
      index: u + 1,
      extraction_method: 'text_layer' as const,
      markdown: Array.from({ length: WORDS_PER_UNIT }, () => pick(words, next)).join(' '),
      figures: [],
    }));
    return {
      asset: {
        sha256: createHash('sha256').update(`source ${s}`).digest('hex'),
        byte_length: 1000,
        filename: `source-${s}.pdf`,
        media_type: 'application/pdf',
        title: `${pick(words, next)} ${pick(words, next)} report ${s}`,
        url: domain ? `https://${domain}/doc/${s}` : null,
        domain,
        publication_year: 2000 + (s % 27),
        source_type: s % 3 === 0 ? 'Report' : 'Article',
        is_primary_source: s % 4 === 0 ? 1 : 0,
      },
      extraction: {
        format: 'pdf',
        state: 'complete',
        code: null,
        reason: null,
        extraction_method: 'text_layer',
        units,
        markdown: units.map((u) => u.markdown).join('\n\n'),
      },
    };
  });
}

/** The embedded engine: one transaction through its own functions (thousands of fsynced commits would time the disk). */
async function seedEmbedded(dir: string, sources: SeedSource[]): Promise<{ key: string; seconds: number }> {
  const store = await Store.open(dir);
  try {
    const { key, accountId } = await store.createKey('bench');
    const db = Store.databaseForTests(store);
    const start = performance.now();
    transaction(db, () => {
      for (const { asset, extraction } of sources) {
        const { sourceVersion } = insertAsset(db, { ...asset, account_id: accountId }, true);
        publishRepresentation(db, sourceVersion!.id, 'bench', extraction);
      }
    });
    return { key, seconds: (performance.now() - start) / 1000 };
  } finally {
    store.close();
  }
}

/** PostgreSQL: through the store's API, a few writers at once, each source its own transactions. */
async function seedPostgres(url: string, sources: SeedSource[]): Promise<{ key: string; seconds: number }> {
  const store = await PostgresStore.open(url);
  try {
    const { key, accountId } = await store.createKey('bench');
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: SEED_WRITERS }, async () => {
        for (let i = next++; i < sources.length; i = next++) {
          const { asset, extraction } = sources[i]!;
          const { sourceVersion } = await store.insertAsset({ ...asset, account_id: accountId }, true);
          await store.publishRepresentation(sourceVersion!.id, 'bench', extraction);
        }
      }),
    );
    await PostgresStore.poolForTests(store).query('ANALYZE');
    return { key, seconds: (performance.now() - start) / 1000 };
  } finally {
    await store.close();
  }
}

async function searchTimes(
  instances: readonly ServiceProcess[],
  key: string,
  queries: readonly string[],
  filters?: object,
): Promise<number[]> {
  const ms: number[] = [];
  for (const [i, query] of queries.entries()) {
    const svc = instances[i % instances.length]!;
    const t = performance.now();
    const res = await fetch(`${svc.baseUrl}/api/v1/sources/search`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(filters ? { query, filters } : { query }),
    });
    const body = await res.text();
    ms.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${body}`);
  }
  return ms;
}

/** UPLOADERS clients at once, each UPLOADS_EACH retained uploads of distinct bytes, spread over the instances. */
async function uploadRun(
  instances: readonly ServiceProcess[],
  key: string,
): Promise<{ perSecond: number; p50: number; p95: number }> {
  const ms: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADERS }, async (_, client) => {
      for (let n = 0; n < UPLOADS_EACH; n++) {
        const svc = instances[(client + n) % instances.length]!;
        const form = new FormData();
        form.set('retain', 'true');
        form.set('file', new Blob([randomBytes(UPLOAD_BYTES)]), `upload-${client}-${n}.bin`);
        const t = performance.now();
        const res = await fetch(`${svc.baseUrl}/api/v1/assets`, {
          method: 'POST',
          headers: { 'x-api-key': key },
          body: form,
        });
        const body = await res.text();
        ms.push(performance.now() - t);
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${body}`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: ms.length / seconds, p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

export async function benchNewsroom(): Promise<string[]> {
  if ((await postgresBinDir()) === null)
    return ['## Newsroom mode: skipped, PostgreSQL (initdb, pg_ctl) is not installed'];
  const server = await startPostgres();
  if (!server) return ['## Newsroom mode: skipped, PostgreSQL could not be started'];
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-newsroom-'));
  const running: ServiceProcess[] = [];
  const out: string[] = [];
  try {
    const next = random(42);
    const words = vocabulary(5000, next);
    const sources = corpus(words, next);

    const url = await server.createDatabase();
    await migrateDatabase(url);
    const pg = await seedPostgres(url, sources);
    const embedded = await seedEmbedded(join(dir, 'data'), sources);
    sources.length = 0;

    const [a, b] = await Promise.all([
      startServiceProcess(['--database', url]),
      startServiceProcess(['--database', url]),
    ]);
    running.push(a, b);
    const local = await startServiceProcess(['--data', join(dir, 'data')]);
    running.push(local);

    const queries = Array.from({ length: QUERIES }, (_, i) =>
      Array.from({ length: 1 + (i % 3) }, () => words[Math.floor(next() * 400)]!).join(' '),
    );
    const filters = { publication_year: { from: 2015 }, domain: ['example.com'], is_primary_source: false };
    // Warm both: caches, prepared plans, connections.
    await searchTimes([a, b], pg.key, queries.slice(0, 20));
    await searchTimes([local], embedded.key, queries.slice(0, 20));
    const pgPlain = await searchTimes([a, b], pg.key, queries);
    const pgFiltered = await searchTimes([a, b], pg.key, queries, filters);
    const localPlain = await searchTimes([local], embedded.key, queries);
    const localFiltered = await searchTimes([local], embedded.key, queries, filters);

    const pgUploads = await uploadRun([a, b], pg.key);
    const localUploads = await uploadRun([local], embedded.key);

    const units = (SOURCES * UNITS).toLocaleString('en');
    out.push(
      `## Newsroom mode: ${SOURCES.toLocaleString('en')} sources × ${UNITS} units (${units} units), ` +
        `seeded in ${pg.seconds.toFixed(1)} s on PostgreSQL, ${embedded.seconds.toFixed(1)} s embedded\n`,
    );
    out.push(
      `Search through HTTP, ${QUERIES} queries of 1–3 words (PostgreSQL: alternating two instances)\n`,
    );
    out.push('| | PostgreSQL p50 ms | PostgreSQL p95 ms | embedded p50 ms | embedded p95 ms | p95 ratio |');
    out.push('|---|---|---|---|---|---|');
    const row = (name: string, p: number[], e: number[]) =>
      `| ${name} | ${percentile(p, 50).toFixed(1)} | ${percentile(p, 95).toFixed(1)} | ` +
      `${percentile(e, 50).toFixed(1)} | ${percentile(e, 95).toFixed(1)} | ` +
      `${(percentile(p, 95) / percentile(e, 95)).toFixed(2)}× |`;
    out.push(row('search', pgPlain, localPlain), row('search with filters', pgFiltered, localFiltered));
    out.push('\ntarget: PostgreSQL p95 ≤ 100 ms\n');
    out.push(
      `Uploads: ${UPLOADERS} concurrent uploaders × ${UPLOADS_EACH} retained uploads of ${UPLOAD_BYTES / 1024} KiB\n`,
    );
    out.push('| | instances | uploads/s | p50 ms | p95 ms |', '|---|---|---|---|---|');
    out.push(
      `| PostgreSQL | 2 | ${pgUploads.perSecond.toFixed(1)} | ${pgUploads.p50.toFixed(1)} | ${pgUploads.p95.toFixed(1)} |`,
      `| embedded | 1 | ${localUploads.perSecond.toFixed(1)} | ${localUploads.p50.toFixed(1)} | ${localUploads.p95.toFixed(1)} |`,
    );
  } finally {
    await Promise.all(running.map((svc) => svc.stop()));
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}
