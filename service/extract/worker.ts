import { parentPort, workerData } from 'node:worker_threads';
import { readerFor } from './readers';
import {
  ReadFailure,
  type Limits,
  type OcrMode,
  type PageShare,
  type ReadResult,
  type UnitProgress,
} from './types';

// One read of untrusted bytes at a time, in a worker thread with memory limits (run-worker.ts): a parser
// that blows up takes down this thread, never the service. The read comes as workerData (a thread for one
// read), or, in a warm thread (started ahead with no workerData, the PDF reader and pdf.js already
// loaded), as a message; a warm thread left small by its read may be sent the next one.

export interface WorkerInput {
  bytes: Uint8Array;
  format: string;
  ocr: OcrMode;
  limits: Limits;
  /** A PDF's pages shared with the other threads reading it. */
  share?: PageShare | undefined;
}

/** What a read left the thread holding: its V8 heap and PDFium's WebAssembly memory, in MB. */
export interface WorkerMemory {
  heapMb: number;
  wasmMb: number;
}

export type WorkerMessage =
  | ({ type: 'progress' } & UnitProgress)
  | { type: 'result'; result: ReadResult; used?: WorkerMemory }
  | {
      type: 'failure';
      code: ReadFailure['code'];
      reason: string;
      format?: string | undefined;
      used?: WorkerMemory;
    }
  | { type: 'crash'; message: string }
  /** A warm thread has loaded its engine. */
  | { type: 'ready' };

const port = parentPort;
if (port === null) throw new Error('worker.ts runs only as a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);

/** What this thread holds after a read (run-worker.ts decides from it whether the thread reads again). */
async function memoryUsed(): Promise<WorkerMemory> {
  const { pdfiumMemoryIfStarted } = await import('./readers/pdfium');
  return {
    heapMb: process.memoryUsage().heapUsed / 1024 / 1024,
    wasmMb: (await pdfiumMemoryIfStarted()) / 1024 / 1024,
  };
}

async function run(input: WorkerInput): Promise<void> {
  try {
    const reader = await readerFor(input.format);
    const result = await reader.read(input.bytes, input.format, {
      ocr: input.ocr,
      limits: input.limits,
      onUnit: (progress) => post({ type: 'progress', ...progress }),
      ...(input.share ? { share: input.share } : {}),
    });
    post({ type: 'result', result, used: await memoryUsed() });
  } catch (error) {
    if (error instanceof ReadFailure)
      post({
        type: 'failure',
        code: error.code,
        reason: error.reason,
        format: error.format,
        used: await memoryUsed(),
      });
    else post({ type: 'crash', message: error instanceof Error ? error.message : String(error) });
  }
}

const input = workerData as WorkerInput | null;
if (input) await run(input);
else {
  // One read at a time: run-worker.ts sends the next only once this one has answered.
  port.on('message', (message: WorkerInput) => void run(message));
  // Warm: the engine most documents need, loaded before any document arrives.
  await (await import('./readers/pdf')).warm();
  post({ type: 'ready' });
}
