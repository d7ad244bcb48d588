import type Tesseract from 'tesseract.js';
import type { TextRun } from '../types';
import { recognizePage } from './ocr-pool';

// OCR, offline: tesseract.js (its wasm core comes from node_modules/tesseract.js-core, the English data
// from node_modules/@tesseract.js-data/eng), nothing fetched at run time. The tesseract workers are a pool
// shared by every document read in this thread (ocr-pool.ts): warm from one page to the next, several
// pages at once over the cores, stopped when idle.

export { configureOcr, ocrSettings, prewarmOcr, shutdownOcr, type OcrPoolSettings } from './ocr-pool';

/** What OCR read on one image: text in reading order and one run per word, boxes in page points. */
export interface OcrText {
  markdown: string;
  runs: TextRun[];
}

/** The dpi pages are rendered at for OCR, and the resolution an image without a known one is read at. */
export const OCR_DPI = 300;

/**
 * One document's OCR: `recognize` images, then `terminate`. `recognize` may be called for several pages
 * at once (e.g. `Promise.all` over a window of pages): they are read in parallel on the pool's workers,
 * each with the result it would have alone.
 */
export class OcrEngine {
  private closed = false;

  /**
   * Reads `image` (PNG or JPEG bytes; TIFF where leptonica reads it). `pointsPerPixel` turns pixel boxes
   * into page points (and gives tesseract the image's resolution, 72 / pointsPerPixel dpi).
   */
  async recognize(image: Uint8Array, pointsPerPixel: number): Promise<OcrText> {
    if (this.closed) throw new Error('OCR engine used after terminate');
    const page = await recognizePage(image, 72 / pointsPerPixel);
    return layout(page, pointsPerPixel);
  }

  /** This document is done with OCR; the pool's workers stay warm for the next one until idle. */
  async terminate(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
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

/** OCR of one image (PNG, JPEG, TIFF bytes) on the pool; concurrent calls run in parallel. */
export async function ocrImage(image: Uint8Array, pointsPerPixel: number): Promise<OcrText> {
  return layout(await recognizePage(image, 72 / pointsPerPixel), pointsPerPixel);
}
