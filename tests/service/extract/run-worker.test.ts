import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { extract, type Extraction } from '../../../service/extract/extract';
import { coresFree, createExtractionPool } from '../../../service/extract/run-worker';
import { buildPdf } from './fixtures/pdf';
import { textPicture } from './fixtures/pdf-images';

// Reading threads: a warm thread left small by a clean read waits for the next document, so a burst of
// imports starts no thread after the first; each read on it gives what a fresh thread gives, and a read
// that was stopped or that failed its thread never hands that thread on.

const pdf = (n: number) =>
  buildPdf(
    Array.from({ length: n }, (_, i) => ({
      texts: [
        { x: 72, y: 700, size: 12, text: `Page ${i + 1}: revenue rose ${i + 2}.5% to $${i + 1},250,000` },
      ],
    })),
  );
const csv = new TextEncoder().encode('Item,2022,2023\nRevenue,"1,000","1,120"\n');
const encrypted = readFileSync(new URL('./fixtures/files/pdf-user-password.pdf', import.meta.url));

/** `pages` scanned pages (pictures of text, no text layer): read by OCR, seconds each. */
async function scan(pages: number): Promise<Uint8Array> {
  const lines = Array.from(
    { length: 12 },
    (_, i) => `Line ${i + 1}: claimant count ${i + 1},234 and rate ${i}.5%`,
  );
  const picture = textPicture(lines, { width: 1600, size: 40 });
  const jpeg = await picture.jpeg(92);
  const height = (612 * picture.height) / picture.width;
  return buildPdf(
    Array.from({ length: pages }, () => ({
      width: 612,
      height,
      images: [
        { x: 0, y: 0, width: 612, height, pixels: { width: picture.width, height: picture.height }, jpeg },
      ],
    })),
  );
}

const view = (e: Extraction) => JSON.parse(JSON.stringify(e)) as unknown;

describe('reading threads', () => {
  const pool = createExtractionPool();
  afterAll(() => pool.close());
  const threadsStarted = () => pool.threadsStarted();
  const whenWarm = () => pool.whenWarm();
  it('reuses the warm thread for reads one after another, each as a fresh thread reads it', async () => {
    await whenWarm();
    const before = threadsStarted();
    const first = await extract(pdf(3), { filename: 'a.pdf' }, { pool, ocr: 'off' });
    const sheet = await extract(csv, { filename: 'b.csv' }, { pool, ocr: 'off' });
    const locked = await extract(encrypted, { filename: 'c.pdf' }, { pool, ocr: 'off' });
    const again = await extract(pdf(3), { filename: 'a.pdf' }, { pool, ocr: 'off' });
    // Four documents (one refused by the reader), no thread started.
    expect(threadsStarted()).toBe(before);
    expect(first.state).toBe('complete');
    expect(first.units.flatMap((u) => u.figures.map((f) => f.raw))).toContain('$1,250,000');
    expect(sheet.state).toBe('complete');
    expect(locked.code).toBe('source_encrypted');
    expect(view(again)).toEqual(view(first));
    // The same bytes on a thread of their own (a memory ceiling other than the warm threads') read the same.
    const alone = await extract(
      pdf(3),
      { filename: 'a.pdf' },
      { pool, ocr: 'off', worker: { memoryMb: 1024 } },
    );
    expect(threadsStarted()).toBe(before + 1);
    expect(view(alone)).toEqual(view(first));
  });

  it('never hands on a thread whose read was stopped: it is ended, and the next read gets a working one', async () => {
    await whenWarm();
    const before = threadsStarted();
    const stopped = await extract(
      pdf(40),
      { filename: 'slow.pdf' },
      { pool, ocr: 'off', worker: { timeoutMs: 1 } },
    );
    expect(stopped.code).toBe('extraction_error');
    const next = await extract(pdf(2), { filename: 'next.pdf' }, { pool, ocr: 'off' });
    expect(next.state).toBe('complete');
    expect(next.units).toHaveLength(2);
    // Exactly one thread started since: the one that replaced the stopped thread, which read `next`.
    expect(threadsStarted()).toBe(before + 1);
  });

  it('never hands on a thread made for one read: the read after it, started at once, reads to its end', async () => {
    await whenWarm();
    // The warm thread takes the long read (scanned pages, OCR); the short one gets a thread made for it
    // alone, and finishes first. The next read starts the moment it does, before that thread has gone.
    const long = extract(await scan(12), { filename: 'scan.pdf' }, { pool, ocr: 'auto' });
    const next = extract(pdf(2), { filename: 'short.pdf' }, { pool, ocr: 'off' }).then(() =>
      extract(pdf(3), { filename: 'next.pdf' }, { pool, ocr: 'off', worker: { timeoutMs: 60_000 } }),
    );
    const [first, after] = await Promise.all([long, next]);
    expect(first.state).toBe('complete');
    expect([after.state, after.code, after.units.length]).toEqual(['complete', null, 3]);
  }, 120_000);
});

describe('reading threads ended after their read', () => {
  it('gives no read to a thread being ended: reads one after another and at once all read to their end', async () => {
    // Every thread is ended after one read, so each read comes just as the last one's thread is ending.
    const pool = createExtractionPool({ reuse: { maxReads: 1 } });
    try {
      for (let i = 0; i < 4; i++) {
        const one = await extract(pdf(2), { filename: `one-${i}.pdf` }, { pool, ocr: 'off' });
        expect([one.state, one.code, one.units.length]).toEqual(['complete', null, 2]);
      }
      const many = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          extract(csv, { filename: `many-${i}.csv` }, { pool, ocr: 'off' }),
        ),
      );
      for (const sheet of many) expect([sheet.state, sheet.code]).toEqual(['complete', null]);
      expect(pool.threadsStarted()).toBeGreaterThanOrEqual(9);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe('reading threads: the cores a large PDF may share', () => {
  const at = (ms: number, idleMs: number, ownMs: number) => ({ at: ms, idleMs, ownMs });

  it('counts the cores left idle and those this process kept busy itself, in whole cores', () => {
    // Over 10 s: one core idle throughout, this process busy on the other: both are the process's.
    expect(coresFree(at(0, 0, 0), at(10_000, 10_000, 10_000), 2)).toBe(2);
    // Another program kept one core busy, the other idle.
    expect(coresFree(at(0, 0, 0), at(10_000, 10_000, 0), 2)).toBe(1);
    // Others kept both cores busy: one still (the read itself needs one).
    expect(coresFree(at(0, 0, 0), at(10_000, 500, 0), 2)).toBe(1);
    // Never more than the machine has (idle time of every core summed).
    expect(coresFree(at(0, 0, 0), at(10_000, 80_000, 0), 4)).toBe(4);
    // No time between the samples: every core.
    expect(coresFree(at(5, 0, 0), at(5, 0, 0), 4)).toBe(4);
  });
});
