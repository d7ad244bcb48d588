import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extract } from '../service/extract/extract';
import { pdfJsAssetFolders } from '../service/extract/readers/pdfjs-assets';
import { ocrScale, renderPage } from '../service/extract/readers/pdf';
import { openPdfium, pdfiumPageText, pdfiumRenderPage } from '../service/extract/readers/pdfium';

/**
 * `npx tsx scripts/pdf-engines.ts [DIR]`: the PDF engines side by side on this machine, in one run:
 * poppler's `pdftotext`, pdf.js `getTextContent` alone, the service's whole read (worker, pdf.js, layout,
 * figures, boxes) and PDFium (WebAssembly: every character with its box), on redp5110_sampled.pdf joined
 * 17 times with `pdfunite` (306 pages) and on every other corpus PDF: speed as a ratio to pdftotext, the share
 * of pdftotext's words each engine reads, and what each engine says of damaged and encrypted files.
 * Skips, saying so, when the corpus or poppler is absent.
 */

const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'pdf'));
if (!existsSync(dir)) {
  console.log(`skipped: no corpus at ${dir}`);
  process.exit(0);
}
if (spawnSync('pdfunite', ['-v']).error || spawnSync('pdftotext', ['-v']).error) {
  console.log('skipped: poppler-utils (pdfunite, pdftotext) is not installed');
  process.exit(0);
}

const now = () => performance.now();
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The share of `reference`'s words (as a multiset) that `text` holds too. */
function overlap(reference: string, text: string): number {
  const pool = new Map<string, number>();
  for (const w of words(text)) pool.set(w, (pool.get(w) ?? 0) + 1);
  let found = 0;
  const all = words(reference);
  for (const w of all) {
    const n = pool.get(w) ?? 0;
    if (n > 0) {
      found++;
      pool.set(w, n - 1);
    }
  }
  return all.length === 0 ? 1 : found / all.length;
}

async function pdfjsText(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    ...pdfJsAssetFolders(),
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    maxImageSize: 1,
    verbosity: 0,
  });
  const doc = await task.promise;
  const out: string[] = [];
  for (let index = 1; index <= doc.numPages; index++) {
    const page = await doc.getPage(index);
    const content = await page.getTextContent();
    out.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    page.cleanup();
  }
  await task.destroy();
  return out;
}

async function pdfiumText(bytes: Uint8Array): Promise<string[]> {
  const doc = await openPdfium(bytes);
  const out: string[] = [];
  try {
    // The reader's own path: every character's origin, box and Unicode value, grouped into items.
    for (let index = 1; index <= doc.pages; index++)
      out.push((await pdfiumPageText(doc, index)).items.map((item) => item.str).join(' '));
  } finally {
    doc.close();
  }
  return out;
}

function popplerText(path: string): string[] | string {
  const run = spawnSync('pdftotext', [path, '-'], { maxBuffer: 1 << 28, encoding: 'utf8' });
  if (run.status !== 0) return `pdftotext exit ${run.status}: ${run.stderr.trim().split('\n')[0] ?? ''}`;
  return run.stdout.split('\f').slice(0, -1);
}

async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const start = now();
  const value = await work();
  return [value, (now() - start) / 1000];
}

