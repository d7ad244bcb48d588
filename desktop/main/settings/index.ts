import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { writeAtomically } from '../files/write-atomically';
import {
  DataFolder,
  DEFAULT_SETTINGS,
  requireServiceUrl,
  SETTINGS_FIELDS,
  type Settings as SharedSettings,
} from '../../../shared/vocabulary/settings';

// The app's settings: `settings.json` in the data folder, validated on the way in and out, written
// atomically (temp file, fsync, rename, fsync of the folder). A file that cannot be read as settings is
// never lost: it is kept aside as `settings.json.bad-<time>` and the defaults apply, with `problem` saying
// so. A field the file lacks (an older file, a hand-edited one) takes its default.

/** A folder the person chose for the local evidence service's data: an absolute path on this machine. */
const Folder = DataFolder.refine((p) => isAbsolute(p), 'an absolute folder path');

/** The shared schema (shared/vocabulary/settings.ts), with what only this machine can check. */
export const Settings = z
  .strictObject({
    ...SETTINGS_FIELDS,
    dataDir: Folder.nullable().default(null),
    authorName: SETTINGS_FIELDS.authorName.default(null),
  })
  .superRefine(requireServiceUrl);
export type Settings = SharedSettings;

export { DEFAULT_SETTINGS };
export const SETTINGS_FILE = 'settings.json';

export interface LoadedSettings extends Settings {
  /** Why the stored file was not used (kept aside; the defaults apply), or null. */
  problem: string | null;
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : 'settings'}: ${i.message}`)
    .join('; ');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Moves a file that could not be used out of the way without losing it; returns where it went, or null. */
function keepAside(file: string): string | null {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let aside = `${file}.bad-${stamp}`;
  for (let n = 1; existsSync(aside); n++) aside = `${file}.bad-${stamp}-${n}`;
  try {
    renameSync(file, aside);
    return aside;
  } catch {
    try {
      copyFileSync(file, aside);
      return aside;
    } catch {
      return null;
    }
  }
}

function loadNow(dir: string): LoadedSettings {
  const file = join(dir, SETTINGS_FILE);
  if (!existsSync(file)) return { ...DEFAULT_SETTINGS, problem: null };
  let why: string;
  try {
    const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const parsed = Settings.safeParse(isRecord(json) ? { ...DEFAULT_SETTINGS, ...json } : json);
    if (parsed.success) return { ...parsed.data, problem: null };
    why = describe(parsed.error);
  } catch (error) {
    why = error instanceof Error ? error.message : String(error);
  }
  const aside = keepAside(file);
  return {
    ...DEFAULT_SETTINGS,
    problem:
      aside === null
        ? `The saved settings could not be used (${why}) and could not be moved aside; the defaults apply.`
        : `The saved settings could not be used (${why}); they were kept as ${aside} and the defaults apply.`,
  };
}

export function loadSettings(dir: string): Promise<LoadedSettings> {
  try {
    return Promise.resolve(loadNow(dir));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Saves of one folder, one after another: two changes at once both land. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Validates `patch` over the stored settings and writes the result atomically. A bad field throws an
 * Error naming it, and nothing is written. A `problem` member (from a loaded settings object) is ignored.
 */
export function saveSettings(
  dir: string,
  patch: Partial<Settings> & { problem?: unknown },
): Promise<LoadedSettings> {
  const previous = queues.get(dir) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => saveNow(dir, patch));
  queues.set(dir, next);
  void next
    .finally(() => {
      if (queues.get(dir) === next) queues.delete(dir);
    })
    .catch(() => undefined);
  return next;
}

/**
 * The settings `patch` would give over the stored ones, validated, without writing anything: what the
 * app tries (opening the service it names) before it saves. A bad field throws as `saveSettings` does.
 */
export function previewSettings(
  dir: string,
  patch: Partial<Settings> & { problem?: unknown },
): Promise<LoadedSettings> {
  try {
    return Promise.resolve({ ...merged(dir, patch), problem: null });
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function merged(dir: string, patch: Partial<Settings> & { problem?: unknown }): Settings {
  const { problem: _ignored, ...changes } = patch;
  const { problem: _problem, ...stored } = loadNow(dir);
  const parsed = Settings.safeParse({ ...stored, ...changes });
  if (!parsed.success) throw new Error(`Settings not saved: ${describe(parsed.error)}`);
  return parsed.data;
}

function saveNow(dir: string, patch: Partial<Settings> & { problem?: unknown }): LoadedSettings {
  const parsed = { data: merged(dir, patch) };
  mkdirSync(dir, { recursive: true });
  writeAtomically(join(dir, SETTINGS_FILE), `${JSON.stringify(parsed.data, null, 2)}\n`);
  return { ...parsed.data, problem: null };
}
