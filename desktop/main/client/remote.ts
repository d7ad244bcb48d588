import type { z } from 'zod';
import {
  ErrorBody,
  operationPath,
  operations,
  uploadFormFields,
  type OperationName,
  type OperationParams,
  type OperationResult,
  type OperationSpec,
} from '../../../shared/api';
import {
  ClientError,
  clientErrorCodeFor,
  uploadFieldsOf,
  type CallOptions,
  type EvidenceClient,
} from './types';
import { normaliseServiceUrl } from '../../../shared/vocabulary/settings';

// The remote client: the evidence service over HTTP with `x-api-key`. Every answer is parsed with the
// shared schemas (an answer outside them is an error, never data); statuses become ClientErrors the UI can
// explain. 429 waits for Retry-After and retries once (a billable search only after that wait, never at
// once); 502 and 504 are retried with bounded backoff; nothing is retried after another 4xx. Redirects are
// not followed (fetch would carry `x-api-key` to wherever they point). The key is read for each request and
// appears in no error.

export interface RemoteClientOptions {
  baseUrl: string;
  /** The key for this service, from the keychain; null (or empty): no key is set, nothing is sent. */
  apiKey: () => Promise<string | null>;
  /** Per-request limit of quick calls, in ms (default 60 s). */
  timeoutMs?: number;
  /** Per-request limit of upload, extraction and publication, in ms (default 5 minutes, at least timeoutMs). */
  longTimeoutMs?: number;
  fetch?: typeof fetch;
  /** Waits between attempts; tests inject one that records. Should end early when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Retries after a 502 or 504 (default 3: waits of 0.5 s, 1 s, 2 s). */
  maxRetries?: number;
}

/** The longest Retry-After the client waits out; a longer one is reported at once as rate_limited. */
export const MAX_RETRY_AFTER_S = 60;
const DEFAULT_TIMEOUT_MS = 60_000;
const LONG_TIMEOUT_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;

/** One call of an operation of the table (shared/api/operations.ts): method, path and time limit come from there. */
interface Request {
  method: OperationSpec['method'];
  path: string;
  body?: unknown;
  form?: () => FormData;
  /** Upload, extraction, publication: reading a document can take minutes. */
  long: boolean;
}

interface Answer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
}

