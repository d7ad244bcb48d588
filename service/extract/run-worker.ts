import { availableParallelism, cpus, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { WorkerInput, WorkerMemory, WorkerMessage } from './worker';
import {
  ReadFailure,
  sharePages,
  type LostUnit,
  type PageShare,
  type ReadOptions,
  type ReadResult,
  type ReadUnit,
} from './types';

export interface WorkerLimits {
  /** V8 old-generation ceiling of each reading thread, in MB. */
  memoryMb: number;
  /** Wall-clock ceiling of one read, in ms. */
  timeoutMs: number;
  /**
   * A PDF of at least this many bytes is read by several threads at once, one per free core (each with
   * the memory ceiling above), each taking the next page no other has taken; merged in page order.
   */
  parallelMinBytes: number;
}

export const DEFAULT_WORKER_LIMITS: WorkerLimits = {
  memoryMb: 1536,
  timeoutMs: 10 * 60_000,
  parallelMinBytes: 4 * 1024 * 1024,
};

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

/** The machine's cores up to a moment: all cores' idle time and this process's CPU time, in ms. */
export interface CpuSample {
  at: number;
  idleMs: number;
  ownMs: number;
}

export function cpuSample(): CpuSample {
  const { user, system } = process.cpuUsage();
  return {
    at: performance.now(),
    idleMs: cpus().reduce((sum, cpu) => sum + cpu.times.idle, 0),
    ownMs: (user + system) / 1000,
  };
}

/**
 * The cores this process could use between two samples, in whole cores (at least 1, at most `cores`):
 * those left idle plus those it kept busy itself (its own reads are not another program's load).
 */
export function coresFree(before: CpuSample, after: CpuSample, cores: number): number {
  const span = after.at - before.at;
  if (!(span > 0)) return cores;
  const free = (after.idleMs - before.idleMs + (after.ownMs - before.ownMs)) / span;
  return Math.max(1, Math.min(cores, Math.round(free)));
}

// Samples of the last minute or so (one every 20 s, the oldest kept): what a parallel read counts on.
const samples: CpuSample[] = [cpuSample()];
setInterval(() => {
  samples.push(cpuSample());
  if (samples.length > 3) samples.shift();
}, 20_000).unref();

/**
 * The cores a parallel read can count on: those other programs left to this process over about the last
 * minute (a machine whose other programs keep a core busy reads on one thread: two threads on one core
 * only add the cost of opening the document twice). A ceiling of 0 bytes counts every core (tests).
 */
function idleCores(limits: WorkerLimits): number {
  if (limits.parallelMinBytes <= 0) return MAX_CONCURRENT;
  const [oldest] = samples;
  const now = cpuSample();
  return oldest && now.at - oldest.at >= 1000 ? coresFree(oldest, now, MAX_CONCURRENT) : MAX_CONCURRENT;
}

/** The slots free right now, up to `wanted`, without waiting (nobody waiting is overtaken). */
function freeSlots(wanted: number): (() => void)[] {
  const out: (() => void)[] = [];
  while (out.length < wanted && running < MAX_CONCURRENT && waiting.length === 0) {
    running++;
    out.push(() => {
      running--;
      waiting.shift()?.();
    });
  }
  return out;
}

// Warm threads: started ahead with the default memory ceiling, the PDF reader, pdf.js and PDFium loaded,
// each waiting for a read: the first document after launch does not pay a thread's and the engines'
// start. Two by default on a machine of two cores or more and at least 8 GiB of memory, else one
// (EW_EXTRACT_WARM=n keeps n, at most one per core; 0 none): an idle thread holds 160–240 MB under tsx;
// two let two documents dropped together both start at once, and a large PDF share its pages between
// them. They are unref'd while they wait (they never keep the process alive). Importing this module starts
// none: the service starts them when it is created (`prewarm`), so a program that loads the service but
// reads no document (re-verifying a report) starts no thread and exits when it is done. A thread
// whose read ended cleanly and left it small goes back to wait for the next document (a burst of imports
// pays no thread start); one that read a large document, failed or was stopped is ended, and a new warm
// thread is started on a core no read is using.
const WARM_DEFAULT = MAX_CONCURRENT >= 2 && totalmem() >= 8 * 1024 ** 3 ? 2 : 1;
const WARM_THREADS = Math.min(
  MAX_CONCURRENT,
  Math.max(0, Number(process.env['EW_EXTRACT_WARM'] ?? WARM_DEFAULT) || 0),
);
const warmThreads: Worker[] = [];
const readyThreads = new WeakMap<Worker, Promise<void>>();

let started = 0;

/** How many reading threads this process has started (tests: a reused thread starts none). */
export function threadsStarted(): number {
  return started;
}

function startThread(input: WorkerInput | null, memoryMb: number): Worker {
  started++;
  const entry = workerEntry();
  return new Worker(entry.url, {
    workerData: input,
    execArgv: entry.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 64 },
    stdout: false,
    stderr: false,
  });
}

