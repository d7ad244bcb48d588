import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { MAX_ASSET_BYTES } from '../../shared/api/common';
import { isPublicAddress, normalizeHost } from './address';
import { FetchError, refused, tooLargeDownload } from './errors';

export { isPublicAddress, normalizeHost } from './address';
export { FetchError, type FetchStatus, type SizeDetails } from './errors';

/** What a download yields. */
export interface Downloaded {
  bytes: Uint8Array;
  /** The Content-Type without parameters, lower case; null when absent. */
  mediaType: string | null;
  /** From Content-Disposition, else the last path segment of the final URL; null when neither has one. */
  filename: string | null;
  /** The URL the bytes came from, after redirects. */
  finalUrl: string;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface DownloaderOptions {
  /** Ceiling on the body (default MAX_ASSET_BYTES, 50 MB): over it is 413. */
  maxBytes?: number;
  /** Budget for the whole download, redirects included (default 30 s): over it is 504. */
  timeoutMs?: number;
  /** Redirects followed (default 5): one more is 502. */
  maxRedirects?: number;
  /**
   * Tests only: addresses allowed despite the public-unicast guard (a loopback test server). Off by
   * default; production never passes it.
   */
  allowAddresses?: (address: string) => boolean;
  /** Tests only: resolves a host name to every address (default: dns.lookup with all: true). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const defaultLookup = (hostname: string): Promise<ResolvedAddress[]> =>
  dnsLookup(hostname, { all: true, order: 'verbatim' });

/** A URL that may be fetched: http(s), no credentials, with its host normalized. */
interface Target {
  url: URL;
  host: string;
  /** The host is an IP literal: it is the address, no lookup. */
  literal: boolean;
}

/** Checks scheme, credentials and host spelling; throws 400 before any lookup or connection. */
function checkUrl(input: string, base?: URL): Target {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw refused('the address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refused(`only http and https addresses are fetched, not ${url.protocol.replace(/:$/, '')}`);
  if (url.username !== '' || url.password !== '') throw refused('the address may not carry credentials');
  const host = normalizeHost(url.hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) throw refused('the host is not public');
  return { url, host, literal: isIP(host) !== 0 };
}

function familyOf(address: string): number {
  return isIP(address) === 6 ? 6 : 4;
}

/** The media type of a Content-Type value, without parameters. */
function mediaTypeOf(contentType: string | undefined): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

/** A file name safe to keep: the last path segment, no control characters. */
function cleanFilename(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean === '' || clean === '.' || clean === '..' ? null : clean.slice(0, 255);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function decodeLatin1(text: string): string {
  return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The file name of a Content-Disposition header: `filename*` (RFC 5987) first, then `filename`. */
export function filenameFromDisposition(header: string | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([^']*)'[^']*'(.*)$/.exec(extended.replace(/^"(.*)"$/, '$1'));
    if (match?.[2] !== undefined) {
      const charset = match[1]?.toLowerCase();
      const value = charset === 'utf-8' || charset === '' ? decodeSafely(match[2]) : decodeLatin1(match[2]);
      const name = cleanFilename(value);
      if (name) return name;
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return cleanFilename(quoted.replace(/\\(.)/g, '$1'));
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  return token !== undefined ? cleanFilename(token) : null;
}

function filenameFromUrl(url: URL): string | null {
  const segment = url.pathname.split('/').pop() ?? '';
  return segment === '' ? null : cleanFilename(decodeSafely(segment));
}

/**
 * The downloader for `asset_url`: the only code in the service that fetches a URL. Every host is
 * resolved once, every address checked to be public unicast, and the connection pinned to the checked
 * addresses; redirects are followed by hand and each target checked again.
 */
export function createDownloader(options: DownloaderOptions = {}): (url: string) => Promise<Downloaded> {
  const maxBytes = options.maxBytes ?? MAX_ASSET_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const resolve = options.lookup ?? defaultLookup;
  const allowed = (address: string) => isPublicAddress(address) || options.allowAddresses?.(address) === true;

  /** Every address of the target, all checked; throws 400 when one is not allowed. */
  async function addressesOf(target: Target, signal: AbortSignal): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    if (target.literal) {
      addresses = [{ address: target.host, family: familyOf(target.host) }];
    } else {
      try {
        addresses = await abortable(resolve(target.host), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new FetchError('upstream_unreachable', `the host ${target.host} could not be resolved`);
      }
      if (addresses.length === 0)
        throw new FetchError('upstream_unreachable', `the host ${target.host} has no address`);
    }
    for (const { address } of addresses) {
      if (!allowed(address))
        throw refused(`the host ${target.host} resolves to ${address}, which is not a public address`);
    }
    return addresses.map(({ address }) => ({ address, family: familyOf(address) }));
  }

  return async function download(input: string): Promise<Downloaded> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new FetchError('upstream_timeout', `the download took over ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      let target = checkUrl(input);
      for (let redirects = 0; ; redirects++) {
        const addresses = await addressesOf(target, controller.signal);
        const response = await request(target, addresses, controller.signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          response.destroy();
          if (redirects >= maxRedirects)
            throw new FetchError(
              'too_many_redirects',
              `the address redirects more than ${maxRedirects} times`,
            );
          target = checkUrl(location, target.url);
          continue;
        }
        if (status < 200 || status > 299) {
          response.destroy();
          throw new FetchError('upstream_status', `the remote host answered ${status}`);
        }
        const bytes = await readBody(response, maxBytes, controller.signal);
        return {
          bytes,
          mediaType: mediaTypeOf(response.headers['content-type']),
          filename:
            filenameFromDisposition(response.headers['content-disposition']) ?? filenameFromUrl(target.url),
          finalUrl: target.url.href,
        };
      }
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof FetchError)
        throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  };
}

/** Rejects with the signal's reason as soon as it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/** Sends the GET to one of the checked addresses and nowhere else; resolves with the response head. */
function request(
  target: Target,
  addresses: ResolvedAddress[],
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const first = addresses[0];
  if (!first) return Promise.reject(new FetchError('upstream_unreachable', 'no address to connect to'));
  // The socket never asks DNS again: it gets the addresses that were checked.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: target.url.protocol,
        host: target.host,
        port: target.url.port === '' ? undefined : Number(target.url.port),
        path: `${target.url.pathname}${target.url.search}`,
        method: 'GET',
        headers: {
          'accept-encoding': 'identity',
          'user-agent': 'EvidenceWorkbench (asset_url download)',
        },
        agent: false,
        lookup: pinned,
        signal,
      },
      resolve,
    );
    req.on('error', (error) => {
      if (signal.aborted) reject(signal.reason as Error);
      else
        reject(
          new FetchError('upstream_unreachable', `the remote host could not be reached: ${error.message}`),
        );
    });
    req.end();
  });
}

/** Reads the body up to `maxBytes`: a declared or actual size over it is 413, the stream stopped. */
function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const declared = response.headers['content-length'];
  if (declared !== undefined && /^\d+$/.test(declared)) {
    const length = Number(declared);
    if (length > maxBytes) {
      response.destroy();
      return Promise.reject(tooLargeDownload(length, maxBytes));
    }
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      response.destroy();
      reject(error);
    };
    const onAbort = () => fail(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    response.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxBytes) return fail(tooLargeDownload(null, maxBytes));
      chunks.push(chunk);
    });
    response.on('error', (error) =>
      fail(new FetchError('upstream_unreachable', `the download broke off: ${error.message}`)),
    );
    response.on('close', () => fail(new FetchError('upstream_unreachable', 'the download broke off')));
    response.on('end', () => {
      signal.removeEventListener('abort', onAbort);
      if (settled) return;
      settled = true;
      if (!response.complete) {
        reject(new FetchError('upstream_unreachable', 'the download broke off'));
        return;
      }
      const body = Buffer.concat(chunks, received);
      resolve(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
    });
  });
}
