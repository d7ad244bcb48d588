import { parentPort, workerData } from 'node:worker_threads';
import { readerFor } from './readers';
import { ReadFailure, type Limits, type OcrMode, type ReadResult, type UnitProgress } from './types';

// One read of untrusted bytes, in a worker thread with memory limits (run-worker.ts): a parser that
// blows up takes down this thread, never the service. The read comes as workerData, or, in a warm thread
// (started ahead with no workerData, the PDF reader and pdf.js already loaded), as the first message.

/** Of a PDF's pages, the `part`-th of `of` contiguous ranges (run-worker.ts reads them in parallel). */
export interface PageShare {
  part: number;
  of: number;
}

export interface WorkerInput {
  bytes: Uint8Array;
  format: string;
  ocr: OcrMode;
  limits: Limits;
  share?: PageShare | undefined;
}

export type WorkerMessage =
  | ({ type: 'progress' } & UnitProgress)
  | { type: 'result'; result: ReadResult }
  | { type: 'failure'; code: ReadFailure['code']; reason: string; format?: string | undefined }
  | { type: 'crash'; message: string }
  /** A warm thread has loaded its engine. */
  | { type: 'ready' };

const port = parentPort;
if (port === null) throw new Error('worker.ts runs only as a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);

async function run(input: WorkerInput): Promise<void> {
  try {
    const reader = await readerFor(input.format);
    const result = await reader.read(input.bytes, input.format, {
      ocr: input.ocr,
      limits: input.limits,
      onUnit: (progress) => post({ type: 'progress', ...progress }),
      ...(input.share ? { share: input.share } : {}),
    });
    post({ type: 'result', result });
  } catch (error) {
    if (error instanceof ReadFailure)
      post({ type: 'failure', code: error.code, reason: error.reason, format: error.format });
    else post({ type: 'crash', message: error instanceof Error ? error.message : String(error) });
  }
}

const input = workerData as WorkerInput | null;
if (input) await run(input);
else {
  port.once('message', (message: WorkerInput) => void run(message));
  // Warm: the engine most documents need, loaded before any document arrives.
  await (await import('./readers/pdf')).warm();
  post({ type: 'ready' });
}
