import { MessageChannel, type Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { CropMessage, CropTask, PageCrop } from './crop-worker';

// The thread a report's PDF crops are drawn in (crop-worker.ts), owned by the export that needs it: made
// when its first PDF is cropped, ended by close() when the crops are done. Nothing starts on import or
// when it is made; piscina keeps the thread, its heap ceiling and stopping a task.

/** The V8 heap ceiling of the crop thread, in MB: a document that needs more fails its crops, not the app. */
const MEMORY_MB = 1024;

/** The worker's entry: the TypeScript source under tsx (dev, tests), the built file beside the bundle. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const ts = import.meta.url.endsWith('.ts');
  return {
    url: new URL(ts ? './crop-worker.ts' : './crop-worker.js', import.meta.url),
    execArgv: ts ? ['--import', 'tsx/esm'] : [],
  };
}

/** A PDF's figures with a page box, by page, each with its id. */
export type CropPages = CropTask['pages'];

export interface CropThread {
  /**
   * Crops the figures of `pages` from the PDF `bytes`, telling each crop to `made` as it is drawn (every
   * figure exactly once, unless `signal` aborts). Rejects when the thread fails or `signal` aborts; the
   * figures not yet told are then the caller's to settle.
   */
  crop(
    bytes: Uint8Array,
    pages: CropPages,
    made: (id: number, crop: PageCrop) => void,
    options?: { signal?: AbortSignal | undefined; onDraw?: ((event: PdfDrawEvent) => void) | undefined },
  ): Promise<void>;
  /** Ends the thread; a crop still running is rejected. Idempotent. */
  close(): Promise<void>;
}

/** A PDF opened, or a region of one of its pages drawn. */
export type PdfDrawEvent = { kind: 'open' } | { kind: 'draw'; page: number };

export function createCropThread(): CropThread {
  let pool: Piscina<CropTask, void> | null = null;
  let closed = false;
  // Every thread the pool has started, until it has exited: piscina forgets a thread it ends for a
  // cancelled task before the thread has exited, and close() answers only once none is left.
  const running = new Map<Worker, Promise<void>>();
  const track = (threads: readonly Worker[]) => {
    for (const thread of threads)
      if (!running.has(thread) && thread.threadId !== -1)
        running.set(
          thread,
          new Promise<void>((resolve) => thread.once('exit', () => resolve())).finally(() =>
            running.delete(thread),
          ),
        );
  };
  return {
    async crop(bytes, pages, made, options = {}) {
      if (closed) throw new Error('the crop thread has been closed');
      if (pool === null) {
        const entry = workerEntry();
        const threads = new Piscina<CropTask, void>({
          filename: entry.url.href,
          execArgv: entry.execArgv,
          minThreads: 0,
          maxThreads: 1,
          concurrentTasksPerWorker: 1,
          // Kept while the export lasts: its close() ends it.
          idleTimeout: Number.POSITIVE_INFINITY,
          resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB, maxYoungGenerationSizeMb: 64 },
        });
        threads.on('workerCreate', () => track(threads.threads));
        pool = threads;
      }
      const { port1, port2 } = new MessageChannel();
      let drained: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (drained = resolve));
      port1.on('message', (message: CropMessage) => {
        if (message.type === 'crop') made(message.id, message.crop);
        else if (message.type === 'opened') options.onDraw?.({ kind: 'open' });
        else if (message.type === 'drawn') options.onDraw?.({ kind: 'draw', page: message.page });
        else drained();
      });
      try {
        const task = pool.run(
          { bytes, pages, port: port2 },
          { transferList: [port2], ...(options.signal ? { signal: options.signal } : {}) },
        );
        // The thread for the task is started by run() itself.
        track(pool.threads);
        await task;
        // Every crop told before the answer reaches the caller before it goes on.
        await done;
      } finally {
        port1.close();
      }
    },
    async close() {
      closed = true;
      const ending = pool;
      pool = null;
      await ending?.destroy();
      await Promise.all(running.values());
    },
  };
}