/** A thread goes back to wait for the next read when its read left it this small, up to this many reads. */
const REUSE_MAX_HEAP_MB = 256;
const REUSE_MAX_WASM_MB = 256;
const REUSE_MAX_READS = 50;
const readsDone = new WeakMap<Worker, number>();
/** Warm threads whose engine is loaded. */
const loaded = new WeakSet<Worker>();
/**
 * Threads that wait for their reads as messages (started warm). A thread started with its one read as
 * workerData ends when that read is done: it is never handed on.
 */
const listening = new WeakSet<Worker>();

/**
 * After a clean read on a thread with the default ceiling: back to the warm threads when it is small and
 * one is wanted (true), else the caller ends it (false).
 */
function recycle(thread: Worker, memoryMb: number, used: WorkerMemory | undefined): boolean {
  const reads = (readsDone.get(thread) ?? 0) + 1;
  if (
    !listening.has(thread) ||
    memoryMb !== DEFAULT_WORKER_LIMITS.memoryMb ||
    used === undefined ||
    used.heapMb > REUSE_MAX_HEAP_MB ||
    used.wasmMb > REUSE_MAX_WASM_MB ||
    reads >= REUSE_MAX_READS
  )
    return false;
  if (warmThreads.length >= WARM_THREADS) {
    // A thread still starting gives way to this one, ready now.
    const starting = warmThreads.findIndex((waiting) => !loaded.has(waiting));
    if (starting < 0) return false;
    const [replaced] = warmThreads.splice(starting, 1);
    if (replaced) {
      unwatchWarm(replaced);
      void replaced.terminate();
    }
  }
  readsDone.set(thread, reads);
  loaded.add(thread);
  watchWarm(thread);
  readyThreads.set(thread, Promise.resolve());
  thread.unref();
  warmThreads.push(thread);
  return true;
}

const forgetters = new WeakMap<Worker, () => void>();

/** A waiting thread leaves the warm ones when it ends (until `unwatchWarm`, when a read takes it). */
function watchWarm(thread: Worker): void {
  const forget = () => {
    const at = warmThreads.indexOf(thread);
    if (at >= 0) warmThreads.splice(at, 1);
  };
  forgetters.set(thread, forget);
  thread.on('error', forget);
  thread.on('exit', forget);
}

function unwatchWarm(thread: Worker): void {
  const forget = forgetters.get(thread);
  if (forget === undefined) return;
  thread.off('error', forget);
  thread.off('exit', forget);
  forgetters.delete(thread);
}

/** Starts warm threads up to WARM_THREADS. */
export function prewarm(): void {
  while (warmThreads.length < WARM_THREADS) {
    const thread = startThread(null, DEFAULT_WORKER_LIMITS.memoryMb);
    listening.add(thread);
    thread.unref();
    watchWarm(thread);
    readyThreads.set(
      thread,
      new Promise<void>((resolve) => {
        const ready = (message: WorkerMessage) => {
          if (message.type !== 'ready') return;
          thread.off('message', ready);
          loaded.add(thread);
          resolve();
        };
        thread.on('message', ready);
        thread.once('exit', () => resolve());
      }),
    );
    warmThreads.push(thread);
  }
}

/** Resolves when the warm threads have loaded their engine (for benchmarks: reads after launch). */
export async function whenWarm(): Promise<void> {
  prewarm();
  await Promise.all(warmThreads.map((thread) => readyThreads.get(thread)));
}

/** A thread for `input`: a warm one when its ceiling is the one asked for, else a new one. */
function threadFor(input: WorkerInput, memoryMb: number): Worker {
  const thread = warmThread(memoryMb);
  if (thread) {
    thread.postMessage(input);
    return thread;
  }
  return startThread(input, memoryMb);
}

/** Whether a read's memory ceiling is the warm threads' own. */
function memoryMbIsDefault(memoryMb: number): boolean {
  return memoryMb === DEFAULT_WORKER_LIMITS.memoryMb;
}

/**
 * A warm thread taken for a read, when one waits and the read's ceiling is theirs: the one that came back
 * last from a read when any did (its code is compiled and its heap grown by a real document: a thread's
 * first document read 1.1–1.5× slower than its next, warming or not), else the one loaded longest.
 */
