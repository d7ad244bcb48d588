import type Tesseract from 'tesseract.js';
import type { PageTable } from '../../../shared/api';
import type { TextRun } from '../types';
import { piecesOf, readTables, type ChunkLine, type Word } from './pdf-tables';
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
  /** Tables read from the alignment of the words (readers/pdf-tables.ts), boxes in page points. */
  tables: PageTable[];
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
  return { markdown, runs, tables: ocrTables(page, pointsPerPixel) };
}

/**
 * The tables among OCR's words: its lines by baseline, top to bottom (a line OCR cut at a column gap is one
 * row again), cut into pieces as a text layer's lines are, then read as a text layer's tables are.
 */
function ocrTables(page: Tesseract.Page, pointsPerPixel: number): PageTable[] {
  const rows: { by: number; size: number; words: Word[] }[] = [];
  for (const block of page.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines) {
        const words = line.words.filter((word) => word.text.trim() !== '');
        if (words.length === 0) continue;
        // The type size from the words' own heights (a row's height grows with what OCR joined into it).
        const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
        const height = Math.max(1, heights[Math.floor(heights.length / 2)]!);
        const by = (line.baseline?.y0 ?? line.bbox.y1) * pointsPerPixel;
        rows.push({
          by,
          // A word stands about three quarters of its type size high (capitals and digits).
          size: (height * pointsPerPixel) / 0.75,
          words: words.map((word) => ({
            text: word.text.trim(),
            x0: word.bbox.x0 * pointsPerPixel,
            x1: word.bbox.x1 * pointsPerPixel,
            y0: word.bbox.y0 * pointsPerPixel,
            y1: word.bbox.y1 * pointsPerPixel,
            item: rows.length,
          })),
        });
      }
  rows.sort((a, b) => a.by - b.by);
  const merged: typeof rows = [];
  for (const row of rows) {
    const last = merged.at(-1);
    if (last && Math.abs(row.by - last.by) <= 0.5 * Math.min(row.size, last.size)) {
      last.words.push(...row.words);
      last.size = Math.max(last.size, row.size);
    } else merged.push({ ...row, words: [...row.words] });
  }
  const lines: ChunkLine[] = merged.map((row) => ({
    by: row.by,
    size: row.size,
    chunks: piecesOf(row.words, row.size),
  }));
  return readTables(lines, 0, [], 'rough');
}

/** OCR of one image (PNG, JPEG, TIFF bytes) on the pool; concurrent calls run in parallel. */
export async function ocrImage(image: Uint8Array, pointsPerPixel: number): Promise<OcrText> {
  return layout(await recognizePage(image, 72 / pointsPerPixel), pointsPerPixel);
}