const cancelled = () => new ClientError('cancelled', 'The request was cancelled.');

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function createRemoteClient(options: RemoteClientOptions): EvidenceClient {
  const normalised = normaliseServiceUrl(options.baseUrl);
  if (!normalised.ok)
    throw new ClientError('invalid_request', `The service URL cannot be used: ${normalised.problem}.`);
  const baseUrl = normalised.url;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? 3));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const longTimeoutMs = Math.max(options.longTimeoutMs ?? LONG_TIMEOUT_MS, timeoutMs);

  /** Waits `ms`, ending early (as 'cancelled') when the caller aborts, whatever the injected sleep does. */
  async function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (!signal) return sleep(ms);
    if (signal.aborted) throw cancelled();
    let onAbort = () => {};
    const aborted = new Promise<void>((resolve) => {
      onAbort = () => resolve();
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([sleep(ms, signal), aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted) throw cancelled();
  }

  /** One request and its whole body, under the call's limit; failures to get an answer are classified. */
  async function exchange(request: Request, key: string, call: CallOptions): Promise<Answer> {
    const limit = call.timeoutMs ?? (request.long ? longTimeoutMs : timeoutMs);
    const timeout = AbortSignal.timeout(limit);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const headers: Record<string, string> = { 'x-api-key': key, accept: 'application/json' };
    let body: string | FormData | undefined;
    if (request.form) body = request.form();
    else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    try {
      const response = await doFetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        redirect: 'manual',
        signal,
      });
      // The body is read under the same limit: a service that stalls mid-answer is a timeout, not bad JSON.
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        headers: response.headers,
        bytes,
        text: new TextDecoder().decode(bytes),
      };
    } catch (error) {
      if (call.signal?.aborted) throw cancelled();
      if (timeout.aborted)
        throw new ClientError(
          'timeout',
          `The evidence service at ${baseUrl} did not answer within ${Math.round(limit / 1000)} s.`,
        );
      const cause =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      throw new ClientError(
        'unreachable',
        scrub(`The evidence service at ${baseUrl} could not be reached${cause ? ` (${cause})` : ''}.`, key),
      );
    }
  }

  function errorOf(answer: Answer, key: string): ClientError {
    const { status } = answer;
    let body: unknown = null;
    try {
      body = JSON.parse(answer.text);
    } catch {
      // not JSON: the status alone speaks
    }
    const parsed = ErrorBody.safeParse(body);
    const serviceCode = parsed.success ? parsed.data.error.code : undefined;
    const fields = parsed.success
      ? (parsed.data.error.details ?? []).map((d) => `${d.path}: ${d.message}`).join('; ')
      : '';
    const said = parsed.success
      ? scrub(`${parsed.data.error.message}${fields ? ` (${fields})` : ''}`, key)
      : null;
    const paths = parsed.success ? (parsed.data.error.details ?? []).map((d) => d.path) : [];
    const details = {
      status,
      ...(serviceCode ? { serviceCode } : {}),
      ...(paths.length > 0 ? { fields: paths } : {}),
    };
    const message = (fallback: string) => said ?? fallback;
    if (status >= 300 && status < 400)
      return new ClientError(
        'service_error',
        `The evidence service at ${baseUrl} answered with a redirect (HTTP ${status}); it was not followed, so the API key went nowhere else. Check the service URL.`,
        details,
      );
    const code = clientErrorCodeFor(status);
    switch (status) {
      case 400:
        return new ClientError(code, message('The service refused the request.'), details);
      case 401:
        return new ClientError(
          code,
          `The evidence service at ${baseUrl} refused the API key${said ? ` (${said})` : ''}.`,
          details,
        );
      case 404:
        return new ClientError(code, message('The service has no such resource.'), details);
      case 409:
        return new ClientError(code, message('The request conflicts with what is stored.'), details);
      case 413: {
        const extra = (body ?? {}) as { bytes?: unknown; max_bytes?: unknown };
        return new ClientError(code, message('The file is over the service’s size ceiling.'), {
          ...details,
          bytes: typeof extra.bytes === 'number' ? extra.bytes : null,
          ...(typeof extra.max_bytes === 'number' ? { maxBytes: extra.max_bytes } : {}),
        });
      }
      case 429:
        return new ClientError(
          code,
          message('The evidence service is limiting requests; try again shortly.'),
          { ...details, retryAfterS: retryAfterS(answer.headers, body) },
        );
      case 502:
        return new ClientError(
          code,
          message('The evidence service could not get what it needed from elsewhere.'),
          details,
        );
      case 503:
        return new ClientError(
          code,
          `The evidence service at ${baseUrl} is unavailable: ${
            said ??
            'it is shutting down, overloaded, or not configured for this (for example, private evidence storage is not set up)'
          }.`,
          details,
        );
      case 504:
        return new ClientError(
          code,
          message('The evidence service timed out waiting for a download.'),
          details,
        );
      default:
        return new ClientError(code, message(`The evidence service failed (HTTP ${status}).`), details);
    }
  }

  /** Sends one request, waiting out one 429 and retrying 502/504 with bounded backoff. */
  async function exchangeWithRetries(request: Request, call: CallOptions = {}): Promise<Answer> {
    if (call.signal?.aborted) throw cancelled();
    const key = await options.apiKey();
    if (key === null || key === '')
      throw new ClientError('key_rejected', `No API key is set for ${baseUrl}.`);
    if (call.signal?.aborted) throw cancelled();
    let rateLimited = false;
    let retries = 0;
    for (;;) {
      const answer = await exchange(request, key, call);
      if (answer.status >= 200 && answer.status < 300) return answer;
      const error = errorOf(answer, key);
      if (answer.status === 429 && !rateLimited) {
        const seconds = error.details.retryAfterS ?? 1;
        // A wait longer than the cap would only end in another 429: report it now instead.
        if (seconds > MAX_RETRY_AFTER_S) throw error;
        rateLimited = true;
        // Never an immediate retry: a search is billable, and the service asked for this wait.
        await wait(seconds * 1000, call.signal);
        continue;
      }
      if ((answer.status === 502 || answer.status === 504) && retries < maxRetries) {
        await wait(Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retries), call.signal);
        retries += 1;
        continue;
      }
      throw error;
    }
  }

  /** The request of an operation of the table: its method, its path with the parameters, its time limit. */
  function requestOf<N extends OperationName>(
    name: N,
    params: OperationParams<N>,
    payload: { body?: unknown; form?: () => FormData } = {},
  ): Request {
    const op: OperationSpec = operations[name];
    return { method: op.method, path: operationPath(name, params), long: op.long, ...payload };
  }

  /** Calls an operation that answers JSON, parsed with the table's response schema. */
  async function send<N extends OperationName>(
    name: N,
    params: OperationParams<N>,
    payload: { body?: unknown; form?: () => FormData },
    call: CallOptions | undefined,
  ): Promise<OperationResult<N>> {
    const op: OperationSpec = operations[name];
    if (op.success.kind !== 'json') throw new Error(`operation ${name} does not answer JSON`);
    const answer = await exchangeWithRetries(requestOf(name, params, payload), call);
    return parseAnswer(op.success.schema, answer.text) as OperationResult<N>;
  }

  return {
    mode: 'remote',
    uploadAsset(input, call) {
      // A fresh form for each attempt: a retry sends the same bytes again.
      const form = () => {
        const data = new FormData();
        for (const [name, value] of Object.entries(uploadFormFields(uploadFieldsOf(input))))
          data.set(name, value);
        data.set(
          'file',
          new Blob([input.bytes], input.mediaType ? { type: input.mediaType } : {}),
          input.filename,
        );
        return data;
      };
      return send('uploadAsset', {}, { form }, call);
    },
    fetchAsset: (request, call) => send('fetchAsset', {}, { body: request }, call),
    getSource: (sourceVersionId, call) => send('getSource', { source_version_id: sourceVersionId }, {}, call),
    listSources: (call) => send('listSources', {}, {}, call),
    removeSource: (sourceVersionId, call) =>
      send('removeSource', { source_version_id: sourceVersionId }, {}, call),
    async getSourceContent(sourceVersionId, call) {
      const answer = await exchangeWithRetries(
        requestOf('getSourceContent', { source_version_id: sourceVersionId }),
        call,
      );
      const etag = /^"sha256:([0-9a-f]{64})"$/.exec(answer.headers.get('etag') ?? '');
      if (!etag?.[1])
        throw new ClientError('bad_response', 'The evidence service sent the bytes without their sha256.');
      const disposition = /filename\*=UTF-8''([^;]+)/.exec(answer.headers.get('content-disposition') ?? '');
      return {
        bytes: answer.bytes,
        mediaType: answer.headers.get('content-type') ?? 'application/octet-stream',
        sha256: etag[1],
        filename: disposition?.[1] ? safeDecode(disposition[1]) : sourceVersionId,
      };
    },
    publishRepresentation: (sourceVersionId, call) =>
      send('publishRepresentation', { source_version_id: sourceVersionId }, {}, call),
    getRepresentation: (representationId, call) =>
      send('getRepresentation', { representation_id: representationId }, {}, call),
    extract: (request, call) => send('extract', {}, { body: request }, call),
    verifyNumeric: (request, call) => send('verifyNumeric', {}, { body: request }, call),
    verifyNumericWithRoles: (request, call) => send('verifyNumericWithRoles', {}, { body: request }, call),
    search: (request, call) => send('search', {}, { body: request }, call),
    searchFigures: (request, call) => send('searchFigures', {}, { body: request }, call),
    listClaims: (request, call) => send('listClaims', {}, { body: request }, call),
    claimCandidates: (request, call) => send('claimCandidates', {}, { body: request }, call),
    close: () => Promise.resolve(),
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function parseAnswer(schema: z.ZodType, text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ClientError('bad_response', 'The evidence service answered with something that is not JSON.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ClientError(
      'bad_response',
      'The evidence service answered outside its contract; the answer was not used.',
    );
  return parsed.data;
}

/** Every occurrence of the key taken out of a text that may reach a person or a log. */
function scrub(text: string, key: string): string {
  return key ? text.split(key).join('[key]') : text;
}

/**
 * Seconds a 429 asks for: the Retry-After header (seconds or an HTTP date), else the body's
 * error.retry_after_s, else 1. Never below 1 s, so a retry is never immediate.
 */
export function retryAfterS(headers: Headers, body: unknown, now = Date.now()): number {
  let seconds: number | undefined;
  const header = headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header)) seconds = Number(header);
    else {
      const at = Date.parse(header);
      if (!Number.isNaN(at)) seconds = (at - now) / 1000;
    }
  }
  if (seconds === undefined) {
    const fromBody = (body as { error?: { retry_after_s?: unknown } } | null)?.error?.retry_after_s;
    if (typeof fromBody === 'number' && Number.isFinite(fromBody)) seconds = fromBody;
  }
  return Math.max(1, Math.ceil(seconds ?? 1));
}
