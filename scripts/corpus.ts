import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extract, type Extraction } from '../service/extract/extract';
import type { OcrMode } from '../service/extract/types';

/**
 * `npm run corpus [-- DIR]`: extracts the real third-party PDFs in `../shared/corpus/pdf` (or DIR) and checks
 * each against the result `corpus/README.md` says is correct. Prints one line per file and mode; exits 1 when
 * any disagrees, 0 when all agree, and says so plainly when the corpus is absent (it is not part of the repo).
 */

interface Expectation {
  file: string;
  ocr: OcrMode;
  says: string;
  check: (e: Extraction) => boolean;
}

const methods = (e: Extraction) => e.units.map((u) => u.extraction_method);
const every = (e: Extraction, method: string) => e.units.length > 0 && methods(e).every((m) => m === method);
const failedWith = (e: Extraction, code: string) => e.state === 'error' && e.code === code;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** The page indexes read with `method`, in order. */
const readWith = (e: Extraction, method: string) =>
  e.units.filter((u) => u.extraction_method === method).map((u) => u.index);
const lostPages = (e: Extraction, code: string) =>
  (e.lost ?? []).filter((part) => part.code === code).map((part) => part.index);
const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);
// A text layer read from a font without a Unicode map shows up as control or private-use characters inside
// words (a bullet drawn as one, standing alone, is harmless: redp5110's "►" reads as U+0002).
const undecoded = (e: Extraction) =>
  e.units.some((u) =>
    /(?![\n\t])[\p{Cc}\p{Co}](?=[^\s])|(?<=[^\s])(?![\n\t])[\p{Cc}\p{Co}]/u.test(u.markdown),
  );

/** "text_layer 1,23; ocr 2-22; lost 3 (ocr_unavailable)": what happened to each page, briefly. */
function pages(e: Extraction): string {
  const runs = (indexes: number[]) => {
    const out: string[] = [];
    for (const n of indexes) {
      const last = out.at(-1);
      const match = last ? /^(\d+)(?:-(\d+))?$/.exec(last) : null;
      if (match && Number(match[2] ?? match[1]) === n - 1) out[out.length - 1] = `${match[1]}-${n}`;
      else out.push(String(n));
    }
    return out.join(',');
  };
  const parts = [...new Set(methods(e))].map((m) => `${m} ${runs(readWith(e, m))}`);
  for (const code of new Set((e.lost ?? []).map((part) => part.code ?? part.state)))
    parts.push(
      `lost ${runs((e.lost ?? []).filter((p) => (p.code ?? p.state) === code).map((p) => p.index))} (${code})`,
    );
  return parts.join('; ') || '-';
}

