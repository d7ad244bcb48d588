import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  configureOcr,
  ocrImage,
  OcrEngine,
  ocrSettings,
  shutdownOcr,
} from '../../../../service/extract/readers/ocr';
import { ocrThreads } from '../../../../service/extract/readers/ocr-pool';
import { textPicture } from '../fixtures/pdf-images';

// The OCR pool: pages read at once give what each gives alone, a worker that dies is replaced, and an
// idle pool never keeps the process alive.

const PAGES = [
  ['Revenue 1,234.5', 'Margin 12.5%'],
  ['Debt 9,876 million', 'Interest 4.25%'],
  ['Budget 2024 total 56,789', 'Growth 3.1%'],
];

const PPP = 72 / 300;
const initial = ocrSettings();

afterAll(async () => {
  await shutdownOcr();
  configureOcr(initial);
});

describe('OCR pool', () => {
  it('pages read concurrently give the same text and boxes as read one by one', async () => {
    configureOcr({ workers: 2 });
    const images = await Promise.all(PAGES.map((lines) => textPicture(lines).png()));
    const serial = [];
    for (const image of images) serial.push(await ocrImage(image, PPP));
    expect(serial.map((s) => s.markdown)).toEqual(PAGES.map((lines) => lines.join('\n')));
    const engine = new OcrEngine();
    const concurrent = await Promise.all([...images, ...images].map((image) => engine.recognize(image, PPP)));
    await engine.terminate();
    expect(concurrent).toEqual([...serial, ...serial]);
    expect(ocrThreads().length).toBeLessThanOrEqual(2);
  });

  it('a worker that dies fails the page it was reading, and the next page gets a new worker', async () => {
    configureOcr({ workers: 1 });
    const image = await textPicture(PAGES[0] ?? []).png();
    const before = await ocrImage(image, PPP);
    const [first] = ocrThreads();
    if (!first) throw new Error('no OCR thread');
    const reading = ocrImage(image, PPP);
    await first.terminate();
    await expect(reading).rejects.toThrow(/OCR engine stopped/);
    expect(ocrThreads()).not.toContain(first);
    expect(await ocrImage(image, PPP)).toEqual(before);
    expect(ocrThreads()).toHaveLength(1);
    expect(ocrThreads()[0]).not.toBe(first);
  });

  it('shutdown stops every worker and fails the pages not yet read; the pool starts again on the next page', async () => {
    const image = await textPicture(PAGES[1] ?? []).png();
    await ocrImage(image, PPP);
    const reading = ocrImage(image, PPP);
    const waiting = [ocrImage(image, PPP), ocrImage(image, PPP)];
    await shutdownOcr();
    // Nothing is left hanging: the page in flight and the pages in line fail.
    await expect(reading).rejects.toThrow(/shut down/);
    for (const page of waiting) await expect(page).rejects.toThrow(/shut down/);
    expect(ocrThreads()).toEqual([]);
    expect((await ocrImage(image, PPP)).markdown).toBe('Debt 9,876 million\nInterest 4.25%');
  });

  it('a process that read a page exits on its own while its worker is kept warm', async () => {
    const ocr = fileURLToPath(new URL('../../../../service/extract/readers/ocr.ts', import.meta.url));
    const fixtures = fileURLToPath(new URL('../fixtures/pdf-images.ts', import.meta.url));
    const script = `
      const { configureOcr, ocrImage } = await import(${JSON.stringify(ocr)});
      configureOcr({ idleMs: 600_000 });
      const { textPicture } = await import(${JSON.stringify(fixtures)});
      const text = await ocrImage(await textPicture(['Total 42']).png(), 0.24);
      console.log(text.markdown);
    `;
    const dir = await mkdtemp(join(tmpdir(), 'ew-ocr-exit-'));
    const file = join(dir, 'read.mjs');
    await writeFile(file, script);
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, EW_OCR_WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    await rm(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    // The warm worker would be kept 10 minutes: exiting at all means it did not hold the process.
    expect(out.trim()).toBe('Total 42');
  }, 30_000);
});
