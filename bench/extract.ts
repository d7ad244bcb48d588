/**
 * Extraction benchmarks: text-layer pages/s against poppler's `pdftotext` on the same file in the same run
 * (a generated 300-page PDF, and a real one: redp5110_sampled.pdf from ../shared/corpus joined 17 times with
 * `pdfunite`), a 100k-cell xlsx (time and peak RSS, measured in a child process of its own), and OCR seconds
 * per page. `npx tsx bench/extract.ts --real-pdf` runs only the real document (`npm run bench:pdf`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract, processPool } from '../service/extract/extract';
import { pdfiumLayer } from '../service/extract/readers/pdf';
import { openPdfium, pdfiumPageText } from '../service/extract/readers/pdfium';
import { pdfJsAssetFolders } from '../service/extract/readers/pdfjs-assets';
import { largeXlsx, textPdf } from './documents';

const PDF_PAGES = 300;
const XLSX_ROWS = 10_001; // a header row + 10,000 rows of 10 cells
const XLSX_COLS = 10;

function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}

/** Child mode: extract one file and report time and this process's peak RSS (includes the worker). */
async function child(path: string, filename: string): Promise<void> {
  const bytes = new Uint8Array(await readFile(path));
  const start = performance.now();
  const result = await extract(bytes, { filename }, { ocr: 'off' });
  const cells = result.units.reduce((n, unit) => n + (unit.sheet?.cells.length ?? 0), 0);
  process.stdout.write(
    JSON.stringify({
      seconds: seconds(start),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      state: result.state,
      code: result.code,
      cells,
    }) + '\n',
  );
}

/**
 * Child mode for the real document: the service started (its warm threads ready), then one read of the
 * file read with OCR off (the text layer, what pdftotext reads; OCR of its 17 picture pages is the OCR
 * benchmark's): seconds, time to the first page's progress event, peak RSS.
 */
async function realChild(path: string, parallel: boolean): Promise<void> {
  const bytes = new Uint8Array(await readFile(path));
  await processPool().whenWarm();
  const read = async () => {
    const start = performance.now();
    let first = 0;
    const result = await extract(
      new Uint8Array(bytes),
      { filename: 'real.pdf' },
      {
        ocr: 'off',
        worker: parallel ? {} : { parallelMinBytes: Infinity },
        onUnit: () => void (first ||= performance.now() - start),
      },
    );
    return { seconds: seconds(start), first, result };
  };
  const once = await read();
  // The same document again, as the next document of a burst of imports: the threads warm from the first.
  const again = await read();
  const { result } = once;
  process.stdout.write(
    JSON.stringify({
      seconds: once.seconds,
      again: again.seconds,
      firstMs: once.first,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      state: result.state,
      pages: result.units.length + (result.lost?.length ?? 0),
      figures: result.units.reduce((n, unit) => n + unit.figures.length, 0),
    }) + '\n',
  );
  process.exit(0);
}

const CORPUS_PDF = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'shared', 'corpus', 'pdf');

/**
 * The real document: redp5110_sampled.pdf joined 17 times (306 pages) with pdfunite, read by the service
 * (in a child process, for its peak RSS) in parallel page ranges and on one thread, against `pdftotext` on
 * the same file in the same run. Skipped, saying why, without the corpus or poppler.
 */