const expectations: Expectation[] = [
  {
    file: 'TAMReview.pdf',
    ocr: 'auto',
    says: 'pages 1 and 23 text_layer; pages 2–22 ocr; never a figure from their text layer',
    check: (e) =>
      e.state === 'complete' &&
      same(readWith(e, 'text_layer'), [1, 23]) &&
      same(readWith(e, 'ocr'), range(2, 22)) &&
      !undecoded(e),
  },
  {
    file: 'TAMReview.pdf',
    ocr: 'off',
    says: 'pages 1 and 23 text_layer; pages 2–22 lost with a code (ocr_unavailable); partial',
    check: (e) =>
      e.state === 'partial' &&
      e.code === 'partial_extraction' &&
      same(readWith(e, 'text_layer'), [1, 23]) &&
      e.units.length === 2 &&
      same(lostPages(e, 'ocr_unavailable'), range(2, 22)),
  },
  {
    // Page 3's "Highlights" sidebar is set in a font without a usable Unicode map (pdf.js reads control
    // characters, pdftotext "(QKDQFH..."): that page is read with OCR, every other from its text layer.
    file: 'redp5110_sampled.pdf',
    ocr: 'auto',
    says: 'complete; text_layer on every page but 3 (its sidebar has no usable Unicode map: ocr)',
    check: (e) =>
      e.state === 'complete' &&
      same(readWith(e, 'text_layer'), [1, 2, ...range(4, 18)]) &&
      same(readWith(e, 'ocr'), [3]) &&
      !undecoded(e),
  },
  {
    file: 'redp5110_sampled.pdf',
    ocr: 'off',
    says: 'partial; text_layer on every page but 3, lost with ocr_unavailable',
    check: (e) =>
      e.state === 'partial' &&
      same(readWith(e, 'text_layer'), [1, 2, ...range(4, 18)]) &&
      same(lostPages(e, 'ocr_unavailable'), [3]),
  },
  {
    file: 'pdfminer-base.pdf',
    ocr: 'auto',
    says: 'complete, text_layer',
    check: (e) => e.state === 'complete' && every(e, 'text_layer'),
  },
  {
    file: 'empty_protected.pdf',
    ocr: 'auto',
    says: 'complete or empty_source, never source_encrypted',
    check: (e) => e.state === 'complete' || failedWith(e, 'empty_source'),
  },
  {
    file: 'issue3371.pdf',
    ocr: 'auto',
    says: 'error, source_encrypted',
    check: (e) => failedWith(e, 'source_encrypted'),
  },
  {
    file: 'issue6010_1.pdf',
    ocr: 'auto',
    says: 'error, source_encrypted',
    check: (e) => failedWith(e, 'source_encrypted'),
  },
  {
    file: 'pdfminer-rc4-40.pdf',
    ocr: 'auto',
    says: 'error, source_encrypted',
    check: (e) => failedWith(e, 'source_encrypted'),
  },
  {
    file: 'bug1020226.pdf',
    ocr: 'auto',
    says: 'error, source_corrupt',
    check: (e) => failedWith(e, 'source_corrupt'),
  },
  {
    file: 'REDHAT-1531897-0.pdf',
    ocr: 'auto',
    says: 'error, source_corrupt',
    check: (e) => failedWith(e, 'source_corrupt'),
  },
  {
    file: 'issue15590.pdf',
    ocr: 'auto',
    says: 'source_corrupt or empty_source, never complete',
    check: (e) => failedWith(e, 'source_corrupt') || failedWith(e, 'empty_source'),
  },
  {
    file: 'scan-bad.pdf',
    ocr: 'auto',
    says: 'text_layer (the page has a text layer)',
    check: (e) => e.state === 'complete' && every(e, 'text_layer'),
  },
  {
    file: 'scan-bad.pdf',
    ocr: 'force',
    says: 'ocr in force mode',
    check: (e) => e.state === 'complete' && every(e, 'ocr'),
  },
  {
    file: 'issue7229.pdf',
    ocr: 'auto',
    says: 'ocr on both pages',
    check: (e) => e.state === 'complete' && e.units.length === 2 && every(e, 'ocr'),
  },
  {
    file: 'issue7229.pdf',
    ocr: 'off',
    says: 'ocr_unavailable',
    check: (e) => e.state === 'error' && e.code === 'ocr_unavailable',
  },
];

const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'pdf'));
if (!existsSync(dir)) {
  console.log(`corpus: skipped, no corpus folder at ${dir}`);
  process.exit(0);
}

let disagreements = 0;
for (const expected of expectations) {
  const path = join(dir, expected.file);
  if (!existsSync(path)) {
    console.log(`MISSING ${expected.file}`);
    disagreements++;
    continue;
  }
  const started = performance.now();
  const result = await extract(
    new Uint8Array(readFileSync(path)),
    { filename: expected.file },
    { ocr: expected.ocr },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const ok = expected.check(result);
  if (!ok) disagreements++;
  const summary = `${result.state}${result.code ? `/${result.code}` : ''} units=${result.units.length} pages: ${pages(result)}`;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${expected.file} ocr=${expected.ocr}: ${summary} (${seconds}s) — expected ${expected.says}`,
  );
  if (!ok && result.reason) console.log(`     reason: ${result.reason}`);
}
console.log(
  disagreements === 0 ? `corpus: all ${expectations.length} agree` : `corpus: ${disagreements} disagree`,
);
process.exit(disagreements === 0 ? 0 : 1);
