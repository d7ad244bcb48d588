import { parentPort, workerData } from 'node:worker_threads';
import { readerFor } from './readers';
import { ReadFailure, type Limits, type OcrMode, type ReadResult } from './types';

// One read of untrusted bytes, in a worker thread with memory limits (run-worker.ts): a parser that
// blows up takes down this thread, never the service.

export interface WorkerInput {
  bytes: Uint8Array;
  format: string;
  ocr: OcrMode;
  limits: Limits;
}

export type WorkerMessage =
  | { type: 'progress'; kind: 'page' | 'sheet'; index: number; total: number | null }
  | { type: 'result'; result: ReadResult }
  | { type: 'failure'; code: ReadFailure['code']; reason: string; format?: string | undefined }
  | { type: 'crash'; message: string };

const port = parentPort;
if (port === null) throw new Error('worker.ts runs only as a worker thread');
const input = workerData as WorkerInput;
const post = (message: WorkerMessage) => port.postMessage(message);

try {
  const reader = await readerFor(input.format);
  const result = await reader.read(input.bytes, input.format, {
    ocr: input.ocr,
    limits: input.limits,
    onUnit: (progress) => post({ type: 'progress', ...progress }),
  });
  post({ type: 'result', result });
} catch (error) {
  if (error instanceof ReadFailure)
    post({ type: 'failure', code: error.code, reason: error.reason, format: error.format });
  else post({ type: 'crash', message: error instanceof Error ? error.message : String(error) });
}
