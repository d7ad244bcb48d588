/**
 * Search benchmark: 10,000 generated sources × 10 units, p50/p95 of the search operation with and without
 * filters, against a bare FTS5 MATCH (top 10 by bm25) on the same index in the same run.
 * EW_BENCH_SOURCES=N searches a smaller library; EW_BENCH_KEEP=1 keeps its data folder for inspection.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchSources } from '../service/operations/search';
import { Store } from '../service/store/store';
import { percentile, random, seedLibrary, vocabulary } from './library-seed';

const SOURCES = Number(process.env.EW_BENCH_SOURCES ?? 10_000);
const UNITS = 10;
const WORDS_PER_UNIT = 80;
const QUERIES = 300;

export async function benchSearch(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-search-'));
  const store = await Store.open(dir);
  const out: string[] = [];
  try {
    const next = random(42);
    const words = vocabulary(5000, next);
    const account = await store.createAccount();
    const db = Store.databaseForTests(store);
    let start = performance.now();
    seedLibrary(db, {
      account,
      sources: SOURCES,
      units: UNITS,
      wordsPerUnit: WORDS_PER_UNIT,
      words,
      next,
      format: 'pdf',
    });
    const built = (performance.now() - start) / 1000;

    const queries = Array.from({ length: QUERIES }, (_, i) =>
      Array.from({ length: 1 + (i % 3) }, () => words[Math.floor(next() * 400)]!).join(' '),
    );
    const filters = { publication_year: { from: 2015 }, domain: ['example.com'], is_primary_source: false };
    const bare = db.prepare(
      `SELECT rowid, bm25(unit_search) AS score FROM unit_search WHERE unit_search MATCH ?
       ORDER BY score LIMIT 10`,
    );
    const time = async (run: (q: string) => unknown) => {
      const ms: number[] = [];
      for (const q of queries) {
        const t = performance.now();
        await run(q);
        ms.push(performance.now() - t);
      }
      return ms;
    };
    // Warm the page cache and the statement cache once.
    for (const q of queries.slice(0, 20)) await searchSources(store, account, { query: q });
    const plain = await time((q) => searchSources(store, account, { query: q }));
    const filtered = await time((q) => searchSources(store, account, { query: q, filters }));
    const fts = await time((q) =>
      bare.all(
        q
          .split(' ')
          .map((w) => `"${w}"`)
          .join(' AND '),
      ),
    );
    start = performance.now();
    out.push(
      `## Search, ${SOURCES.toLocaleString('en')} sources × ${UNITS} units (${QUERIES} queries of 1–3 words; index built in ${built.toFixed(1)} s)\n`,
    );
    out.push('| | p50 ms | p95 ms | p95 ratio to bare FTS5 |', '|---|---|---|---|');
    const row = (name: string, xs: number[]) =>
      `| ${name} | ${percentile(xs, 50).toFixed(2)} | ${percentile(xs, 95).toFixed(2)} | ${(percentile(xs, 95) / percentile(fts, 95)).toFixed(2)}× |`;
    out.push(row('search', plain), row('search with filters', filtered), row('bare FTS5 MATCH, top 10', fts));
    out.push('\ntargets: p95 ≤ 50 ms, ≤ 3× bare FTS5');
  } finally {
    store.close();
    if (process.env.EW_BENCH_KEEP) console.log(`kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
  return out;
}
