/**
 * `npm run bench -- ocr`: OCR seconds per page, the service beside Debian's `tesseract` command line
 * (`OMP_THREAD_LIMIT=1`, one thread) on the same 200-dpi image in the same run, and a 20-page scan read on
 * all cores against 20 × the page time. Skipped with a message when `tesseract` is not installed
 * (apt-get install tesseract-ocr). The dense page is drawn here (two columns of 10-point text at 200 dpi,
 * about 1,000 words); page 1 of a paper of the corpus (../shared/corpus/pdf/TAMReview.pdf, rendered by
 * `pdftoppm -r 200`) is measured beside it when the corpus and poppler are there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { extract } from '../service/extract/extract';
import { configureOcr, ocrImage, OcrEngine, ocrSettings, shutdownOcr } from '../service/extract/readers/ocr';
import { median } from './reference';

const DPI = 200;
const ROUNDS = 3;
const SCAN_PAGES = 20;
const CORPUS_PAPER = fileURLToPath(new URL('../../shared/corpus/pdf/TAMReview.pdf', import.meta.url));

const WORDS = (
  'the revenue of agency rose by to million in year budget report growth from while spending fell per ' +
  'cent share debt interest rate public sector during quarter compared with last'
).split(' ');

/** A letter page at 200 dpi: two columns of 10-point text, a figure in about every seventh word. */
export async function densePage(seed = 7): Promise<Uint8Array> {
  const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
  const require = createRequire(import.meta.url);
  const fonts = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
  GlobalFonts.registerFromPath(join(fonts, 'LiberationSans-Regular.ttf'), 'BenchSans');
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const canvas = createCanvas(1700, 2200);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 1700, 2200);
  context.fillStyle = '#000000';
  context.font = '27px BenchSans';
  for (const left of [150, 880])
    for (let y = 200; y < 2050; y += 34) {
      let line = '';
      for (;;) {
        const r = random();
        const word =
          r < 0.15
            ? (random() * 10000).toFixed(r < 0.07 ? 1 : 0) + (r < 0.03 ? '%' : '')
            : (WORDS[Math.floor(random() * WORDS.length)] ?? 'the');
        const next = line ? `${line} ${word}` : word;
        if (context.measureText(next).width > 670) break;
        line = next;
      }
      context.fillText(line, left, y);
    }
  return new Uint8Array(await canvas.encode('png'));
}

function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}

/** The command line on one thread (with Debian's data, or the data in `tessdata`); null when it fails. */
function tesseractCli(path: string, tessdata?: string): { seconds: number; words: number } | null {
  const start = performance.now();
  const data = tessdata ? ['--tessdata-dir', tessdata] : [];
  const run = spawnSync('tesseract', [path, '-', '--dpi', String(DPI), ...data], {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const took = seconds(start);
  if (run.error || run.status !== 0) return null;
  return { seconds: took, words: run.stdout.split(/\s+/).filter(Boolean).length };
}

/** The service's own model (LSTM-only English, best_int) for the command line, unpacked into `dir`. */
async function serviceModel(dir: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  const gz = await readFile(join(root, '4.0.0_best_int', 'eng.traineddata.gz'));
  const folder = join(dir, 'tessdata');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'eng.traineddata'), gunzipSync(gz));
  return folder;
}

async function pagePair(
  label: string,
  png: Uint8Array,
  dir: string,
  model: string,
  out: string[],
): Promise<number | null> {
  const path = join(dir, `${label.replace(/\W+/g, '-')}.png`);
  await writeFile(path, png);
  const ours: number[] = [];
  const theirs: number[] = [];
  const sameModel: number[] = [];
  let words = 0;
  let cliWords = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const cli = tesseractCli(path);
    if (!cli) return null;
    theirs.push(cli.seconds);
    cliWords = cli.words;
    const same = tesseractCli(path, model);
    if (same) sameModel.push(same.seconds);
    const start = performance.now();
    const text = await ocrImage(png, 72 / DPI);
    ours.push(seconds(start));
    words = text.runs.length;
  }
  const page = median(ours);
  const ref = median(theirs);
  const native = sameModel.length > 0 ? median(sameModel).toFixed(2) : 'failed';
  out.push(
    `| ${label} | ${page.toFixed(2)} (${words} words) | ${ref.toFixed(2)} (${cliWords} words) | ${(page / ref).toFixed(2)}× | ${native} |`,
  );
  return page;
}

