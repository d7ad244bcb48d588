import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { MAX_ASSET_BYTES } from '../../../shared/api/common';
import type { ExtractionCode, ExtractionState, LostPart } from '../../../shared/api/extract';
import type { LibraryEntry, ProgressEvent } from '../../../shared/bridge';
import { bridge, BridgeCallError, callBridge, uploadFile } from '../bridge';
import { queryKeys } from '../queries';
import { readingLabel } from '../ui/extraction-codes';
import { humanSize } from './file-size';

// The files the person is adding (upload, then read) and the documents they asked to read, with each
// one's progress. What the page is doing, not what the main process knows: the library itself is the
// `library.list` query, refreshed when a task stores or reads something.

export type ImportPhase = 'waiting' | 'uploading' | 'stored' | 'reading' | 'done' | 'failed' | 'refused';

/** How a finished read came out (the representation `documents.publish` answered). */
export interface ImportReading {
  state: ExtractionState;
  code: ExtractionCode | null;
  reason: string | null;
  lost: LostPart[];
  unitCount: number;
}

export interface ImportTask {
  /** Also the upload's `taskId`, so its progress events find it. */
  id: string;
  /**
   * `upload`: a file to add, then read; `url`: a pasted web address the service downloads and keeps,
   * then read; `read`: a stored document to read.
   */
  kind: 'upload' | 'url' | 'read';
  name: string;
  byteLength: number | null;
  /** The file, kept so a failed upload can be retried; null for a `read` or `url` task. */
  file: File | null;
  /** The web address of a `url` task, kept so a failed download can be retried; null otherwise. */
  url: string | null;
  phase: ImportPhase;
  /** The last progress event of this task (upload or read), if any. */
  progress: Pick<ProgressEvent, 'stage' | 'done' | 'total'> | null;
  sourceVersionId: string | null;
  /** Which step failed, so Retry repeats only that step. */
  failedStep: 'upload' | 'read' | null;
  error: string | null;
  reading: ImportReading | null;
}

export interface Announcement {
  id: number;
  text: string;
}

interface ImportQueue {
  tasks: ImportTask[];
  /** The latest sentences for the polite live region, oldest first; a few, so quick ones are not lost. */
  announcements: Announcement[];
}

export const useImportQueue = create<ImportQueue>()(() => ({ tasks: [], announcements: [] }));

const KEPT_ANNOUNCEMENTS = 5;
let nextAnnouncement = 0;

/** Files read (uploaded and published) at once; the rest wait, so a drop of twenty stays responsive. */
const CONCURRENT_TASKS = 2;

let nextTaskNumber = 0;
function newTaskId(): string {
  nextTaskNumber += 1;
  return `import-${Date.now().toString(36)}-${nextTaskNumber}`;
}

function update(id: string, change: Partial<ImportTask>): void {
  useImportQueue.setState((queue) => ({
    tasks: queue.tasks.map((task) => (task.id === id ? { ...task, ...change } : task)),
  }));
}

/** Sets the sentence the polite live region reads next (library events: added, read, removed). */
export function announce(text: string): void {
  nextAnnouncement += 1;
  const added = { id: nextAnnouncement, text };
  useImportQueue.setState((queue) => ({
    announcements: [...queue.announcements, added].slice(-KEPT_ANNOUNCEMENTS),
  }));
}

function task(id: string): ImportTask | undefined {
  return useImportQueue.getState().tasks.find((t) => t.id === id);
}

/** The longest prefix of whole characters within `max` UTF-16 code units (the contract's limit). */
function firstCodeUnits(text: string, max: number): string {
  let kept = '';
  for (const ch of text) {
    if (kept.length + ch.length > max) break;
    kept += ch;
  }
  return kept;
}

function messageOf(error: unknown): string {
  if (error instanceof BridgeCallError || error instanceof Error) return error.message;
  return 'Something went wrong that the workbench could not describe.';
}

/** Why a file is refused before any byte is sent, or null when it may go. */
export function refusalOf(file: Blob & { name?: string }): string | null {
  if (file.size > MAX_ASSET_BYTES)
    return `This file is ${humanSize(file.size)}; the library takes files up to ${humanSize(MAX_ASSET_BYTES)}. Send a smaller file (split it, or export only the pages you need).`;
  if (file.size === 0) return 'This file is empty: there is nothing to add.';
  return null;
}

/** Adds files: each becomes its own task; a refused file is shown as refused and never sent. */
export function addFiles(files: readonly File[], client: QueryClient): void {
  if (files.length === 0) return;
  const added: ImportTask[] = files.map((file) => {
    const refusal = refusalOf(file);
    return {
      id: newTaskId(),
      kind: 'upload',
      name: file.name || 'Unnamed file',
      byteLength: file.size,
      file: refusal === null ? file : null,
      url: null,
      phase: refusal === null ? 'waiting' : 'refused',
      progress: null,
      sourceVersionId: null,
      failedStep: null,
      error: refusal,
      reading: null,
    };
  });
  useImportQueue.setState((queue) => ({ tasks: [...added, ...queue.tasks] }));
  const refused = added.filter((t) => t.phase === 'refused');
  const accepted = added.length - refused.length;
  const parts: string[] = [];
  if (accepted > 0) parts.push(`Adding ${accepted} ${accepted === 1 ? 'file' : 'files'} to the library.`);
  for (const t of refused) parts.push(`${t.name} was not sent: ${t.error ?? ''}`);
  announce(parts.join(' '));
  pump(client);
}