const tmp = mkdtempSync(join(tmpdir(), 'ew-engines-'));
try {
  const joined = join(tmp, 'redp5110x17.pdf');
  const source = join(dir, 'redp5110_sampled.pdf');
  spawnSync('pdfunite', [...Array.from({ length: 17 }, () => source), joined]);
  const bytes = new Uint8Array(readFileSync(joined));
  // Warm every engine once (module load, wasm compile), then time the second round of each.
  await pdfjsText(new Uint8Array(readFileSync(source)));
  await pdfiumText(new Uint8Array(readFileSync(source)));
  const [poppler, tPoppler] = await timed(() => popplerText(joined));
  const [, tPopplerBbox] = await timed(() =>
    spawnSync('pdftotext', ['-bbox', joined, '-'], { maxBuffer: 1 << 28 }),
  );
  const [pdfjs, tPdfjs] = await timed(() => pdfjsText(bytes));
  const [pdfium, tPdfium] = await timed(() => pdfiumText(bytes));
  const [service, tService] = await timed(() => extract(bytes, { filename: 'x.pdf' }, { ocr: 'off' }));
  const pages = pdfjs.length;
  if (typeof poppler === 'string') throw new Error(poppler);
  const popplerAll = poppler.join('\n');
  const serviceText = service.units.map((u) => u.markdown).join('\n');
  console.log(
    `## ${pages}-page document (redp5110_sampled.pdf × 17), ${(bytes.length / 1e6).toFixed(1)} MB\n`,
  );
  console.log('| engine | seconds | pages/s | ratio to pdftotext | share of pdftotext words |');
  console.log('|---|---|---|---|---|');
  const row = (name: string, t: number, text: string | null) =>
    console.log(
      `| ${name} | ${t.toFixed(2)} | ${(pages / t).toFixed(0)} | ${(tPoppler / t).toFixed(2)}× | ${text === null ? '' : `${(100 * overlap(popplerAll, text)).toFixed(1)}%`} |`,
    );
  row('pdftotext', tPoppler, null);
  row('pdftotext -bbox (words with boxes)', tPopplerBbox, null);
  row('pdf.js getTextContent (no layout)', tPdfjs, pdfjs.join('\n'));
  row("PDFium (the reader's items: text, every character placed)", tPdfium, pdfium.join('\n'));
  row(`service, whole read, PDFium + pdf.js (${service.state})`, tService, serviceText);

  console.log('\n## Every corpus PDF: what each engine says\n');
  console.log('| file | pdftotext | pdf.js (service) | PDFium | words: pdf.js / PDFium of pdftotext |');
  console.log('|---|---|---|---|---|');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()) {
    const path = join(dir, file);
    const data = new Uint8Array(readFileSync(path));
    const pop = popplerText(path);
    const popSays = typeof pop === 'string' ? pop.slice(0, 60) : `${pop.length} pages`;
    const read = await extract(data, { filename: file }, { ocr: 'off' });
    const ours = `${read.state}${read.code ? ` ${read.code}` : ''}`;
    let theirs: string;
    let pdfiumPages: string[] = [];
    try {
      pdfiumPages = await pdfiumText(data);
      theirs = `${pdfiumPages.length} pages`;
    } catch (error) {
      theirs = (error as Error).message;
    }
    const share =
      typeof pop === 'string'
        ? ''
        : `${(100 * overlap(pop.join('\n'), read.units.map((u) => u.markdown).join('\n'))).toFixed(0)}% / ${(100 * overlap(pop.join('\n'), pdfiumPages.join('\n'))).toFixed(0)}%`;
    console.log(`| ${file} | ${popSays} | ${ours} | ${theirs} | ${share} |`);
  }

  // Pages drawn for OCR: pdf.js on a canvas (RGBA PNG) against PDFium (grey PNG), the
  // same pages at the same scale, each drawn twice and the faster kept.
  console.log('\n## Pages drawn for OCR (300 dpi, PNG)\n');
  console.log('| page | pdf.js + canvas | PDFium | pdf.js ÷ PDFium |');
  console.log('|---|---|---|---|');
  const pdfjsModule = await import('pdfjs-dist/legacy/build/pdf.mjs');
  for (const [file, pages] of [
    ['scan-bad.pdf', 1],
    ['TAMReview.pdf', 3],
    ['redp5110_sampled.pdf', 3],
  ] as const) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const bytes = new Uint8Array(readFileSync(path));
    const task = pdfjsModule.getDocument({ data: new Uint8Array(bytes), ...pdfJsAssetFolders() });
    const doc = await task.promise;
    const fast = await openPdfium(bytes);
    for (let index = 1; index <= Math.min(pages, doc.numPages); index++) {
      const page = await doc.getPage(index);
      const size = page.getViewport({ scale: 1 });
      const best = async (work: () => Promise<unknown>) =>
        1000 * Math.min((await timed(work))[1], (await timed(work))[1]);
      const theirs = await best(() => renderPage(page));
      const ours = await best(() => pdfiumRenderPage(fast, index, size, ocrScale));
      console.log(
        `| ${file} p. ${index} | ${theirs.toFixed(0)} ms | ${ours.toFixed(0)} ms | ${(theirs / ours).toFixed(1)}× |`,
      );
    }
    fast.close();
    await task.destroy();
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
