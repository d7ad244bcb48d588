import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Worker as Thread } from 'node:worker_threads';
import Tesseract from 'tesseract.js';

// A pool of warm tesseract.js workers, one per thread of this process (the extraction thread that reads a
// document, or the main thread for the bench and the tests). Up to `workers` images are recognised at
// once, one per tesseract worker; more wait in order. A worker is started on the first image that finds
// no idle one, kept for the next image, and stopped after `idleMs` without work. An idle worker's thread
// is unref'd, so it never keeps the process alive; a busy one is ref'd, so a process waiting only for OCR
// does not exit under it. A worker whose thread dies fails the image it was reading and is replaced on the
// next image.
//
// Recognition settings, the same on every worker (so results do not depend on which worker read an image):
// the LSTM engine only, with the LSTM-only English data (4.0.0_best_int: the same LSTM as the 4.0.0 data,
// without the legacy engine's tables, so a worker starts in a third of the time and memory); automatic page
// segmentation (PSM 3, the command line's: tesseract.js's default PSM 6 reads a page as one block, which
// runs the two columns of a paper into the same lines); the image's resolution given, not estimated; and
// only the blocks (words with boxes) asked back: no text, hOCR, TSV or PDF rendering.

export interface OcrPoolSettings {
  /** How many tesseract workers may run at once (default: the cores, or EW_OCR_WORKERS). */
  workers: number;
  /** How long an idle worker is kept warm before it is stopped, in ms. */
  idleMs: number;
}

// Not named `require`: a bundle for the desktop app declares its own.
const resolveFrom = createRequire(import.meta.url);

function defaultWorkers(): number {
  const fromEnv = Number(process.env['EW_OCR_WORKERS']);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, availableParallelism());
}

const settings: OcrPoolSettings = { workers: defaultWorkers(), idleMs: 10_000 };

/** The folder holding the LSTM-only eng.traineddata.gz of the installed @tesseract.js-data/eng. */
function languageFolder(): string {
  const root = dirname(resolveFrom.resolve('@tesseract.js-data/eng/package.json'));
  return join(root, '4.0.0_best_int');
}

interface Job {
  image: Uint8Array;
  dpi: number;
  resolve: (page: Tesseract.Page) => void;
  reject: (error: Error) => void;
}

interface Slot {
  ready: Promise<Tesseract.Worker>;
  thread: Thread | null;
  busy: boolean;
  dead: boolean;
  idle: NodeJS.Timeout | null;
  /** Fails the image in flight: set while the slot reads one. */
  fail: ((error: Error) => void) | null;
  cacheDir: string;
}

const slots: Slot[] = [];
const queue: Job[] = [];

/** Changes the pool's size or idle time; workers above a smaller size stop once idle. */
export function configureOcr(next: Partial<OcrPoolSettings>): OcrPoolSettings {
  if (next.workers !== undefined) settings.workers = Math.max(1, Math.floor(next.workers));
  if (next.idleMs !== undefined) settings.idleMs = Math.max(0, next.idleMs);
  for (const slot of slots.filter((s) => !s.busy)) park(slot);
  pump();
  return { ...settings };
}

/** The pool's current settings. */
export function ocrSettings(): OcrPoolSettings {
  return { ...settings };
}

/** The threads of the live workers (for tests: a worker killed from outside must be replaced). */
export function ocrThreads(): Thread[] {
  return slots.flatMap((slot) => (slot.thread && !slot.dead ? [slot.thread] : []));
}

/** Starts one worker ahead, if none is running, so the first page does not pay the engine's start. */
export function prewarmOcr(): void {
  if (slots.length > 0) return;
  const slot = startSlot();
  void slot.ready.then(
    () => {
      if (!slot.busy) park(slot);
    },
    () => {},
  );
}

/**
 * Recognises `image` (PNG, JPEG or TIFF bytes) at `dpi` on the next free worker: tesseract's page, with
 * boxes in pixels. Safe to call concurrently; each call's result is the one a lone call would give.
 */
export function recognizePage(image: Uint8Array, dpi: number): Promise<Tesseract.Page> {
  return new Promise<Tesseract.Page>((resolve, reject) => {
    queue.push({ image, dpi, resolve, reject });
    pump();
  });
}