export async function benchOcr(): Promise<string[]> {
  const out: string[] = [
    '## OCR (tesseract.js in the service beside Debian tesseract, same image, same run)\n',
  ];
  const probe = spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    out.push(
      'skipped: `tesseract` is not installed (apt-get install tesseract-ocr), nothing to compare with',
    );
    return out;
  }
  const version = /tesseract\s+(\S+)/.exec(`${probe.stdout}${probe.stderr}`)?.[1] ?? '?';
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-ocr-'));
  const cores = availableParallelism();
  const before = ocrSettings();
  try {
    const dense = await densePage();
    // The first page after start: a fresh extraction thread, the image reader, a tesseract worker started.
    let start = performance.now();
    const cold = await extract(dense, { filename: 'scan.png' }, { ocr: 'force' });
    const coldSeconds = seconds(start);
    // Warm the pool of this process (the reader's thread above has its own, gone with the thread).
    await ocrImage(dense, 72 / DPI);

    out.push(`tesseract ${version}, OMP_THREAD_LIMIT=1; the service warm (its pool of workers started)\n`);
    out.push(
      "| page, 200 dpi | service s/page | tesseract s/page | ratio (target ≤ 1.2×) | tesseract, the service's model |",
      '|---|---|---|---|---|',
    );
    const model = await serviceModel(dir);
    const page = await pagePair('dense two-column page (drawn)', dense, dir, model, out);
    if (page === null) {
      out.push('tesseract failed on the page: no ratio');
      return out;
    }
    if (existsSync(CORPUS_PAPER) && spawnSync('pdftoppm', ['-v']).status === 0) {
      const prefix = join(dir, 'paper');
      const render = spawnSync('pdftoppm', [
        '-r',
        String(DPI),
        '-f',
        '1',
        '-l',
        '1',
        '-png',
        CORPUS_PAPER,
        prefix,
      ]);
      const rendered = join(dir, 'paper-01.png');
      if (render.status === 0 && existsSync(rendered))
        await pagePair(
          'TAMReview.pdf page 1 (pdftoppm -r 200)',
          new Uint8Array(await readFile(rendered)),
          dir,
          model,
          out,
        );
    } else out.push('| corpus paper | skipped: ../shared/corpus or pdftoppm absent | | | |');
    out.push(
      "\n(last column: the command line on one thread with the service's LSTM-only best_int English model " +
        "instead of Debian's smaller tessdata_fast one: the engine's share of the ratio apart from the model's)",
    );
    out.push(
      `\nfirst page after start, through extract() (thread, reader, worker start): ${coldSeconds.toFixed(2)} s (${cold.state})`,
    );

    // A 20-page scan: every page handed to the engine at once, read on all cores.
    configureOcr({ workers: cores });
    const pages = await Promise.all(Array.from({ length: SCAN_PAGES }, (_, i) => densePage(100 + i)));
    const engine = new OcrEngine();
    await Promise.all(Array.from({ length: cores }, () => engine.recognize(pages[0] ?? dense, 72 / DPI)));
    start = performance.now();
    const cpu = process.cpuUsage();
    const read = await Promise.all(pages.map((png) => engine.recognize(png, 72 / DPI)));
    const wall = seconds(start);
    const used = process.cpuUsage(cpu);
    const busy = (used.user + used.system) / 1e6 / wall;
    await engine.terminate();
    const words = read.reduce((n, text) => n + text.runs.length, 0);
    const serial = SCAN_PAGES * page;
    out.push(
      `\n${SCAN_PAGES}-page scan (${words} words) on ${cores} workers: ${wall.toFixed(1)} s wall; ` +
        `${SCAN_PAGES} × page time = ${serial.toFixed(1)} s; ÷ cores = ${(serial / cores).toFixed(1)} s; ` +
        `speed-up ${(serial / wall).toFixed(2)}× (ideal ${cores}×); this process kept ${busy.toFixed(2)} cores busy ` +
        `on average (below ${cores}: the cores were shared with other work)`,
    );
  } finally {
    configureOcr(before);
    await shutdownOcr();
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  for (const line of await benchOcr()) console.log(line);
