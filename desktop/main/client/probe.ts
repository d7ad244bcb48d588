import { ErrorBody, SourceVersion } from '../../../shared/api';
import type { ConnectionOutcome } from '../../../shared/bridge/contract';
import { normaliseServiceUrl } from '../../../shared/vocabulary/settings';

// "Test connection" and the status bar's question: does this address answer as an evidence service, and
// does it take this key? One cheap authenticated call: the registration of a source version that cannot
// exist. Our service answers 404 with its error body (`not_found`) once the key is accepted, 401/403 when
// it is not; anything else is some other server. Nothing of the key appears in an outcome's message.

export type { ConnectionOutcome };

export interface ConnectionReport {
  outcome: ConnectionOutcome;
  /** For people: what happened and what to do. */
  message: string;
}

export interface ProbeOptions {
  baseUrl: string;
  /** The key to try; null or empty: none is set. */
  key: string | null;
  /** Default 5 s: a status bar must notice a service that stopped answering quickly. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The id asked for: well formed, never issued (ids are minted by the service with their own prefix). */
export const PROBE_SOURCE_ID = 'sv_connection_test';
const PROBE_PATH = `/api/v2/sources/${PROBE_SOURCE_ID}`;

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'EPROTO',
]);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EADDRNOTAVAIL',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Every `code` and message along an error's causes (fetch wraps the socket's error; several addresses aggregate). */
function causesOf(error: unknown): { codes: string[]; messages: string[] } {
  const codes: string[] = [];
  const messages: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number) => {
    if (depth > 6 || e === null || typeof e !== 'object' || seen.has(e)) return;
    seen.add(e);
    const record = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') codes.push(record.code);
    if (typeof record.message === 'string' && record.message !== '') messages.push(record.message);
    visit(record.cause, depth + 1);
    if (Array.isArray(record.errors)) for (const inner of record.errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return { codes, messages };
}

function scrub(text: string, key: string | null): string {
  return key ? text.split(key).join('[key]') : text;
}

/** Tries the service at `baseUrl` with `key`; never throws. */
export async function probeService(options: ProbeOptions): Promise<ConnectionReport> {
  const normalised = normaliseServiceUrl(options.baseUrl);
  if (!normalised.ok)
    return { outcome: 'invalid_url', message: `The service URL cannot be used: ${normalised.problem}.` };
  const baseUrl = normalised.url;
  const key = options.key === null || options.key === '' ? null : options.key;
  if (key === null)
    return {
      outcome: 'no_key',
      message: `No API key is set for ${baseUrl}. Paste the key the service's administrator gave you.`,
    };
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await doFetch(`${baseUrl}${PROBE_PATH}`, {
      method: 'GET',
      headers: { 'x-api-key': key, accept: 'application/json' },
      redirect: 'manual',
      signal: timeout,
    });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted)
      return {
        outcome: 'timeout',
        message: `The service at ${baseUrl} did not answer within ${Math.round(timeoutMs / 1000)} s. It may be overloaded, or a firewall may be holding the connection.`,
      };
    const { codes, messages } = causesOf(error);
    const detail = scrub(messages.filter((m) => m !== 'fetch failed')[0] ?? codes[0] ?? '', key);
    const tls =
      codes.some((c) => TLS_CODES.has(c) || c.startsWith('ERR_SSL_') || c.startsWith('ERR_TLS_')) ||
      messages.some((m) => /certificate|ssl|tls/i.test(m));
    if (tls)
      return {
        outcome: 'tls_failure',
        message: `A secure (TLS) connection to ${baseUrl} could not be made${detail ? ` (${detail})` : ''}. The certificate may be self-signed, expired or for another name, or the address may need http:// instead of https://.`,
      };
    // Refused, reset, no route, no such host, or anything else before an answer: nothing is there to talk to.
    const dns = codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN');
    const refused = codes.some((c) => UNREACHABLE_CODES.has(c));
    return {
      outcome: 'unreachable',
      message: dns
        ? `No computer named ${new URL(baseUrl).hostname} could be found (DNS). Check the address.`
        : `The service at ${baseUrl} could not be reached${detail ? ` (${detail})` : ''}. ${refused ? 'Is it running, and are the address and port right?' : 'Check the address and your network.'}`,
    };
  }
  const status = response.status;
  if (status === 401 || status === 403)
    return {
      outcome: 'key_rejected',
      message: `The service at ${baseUrl} rejected the API key (HTTP ${status}). Check the key, or ask for a new one.`,
    };
  const contentType = response.headers.get('content-type') ?? '';
  const json = /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
  let body: unknown = undefined;
  if (json)
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  const ours =
    (status === 404 && ErrorBody.safeParse(body).success) ||
    (status === 200 && SourceVersion.safeParse(body).success);
  if (status === 429 && ErrorBody.safeParse(body).success)
    return {
      outcome: 'ok',
      message: `Connected to the evidence service at ${baseUrl}; it is limiting requests just now, so calls may wait.`,
    };
  if (status >= 500 && ErrorBody.safeParse(body).success)
    return {
      outcome: 'unreachable',
      message: `The evidence service at ${baseUrl} answers but is unavailable (HTTP ${status}). Try again shortly.`,
    };
  if (ours)
    return {
      outcome: 'ok',
      message: `Connected to the evidence service at ${baseUrl}; the key was accepted.`,
    };
  const what =
    status >= 300 && status < 400
      ? `a redirect (HTTP ${status}), which was not followed so the key went nowhere else`
      : !json
        ? `HTTP ${status} with ${contentType ? contentType.split(';')[0] : 'no content type'}, not the service's JSON`
        : `HTTP ${status} with JSON that is not the evidence service's`;
  return {
    outcome: 'wrong_service',
    message: `Something answers at ${baseUrl}, but not as an evidence service: ${what}. Check the address (and its path).`,
  };
}
