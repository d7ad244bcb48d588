/**
 * Extraction benchmarks: text-layer pages/s against poppler's `pdftotext` on the same file in the same run,
 * a 100k-cell xlsx (time and peak RSS, measured in a child process of its own), and OCR seconds per page.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from '../service/extract/extract';
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
      const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
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
