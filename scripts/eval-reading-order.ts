/**
 * `npm run eval:reading-order`: how close the service's page text comes to the order a person reads a PDF
 * page in, measured against pdftotext's reading order (poppler-utils): the share of pdftotext's word
 * 4-grams found in the service's text of the same page. Run over the corpus's PDFs (../shared/corpus: pdf/
 * and pdf-tables/) and over multi-column pages this script writes itself (two columns, three columns, a
 * sidebar, a title across the columns, footnotes), so every layout is measured even where the corpus has
 * none. Prints a table per document and the share over all multi-column pages; without pdftotext it says so
 * and exits 0.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from '../service/extract/extract';
import { layoutPages, variedPages } from './eval-reading-order-pages';

const CORPUS = join(import.meta.dirname, '..', '..', 'shared', 'corpus');

/** Lower-case words of letters and digits. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function grams(text: string): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  for (let i = 0; i + 4 <= w.length; i++) out.add(w.slice(i, i + 4).join(' '));
  return out;
}

interface PageScore {
  found: number;
  of: number;
}

function pdftotextPages(file: string): string[] | null {
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\f')
      .slice(0, -1);
  } catch {
    return null;
  }
}

async function pageTexts(file: string): Promise<Map<number, string>> {
  const result = await extract(new Uint8Array(readFileSync(file)), { filename: file }, { ocr: 'off' });
  return new Map(result.units.map((u) => [u.index, u.markdown]));
}

async function score(file: string): Promise<PageScore[] | null> {
  const reference = pdftotextPages(file);
  if (reference === null) return null;
  const ours = await pageTexts(file);
  return reference.map((text, i) => {
    const want = grams(text);
    const have = grams(ours.get(i + 1) ?? '');
    let found = 0;
    for (const g of want) if (have.has(g)) found++;
    return { found, of: want.size };
  });
}

const pct = (s: PageScore) => (s.of === 0 ? '–' : `${((100 * s.found) / s.of).toFixed(1)}%`);
const sum = (list: readonly PageScore[]): PageScore =>
  list.reduce((a, b) => ({ found: a.found + b.found, of: a.of + b.of }), { found: 0, of: 0 });

async function main(): Promise<number> {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    console.log('eval:reading-order skipped: pdftotext (poppler-utils) is not installed.');
    return 0;
  }
  const dir = mkdtempSync(join(tmpdir(), 'ew-reading-order-'));
  try {
    const rows: { name: string; layout: string; score: PageScore }[] = [];
    for (const page of layoutPages()) {
      const file = join(dir, `${page.name}.pdf`);
      writeFileSync(file, page.bytes);
      const pages = await score(file);
      if (pages) rows.push({ name: page.name, layout: page.layout, score: sum(pages) });
    }
    // Layouts drawn at random (held apart from the hand-made pages above, which the reader was built on).
    let rowsKept = 0;
    let rowsAll = 0;
    const varied: PageScore[] = [];
    for (const page of variedPages(7, 40)) {
      const file = join(dir, `${page.name}.pdf`);
      writeFileSync(file, page.bytes);
      const pages = await score(file);
      if (pages) varied.push(sum(pages));
      // A table's row is read as one line: its cells one after the other.
      const text = (await pageTexts(file)).get(1) ?? '';
      for (const row of page.rows) {
        rowsAll++;
        if (text.split('\n').some((line) => line.trim() === row.join(' '))) rowsKept++;
      }
    }
    for (const folder of ['pdf', join('pdf-tables', 'camelot'), join('pdf-tables', 'tabula')]) {
      const at = join(CORPUS, folder);
      if (!existsSync(at)) continue;
      for (const name of readdirSync(at)
        .filter((f) => f.endsWith('.pdf'))
        .sort()) {
        const pages = await score(join(at, name));
        if (pages) rows.push({ name: `${folder}/${name}`, layout: 'corpus', score: sum(pages) });
      }
    }
    console.log('# Reading order against pdftotext (share of its word 4-grams in the service’s page text)\n');
    console.log('| document | layout | 4-grams | found |');
    console.log('|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.name} | ${r.layout} | ${r.score.of} | ${pct(r.score)} |`);
    const multi = sum(
      rows.filter((r) => r.layout !== 'corpus' && r.layout !== 'one column').map((r) => r.score),
    );
    console.log(`\n**Multi-column pages: ${pct(multi)} of pdftotext's 4-grams** (target ≥ 95%)`);
    console.log(
      `**${varied.length} pages of layouts drawn at random: ${pct(sum(varied))} of pdftotext's 4-grams; ` +
        `table rows read as one line: ${rowsKept} of ${rowsAll}**`,
    );
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