/** Stops every worker now; images waiting or in flight fail. */
export async function shutdownOcr(): Promise<void> {
  for (const job of queue.splice(0)) job.reject(new Error('OCR was shut down'));
  await Promise.all([...slots].map((slot) => stopSlot(slot)));
}

function startSlot(): Slot {
  const cacheDir = mkdtempSync(join(tmpdir(), 'ew-ocr-'));
  let failStart: (error: Error) => void = () => {};
  const startFailed = new Promise<never>((_, reject) => {
    failStart = reject;
  });
  const slot: Slot = {
    ready: null as unknown as Promise<Tesseract.Worker>,
    thread: null,
    busy: false,
    dead: false,
    idle: null,
    fail: null,
    cacheDir,
  };
  const created = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: languageFolder(),
    gzip: true,
    // 'none' never reads or writes a cache; the folder is a belt for the braces.
    cacheMethod: 'none',
    cachePath: cacheDir,
    logger: () => {},
    // tesseract.js reports a failed start (missing or bad traineddata) only here, never by rejecting.
    errorHandler: (data: unknown) => failStart(new Error(`tesseract failed to start: ${String(data)}`)),
  });
  slot.ready = Promise.race([created, startFailed]).then(async (worker) => {
    await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
    const thread = (worker as unknown as { worker?: Thread }).worker ?? null;
    slot.thread = thread;
    thread?.once('exit', (code) => {
      if (slot.dead) return;
      slot.fail?.(new Error(`the OCR engine stopped while reading the page (exit code ${code})`));
      void stopSlot(slot);
    });
    if (slot.dead) throw new Error('OCR was shut down');
    return worker;
  });
  // A worker that failed to start is dropped; the next image starts another.
  slot.ready.catch(() => void stopSlot(slot));
  slots.push(slot);
  return slot;
}

async function stopSlot(slot: Slot): Promise<void> {
  slot.dead = true;
  slot.fail?.(new Error('OCR was shut down'));
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  const at = slots.indexOf(slot);
  if (at >= 0) slots.splice(at, 1);
  try {
    await (await slot.ready).terminate();
  } catch {
    // a worker that failed to start has nothing to stop
  } finally {
    rmSync(slot.cacheDir, { recursive: true, force: true });
  }
  pump();
}

/** An idle worker: unref'd, stopped after the idle time (at once when the pool has shrunk below it). */
function park(slot: Slot): void {
  if (slot.dead) return;
  slot.thread?.unref();
  if (slot.idle) clearTimeout(slot.idle);
  const live = slots.filter((s) => !s.dead);
  if (live.indexOf(slot) >= settings.workers) {
    void stopSlot(slot);
    return;
  }
  slot.idle = setTimeout(() => void stopSlot(slot), settings.idleMs);
  slot.idle.unref();
}

function pump(): void {
  while (queue.length > 0) {
    let slot = slots.find((s) => !s.busy && !s.dead);
    if (!slot) {
      if (slots.filter((s) => !s.dead).length >= settings.workers) return;
      slot = startSlot();
    }
    const job = queue.shift() as Job;
    void read(slot, job);
  }
}

async function read(slot: Slot, job: Job): Promise<void> {
  slot.busy = true;
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  slot.thread?.ref();
  const died = new Promise<never>((_, reject) => {
    slot.fail = reject;
  });
  died.catch(() => {});
  try {
    const worker = await slot.ready;
    // Stopped while it started: tesseract.js would post to a thread that is gone.
    if (slot.dead) throw new Error('OCR was shut down');
    slot.thread?.ref();
    const result = await Promise.race([
      worker.recognize(
        Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength),
        { user_defined_dpi: String(Math.round(job.dpi)) } as Partial<Tesseract.RecognizeOptions>,
        { blocks: true, text: false },
      ),
      died,
    ]);
    job.resolve(result.data);
  } catch (error) {
    job.reject(error instanceof Error ? error : new Error(String(error)));
  } finally {
    slot.fail = null;
    slot.busy = false;
    if (!slot.dead) {
      // The next image in line keeps the worker busy; else it waits, unref'd.
      pump();
      if (!slot.busy) park(slot);
    }
  }
}
