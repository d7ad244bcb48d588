import type { ServiceErrorCode } from '../../shared/api';
import { ServiceError } from '../operations/errors';

/** The statuses a download can fail with: refused (400), too large (413), upstream (502), timed out (504). */
export type FetchStatus = 400 | 413 | 502 | 504;

/** The codes a download can fail with; each has one of the statuses above. */
export type FetchErrorCode = Extract<
  ServiceErrorCode,
  | 'invalid_asset_url'
  | 'source_too_large'
  | 'upstream_unreachable'
  | 'upstream_status'
  | 'too_many_redirects'
  | 'upstream_timeout'
>;

/** The 413 body members: the declared size (null when the body went over mid-stream) and the ceiling. */
export interface SizeDetails {
  bytes: number | null;
  max_bytes: number;
}

/**
 * A failed or refused download. It is a ServiceError, so the HTTP layer renders it as is: a 400 carries
 * one `details` entry for `asset_url`, a 413 carries `bytes` and `max_bytes` beside `error`.
 */
export class FetchError extends ServiceError {
  declare readonly status: FetchStatus;
  /** 413 only: the same numbers the body carries beside `error`. */
  readonly size: SizeDetails | undefined;

  constructor(code: FetchErrorCode, message: string, size?: SizeDetails) {
    super(
      code,
      message,
      code === 'invalid_asset_url' ? [{ path: 'asset_url', message }] : undefined,
      size ? { bytes: size.bytes, max_bytes: size.max_bytes } : undefined,
    );
    this.name = 'FetchError';
    this.size = size;
  }
}

/** 400 before any connection: the address is not one this service will fetch. */
export const refused = (reason: string) => new FetchError('invalid_asset_url', reason);

export const tooLargeDownload = (bytes: number | null, maxBytes: number) =>
  new FetchError(
    'source_too_large',
    bytes === null
      ? `the download is over the ${maxBytes}-byte ceiling; it was stopped there`
      : `the download is ${bytes} bytes, over the ${maxBytes}-byte ceiling`,
    { bytes, max_bytes: maxBytes },
  );
