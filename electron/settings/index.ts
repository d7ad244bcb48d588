import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';

// The app's settings: `settings.json` in the data folder, validated on the way in and out, written
// atomically (temp file, fsync, rename). A file that cannot be read as settings is never lost: it is kept
// aside as `settings.json.bad-<time>` and the defaults apply, with `problem` saying so.

const HttpUrl = z
  .string()
  .url()
  .max(2000)
  .refine((u) => /^https?:\/\//i.test(u), 'an http or https URL')
  .transform((u) => u.replace(/\/+$/, ''));

/** A folder the person chose for the local evidence service's data: an absolute path. */
const Folder = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => isAbsolute(p), 'an absolute folder path')
  .refine((p) => !p.includes('\0'), 'a folder path');

export const Settings = z
  .strictObject({
    mode: z.enum(['embedded', 'remote']),
    baseUrl: HttpUrl.nullable(),
    ocr: z.enum(['auto', 'off', 'force']),
    /** Where the embedded service keeps its data; null: the app's own data folder. */
    dataDir: Folder.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.mode === 'remote' && s.baseUrl === null)
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'a remote service needs its URL' });
  });
export type Settings = z.output<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = { mode: 'embedded', baseUrl: null, ocr: 'auto', dataDir: null };
export const SETTINGS_FILE = 'settings.json';

export interface LoadedSettings extends Settings {
  /** Why the stored file was not used (kept aside; the defaults apply), or null. */
  problem: string | null;
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`).join('; ');
}

export function loadSettings(dir: string): Promise<LoadedSettings> {
  const file = join(dir, SETTINGS_FILE);
  if (!existsSync(file)) return Promise.resolve({ ...DEFAULT_SETTINGS, problem: null });
  let why: string;
  try {
    const parsed = Settings.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return Promise.resolve({ ...parsed.data, problem: null });
    why = describe(parsed.error);
  } catch (error) {
    why = error instanceof Error ? error.message : String(error);
  }
  const aside = `${file}.bad-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  return Promise.resolve({
    ...DEFAULT_SETTINGS,
    problem: `The saved settings could not be used (${why}); they were kept as ${aside} and the defaults apply.`,
  });
}

/** Validates `patch` over the stored settings and writes the result atomically; a bad field throws naming it. */
export async function saveSettings(dir: string, patch: Partial<Settings>): Promise<LoadedSettings> {
  const current = await loadSettings(dir);
  const { problem: _problem, ...stored } = current;
  const parsed = Settings.safeParse({ ...stored, ...patch });
  if (!parsed.success) throw new Error(describe(parsed.error));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, SETTINGS_FILE);
  const temp = `${file}.tmp-${process.pid}`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(parsed.data, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  return { ...parsed.data, problem: null };
}