/** The longest web address the bridge takes (`library.fetchUrl`). */
export const MAX_WEB_ADDRESS_LENGTH = 2000;

/** Why a pasted web address is refused before it is sent, or null when it may go. */
export function webAddressRefusal(text: string): string | null {
  const address = text.trim();
  if (address === '') return 'Paste the web address of a document first.';
  if (address.length > MAX_WEB_ADDRESS_LENGTH)
    return `This address is over ${MAX_WEB_ADDRESS_LENGTH} characters; paste the address of the document itself.`;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'This is not a web address: paste one that starts with http:// or https://.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'Only web addresses that start with http:// or https:// can be added.';
  return null;
}

/**
 * A refusal of `library.fetchUrl` in plain words: the bridge code tells which refusal of the service's
 * download it was (400: not a public address, 413: over the ceiling, 502: the site, 504: the time limit).
 */
export function fetchFailureText(error: unknown): string {
  const code = error instanceof BridgeCallError ? error.code : null;
  const serviceCode = error instanceof BridgeCallError ? error.serviceCode : null;
  const message = messageOf(error);
  if (serviceCode === 'empty_file') return 'The address gave an empty file: there is nothing to add.';
  if (serviceCode === 'invalid_asset_url')
    return 'This address is not a public web address: the workbench only fetches documents on the public web.';
  switch (code) {
    case 'invalid_input':
      return 'This is not a web address the workbench can fetch: it must start with http:// or https://.';
    case 'too_large':
      return `The file is over ${humanSize(MAX_ASSET_BYTES)}; the library takes files up to ${humanSize(MAX_ASSET_BYTES)}.`;
    case 'upstream_timeout':
    case 'timeout':
      return 'The site did not answer in time; try again.';
    case 'upstream_failed':
      return 'The site could not be reached or did not give the file; check the address and try again.';
    default:
      return message;
  }
}

/** Adds a pasted web address: the service downloads and keeps it, then it is read, like a file. */
export function addWebAddress(text: string, client: QueryClient): boolean {
  if (webAddressRefusal(text) !== null) return false;
  const url = text.trim();
  const added: ImportTask = {
    id: newTaskId(),
    kind: 'url',
    name: url,
    byteLength: null,
    file: null,
    url,
    phase: 'waiting',
    progress: null,
    sourceVersionId: null,
    failedStep: null,
    error: null,
    reading: null,
  };
  useImportQueue.setState((queue) => ({ tasks: [added, ...queue.tasks] }));
  announce(`Fetching ${url} for the library.`);
  pump(client);
  return true;
}

/** Reads (publishes) a stored document that was never read, or reads it again. */
export function readDocument(sourceVersionId: string, name: string, client: QueryClient): void {
  const running = useImportQueue
    .getState()
    .tasks.some(
      (t) => t.sourceVersionId === sourceVersionId && (t.phase === 'waiting' || t.phase === 'reading'),
    );
  if (running) return;
  const added: ImportTask = {
    id: newTaskId(),
    kind: 'read',
    name,
    byteLength: null,
    file: null,
    url: null,
    phase: 'waiting',
    progress: null,
    sourceVersionId,
    failedStep: null,
    error: null,
    reading: null,
  };
  useImportQueue.setState((queue) => ({ tasks: [added, ...queue.tasks] }));
  announce(`Reading ${name}.`);
  pump(client);
}

/** Repeats the step that failed: the upload (with the same file) or the read of the stored document. */
export function retryTask(id: string, client: QueryClient): void {
  const failed = task(id);
  if (failed === undefined || failed.phase !== 'failed') return;
  update(id, { phase: 'waiting', error: null, progress: null });
  announce(`Trying ${failed.name} again.`);
  pump(client);
}

export function dismissTask(id: string): void {
  useImportQueue.setState((queue) => ({ tasks: queue.tasks.filter((t) => t.id !== id) }));
}

/** Removes the tasks that are over (read, refused); failed ones stay until retried or dismissed. */
export function clearFinished(): void {
  useImportQueue.setState((queue) => ({
    tasks: queue.tasks.filter((t) => t.phase !== 'done' && t.phase !== 'refused'),
  }));
}

/** Whether a task is still moving (a person may leave it alone). */
export function isActive(t: ImportTask): boolean {
  return t.phase === 'waiting' || t.phase === 'uploading' || t.phase === 'stored' || t.phase === 'reading';
}

