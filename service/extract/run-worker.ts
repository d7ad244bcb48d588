import { availableParallelism, cpus, totalmem } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ProgressMessage, WorkerAnswer, WorkerSetup, WorkerTask } from './worker';
import {
  ReadFailure,
  sharePages,
  type LostUnit,
  type PageShare,
  type ReadOptions,
  type ReadResult,
  type ReadUnit,
} from './types';

// The extraction pool: the threads that read untrusted bytes, owned by whoever creates it (the local
// service, or extract()'s own pool for scripts) and ended by its close(). Nothing starts when it is created:
// the threads start with the first read. Piscina keeps the threads (how many, how long an idle one lives,
// their heap ceiling, stopping a read); this file keeps what is ours: a read's time limit and the spec's
// codes for a thread that ran out of memory or died, a large PDF's pages shared by idle threads, and
// ending a thread its read left large.

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

/** Reads at once: one per core, so a burst of uploads queues instead of starving the service. */
const MAX_CONCURRENT = Math.max(1, availableParallelism());

/**
 * Threads kept waiting once the pool has started: two on a machine of two cores or more and at least
 * 8 GiB of memory (two documents dropped together both start at once), else one; EW_EXTRACT_WARM=n keeps
 * n, at most one per core; 0 none.
 */
function warmThreads(): number {
  const fallback = MAX_CONCURRENT >= 2 && totalmem() >= 8 * 1024 ** 3 ? 2 : 1;
  return Math.min(MAX_CONCURRENT, Math.max(0, Number(process.env['EW_EXTRACT_WARM'] ?? fallback) || 0));
}

/** A thread above the warm ones ends after this long without a read. */
const IDLE_MS = 30_000;

/** A thread goes on to the next read when its last left it this small, up to this many reads. */
const REUSE = { maxHeapMb: 256, maxWasmMb: 256, maxReads: 50 };

/** The worker's entry: the TypeScript source under tsx (dev, tests), the built file in a bundle. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const ts = import.meta.url.endsWith('.ts');
  return {
    url: new URL(ts ? './worker.ts' : './worker.js', import.meta.url),
    execArgv: ts ? ['--import', 'tsx/esm'] : [],
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

export interface ReadInWorkerOptions extends ReadOptions {
  /** Stops the read: its thread is ended and the read is `extraction_error`. */
  signal?: AbortSignal | undefined;
}

export interface ExtractionPool {
  /**
   * Reads `bytes` as `format` in a thread with a memory and a time ceiling. Resolves with what the reader
   * read; rejects with a ReadFailure (the reader's, or `source_too_large` when the thread ran out of
   * memory, `extraction_error` when it crashed, ran out of time, was stopped or the pool was closed).
   */
  read(
    bytes: Uint8Array,
    format: string,
    options: ReadInWorkerOptions,
    limits?: WorkerLimits,
  ): Promise<ReadResult>;
  /** Starts the warm threads and resolves when they have loaded the PDF reader (benchmarks, tests). */
  whenWarm(): Promise<void>;
  /** How many reading threads this pool has started. */
  threadsStarted(): number;
  /** Ends every thread; reads not finished are rejected. Idempotent. */
  close(): Promise<void>;
}

type Balancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;
type PoolThread = Parameters<Balancer>[1][number];

/** Why a read's signal was aborted. */
type StopReason = 'timeout' | 'stopped' | 'cancelled';

/** One piscina pool: the threads of one heap ceiling. */
class Threads {
  readonly piscina: Piscina<WorkerTask, WorkerAnswer | null>;
  /** Thread ids that take no further read (their last read left them large, or their reader threw). */
  private readonly retiring = new Int32Array(new SharedArrayBuffer(64 * Int32Array.BYTES_PER_ELEMENT));
  private readonly known = new Map<number, PoolThread>();
  private readonly seen = new Set<number>();
  /** When each thread last answered a read. */
  readonly lastBack = new Map<number, number>();
  /** Reads sent to the pool whose thread has not begun them: each fails with the error it is given. */
  readonly waiting = new Set<(error: Error) => void>();

