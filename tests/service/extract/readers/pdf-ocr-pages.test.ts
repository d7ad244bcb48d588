import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { settle } from '../../../../service/extract/extract';
import { configureOcr, OcrEngine, ocrSettings, shutdownOcr } from '../../../../service/extract/readers/ocr';
import { reader, type PdfReadOptions } from '../../../../service/extract/readers/pdf';
import { sharePages, type ReadResult } from '../../../../service/extract/types';
import { buildPdf, type PdfPage } from '../fixtures/pdf';
import { textPicture } from '../fixtures/pdf-images';
import { readOptions } from './helpers';

// A scanned PDF's pages are recognised concurrently (a window of the OCR pool's workers) and published in
// page order: the same units, runs, figures, lost pages and progress as a read with one worker.

const SCANS = [
  ['Invoice total 4,321', 'Paid on 12 March 2024'],
  ['Revenue 1,234.5', 'Margin 12.5%'],
  ['Debt 9,876 million', 'Interest 4.25%'],
  ['Budget 2024 total 56,789', 'Growth 3.1%'],
];

const initial = ocrSettings();
let scanned: Uint8Array;

beforeAll(async () => {
  const scan = async (lines: readonly string[]): Promise<PdfPage> => {
    const picture = textPicture(lines, { width: 1400, size: 60 });
    const width = picture.width * 0.24;
    const height = picture.height * 0.24;
    return {
      images: [
        {
          x: 72,
          y: 500,
          width,
          height,
          pixels: { width: picture.width, height: picture.height },
          jpeg: await picture.jpeg(),
        },
      ],
    };
  };
  const pages = await Promise.all(SCANS.map(scan));
  // Four image-only pages, with a text page among them (published in its place, never ahead).
  scanned = buildPdf([
    pages[0] as PdfPage,
    pages[1] as PdfPage,
    { texts: [{ x: 72, y: 700, size: 12, text: 'Notes page 3: staff 250' }] },
    pages[2] as PdfPage,
    pages[3] as PdfPage,
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
  configureOcr(initial);
});

afterAll(async () => {
  await shutdownOcr();
  configureOcr(initial);
});

/** The `nth` recognition of a read (1-based, in the order pages are sent to OCR) fails with `message`. */
interface Failing {
  nth: number;
  message: string;
}

/** Reads `bytes` with the pool limited to `workers`; the progress events and the most recognitions at once. */
async function readWith(
  workers: number,
  bytes: Uint8Array,
  overrides: Partial<PdfReadOptions> = {},
  failing?: Failing,
): Promise<{ result: ReadResult; progress: number[]; most: number }> {
  configureOcr({ workers });
  const progress: number[] = [];
  const original = OcrEngine.prototype.recognize;
  let calls = 0;
  let running = 0;
  let most = 0;
  const spy = vi.spyOn(OcrEngine.prototype, 'recognize').mockImplementation(async function (
    this: OcrEngine,
    ...args: Parameters<OcrEngine['recognize']>
  ) {
    calls++;
    if (failing && calls === failing.nth) throw new Error(failing.message);
    running++;
    most = Math.max(most, running);
    try {
      return await original.apply(this, args);
    } finally {
      running--;
    }
  });
  try {
    const options: PdfReadOptions = {
      ...readOptions({ ocr: 'auto', onUnit: (unit) => progress.push(unit.index) }),
      ...overrides,
    };
    const result = await reader.read(bytes, 'pdf', options);
    return { result, progress, most };
  } finally {
    spy.mockRestore();
  }
}

describe('pdf reader: the pages of a scan read concurrently', () => {
  it('gives the same units, runs and figures, in page order, as one worker; progress in page order', async () => {
    const serial = await readWith(1, scanned);
    expect(serial.most).toBe(1);
    expect(serial.result.lost).toEqual([]);
    expect(serial.result.units.map((u) => [u.index, u.extraction_method])).toEqual([
      [1, 'ocr'],
      [2, 'ocr'],
      [3, 'text_layer'],
      [4, 'ocr'],
      [5, 'ocr'],
    ]);
    expect(serial.result.units[0]?.markdown).toContain('Invoice total 4,321');
    expect(serial.result.units[4]?.markdown).toContain('56,789');
    expect(serial.progress).toEqual([1, 2, 3, 4, 5]);

    const concurrent = await readWith(2, scanned);
    expect(concurrent.most).toBeLessThanOrEqual(2);
    expect(concurrent.result).toEqual(serial.result);
    expect(concurrent.progress).toEqual([1, 2, 3, 4, 5]);
    const settled = settle(serial.result);
    expect(settled.units.flatMap((u) => u.figures).length).toBeGreaterThan(0);
    expect(settle(concurrent.result)).toEqual(settled);
  });

  it('a page whose OCR fails mid-document is lost as ocr_unavailable; the others are read', async () => {
    const lostPage = {
      kind: 'page',
      index: 2,
      state: 'error',
      reason: 'OCR failed: recognition failed on this page',
      code: 'ocr_unavailable',
    };
    const results: { result: ReadResult; progress: number[] }[] = [];
    for (const workers of [1, 2]) {
      results.push(
        await readWith(workers, scanned, {}, { nth: 2, message: 'recognition failed on this page' }),
      );
    }
    for (const { result, progress } of results) {
      expect(result.lost).toEqual([lostPage]);
      expect(result.units.map((u) => u.index)).toEqual([1, 3, 4, 5]);
      expect(result.units.find((u) => u.index === 4)?.markdown).toContain('9,876');
      expect(progress).toEqual([1, 2, 3, 4, 5]);
    }
    expect(results[1]?.result).toEqual(results[0]?.result);
  });

  it('an engine that cannot start: no page after it is read with OCR, each lost with its message', async () => {
    const message = 'tesseract failed to start: no traineddata';
    for (const workers of [1, 2]) {
      const { result, progress } = await readWith(workers, scanned, {}, { nth: 1, message });
      expect(result.units.map((u) => u.index)).toEqual([3]);
      expect(result.lost).toEqual(
        [1, 2, 4, 5].map((index) => ({
          kind: 'page',
          index,
          state: 'error',
          reason: `OCR failed: ${message}`,
          code: 'ocr_unavailable',
        })),
      );
      expect(progress).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('a read sharing the pages with another thread keeps one page in flight (its share of the workers)', async () => {
    const whole = await readWith(1, scanned);
    const share = sharePages(2);
    // Pages 1 and 2 were taken by the other thread.
    share.claims[0] = 3;
    const { result, progress, most } = await readWith(2, scanned, { share });
    expect(most).toBe(1);
    expect(progress).toEqual([3, 4, 5]);
    expect(result.units).toEqual(whole.result.units.filter((u) => u.index >= 3));
  });

  it('the text ceiling names the page in order, as a page-by-page read does', async () => {
    const serial = await readWith(1, scanned).then((r) => r.result);
    const firstTwo = serial.units.slice(0, 2).reduce((n, u) => n + u.markdown.length, 0);
    const limit = firstTwo - 1;
    for (const workers of [1, 2]) {
      configureOcr({ workers });
      const progress: number[] = [];
      const reading = reader.read(
        scanned,
        'pdf',
        readOptions({ ocr: 'auto', limits: { maxTextChars: limit }, onUnit: (u) => progress.push(u.index) }),
      );
      await expect(reading).rejects.toMatchObject({
        code: 'source_too_large',
        reason: `text characters: observed at least ${firstTwo} by page 2 (limit ${limit})`,
      });
      expect(progress).toEqual([1, 2]);
    }
  });
});
