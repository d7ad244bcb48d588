import { z } from 'zod';
import { PersonName } from '../bridge/cases';
import { DEFAULT_OCR_MODE, OcrModeSchema } from './ocr';

/**
 * The app's settings: the one schema. The main process stores them (desktop/main/settings, adding only the
 * checks that need the machine: a folder absolute on this platform), the bridge carries their view and
 * their patch, the handlers and the settings form use the types derived here.
 */

/** Where the evidence service runs: in the app (embedded) or at a newsroom's address (remote). */
export const SERVICE_MODES = ['embedded', 'remote'] as const;
export const ServiceMode = z.enum(SERVICE_MODES);
export type ServiceMode = z.infer<typeof ServiceMode>;

/** Why an address cannot be a remote service's. */
export type ServiceUrlFault = 'not_a_url' | 'not_http' | 'credentials' | 'query_or_fragment';

export type ServiceUrlResult =
  { ok: true; url: string } | { ok: false; fault: ServiceUrlFault; problem: string };

/**
 * The address of a remote evidence service, in the one form the app keeps it in: http or https, no
 * credentials, no query or fragment, no trailing slash. Settings store it in this form and the keychain is
 * keyed by it, so the same service always finds the same key.
 */
export function normaliseServiceUrl(input: string): ServiceUrlResult {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, fault: 'not_a_url', problem: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, fault: 'not_http', problem: 'the service URL must start with http:// or https://' };
  if (url.username !== '' || url.password !== '')
    return {
      ok: false,
      fault: 'credentials',
      problem: 'the service URL must not carry a user name or password (the API key goes in the keychain)',
    };
  if (url.search !== '' || url.hash !== '')
    return {
      ok: false,
      fault: 'query_or_fragment',
      problem: 'the service URL must not carry a query or a fragment',
    };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** A remote service's address, kept in its normal form (normaliseServiceUrl). */
export const ServiceUrl = z
  .string()
  .max(2000)
  .transform((value, ctx) => {
    const result = normaliseServiceUrl(value);
    if (result.ok) return result.url;
    ctx.addIssue({ code: 'custom', message: `expected an http or https URL (${result.problem})` });
    return z.NEVER;
  });

/** A folder for the local evidence service's data (absolute: the main process checks it for its platform). */
export const DataFolder = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0'), 'a folder path');

/** Each setting with its validation; null for baseUrl, dataDir and authorName means none set. */
export const SETTINGS_FIELDS = {
  mode: ServiceMode,
  baseUrl: ServiceUrl.nullable(),
  ocr: OcrModeSchema,
  /** Where the embedded service keeps its data; null: the app's own data folder. */
  dataDir: DataFolder.nullable(),
  /** The name printed on reports as their author; null: none set. */
  authorName: PersonName.nullable(),
};

/** The settings as stored and used. */
export type Settings = z.output<z.ZodObject<typeof SETTINGS_FIELDS>>;

export const DEFAULT_SETTINGS: Settings = {
  mode: 'embedded',
  baseUrl: null,
  ocr: DEFAULT_OCR_MODE,
  dataDir: null,
  authorName: null,
};

/** Whole settings are consistent: a remote service needs its address. */
export function requireServiceUrl(settings: Pick<Settings, 'mode' | 'baseUrl'>, ctx: z.RefinementCtx): void {
  if (settings.mode === 'remote' && settings.baseUrl === null)
    ctx.addIssue({
      code: 'custom',
      path: ['baseUrl'],
      message: 'a remote service needs its URL (http:// or https://)',
    });
}

/**
 * The settings as the renderer sees them. `dataDir` is a folder the person chose for the local service's
 * data, or null; the app's own data folder is never shown. `problem`: why the stored settings could not be
 * used as they were (kept aside, defaults in force), or null.
 */
export const SettingsView = z.strictObject({ ...SETTINGS_FIELDS, problem: z.string().nullable() });
export type SettingsView = z.infer<typeof SettingsView>;

/** A change to the settings, each field validated as stored; the whole is checked against the rest in main. */
export const SettingsPatch = z.strictObject(SETTINGS_FIELDS).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
