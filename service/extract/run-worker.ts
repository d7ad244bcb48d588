import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { WorkerInput, WorkerMessage } from './worker';
import { ReadFailure, type ReadOptions, type ReadResult } from './types';

export interface WorkerLimits {
  /** V8 old-generation ceiling of the reading thread, in MB. */
  memoryMb: number;
  /** Wall-clock ceiling of one read, in ms. */
  timeoutMs: number;
}

export const DEFAULT_WORKER_LIMITS: WorkerLimits = { memoryMb: 1536, timeoutMs: 10 * 60_000 };

/** The worker's entry: the TypeScript source under tsx (dev, tests), the built file in a bundle. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const ts = import.meta.url.endsWith('.ts');
  return {
    url: new URL(ts ? './worker.ts' : './worker.js', import.meta.url),
    execArgv: ts ? ['--import', 'tsx'] : [],
  };
}

/** Reads at once: one per core, so a burst of uploads queues instead of starving the service. */
const MAX_CONCURRENT = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Reads `bytes` as `format` in a worker thread with a memory and a time ceiling. Resolves with what the
 * reader read; rejects with a ReadFailure (the reader's, or `source_too_large` when the thread ran out of
 * memory, `extraction_error` when it crashed or ran out of time).
 */
export async function readInWorker(
  bytes: Uint8Array,
  format: string,
  options: ReadOptions,
  limits: WorkerLimits = DEFAULT_WORKER_LIMITS,
): Promise<ReadResult> {
  const release = await slot();
  try {
    return await readInThread(bytes, format, options, limits);
  } finally {
    release();
  }
}

function readInThread(
  bytes: Uint8Array,
  format: string,
  options: ReadOptions,
  limits: WorkerLimits,
): Promise<ReadResult> {
  const entry = workerEntry();
  const input: WorkerInput = { bytes, format, ocr: options.ocr, limits: options.limits };
  const worker = new Worker(entry.url, {
    workerData: input,
    execArgv: entry.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64 },
    stdout: false,
    stderr: false,
  });
  return new Promise<ReadResult>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ReadFailure(
              'extraction_error',
              `reading took longer than ${limits.timeoutMs >= 1000 ? `${Math.round(limits.timeoutMs / 1000)} s` : `${limits.timeoutMs} ms`} and was stopped`,
              format,
            ),
          ),
        ),
      limits.timeoutMs,
    );
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'progress':
          options.onUnit?.({ kind: message.kind, index: message.index, total: message.total });
          return;
        case 'result':
          settle(() => resolve(message.result));
          return;
        case 'failure':
          settle(() => reject(new ReadFailure(message.code, message.reason, message.format ?? format)));
          return;
        case 'crash':
          settle(() =>
            reject(
              new ReadFailure('extraction_error', `the ${format} reader failed: ${message.message}`, format),
            ),
          );
          return;
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ReadFailure(
                'source_too_large',
                `reading needed more memory than the ${limits.memoryMb} MB limit`,
                format,
              )
            : new ReadFailure('extraction_error', `the ${format} reader failed: ${error.message}`, format),
        ),
      );
    });
    worker.on('exit', (code) => {
      settle(() =>
        reject(
          new ReadFailure('extraction_error', `the ${format} reader stopped (exit code ${code})`, format),
        ),
      );
    });
  });
}
