import type { ErrorDetail } from '../../shared/api';
import type { z } from 'zod';

/**
 * A failure the caller can act on, with the HTTP status and the stable snake_case code of the error
 * body (local-extensions.md). Operations throw it; the HTTP layer and the embedded client render it.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Members that sit beside `error` in the body (413: bytes, max_bytes). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) =>
  new ServiceError(404, 'not_found', `${what} does not exist or does not belong to this account`);

export const tooLarge = (bytes: number | null, maxBytes: number) =>
  new ServiceError(
    413,
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
  return new ServiceError(400, 'invalid_request', message, details);
}

/** Parses `input` with a shared schema or throws a 400 naming each offending field. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequest(result.error);
  return result.data;
}