function warmThread(memoryMb: number): Worker | undefined {
  if (!memoryMbIsDefault(memoryMb)) return undefined;
  let at = warmThreads.findLastIndex((thread) => (readsDone.get(thread) ?? 0) > 0);
  if (at < 0) at = warmThreads.findIndex((thread) => loaded.has(thread));
  const [thread] = warmThreads.splice(Math.max(0, at), 1);
  if (thread) {
    unwatchWarm(thread);
    thread.ref();
  }
  return thread;
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
  // A large PDF shares its pages with the warm threads waiting, up to the cores other programs leave
  // free. No thread is started for it: a thread's start (1.1–1.7 s under tsx, and a core while it starts)
  // costs about what a second thread saves on a document of a few hundred pages.
  const extra =
    format === 'pdf' && bytes.length >= limits.parallelMinBytes && memoryMbIsDefault(limits.memoryMb)
      ? freeSlots(Math.min(idleCores(limits), warmThreads.length) - 1)
      : [];
  try {
    if (extra.length === 0) return await readInThread(bytes, format, options, limits);
    const threads: Worker[] = [];
    for (let thread = warmThread(limits.memoryMb); thread; thread = warmThread(limits.memoryMb)) {
      threads.push(thread);
      if (threads.length > extra.length) break;
    }
    if (threads.length === 0) return await readInThread(bytes, format, options, limits);
    return await readInParts(bytes, format, options, limits, threads);
  } finally {
    release();
    for (const more of extra) more();
    // Replaced (when the thread did not go back to wait) on a core no read is using, so starting them never
    // takes a core from a read.
    if (running < MAX_CONCURRENT) prewarm();
  }
}

/**
 * Reads a PDF on `threads`, warm threads taken for it, sharing its pages: each takes the next page no
 * other has taken, and the pages are merged in page order (the same units and lost pages as one thread
 * reading them all). The text ceiling is checked again on the merged pages (each thread sees only its
 * own). The first failure stops the other threads.
 */
async function readInParts(
  bytes: Uint8Array,
  format: string,
  options: ReadOptions,
  limits: WorkerLimits,
  threads: Worker[],
): Promise<ReadResult> {
  const share = sharePages(threads.length);
  const stops: (() => void)[] = [];
  const reads = threads.map((thread) => readInThread(bytes, format, options, limits, share, stops, thread));
  let results: ReadResult[];
  try {
    results = await Promise.all(reads);
  } catch (error) {
    for (const stop of stops) stop();
    await Promise.allSettled(reads);
    throw error;
  }
  const units: ReadUnit[] = results.flatMap((r) => r.units).sort((a, b) => a.index - b.index);
  const lost: LostUnit[] = results.flatMap((r) => r.lost).sort((a, b) => a.index - b.index);
  let chars = 0;
  for (const unit of units) {
    chars += unit.markdown.length;
    if (chars > options.limits.maxTextChars)
      throw new ReadFailure(
        'source_too_large',
        `text characters: observed at least ${chars} by page ${unit.index} (limit ${options.limits.maxTextChars})`,
        'pdf',
      );
  }
  return { format: results[0]?.format ?? format, units, lost };
}

function readInThread(
  bytes: Uint8Array,
  format: string,
  options: ReadOptions,
  limits: WorkerLimits,
  share?: PageShare,
  stops?: (() => void)[],
  /** A warm thread taken for this read (a read sharing a document's pages), else one is taken or started. */
  thread?: Worker,
): Promise<ReadResult> {
  const input: WorkerInput = { bytes, format, ocr: options.ocr, limits: options.limits, share };
  thread?.postMessage(input);
  const worker = thread ?? threadFor(input, limits.memoryMb);
  return new Promise<ReadResult>((resolve, reject) => {
    let settled = false;
    /** Settles the read; the thread is ended unless its clean read (`used` given) lets it wait for the next. */
    const settle = (fn: () => void, used?: WorkerMemory) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (used === undefined || !recycle(worker, limits.memoryMb, used)) void worker.terminate();
      fn();
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
    stops?.push(() =>
      settle(() =>
        reject(
          new ReadFailure('extraction_error', 'stopped: another thread reading the pages failed', format),
        ),
      ),
    );
    const onMessage = (message: WorkerMessage) => {
      switch (message.type) {
        case 'ready':
          return;
        case 'progress':
          options.onUnit?.({
            kind: message.kind,
            index: message.index,
            total: message.total,
            ...(message.unit ? { unit: message.unit } : {}),
          });
          return;
        case 'result':
          settle(() => resolve(message.result), message.used);
          return;
        case 'failure':
          settle(
            () => reject(new ReadFailure(message.code, message.reason, message.format ?? format)),
            message.used,
          );
          return;
        case 'crash':
          settle(() =>
            reject(
              new ReadFailure('extraction_error', `the ${format} reader failed: ${message.message}`, format),
            ),
          );
          return;
      }
    };
    const onError = (error: Error & { code?: string }) => {
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
    };
    const onExit = (code: number) => {
      settle(() =>
        reject(
          new ReadFailure('extraction_error', `the ${format} reader stopped (exit code ${code})`, format),
        ),
      );
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}
