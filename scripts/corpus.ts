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

const expectations: Expectation[] = [
  {
    file: 'TAMReview.pdf',
    ocr: 'auto',
    says: 'complete, text_layer on every page',
    check: (e) => e.state === 'complete' && e.units.length === 23 && every(e, 'text_layer'),
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
  const summary = `${result.state}${result.code ? `/${result.code}` : ''} units=${result.units.length} methods=${[...new Set(methods(result))].join(',') || '-'}`;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${expected.file} ocr=${expected.ocr}: ${summary} (${seconds}s) — expected ${expected.says}`,
  );
  if (!ok && result.reason) console.log(`     reason: ${result.reason}`);
}
console.log(
  disagreements === 0 ? `corpus: all ${expectations.length} agree` : `corpus: ${disagreements} disagree`,
);
process.exit(disagreements === 0 ? 0 : 1);
