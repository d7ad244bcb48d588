import { threadId, workerData, type MessagePort } from 'node:worker_threads';
import { readerFor } from './readers';
import {
  ReadFailure,
  type Limits,
  type OcrMode,
  type PageShare,
  type ReadResult,
  type UnitProgress,
} from './types';

// One read of untrusted bytes at a time, in a thread of the extraction pool (run-worker.ts) with memory
// limits: a parser that blows up takes down this thread, never the service. The pool sends reads one at a
// time; a thread left small by its read is sent the next one, a thread left large (or whose reader threw)
// marks itself retiring and is ended by the pool once it has answered.

export interface WorkerInput {
  bytes: Uint8Array;
  format: string;
  ocr: OcrMode;
  limits: Limits;
  /** A PDF's pages shared with the other threads reading it. */
  share?: PageShare | undefined;
  /** Where each page or sheet read is told, then `done`, before the answer. */
  progress: MessagePort;
}

/** A task of the pool: a read, or a wait until the thread has loaded its engine. */
export type WorkerTask = WorkerInput | { warm: true };

/** What a read left the thread holding: its V8 heap and PDFium's WebAssembly memory, in MB. */
export interface WorkerMemory {
  heapMb: number;
  wasmMb: number;
}

export type WorkerAnswer =
  | { type: 'result'; result: ReadResult; used: WorkerMemory }
  | {
      type: 'failure';
      code: ReadFailure['code'];
      reason: string;
      format?: string | undefined;
      used: WorkerMemory;
    }
  | { type: 'crash'; message: string };

export type ProgressMessage =
  { type: 'start'; thread: number } | ({ type: 'progress' } & UnitProgress) | { type: 'done' };

/** When a thread goes on to the next read, and how it tells the pool it will not. */
export interface WorkerSetup {
  /** Load the PDF reader before any document arrives. */
  warm: boolean;
  /** Slots of thread ids that will take no further read (shared with the pool's balancer). */
  retiring: Int32Array;
  /** A thread takes another read only when its last left it at most this much, up to `maxReads` reads. */
  reuse: { maxHeapMb: number; maxWasmMb: number; maxReads: number };
}

const setup = workerData as WorkerSetup;
const WARM_AFTER_MS = 100;

/** Whether a read has come: a thread started for a read is warmed by that read, not before it. */
let asked = false;

// Warm: the engine most documents need, loaded and run once the thread has waited a moment with no read.
const warming: Promise<void> = setup.warm
  ? new Promise<void>((resolve) => setTimeout(resolve, WARM_AFTER_MS))
      .then(async () => (asked ? undefined : (await import('./readers/pdf')).warm()))
      .catch(() => undefined)
  : Promise.resolve();

let reads = 0;

/** What this thread holds after a read (whether it reads again depends on it). */
async function memoryUsed(): Promise<WorkerMemory> {
  const { pdfiumMemoryIfStarted } = await import('./readers/pdfium');
  return {
    heapMb: process.memoryUsage().heapUsed / 1024 / 1024,
    wasmMb: (await pdfiumMemoryIfStarted()) / 1024 / 1024,
  };
}

/** Marked before the answer is sent, so the pool never hands this thread another read. */
function retire(): void {
  for (let slot = 0; slot < setup.retiring.length; slot++)
    if (Atomics.compareExchange(setup.retiring, slot, 0, threadId) === 0) return;
}

function keepOrRetire(used: WorkerMemory | undefined): void {
  reads++;
  const { maxHeapMb, maxWasmMb, maxReads } = setup.reuse;
  if (used === undefined || used.heapMb > maxHeapMb || used.wasmMb > maxWasmMb || reads >= maxReads) retire();
}

async function run(input: WorkerInput): Promise<WorkerAnswer> {
  const post = (message: ProgressMessage) => input.progress.postMessage(message);
  post({ type: 'start', thread: threadId });
  let answer: WorkerAnswer;
  try {
    const reader = await readerFor(input.format);
    const result = await reader.read(input.bytes, input.format, {
      ocr: input.ocr,
      limits: input.limits,
      onUnit: (progress) => post({ type: 'progress', ...progress }),
      ...(input.share ? { share: input.share } : {}),
    });
    answer = { type: 'result', result, used: await memoryUsed() };
  } catch (error) {
    answer =
      error instanceof ReadFailure
        ? {
            type: 'failure',
            code: error.code,
            reason: error.reason,
            format: error.format,
            used: await memoryUsed(),
          }
        : { type: 'crash', message: error instanceof Error ? error.message : String(error) };
  }
  keepOrRetire(answer.type === 'crash' ? undefined : answer.used);
  post({ type: 'done' });
  return answer;
}

/** A read runs at once (beside a warming already under way); a `warm` task waits for the warming. */
export default async function work(task: WorkerTask): Promise<WorkerAnswer | null> {
  if ('warm' in task) {
    await warming;
    return null;
  }
  asked = true;
  return run(task);
}
