import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPdf } from './fixtures/pdf';

// The extraction pool belongs to whoever creates it: importing the service starts no thread, creating it
// starts none, the first read starts them, and close() ends them, failing reads still running.

// Every worker thread this process starts from here on, and those of them still running.
const started: Worker[] = [];
const alive = new Set<Worker>();
const onWorker = (worker: Worker) => {
  started.push(worker);
  alive.add(worker);
  worker.once('exit', () => alive.delete(worker));
};
process.on('worker', onWorker);
afterAll(() => void process.off('worker', onWorker));

const pdf = (pages: number) =>
  buildPdf(
    Array.from({ length: pages }, (_, i) => ({
      texts: [{ x: 72, y: 700, size: 12, text: `Page ${i + 1}: revenue rose ${i + 2}.5% to $1,250,000` }],
    })),
  );

describe('the extraction pool', () => {
  it('starts no thread when the service is imported or created, and ends its threads on close()', async () => {
    const { createLocalService } = await import('../../../service/operations/service');
    const { buildServer } = await import('../../../service/http/server');
    const { Store } = await import('../../../service/store/store');
    await import('../../../desktop/main/client/embedded');
    expect(started).toHaveLength(0);

    const dir = await mkdtemp(join(tmpdir(), 'ew-pool-'));
    const store = await Store.open(join(dir, 'data'));
    try {
      const service = createLocalService(store, { ocr: 'off' });
      const app = await buildServer({ store });
      expect(started).toHaveLength(0);
      const pool = service.extraction.pool!;
      expect(pool.threadsStarted()).toBe(0);

      const { extract } = await import('../../../service/extract/extract');
      const read = await extract(pdf(2), { filename: 'a.pdf' }, { pool, ocr: 'off' });
      expect(read.state).toBe('complete');
      expect(pool.threadsStarted()).toBeGreaterThan(0);
      expect(alive.size).toBeGreaterThan(0);

      await service.close();
      await app.close();
      expect(alive.size).toBe(0);
    } finally {
      store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails a read still running when it is closed, with a code of the spec and a reason that says so', async () => {
    const { createExtractionPool } = await import('../../../service/extract/run-worker');
    const { extract } = await import('../../../service/extract/extract');
    const pool = createExtractionPool();
    const running = extract(pdf(200), { filename: 'long.pdf' }, { pool, ocr: 'off' });
    const queued = extract(pdf(2), { filename: 'next.pdf' }, { pool, ocr: 'off' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    for (const result of await Promise.all([running, queued])) {
      expect(result).toMatchObject({ state: 'error', code: 'extraction_error' });
      expect(result.reason).toMatch(/closed/);
    }
    const after = await extract(pdf(1), { filename: 'late.pdf' }, { pool, ocr: 'off' });
    expect(after).toMatchObject({ state: 'error', code: 'extraction_error' });
    expect(after.reason).toMatch(/closed/);
  });

  it('stops a read when its caller aborts it', async () => {
    const { createExtractionPool } = await import('../../../service/extract/run-worker');
    const { extract } = await import('../../../service/extract/extract');
    const pool = createExtractionPool();
    try {
      const controller = new AbortController();
      const reading = extract(
        pdf(200),
        { filename: 'long.pdf' },
        { pool, ocr: 'off', signal: controller.signal },
      );
      controller.abort();
      expect(await reading).toMatchObject({ state: 'error', code: 'extraction_error' });
      const next = await extract(pdf(2), { filename: 'next.pdf' }, { pool, ocr: 'off' });
      expect(next.state).toBe('complete');
    } finally {
      await pool.close();
    }
  });
});
