import { z } from 'zod';

/**
 * How scans are read: the one table of OCR modes. The service's readers, its CLI flag, the main process's
 * settings, the bridge and the settings form all take their values (and the form its wording) from here.
 * Listed in the order the settings form offers them.
 */
export const OCR_MODES = {
  auto: { label: 'Automatic', description: 'only pages without a text layer' },
  force: { label: 'Always', description: 'every page, even with a text layer' },
  off: { label: 'Off', description: 'scans are reported as unreadable' },
} as const satisfies Record<string, { label: string; description: string }>;

/** `auto` reads only pages without a text layer with OCR; `force` every page; `off` none. */
export type OcrMode = keyof typeof OCR_MODES;

export const OCR_MODE_IDS = Object.keys(OCR_MODES) as [OcrMode, ...OcrMode[]];

export const DEFAULT_OCR_MODE: OcrMode = 'auto';

export const OcrModeSchema = z.enum(OCR_MODE_IDS);

export function isOcrMode(value: unknown): value is OcrMode {
  return typeof value === 'string' && Object.hasOwn(OCR_MODES, value);
}