  constructor(
    readonly memoryMb: number,
    readonly warm: number,
    reuse: WorkerSetup['reuse'],
  ) {
    const entry = workerEntry();
    const setup: WorkerSetup = { warm: warm > 0, retiring: this.retiring, reuse };
    this.piscina = new Piscina({
      filename: entry.url.href,
      execArgv: entry.execArgv,
      minThreads: warm,
      maxThreads: MAX_CONCURRENT,
      idleTimeout: IDLE_MS,
      concurrentTasksPerWorker: 1,
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 64 },
      workerData: setup,
      loadBalancer: (_task, threads) => this.idle(threads)[0] ?? null,
    });
    this.piscina.on('workerCreate', (thread: PoolThread) => {
      this.known.set(thread.id, thread);
      this.seen.add(thread.id);
    });
    this.piscina.on('workerDestroy', (thread: PoolThread) => {
      this.known.delete(thread.id);
      this.lastBack.delete(thread.id);
      this.seen.add(thread.id);
    });
    // A thread that failed before it could take a read (out of memory while loading, at a small ceiling):
    // the reads waiting for a thread fail with its error rather than wait for one that will not come.
    this.piscina.on('error', (error: Error) => {
      for (const fail of this.waiting) fail(error);
    });
    this.count();
  }

  /** Threads being ended: no read goes to them while they exit. */
  private readonly ending = new Set<number>();

  private isRetiring(id: number): boolean {
    return this.ending.has(id) || this.retiring.includes(id);
  }

  /**
   * Threads ready for a read (none running, not retiring), the one last back from a read first: its code
   * is compiled and its heap grown by a real document (a thread's first document reads slower than its
   * next, warmed or not).
   */
  idle(threads: Iterable<PoolThread> = this.known.values()): PoolThread[] {
    return [...threads]
      .filter(
        (thread) =>
          thread.currentUsage === 0 &&
          !thread.terminating &&
          !thread.destroyed &&
          !this.isRetiring(thread.id),
      )
      .sort((a, b) => (this.lastBack.get(b.id) ?? -1) - (this.lastBack.get(a.id) ?? -1));
  }

  /** Threads started so far (those running now, and those ended). */
  count(): number {
    for (const thread of this.piscina.threads) this.seen.add(thread.threadId);
    return this.seen.size;
  }

  /** Ends the threads that marked themselves retiring once their read has answered. */
  endRetired(): void {
    for (let slot = 0; slot < this.retiring.length; slot++) {
      const id = Atomics.load(this.retiring, slot);
      if (id === 0) continue;
      const thread = this.known.get(id);
      if (thread !== undefined && thread.currentUsage !== 0) continue;
      const worker = this.piscina.threads.find((candidate) => candidate.threadId === id);
      if (worker !== undefined) this.ending.add(id);
      Atomics.store(this.retiring, slot, 0);
      if (worker === undefined) continue;
      this.count();
      worker.once('exit', () => {
        this.ending.delete(id);
        // A read queued while every thread was retiring: this run makes piscina start a thread for it.
        if (this.piscina.queueSize > 0) this.piscina.run({ warm: true }).catch(() => undefined);
      });
      void worker.terminate();
    }
  }
}

export interface ExtractionPoolOptions {
  /** When a thread goes on to the next read (tests: `maxReads: 1` ends every thread after its read). */
  reuse?: Partial<WorkerSetup['reuse']>;
}

