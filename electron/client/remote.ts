import type { z } from 'zod';
import {
  ErrorBody,
  ExtractionResponse,
  NumericResponse,
  Representation,
  SearchResponse,
  SourceVersion,
  UploadResponse,
} from '../../shared/api';
import { uploadFields } from './embedded';
import { ClientError, type CallOptions, type EvidenceClient } from './types';

// The remote client: the evidence service over HTTP with `x-api-key`. Every answer is parsed with the
// shared schemas (an answer outside them is an error, never data); statuses become ClientErrors the UI can
// explain. 429 waits for Retry-After and retries once (a billable search only after that wait); 502 and
// 504 are retried with bounded backoff; nothing is retried after a 4xx. The key is read for each request
// and appears in no error.

export interface RemoteClientOptions {
  baseUrl: string;
  /** The key for this service, from the keychain; null: no key is set. */
  apiKey: () => Promise<string | null>;
  /** Per-request limit (default 60 s; extraction and publication get 5 minutes). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Attempts for 502/504 (default 3). */
  attempts?: number;
}

const MAX_RETRY_AFTER_S = 60;
const LONG_TIMEOUT_MS = 5 * 60_000;

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  form?: FormData;
  timeoutMs?: number;
}

export function createRemoteClient(options: RemoteClientOptions): EvidenceClient {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new ClientError('invalid_request', 'The service URL must start with http:// or https://.');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const attempts = options.attempts ?? 3;

  async function once(request: Request, key: string, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs ?? 60_000);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      return await doFetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          'x-api-key': key,
          accept: 'application/json',
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        ...(request.form ? { body: request.form } : {}),
        signal: combined,
      });
    } catch (error) {
      if (signal?.aborted) throw new ClientError('cancelled', 'The request was cancelled.');
      if (timeout.aborted)
        throw new ClientError('timeout', `The evidence service at ${baseUrl} did not answer in time.`);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      throw new ClientError(
        'unreachable',
        `The evidence service at ${baseUrl} could not be reached${cause ? ` (${cause.split(key).join('[key]')})` : ''}.`,
      );
    }
  }

  async function errorOf(response: Response): Promise<ClientError> {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the status alone speaks
    }
    const parsed = ErrorBody.safeParse(body);
    const serviceCode = parsed.success ? parsed.data.error.code : undefined;
    const message = parsed.success ? parsed.data.error.message : `HTTP ${response.status}`;
    const status = response.status;
    const details = { status, ...(serviceCode ? { serviceCode } : {}) };
    switch (status) {
      case 400:
        return new ClientError('invalid_request', message, details);
      case 401:
        return new ClientError(
          'key_rejected',
          `The evidence service at ${baseUrl} refused the API key.`,
          details,
        );
      case 404:
        return new ClientError('not_found', message, details);
      case 409:
        return new ClientError('conflict', message, details);
      case 413: {
        const extra = (body ?? {}) as { bytes?: unknown; max_bytes?: unknown };
        return new ClientError('too_large', message, {
          ...details,
          bytes: typeof extra.bytes === 'number' ? extra.bytes : null,
          ...(typeof extra.max_bytes === 'number' ? { maxBytes: extra.max_bytes } : {}),
        });
      }
      case 429:
        return new ClientError('rate_limited', message, {
          ...details,
          retryAfterS: retryAfter(response, body),
        });
      case 502:
        return new ClientError('upstream_failed', message, details);
      case 503:
        return new ClientError('unavailable', `The evidence service is unavailable: ${message}`, details);
      case 504:
        return new ClientError('upstream_timeout', message, details);
      default:
        return new ClientError('service_error', message, details);
    }
  }

  async function send<S extends z.ZodType>(
    schema: S,
    request: Request,
    callOptions: CallOptions = {},
  ): Promise<z.output<S>> {
    const key = await options.apiKey();
    if (key === null) throw new ClientError('key_rejected', `No API key is set for ${baseUrl}.`);
    let rateLimitedOnce = false;
    for (let attempt = 1; ; attempt++) {
      const response = await once(request, key, callOptions.signal);
      if (response.ok) {
        let json: unknown;
        try {
          json = await response.json();
        } catch {
          throw new ClientError(
            'bad_response',
            'The evidence service answered with something that is not JSON.',
          );
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success)
          throw new ClientError(
            'bad_response',
            'The evidence service answered outside its contract; the answer was not used.',
          );
        return parsed.data;
      }
      const error = await errorOf(response);
      if (response.status === 429 && !rateLimitedOnce) {
        rateLimitedOnce = true;
        await sleep((error.details.retryAfterS ?? 1) * 1000);
        continue;
      }
      if ((response.status === 502 || response.status === 504) && attempt < attempts) {
        await sleep(500 * 2 ** (attempt - 1));
        continue;
      }
      throw error;
    }
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    mode: 'remote',
    uploadAsset(input, callOptions) {
      const form = new FormData();
      for (const [name, value] of Object.entries(uploadFields(input))) form.set(name, value);
      form.set(
        'file',
        new Blob([input.bytes], input.mediaType ? { type: input.mediaType } : {}),
        input.filename,
      );
      return send(
        UploadResponse,
        { method: 'POST', path: '/api/v1/assets', form, timeoutMs: LONG_TIMEOUT_MS },
        callOptions,
      );
    },
    getSource: (sourceVersionId, callOptions) =>
      send(SourceVersion, { method: 'GET', path: `/api/v2/sources/${id(sourceVersionId)}` }, callOptions),
    publishRepresentation: (sourceVersionId, callOptions) =>
      send(
        Representation,
        {
          method: 'POST',
          path: `/api/v2/sources/${id(sourceVersionId)}/representations`,
          timeoutMs: LONG_TIMEOUT_MS,
        },
        callOptions,
      ),
    getRepresentation: (representationId, callOptions) =>
      send(
        Representation,
        { method: 'GET', path: `/api/v2/representations/${id(representationId)}` },
        callOptions,
      ),
    extract: (request, callOptions) =>
      send(
        ExtractionResponse,
        { method: 'POST', path: '/api/v1/extract', body: request, timeoutMs: LONG_TIMEOUT_MS },
        callOptions,
      ),
    verifyNumeric: (request, callOptions) =>
      send(NumericResponse, { method: 'POST', path: '/api/v2/verify/numeric', body: request }, callOptions),
    search: (request, callOptions) =>
      send(SearchResponse, { method: 'POST', path: '/api/v1/sources/search', body: request }, callOptions),
    close: () => Promise.resolve(),
  };
}

/** Seconds to wait from a 429: the Retry-After header, else the body's error.retry_after_s; capped. */
function retryAfter(response: Response, body: unknown): number {
  const header = Number(response.headers.get('retry-after'));
  const fromBody = (body as { error?: { retry_after_s?: unknown } } | null)?.error?.retry_after_s;
  const seconds =
    Number.isFinite(header) && header > 0 ? header : typeof fromBody === 'number' ? fromBody : 1;
  return Math.min(MAX_RETRY_AFTER_S, Math.max(0, seconds));
}
