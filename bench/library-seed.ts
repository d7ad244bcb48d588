import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Extraction } from '../service/extract/extract';
import { transaction } from '../service/store/database';
import { publishRepresentation } from '../service/store/representations';
import { insertAsset } from '../service/store/source-versions';

// The synthetic library the search benchmarks read (bench/search.ts in the service, bench/search-ui.ts in
// Chromium): deterministic words, domains, years and types, written in one transaction through the SQLite
// engine's own functions (thousands of separate commits, each fsynced, would measure the disk).

/** A deterministic generator, so every run searches the same library. */
export function random(seed: number): () => number {
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

/** `size` distinct made-up words. */
export function vocabulary(size: number, next: () => number): string[] {
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
export function pick(words: readonly string[], next: () => number): string {
  return words[Math.floor(words.length * next() ** 3)]!;
}

/** The `p`th percentile (0–100) of `xs` by rank. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export const SEED_DOMAINS = ['ons.gov.uk', 'bbc.co.uk', 'example.com', 'blog.example.org', null] as const;

export interface SeedOptions {
  account: string;
  sources: number;
  units: number;
  wordsPerUnit: number;
  words: readonly string[];
  next: () => number;
  /** What the sources are: PDFs (the service bench) or text files (the workbench opens them). */
  format: 'pdf' | 'text';
}

/** Writes `sources` retained sources of `units` pages each, with a published representation, in one transaction. */
export function seedLibrary(db: DatabaseSync, o: SeedOptions): void {
  const pdf = o.format === 'pdf';
  transaction(db, () => {
    for (let s = 0; s < o.sources; s++) {
      const domain = SEED_DOMAINS[s % SEED_DOMAINS.length]!;
      const { sourceVersion } = insertAsset(
        db,
        {
          account_id: o.account,
          sha256: createHash('sha256').update(`source ${s}`).digest('hex'),
          byte_length: 1000,
          filename: `source-${s}.${pdf ? 'pdf' : 'txt'}`,
          media_type: pdf ? 'application/pdf' : 'text/plain',
          title: `${pick(o.words, o.next)} ${pick(o.words, o.next)} report ${s}`,
          url: domain ? `https://${domain}/doc/${s}` : null,
          domain,
          publication_year: 2000 + (s % 27),
          source_type: s % 3 === 0 ? 'Report' : 'Article',
          is_primary_source: s % 4 === 0 ? 1 : 0,
        },
        true,
      );
      const units = Array.from({ length: o.units }, (_, u) => ({
        kind: 'page' as const,
        index: u + 1,
        extraction_method: 'text_layer' as const,
        markdown: Array.from({ length: o.wordsPerUnit }, () => pick(o.words, o.next)).join(' '),
        figures: [],
      }));
      const extraction: Extraction = {
        format: o.format,
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
}
