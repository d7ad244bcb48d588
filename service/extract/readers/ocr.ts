import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import type { TextRun } from '../types';

// OCR, offline: tesseract.js (its wasm core comes from node_modules/tesseract.js-core, the English data
// from node_modules/@tesseract.js-data/eng), nothing fetched at run time. One tesseract worker per
// document, created on the first page that needs it and terminated when the document is done.

/** What OCR read on one image: text in reading order and one run per word, boxes in page points. */
export interface OcrText {
  markdown: string;
  runs: TextRun[];
}

/** The dpi pages are rendered at for OCR, and the resolution an image without a known one is read at. */
export const OCR_DPI = 300;

const require = createRequire(import.meta.url);

/** The folder holding eng.traineddata.gz, as the installed @tesseract.js-data/eng package names it. */
function languageFolder(): string {
  try {
    const data = require('@tesseract.js-data/eng') as { langPath?: unknown };
    if (typeof data.langPath === 'string') return data.langPath;
  } catch {
    // fall through to the package's own layout
  }
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

/** A lazily started tesseract worker; `recognize` images, then `terminate`. */
export class OcrEngine {
  private worker: Promise<Tesseract.Worker> | null = null;
  private cacheDir: string | null = null;

  private start(): Promise<Tesseract.Worker> {
    if (this.worker === null) {
      // cacheMethod 'none' never reads or writes a cache; the folder is a belt for the braces.
      this.cacheDir = mkdtempSync(join(tmpdir(), 'ew-ocr-'));
      this.worker = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
        langPath: languageFolder(),
        gzip: true,
        cacheMethod: 'none',
        cachePath: this.cacheDir,
        logger: () => {},
        errorHandler: () => {},
      });
    }
    return this.worker;
  }

  /**
   * Reads `image` (PNG or JPEG bytes; TIFF where leptonica reads it). `pointsPerPixel` turns pixel boxes
   * into page points.
   */
  async recognize(image: Uint8Array, pointsPerPixel: number): Promise<OcrText> {
    const worker = await this.start();
    const result = await worker.recognize(Buffer.from(image), {}, { blocks: true, text: true });
    return layout(result.data, pointsPerPixel);
  }

  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    try {
      if (worker) await (await worker).terminate();
    } catch {
      // a worker that failed to start has nothing to stop
    } finally {
      if (this.cacheDir) rmSync(this.cacheDir, { recursive: true, force: true });
      this.cacheDir = null;
    }
  }
}

/** Words per line (joined by spaces), lines by '\n', blocks by a blank line; one run per word. */
export function layout(page: Tesseract.Page, pointsPerPixel: number): OcrText {
  let markdown = '';
  const runs: TextRun[] = [];
  for (const block of page.blocks ?? []) {
    let blockStarted = false;
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words.filter((word) => word.text.trim() !== '');
        if (words.length === 0) continue;
        if (markdown !== '') markdown += blockStarted ? '\n' : '\n\n';
        blockStarted = true;
        words.forEach((word, i) => {
          if (i > 0) markdown += ' ';
          const text = word.text.trim();
          const start = markdown.length;
          markdown += text;
          const { x0, y0, x1, y1 } = word.bbox;
          runs.push({
            start,
            end: markdown.length,
            x: x0 * pointsPerPixel,
            y: y0 * pointsPerPixel,
            width: Math.max(0, x1 - x0) * pointsPerPixel,
            height: Math.max(0, y1 - y0) * pointsPerPixel,
          });
        });
      }
    }
  }
  return { markdown, runs };
}

/** OCR of one image (PNG, JPEG, TIFF bytes) with its own engine, stopped when done. */
export async function ocrImage(image: Uint8Array, pointsPerPixel: number): Promise<OcrText> {
  const engine = new OcrEngine();
  try {
    return await engine.recognize(image, pointsPerPixel);
  } finally {
    await engine.terminate();
  }
}
