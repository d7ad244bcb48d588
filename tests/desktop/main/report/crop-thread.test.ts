import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EvidenceClient } from '../../../../desktop/main/client/types';
import type { ExportDeps } from '../../../../desktop/main/report/export';
import { fakeContext } from '../bridge/fake-context';
import { seedCase, type Seeded } from './library';

// The crop thread belongs to the export that needs it: importing the report code starts no thread, an
// export that crops a PDF starts one, and it has ended when the export answers, finished or cancelled.

// Every worker thread this process starts from here on, and those of them still running.
const started: Worker[] = [];
const alive = new Set<Worker>();
const onWorker = (worker: Worker) => {
  started.push(worker);
  alive.add(worker);
  worker.once('exit', () => alive.delete(worker));
};
process.on('worker', onWorker);

let dir: string | null = null;
let client: EvidenceClient | null = null;
afterAll(async () => {
  process.off('worker', onWorker);
  await client?.close();
  if (dir !== null) rmSync(dir, { recursive: true, force: true });
});

/** A case over a PDF, exported by `exportReport` against an embedded service. */
async function library() {
  const { createEmbeddedClient } = await import('../../../../desktop/main/client/embedded');
  const { createRouter } = await import('../../../../desktop/main/bridge/router');
  const { handlers } = await import('../../../../desktop/main/handlers');
  const { createCaseStore } = await import('../../../../desktop/main/cases/store');
  dir = mkdtempSync(join(tmpdir(), 'ew-crop-thread-'));
  // No reading thread kept waiting: every thread started after the library is read is the crop thread.
  vi.stubEnv('EW_EXTRACT_WARM', '0');
  client = await createEmbeddedClient({ dataDir: join(dir, 'service'), ocr: 'off' });
  vi.unstubAllEnvs();
  const embedded = client;
  const cases = createCaseStore(dir);
  const context = {
    ...fakeContext({}).context,
    client: () => Promise.resolve(embedded),
    cases,
    emit: () => undefined,
  };
  const router = createRouter(handlers, context, { onInternalError: vi.fn() });
  const seeded: Seeded = await seedCase((channel, input) => router.invoke(channel, input));
  return { client: embedded, cases, seeded };
}

describe('the crop thread', () => {
  it('starts on no import, with the first PDF cropped, and has ended when the export answers', async () => {
    const { exportReport } = await import('../../../../desktop/main/report/export');
    await import('../../../../desktop/main/report/crops');
    await import('../../../../desktop/main/report/crop-thread');
    expect(started).toHaveLength(0);

    const { client, cases, seeded } = await library();
    const { extractorVersion } = await import('../../../../service/operations/extract');
    const deps: ExportDeps = {
      client,
      cases,
      authorName: null,
      appVersion: '0.1.0',
      serviceExtractorVersion: extractorVersion({ ocr: 'off' }),
    };
    // The library's reads are over: from here on, only the crop thread starts.
    started.length = 0;
    alive.clear();

    const json = await exportReport({ caseIds: [seeded.caseId], format: 'json' }, deps);
    expect('bytes' in json).toBe(true);
    expect(started).toHaveLength(0);

    const html = await exportReport({ caseIds: [seeded.caseId], format: 'html' }, deps);
    if (!('bytes' in html)) throw new Error('expected a file');
    expect(new TextDecoder().decode(html.bytes)).toContain('data:image/png;base64,');
    expect(started).toHaveLength(1);
    expect(alive.size).toBe(0);

    // Cancelled once the thread has drawn a crop: the export rejects, and the thread has ended.
    const controller = new AbortController();
    const cancelled = exportReport({ caseIds: [seeded.caseId], format: 'html' }, deps, {
      signal: controller.signal,
      onProgress: (stage, done) => {
        if (stage === 'report:crops' && done === 1) controller.abort();
      },
    });
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
    expect(started).toHaveLength(2);
    expect(alive.size).toBe(0);
  });
});
