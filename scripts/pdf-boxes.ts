import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extract } from '../service/extract/extract';

/**
 * `npx tsx scripts/pdf-boxes.ts [DIR or PDF ...]`: the share of figure boxes on the text pages of the PDFs in
 * `../shared/corpus/pdf` (or the folders and files given) that overlap a word `pdftotext -bbox` places the same
 * digits in. Lists every box that misses. Says so and exits 0 when the corpus or pdftotext is absent.
 */

interface Word {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  digits: string;
}

const targets = process.argv.slice(2);
const defaults = [join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'pdf')];
const files = (targets.length > 0 ? targets : defaults).flatMap((target) => {
  const path = resolve(target);
  if (!existsSync(path)) return [];
  return statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => join(path, f))
    : [path];
});
if (files.length === 0) {
  console.log(`skipped: no PDFs at ${(targets.length > 0 ? targets : defaults).join(', ')}`);
  process.exit(0);
}
if (spawnSync('pdftotext', ['-v']).error) {
  console.log('skipped: pdftotext (poppler-utils) is not installed');
  process.exit(0);
}

/** pdftotext's words with their boxes, by page (1-based). */
function popplerWords(path: string): Map<number, Word[]> {
  const run = spawnSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const pages = new Map<number, Word[]>();
  if (run.status !== 0) return pages;
  let page = 0;
  for (const line of run.stdout.split('\n')) {
    if (line.includes('<page ')) pages.set(++page, []);
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m)
      pages.get(page)?.push({
        x0: Number(m[1]),
        y0: Number(m[2]),
        x1: Number(m[3]),
        y1: Number(m[4]),
        digits: (m[5] ?? '').replace(/\D/g, ''),
      });
  }
  return pages;
}

let total = 0;
let hits = 0;
let unmatched = 0;
for (const path of files) {
  const read = await extract(new Uint8Array(readFileSync(path)), { filename: path }, { ocr: 'off' });
  const words = popplerWords(path);
  let fileTotal = 0;
  let fileHits = 0;
  for (const unit of read.units) {
    if (unit.extraction_method !== 'text_layer') continue;
    const pageWords = words.get(unit.index) ?? [];
    for (const figure of unit.figures) {
      const box = figure.position;
      const digits = figure.raw.replace(/\D/g, '');
      if (box.kind !== 'box' || digits === '') continue;
      // Words holding the figure's digits (a figure may span words: "1 234"; then any of its pieces).
      const holding = pageWords.filter(
        (w) => w.digits !== '' && (w.digits.includes(digits) || digits.includes(w.digits)),
      );
      if (holding.length === 0) {
        unmatched++;
        continue;
      }
      fileTotal++;
      const over = holding.some(
        (w) => box.x < w.x1 && box.x + box.width > w.x0 && box.y < w.y1 && box.y + box.height > w.y0,
      );
      if (over) fileHits++;
      else {
        const near = holding
          .map((w) => ({ w, d: Math.hypot(w.x0 - box.x, w.y0 - box.y) }))
          .sort((a, b) => a.d - b.d)[0];
        console.log(
          `miss ${path.split('/').pop()} p${unit.index} "${figure.raw}": box x ${box.x.toFixed(1)}–${(box.x + box.width).toFixed(1)} y ${box.y.toFixed(1)}–${(box.y + box.height).toFixed(1)}; nearest word x ${near?.w.x0.toFixed(1)}–${near?.w.x1.toFixed(1)} y ${near?.w.y0.toFixed(1)}–${near?.w.y1.toFixed(1)}`,
        );
      }
    }
  }
  total += fileTotal;
  hits += fileHits;
  if (fileTotal > 0) console.log(`${path.split('/').pop()}: ${fileHits} of ${fileTotal} boxes on their word`);
}
console.log(
  `\n${hits} of ${total} figure boxes overlap the pdftotext -bbox word holding their digits: ${total === 0 ? '-' : ((100 * hits) / total).toFixed(1)}% (target ≥ 99%); ${unmatched} figures whose digits no pdftotext word holds, not counted`,
);
