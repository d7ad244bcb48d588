import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as RunWorker from '../../../../service/extract/run-worker';
import type { ExtractionPool, ReadInWorkerOptions } from '../../../../service/extract/run-worker';
import { ReadFailure } from '../../../../service/extract/types';

// A read the person cancels in the app must stop in its reading thread, not run on to its end with
// nobody waiting: the embedded client hands the caller's signal to the service's pool.

const reads: ReadInWorkerOptions[] = [];
const stopped: string[] = [];

vi.mock('../../../../service/extract/run-worker', async (original) => ({
  ...(await original<typeof RunWorker>()),
  createExtractionPool: (): ExtractionPool => ({
    read: (_bytes, format, options) => {
      reads.push(options);
      return new Promise((_, reject) => {
        options.signal?.addEventListener('abort', () => {
          stopped.push(format);
          reject(new ReadFailure('extraction_error', 'the read was cancelled', format));
        });
      });
    },
    whenWarm: () => Promise.resolve(),
    threadsStarted: () => 0,
    close: () => Promise.resolve(),
  }),
}));

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  reads.length = 0;
  stopped.length = 0;
});

describe('the embedded client cancelling a read', () => {
  it('stops the read in its thread when the caller aborts a publish', async () => {
    const { createEmbeddedClient } = await import('../../../../desktop/main/client/embedded');
    dir = await mkdtemp(join(tmpdir(), 'ew-cancel-'));
    const client = await createEmbeddedClient({ dataDir: dir, ocr: 'off' });
    try {
      const up = await client.uploadAsset({
        bytes: new TextEncoder().encode('State,Checks\nTexas,"56,941"\n'),
        filename: 'checks.csv',
      });
      const controller = new AbortController();
      const publishing = client.publishRepresentation(up.source_version_id!, { signal: controller.signal });
      await vi.waitFor(() => expect(reads).toHaveLength(1));
      expect(reads[0]!.signal).toBeDefined();
      controller.abort();
      await expect(publishing).rejects.toMatchObject({ code: 'cancelled' });
      await vi.waitFor(() => expect(stopped).toEqual(['csv']));
    } finally {
      await client.close();
    }
  });
});
