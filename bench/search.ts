/**
 * Search benchmark: 10,000 generated sources × 10 units, p50/p95 of the search operation with and without
 * filters, against a bare FTS5 MATCH (top 10 by bm25) on the same index in the same run.
 * EW_BENCH_SOURCES=N searches a smaller library; EW_BENCH_KEEP=1 keeps its data folder for inspection.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Extraction } from '../service/extract/extract';
import { searchSources } from '../service/operations/search';
import { transaction } from '../service/store/database';
import { publishRepresentation } from '../service/store/representations';
import { insertAsset } from '../service/store/source-versions';
import { Store } from '../service/store/store';

const SOURCES = Number(process.env.EW_BENCH_SOURCES ?? 10_000);
const UNITS = 10;
const WORDS_PER_UNIT = 80;
const QUERIES = 300;

/** A deterministic generator, so every run searches the same library. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tor',
  'vu',
  'sel',
  'dan',
  'pri',
  'zo',
  'mer',
  'tal',
  'quin',
  'bo',
];

function vocabulary(size: number, next: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(next() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

/** Zipf-like: low ranks much more often. */
function pick(words: string[], next: () => number): string {
  return words[Math.floor(words.length * next() ** 3)]!;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export async function benchSearch(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-search-'));
  const store = await Store.open(dir);
  const out: string[] = [];
  try {
    const next = random(42);
    const words = vocabulary(5000, next);
    const account = store.createAccount();
    const domains = ['ons.gov.uk', 'bbc.co.uk', 'example.com', 'blog.example.org', null];
    // Built in one transaction through the SQLite engine's own functions: thousands of separate commits,
    // each fsynced, would measure the disk, not the search.
    const db = Store.databaseForTests(store);
    let start = performance.now();
    transaction(db, () => {
      for (let s = 0; s < SOURCES; s++) {
        const domain = domains[s % domains.length]!;
        const { sourceVersion } = insertAsset(
          db,
          {
            account_id: account,
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
          true,
        );
        const units = Array.from({ length: UNITS }, (_, u) => ({
          kind: 'page' as const,
          index: u + 1,
          extraction_method: 'text_layer' as const,
          markdown: Array.from({ length: WORDS_PER_UNIT }, () => pick(words, next)).join(' '),
          figures: [],
        }));
        const extraction: Extraction = {
          format: 'pdf',
          state: 'complete',
          code: null,
          reason: null,
          extraction_method: 'text_layer',
          units,
          markdown: units.map((u) => u.markdown).join('\n\n'),
        };
        publishRepresentation(db, sourceVersion!.id, 'bench', extraction);
      }
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
