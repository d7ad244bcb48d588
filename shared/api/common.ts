import { z } from 'zod';

/**
 * Identifiers are opaque to clients: the spec does not show their format, and a client must never
 * build one. The local service issues `<prefix>_<base32>`; a remote service may use any non-empty string.
 */
export const Id = z.string().min(1).max(200);

/** `sha256:<64 lowercase hex>`: the form `bytesHash` takes in this project. */
export const BytesHash = z
  .string()
  .regex(/^sha256:[0-9a-f]{64}$/, 'expected "sha256:" followed by 64 hex digits');
export const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex digits');

export { MAX_ASSET_BYTES } from './limits';

/** One offending field of a request, as `details[]` lists it. */
export const ErrorDetail = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** Every non-2xx body of the local service (local-extensions.md, Errors). */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string().regex(/^[a-z][a-z0-9_]*$/, 'snake_case'),
    message: z.string(),
    details: z.array(ErrorDetail).optional(),
    retry_after_s: z.number().int().nonnegative().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** 413 body: the spec's `bytes` (null when the reader refused mid-stream) and `max_bytes`, beside `error`. */
export const TooLargeBody = ErrorBody.extend({
  bytes: z.number().int().nonnegative().nullable(),
  max_bytes: z.number().int().positive(),
});
export type TooLargeBody = z.infer<typeof TooLargeBody>;