export async function benchRealPdf(): Promise<string[]> {
  const source = join(CORPUS_PDF, 'redp5110_sampled.pdf');
  const title = '## Real document: redp5110_sampled.pdf × 17 (pdfunite)\n';
  if (!existsSync(source))
    return [title, `skipped: ${source} is absent (the corpus is not part of the repo)`];
  if (spawnSync('pdfunite', ['-v']).error || spawnSync('pdftotext', ['-v']).error)
    return [title, 'skipped: pdfunite or pdftotext is not installed (apt-get install poppler-utils)'];
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-real-'));
  try {
    const path = join(dir, 'redp5110x17.pdf');
    const joined = spawnSync('pdfunite', [...Array.from({ length: 17 }, () => source), path]);
    if (joined.status !== 0) return [title, `skipped: pdfunite failed: ${String(joined.stderr)}`];
    const self = fileURLToPath(import.meta.url);
    const child = (mode: 'parallel' | 'serial') => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--real-child', path, mode], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
      return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as {
        seconds: number;
        again: number;
        firstMs: number;
        peakRssMb: number;
        state: string;
        pages: number;
        figures: number;
      };
    };
    const poppler = () => {
      const start = performance.now();
      const run = spawnSync('pdftotext', [path, '-'], { maxBuffer: 1 << 28 });
      if (run.status !== 0) throw new Error(`pdftotext failed: ${String(run.stderr)}`);
      return seconds(start);
    };
    // pdftotext before and after the service's reads: the machine's load is the same for both.
    const before = poppler();
    const parallel = child('parallel');
    const serial = child('serial');
    const theirs = Math.min(before, poppler());
    const pages = parallel.pages;
    const out = [
      title.replace('\n', ` — ${pages} pages, ${((await readFile(path)).length / 1e6).toFixed(1)} MB\n`),
    ];
    out.push(
      '| reader | seconds | pages/s | ratio to pdftotext | first page | read again (ratio) | peak RSS |',
      '|---|---|---|---|---|---|---|',
    );
    for (const [name, r] of [
      ['workbench, pages shared by the warm threads', parallel],
      ['workbench, one thread', serial],
    ] as const)
      out.push(
        `| ${name} (${r.state}, ${r.figures} figures) | ${r.seconds.toFixed(2)} | ${(pages / r.seconds).toFixed(0)} | ${(theirs / r.seconds).toFixed(2)}× | ${r.firstMs.toFixed(0)} ms | ${r.again.toFixed(2)} s (${(theirs / r.again).toFixed(2)}×) | ${r.peakRssMb.toFixed(0)} MB |`,
      );
    out.push(`| pdftotext (poppler) | ${theirs.toFixed(2)} | ${(pages / theirs).toFixed(0)} | 1.00× | | | |`);
    out.push(
      `\nratio to pdftotext: ${(theirs / parallel.seconds).toFixed(2)}× (target ≥ 1.0×); peak RSS is the child process's (service, warm threads and reading threads)`,
    );
    const tables = await tablesShare(path);
    out.push(
      `reading tables: ${tables.tables} tables on ${tables.pages} pages, ${tables.seconds.toFixed(2)} s of page layout, ` +
        `${((100 * tables.seconds) / serial.seconds).toFixed(1)}% of the one-thread read (target ≤ 15%)`,
    );
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What reading tables costs: each page's layout built from PDFium's text with and without its tables,
 * in this process, the text read once. The difference, summed over the pages, is the tables' share.
 */
async function tablesShare(path: string): Promise<{ seconds: number; tables: number; pages: number }> {
  const doc = await openPdfium(new Uint8Array(await readFile(path)));
  try {
    let without = 0;
    let withTables = 0;
    let tables = 0;
    for (let index = 1; index <= doc.pages; index++) {
      const text = await pdfiumPageText(doc, index);
      // Each twice, the first to warm up, so the order of the two reads does not count.
      for (const round of [0, 1]) {
        let start = performance.now();
        pdfiumLayer(text, { tables: false });
        if (round === 1) without += performance.now() - start;
        start = performance.now();
        const read = pdfiumLayer(text);
        if (round === 1) {
          withTables += performance.now() - start;
          tables += read.layer.tables.length;
        }
      }
    }
    return { seconds: Math.max(0, withTables - without) / 1000, tables, pages: doc.pages };
  } finally {
    doc.close();
  }
}

async function ocrPage(): Promise<Uint8Array> {
  const { createCanvas } = await import('@napi-rs/canvas');
  // A letter page at 200 dpi with 30 lines of text: what a phone or office scanner gives.
  const canvas = createCanvas(1700, 2200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 1700, 2200);
  ctx.fillStyle = '#000';
  ctx.font = '34px sans-serif';
  for (let line = 0; line < 30; line++)
    ctx.fillText(
      `Line ${line + 1}: operating income rose ${line + 3}% to $${(line + 1) * 137},${200 + line} million.`,
      120,
      160 + line * 64,
    );
  return new Uint8Array(canvas.toBuffer('image/png'));
}

export async function benchExtraction(): Promise<string[]> {
  const out: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-extract-'));
  try {
    // 1. Text layer vs pdftotext.
    const pdf = textPdf(PDF_PAGES);
    const pdfPath = join(dir, 'text.pdf');
    await writeFile(pdfPath, pdf);
    let start = performance.now();
    const read = await extract(pdf, { filename: 'text.pdf' }, { ocr: 'auto' });
    const ours = seconds(start);
    const figures = read.units.reduce((n, unit) => n + unit.figures.length, 0);
    out.push(`## Text-layer extraction, ${PDF_PAGES}-page PDF (${(pdf.length / 1e6).toFixed(1)} MB)\n`);
    out.push(`| reader | seconds | pages/s |`, `|---|---|---|`);
    out.push(
      `| workbench (sniff, worker, pdf.js, figures: ${figures}) — ${read.state} | ${ours.toFixed(2)} | ${(PDF_PAGES / ours).toFixed(1)} |`,
    );
    // pdf.js's own text layer alone, in this process, second run (warm): the ceiling for any pdf.js reader.
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    let bare = 0;
    for (let round = 0; round < 2; round++) {
      start = performance.now();
      const task = pdfjs.getDocument({
        data: new Uint8Array(pdf),
        ...pdfJsAssetFolders(),
        useSystemFonts: false,
        disableFontFace: true,
        useWorkerFetch: false,
        verbosity: 0,
      });
      const doc = await task.promise;
      for (let index = 1; index <= doc.numPages; index++) {
        const page = await doc.getPage(index);
        await page.getTextContent();
        page.cleanup();
      }
      await task.destroy();
      bare = seconds(start);
    }
    out.push(
      `| pdf.js getTextContent only (warm, no worker, no layout or figures) | ${bare.toFixed(2)} | ${(PDF_PAGES / bare).toFixed(1)} |`,
    );
    start = performance.now();
    const poppler = spawnSync('pdftotext', ['-layout', pdfPath, '-'], { maxBuffer: 1 << 28 });
    const theirs = seconds(start);
    if (poppler.error || poppler.status !== 0) {
      out.push(`| pdftotext | not installed (apt-get install poppler-utils): no ratio | |`);
    } else {
      out.push(`| pdftotext -layout (poppler) | ${theirs.toFixed(2)} | ${(PDF_PAGES / theirs).toFixed(1)} |`);
      out.push(
        `\nratio to pdftotext: ${(theirs / ours).toFixed(2)}× (target ≥ 0.5×); pdf.js text layer alone: ${(theirs / bare).toFixed(2)}×`,
      );
    }

    out.push('');
    out.push(...(await benchRealPdf()));

    // 2. 100k-cell xlsx, in a process of its own so peak RSS is the extraction's.
    const xlsx = largeXlsx(XLSX_ROWS, XLSX_COLS);
    const xlsxPath = join(dir, 'large.xlsx');
    await writeFile(xlsxPath, xlsx);
    const self = fileURLToPath(import.meta.url);
    const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', xlsxPath, 'large.xlsx'], {
      encoding: 'utf8',
    });
    out.push(`\n## xlsx, ${XLSX_ROWS * XLSX_COLS} cells (${(xlsx.length / 1e6).toFixed(1)} MB)\n`);
    if (run.status !== 0) out.push(`child failed: ${run.stderr}`);
    else {
      const r = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as {
        seconds: number;
        peakRssMb: number;
        state: string;
        cells: number;
      };
      out.push(
        `${r.state}, ${r.cells} cells: ${r.seconds.toFixed(2)} s (target ≤ 3 s), peak RSS ${r.peakRssMb.toFixed(0)} MB (target ≤ 500 MB; whole process incl. runtime)`,
      );
    }

    // 3. OCR seconds per page.
    const png = await ocrPage();
    const rounds: number[] = [];
    let state = '';
    for (let round = 0; round < 2; round++) {
      start = performance.now();
      const ocr = await extract(png, { filename: 'scan.png' }, { ocr: 'auto' });
      rounds.push(seconds(start));
      state = `${ocr.state}, ${ocr.units[0]?.figures.length ?? 0} figures`;
    }
    out.push(`\n## OCR, one 1700×2200 page of 30 lines (tesseract.js, eng)\n`);
    out.push(`${Math.min(...rounds).toFixed(2)} s/page (best of ${rounds.length}; ${state})`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] ?? '', process.argv[4] ?? '');
}
if (process.argv[2] === '--real-child') {
  await realChild(process.argv[3] ?? '', process.argv[4] === 'parallel');
}
if (process.argv[2] === '--real-pdf') {
  for (const line of await benchRealPdf()) console.log(line);
}
