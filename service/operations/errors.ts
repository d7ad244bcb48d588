import {
  SERVICE_ERRORS,
  type ErrorDetail,
  type ServiceErrorCode,
  type ServiceErrorStatus,
} from '../../shared/api';
import type { z } from 'zod';
import { BlobCorruptError } from '../store/blobs';

/**
 * A failure the caller can act on: a code of the catalogue (shared/api/errors.ts), which alone decides
 * the HTTP status, and a message for people (local-extensions.md). Operations throw it; the HTTP layer
 * and the embedded client render it, so a failure has one code and one status everywhere.
 */
export class ServiceError extends Error {
  readonly status: ServiceErrorStatus;

  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Members that sit beside `error` in the body (413: bytes, max_bytes). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = SERVICE_ERRORS[code].status;
  }
}

/**
 * Any failure as the ServiceError a caller sees: refusals as they are; retained bytes that fail their
 * hash as `asset_store_failure` (502, not the caller's fault, retry) on every path; anything else as
 * `internal_error` (500), the original kept as `cause` for the log and never shown.
 */
export function serviceErrorOf(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof BlobCorruptError)
    return withCause(
      new ServiceError('asset_store_failure', `retained bytes fail their hash check; retry`),
      error,
    );
  return withCause(new ServiceError('internal_error', 'the service failed; nothing was stored'), error);
}

function withCause(error: ServiceError, cause: unknown): ServiceError {
  (error as { cause?: unknown }).cause = cause;
  return error;
}

export const notFound = (what: string) =>
  new ServiceError('not_found', `${what} does not exist or does not belong to this account`);

export const tooLarge = (bytes: number | null, maxBytes: number) =>
  new ServiceError(
    'source_too_large',
    bytes === null
      ? `the file is over the ${maxBytes}-byte ceiling; the read was stopped there`
      : `the file is ${bytes} bytes, over the ${maxBytes}-byte ceiling`,
    undefined,
    { bytes, max_bytes: maxBytes },
  );

/** 400 with one `details` entry per offending field of a zod failure. */
export function invalidRequest(error: z.ZodError, message = 'the request is not valid'): ServiceError {
  const details = error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.map(String).join('.') : '(body)',
    message: issue.message,
  }));
  return new ServiceError('invalid_request', message, details);
}

/** Parses `input` with a shared schema or throws a 400 naming each offending field. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequest(result.error);
  return result.data;
}