function pump(client: QueryClient): void {
  const { tasks } = useImportQueue.getState();
  let running = tasks.filter((t) => isActive(t) && t.phase !== 'waiting').length;
  // Oldest first: tasks are listed newest first.
  for (const waiting of [...tasks].reverse()) {
    if (running >= CONCURRENT_TASKS) break;
    if (waiting.phase !== 'waiting') continue;
    running += 1;
    const start: Partial<ImportTask> =
      waiting.sourceVersionId === null ? { phase: 'uploading' } : { phase: 'reading', progress: null };
    update(waiting.id, start);
    void run(waiting.id, client).finally(() => pump(client));
  }
}

/** Follows this task's progress events: its upload (taskId = task id), then its read (the source version). */
function followProgress(id: string): () => void {
  return bridge().on('progress', (event) => {
    const current = task(id);
    if (current === undefined || !isActive(current)) return;
    const ours =
      event.taskId === id || (current.sourceVersionId !== null && event.taskId === current.sourceVersionId);
    if (!ours) return;
    const progress = { stage: event.stage, done: event.done, total: event.total };
    if ((event.stage === 'upload:stored' || event.stage === 'fetch:stored') && current.phase === 'uploading')
      update(id, { phase: 'stored', progress });
    else update(id, { progress });
  });
}

async function run(id: string, client: QueryClient): Promise<void> {
  const stopFollowing = followProgress(id);
  try {
    await upload(id, client);
    await read(id, client);
  } finally {
    stopFollowing();
  }
}

async function upload(id: string, client: QueryClient): Promise<void> {
  const current = task(id);
  if (current === undefined || current.sourceVersionId !== null) return;
  if (current.kind === 'url') return fetchAddress(id, client);
  if (current.file === null) return fail(id, 'upload', 'The file is no longer available; add it again.');
  try {
    const stored = await uploadFile(
      {
        taskId: id,
        filename: firstCodeUnits(current.name, 255),
        ...(current.file.type !== '' ? { mediaType: current.file.type } : {}),
      },
      current.file,
    );
    if (stored.source_version_id === undefined)
      return fail(id, 'upload', 'The service stored the file but did not keep a version of it to read.');
    // The file is in the library now: the list shows it, "Reading…", while it is being read.
    update(id, { phase: 'stored', sourceVersionId: stored.source_version_id, file: null });
    announce(`${current.name} is stored; reading it.`);
    void client.invalidateQueries({ queryKey: queryKeys.library });
  } catch (error) {
    fail(id, 'upload', messageOf(error));
  }
}

async function fetchAddress(id: string, client: QueryClient): Promise<void> {
  const current = task(id);
  if (current === undefined) return;
  if (current.url === null) return fail(id, 'upload', 'The address is no longer available; paste it again.');
  try {
    const stored = await callBridge('library.fetchUrl', { taskId: id, url: current.url });
    if (stored.source_version_id === undefined)
      return fail(id, 'upload', 'The service stored the file but did not keep a version of it to read.');
    update(id, {
      phase: 'stored',
      sourceVersionId: stored.source_version_id,
      byteLength: stored.byte_length,
    });
    announce(`${current.name} is stored; reading it.`);
    void client.invalidateQueries({ queryKey: queryKeys.library });
  } catch (error) {
    fail(id, 'upload', fetchFailureText(error));
  }
}

async function read(id: string, client: QueryClient): Promise<void> {
  const current = task(id);
  if (current === undefined || current.sourceVersionId === null || current.phase === 'failed') return;
  update(id, { phase: 'reading', progress: null });
  try {
    const representation = await callBridge('documents.publish', {
      sourceVersionId: current.sourceVersionId,
    });
    const reading: ImportReading = {
      state: representation.state,
      code: representation.code,
      reason: representation.reason,
      lost: representation.lost ?? [],
      unitCount: representation.units.length,
    };
    // The library shows the same reading at once: until its list is fetched again it would say "Never read".
    const sourceVersionId = current.sourceVersionId;
    client.setQueryData<LibraryEntry[]>(queryKeys.library, (entries) =>
      entries?.map((e) =>
        e.sourceVersionId !== sourceVersionId
          ? e
          : {
              ...e,
              reading: {
                representationId: representation.representation_id,
                state: reading.state,
                code: reading.code,
                reason: reading.reason,
                extractionMethod: representation.extraction_method,
                unitCount: reading.unitCount,
                lost: reading.lost,
              },
            },
      ),
    );
    update(id, { phase: 'done', reading, progress: null });
    const lost = reading.lost.length;
    announce(
      `${current.name}: ${readingLabel(reading.state, reading.code)}` +
        (lost > 0 ? `, ${lost} ${lost === 1 ? 'part' : 'parts'} lost.` : '.'),
    );
  } catch (error) {
    fail(id, 'read', messageOf(error));
  } finally {
    void client.invalidateQueries({ queryKey: queryKeys.library });
  }
}

function fail(id: string, step: 'upload' | 'read', message: string): void {
  update(id, { phase: 'failed', failedStep: step, error: message, progress: null });
  const name = task(id)?.name ?? 'A file';
  announce(
    step === 'upload' ? `${name} could not be added: ${message}` : `${name} could not be read: ${message}`,
  );
}