export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const reuse = { ...REUSE, ...options.reuse };
  const pools = new Map<number, Threads>();
  let closed = false;
  let closing: Promise<void> | null = null;
  let ended = 0;
  // The cores other programs left over about the last minute (one sample every 20 s, the oldest kept),
  // sampled only while the pool has threads.
  let samples: CpuSample[] = [];
  let sampler: ReturnType<typeof setInterval> | null = null;

  function threadsFor(memoryMb: number): Threads {
    if (closed) throw new ReadFailure('extraction_error', 'the extraction pool has been closed');
    let threads = pools.get(memoryMb);
    if (threads === undefined) {
      threads = new Threads(memoryMb, memoryMb === DEFAULT_WORKER_LIMITS.memoryMb ? warmThreads() : 0, reuse);
      pools.set(memoryMb, threads);
    }
    if (sampler === null) {
      samples = [cpuSample()];
      sampler = setInterval(() => {
        samples.push(cpuSample());
        if (samples.length > 3) samples.shift();
      }, 20_000);
      sampler.unref();
    }
    return threads;
  }

  /**
   * The cores a parallel read can count on: those other programs left to this process over about the
   * last minute (two threads on one core only add the cost of opening the document twice). A ceiling of
   * 0 bytes counts every core (tests).
   */
  function idleCores(limits: WorkerLimits): number {
    if (limits.parallelMinBytes <= 0) return MAX_CONCURRENT;
    const [oldest] = samples;
    const now = cpuSample();
    return oldest && now.at - oldest.at >= 1000 ? coresFree(oldest, now, MAX_CONCURRENT) : MAX_CONCURRENT;
  }

  function readOnce(
    threads: Threads,
    bytes: Uint8Array,
    format: string,
    options: ReadInWorkerOptions,
    limits: WorkerLimits,
    share?: PageShare,
    stop?: AbortSignal,
  ): Promise<ReadResult> {
    const controller = new AbortController();
    let reason: StopReason | null = null;
    const abort = (why: StopReason) => {
      reason ??= why;
      controller.abort(why);
    };
    const timer = setTimeout(() => abort('timeout'), limits.timeoutMs);
    const onCancel = () => abort('cancelled');
    const onStop = () => abort('stopped');
    options.signal?.addEventListener('abort', onCancel, { once: true });
    stop?.addEventListener('abort', onStop, { once: true });

    if (options.signal?.aborted) abort('cancelled');
    /** The error of a thread that failed before it began this read. */
    let unstarted: Error | null = null;
    const fail = (error: Error) => {
      unstarted = error;
      controller.abort();
    };
    threads.waiting.add(fail);
    /** The thread reading, once it has begun. */
    let thread: number | null = null;

    const { port1, port2 } = new MessageChannel();
    let progressDone: () => void = () => undefined;
    const drained = new Promise<void>((resolve) => (progressDone = resolve));
    port1.on('message', (message: ProgressMessage) => {
      if (message.type === 'start') {
        thread = message.thread;
        return void threads.waiting.delete(fail);
      }
      if (message.type === 'done') return progressDone();
      const { type: _type, ...progress } = message;
      options.onUnit?.(progress);
    });

    const failure = (caught: unknown): ReadFailure => {
      if (caught instanceof ReadFailure) return caught;
      const error = unstarted ?? caught;
      if (reason === 'timeout')
        return new ReadFailure(
          'extraction_error',
          `reading took longer than ${limits.timeoutMs >= 1000 ? `${Math.round(limits.timeoutMs / 1000)} s` : `${limits.timeoutMs} ms`} and was stopped`,
          format,
        );
      if (reason === 'stopped')
        return new ReadFailure(
          'extraction_error',
          'stopped: another thread reading the pages failed',
          format,
        );
      if (closed)
        return new ReadFailure('extraction_error', 'the extraction pool was closed during the read', format);
      if (reason === 'cancelled')
        return new ReadFailure('extraction_error', 'the read was cancelled', format);
      const { message, code } = error as Error & { code?: string };
      if (code === 'ERR_WORKER_OUT_OF_MEMORY')
        return new ReadFailure(
          'source_too_large',
          `reading needed more memory than the ${limits.memoryMb} MB limit`,
          format,
        );
      const exit = /worker exited with code: (-?\d+)/.exec(String(message));
      if (exit)
        return new ReadFailure(
          'extraction_error',
          `the ${format} reader stopped (exit code ${exit[1]})`,
          format,
        );
      return new ReadFailure('extraction_error', `the ${format} reader failed: ${String(message)}`, format);
    };

    const task = threads.piscina.run(
      { bytes, format, ocr: options.ocr, limits: options.limits, share, progress: port2 },
      { transferList: [port2], signal: controller.signal },
    );
    return task
      .then(async (answer) => {
        if (answer === null)
          throw new ReadFailure('extraction_error', 'the reading thread gave no answer', format);
        if (answer.type === 'crash')
          throw new ReadFailure('extraction_error', `the ${format} reader failed: ${answer.message}`, format);
        // Every page told before the answer reaches the caller before the result does.
        await drained;
        if (answer.type === 'failure')
          throw new ReadFailure(answer.code, answer.reason, answer.format ?? format);
        return answer.result;
      })
      .catch((error: unknown) => {
        throw failure(error);
      })
      .finally(() => {
        clearTimeout(timer);
        threads.waiting.delete(fail);
        if (thread !== null) threads.lastBack.set(thread, performance.now());
        options.signal?.removeEventListener('abort', onCancel);
        stop?.removeEventListener('abort', onStop);
        port1.close();
        threads.endRetired();
      });
  }

  /**
   * A PDF read on `parts` threads sharing its pages: each takes the next page no other has taken, and the
   * pages are merged in page order (the same units and lost pages as one thread reading them all). The
   * text ceiling is checked again on the merged pages (each thread sees only its own). The first failure
   * stops the other threads.
   */
  async function readInParts(
    threads: Threads,
    bytes: Uint8Array,
    format: string,
    options: ReadInWorkerOptions,
    limits: WorkerLimits,
    parts: number,
  ): Promise<ReadResult> {
    const share = sharePages(parts);
    const stop = new AbortController();
    const reads = Array.from({ length: parts }, () =>
      readOnce(threads, bytes, format, options, limits, share, stop.signal),
    );
    let results: ReadResult[];
    try {
      results = await Promise.all(reads);
    } catch (error) {
      stop.abort();
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

  return {
    async read(bytes, format, options, limits = DEFAULT_WORKER_LIMITS) {
      const threads = threadsFor(limits.memoryMb);
      // A large PDF shares its pages with the threads idle now, up to the cores other programs leave
      // free; no thread is started for it (a thread's start costs about what a second thread saves on a
      // document of a few hundred pages), and nobody waiting is overtaken.
      const parts =
        format === 'pdf' &&
        bytes.length >= limits.parallelMinBytes &&
        limits.memoryMb === DEFAULT_WORKER_LIMITS.memoryMb &&
        threads.piscina.queueSize === 0
          ? Math.min(idleCores(limits), threads.idle().length)
          : 1;
      return parts > 1
        ? readInParts(threads, bytes, format, options, limits, parts)
        : readOnce(threads, bytes, format, options, limits);
    },

    async whenWarm() {
      const threads = threadsFor(DEFAULT_WORKER_LIMITS.memoryMb);
      await Promise.all(Array.from({ length: threads.warm }, () => threads.piscina.run({ warm: true })));
    },

    threadsStarted() {
      let count = ended;
      for (const threads of pools.values()) count += threads.count();
      return count;
    },

    close() {
      // Reads still queued or running are rejected by piscina; `closed` makes their failure say why.
      closed = true;
      closing ??= (async () => {
        if (sampler !== null) clearInterval(sampler);
        const all = [...pools.values()];
        for (const threads of all) ended += threads.count();
        pools.clear();
        await Promise.all(all.map((threads) => threads.piscina.destroy()));
      })();
      return closing;
    },
  };
}
