import { expect } from 'vitest';
import {
  DEFAULT_LIMITS,
  ReadFailure,
  type Limits,
  type ReadOptions,
  type ReadResult,
  type ReadUnit,
} from '../../../../service/extract/types';

// What every reader test needs: read options over the default ceilings, the ReadFailure a read must end
// in, and the one unit of a one-unit result.

/** Read options: OCR off unless asked, the default ceilings with any given ones over them. */
export function readOptions(
  overrides: Partial<Omit<ReadOptions, 'limits'>> & { limits?: Partial<Limits> } = {},
): ReadOptions {
  return { ocr: 'off', ...overrides, limits: { ...DEFAULT_LIMITS, ...overrides.limits } };
}

/** The ReadFailure `promise` rejects with; anything else (or a success) fails the test. */
export async function readFailure(promise: Promise<unknown>): Promise<ReadFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReadFailure) return error;
    throw error;
  }
  throw new Error('expected a ReadFailure');
}

/** The single unit of a result that must have exactly one. */
export function onlyUnit(result: ReadResult): ReadUnit {
  expect(result.units).toHaveLength(1);
  return result.units[0] as ReadUnit;
}
