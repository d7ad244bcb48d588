// Every error code the service answers with, each with its one status. The HTTP layer, the embedded
// client, the remote client and the bridge take a failure's status from here, so a failure has one code
// and one status everywhere (local-extensions.md, Errors: `{ "error": { "code", "message" } }`).

export const SERVICE_ERRORS = {
  // 400: the request itself is wrong; nothing was stored.
  invalid_request: { status: 400, meaning: 'A field of the request is not valid; `details` names each.' },
  malformed_json: { status: 400, meaning: 'The body is not valid JSON.' },
  malformed_request: { status: 400, meaning: 'The HTTP request could not be read.' },
  malformed_url: { status: 400, meaning: 'The URL has a broken percent-escape.' },
  missing_host: { status: 400, meaning: 'The request has no Host header.' },
  unknown_method: { status: 400, meaning: 'The HTTP method is not one this service knows.' },
  bad_request: { status: 400, meaning: 'The request was refused before it reached an operation.' },
  malformed_multipart: { status: 400, meaning: 'The multipart form could not be read.' },
  bad_content_length: { status: 400, meaning: 'Content-Length does not match the body.' },
  incomplete_request: { status: 400, meaning: 'The request ended before its body was complete.' },
  too_many_files: { status: 400, meaning: 'A form may carry one file part only.' },
  missing_file: { status: 400, meaning: 'The form has no `file` part.' },
  empty_file: { status: 400, meaning: 'The file part holds no bytes.' },
  invalid_asset_url: { status: 400, meaning: 'asset_url is not an allowed public web address.' },
  query_without_words: { status: 400, meaning: 'The search query holds no word to search for.' },
  figure_index_unavailable: { status: 400, meaning: 'The unit has no figure at that index.' },
  ambiguous_source_number: {
    status: 400,
    meaning: 'The selected source number cannot be read unambiguously.',
  },
  asset_id_not_source_version: {
    status: 400,
    meaning: 'An upload asset id was given where a source version id belongs.',
  },
  roles_do_not_fit: {
    status: 400,
    meaning: "The roles given do not fit the claim's relation (a share's figures are part and whole).",
  },
  // 401, 404, 408, 409
  unauthorized: { status: 401, meaning: 'The API key is missing or not recognised.' },
  not_found: { status: 404, meaning: 'No such resource for this account, or no such endpoint.' },
  request_timeout: { status: 408, meaning: 'The request was not received in time.' },
  bytes_mismatch: { status: 409, meaning: 'The file part does not hold the bytes of the asset.' },
  // 413, 414, 415, 417, 429, 431: limits.
  source_too_large: { status: 413, meaning: 'The file is over the 50 MB ceiling (`bytes`, `max_bytes`).' },
  body_too_large: { status: 413, meaning: 'The request body is over its limit.' },
  too_many_parts: { status: 413, meaning: 'The form has too many parts.' },
  too_many_fields: { status: 413, meaning: 'The form has too many fields.' },
  field_too_large: { status: 413, meaning: 'A text field of the form is over 16 KiB.' },
  uri_too_long: { status: 414, meaning: 'The request URL is too long.' },
  unsupported_media_type: { status: 415, meaning: 'The endpoint does not take that Content-Type.' },
  expected_multipart: { status: 415, meaning: 'The endpoint takes multipart/form-data.' },
  expectation_failed: {
    status: 417,
    meaning: 'The Expect header asks for something this service does not do.',
  },
  rate_limited: { status: 429, meaning: 'Too many requests: wait for Retry-After (`retry_after_s`).' },
  headers_too_large: { status: 431, meaning: 'The request headers are too large.' },
  // 5xx: not the caller's fault.
  internal_error: { status: 500, meaning: 'The service failed; nothing was stored.' },
  extraction_error: { status: 500, meaning: 'The reader failed; retry.' },
  asset_store_failure: { status: 502, meaning: 'Retained bytes failed their hash check; retry.' },
  upstream_unreachable: { status: 502, meaning: 'The remote host could not be reached.' },
  upstream_status: { status: 502, meaning: 'The remote host answered with a failure.' },
  too_many_redirects: { status: 502, meaning: 'The remote host redirected too many times.' },
  evidence_storage_unavailable: {
    status: 503,
    meaning: 'Private evidence storage is not configured (evidence:// assets).',
  },
  shutting_down: { status: 503, meaning: 'The service is shutting down; retry.' },
  upstream_timeout: { status: 504, meaning: 'The download timed out; retry.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ServiceErrorCode = keyof typeof SERVICE_ERRORS;
export type ServiceErrorStatus = (typeof SERVICE_ERRORS)[ServiceErrorCode]['status'];

export function isServiceErrorCode(code: unknown): code is ServiceErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(SERVICE_ERRORS, code);
}

/** The one status of a code. */
export function statusOfError(code: ServiceErrorCode): ServiceErrorStatus {
  return SERVICE_ERRORS[code].status;
}

/** Refusals every operation may answer, whatever it does. */
export const COMMON_FAILURES: Readonly<
  Record<number, { description: string; codes: readonly ServiceErrorCode[] }>
> = {
  400: {
    description: 'The request could not be read (malformed JSON or HTTP, invalid UTF-8).',
    codes: ['invalid_request', 'malformed_json', 'malformed_request'],
  },
  401: { description: 'The API key is missing or not recognised.', codes: ['unauthorized'] },
  413: { description: 'The request body is over its limit.', codes: ['body_too_large'] },
  429: {
    description:
      'Rate limit exceeded: wait for the interval in Retry-After (also `error.retry_after_s`) before retrying.',
    codes: ['rate_limited'],
  },
  500: { description: 'Internal failure; nothing was stored.', codes: ['internal_error'] },
};
