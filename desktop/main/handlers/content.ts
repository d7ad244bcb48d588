import { Id } from '../../../shared/api/common';
import { BRIDGE_ERROR, type BridgeResult } from '../../../shared/bridge';
import { ClientError, type EvidenceClient } from '../client/types';

// The original bytes of a source for the viewer, the same for both hosts (the web host's
// `GET /bridge/sources/<id>/content`, the Electron host's `evidence-source:` scheme): the bytes as the
// service verified them, kept in a bounded cache in the main process so the many Range requests of one
// document read it once, and the HTTP answer (200, 206, 416, 404) built without anything host-specific.

/** The verified bytes of one source version, with what the answer says of them. */
export interface SourceBytes {
  bytes: Uint8Array;
  mediaType: string;
  sha256: string;
}

export interface SourceContentStore {
  /** The bytes of a source version, from the cache or the service (ClientError when it refuses). */
  read(sourceVersionId: string): Promise<SourceBytes>;
  /** Drops a source from the cache (it was removed). */
  forget(sourceVersionId: string): void;
}

/** Bytes of recently viewed sources kept in the main process: at most this much in all. */
export const SOURCE_CACHE_BYTES = 200 * 1000 * 1000;

interface CacheEntry {
  client: EvidenceClient;
  /** Known once the bytes arrived; a read still in flight is shared by every request for it. */
  size: number;
  bytes: Promise<SourceBytes>;
}

/**
 * A least-recently-used cache of source bytes, at most `maxBytes` in all, for the client `client()` gives
 * now (bytes read through an earlier client, before the settings changed, are not served).
 */
export function createSourceContentStore(
  client: () => Promise<EvidenceClient>,
  maxBytes = SOURCE_CACHE_BYTES,
): SourceContentStore {
  // A Map iterates in insertion order: re-inserting on each use keeps the least recently used first.
  const entries = new Map<string, CacheEntry>();
  const total = () => [...entries.values()].reduce((sum, entry) => sum + entry.size, 0);
  const evict = () => {
    for (const [id, entry] of entries) {
      if (total() <= maxBytes) return;
      if (entry.size > 0) entries.delete(id);
    }
  };
  return {
    async read(sourceVersionId) {
      const current = await client();
      const cached = entries.get(sourceVersionId);
      if (cached && cached.client === current) {
        entries.delete(sourceVersionId);
        entries.set(sourceVersionId, cached);
        return cached.bytes;
      }
      const entry: CacheEntry = {
        client: current,
        size: 0,
        bytes: current.getSourceContent(sourceVersionId).then(({ bytes, mediaType, sha256 }) => ({
          bytes,
          mediaType,
          sha256,
        })),
      };
      entries.delete(sourceVersionId);
      entries.set(sourceVersionId, entry);
      try {
        const value = await entry.bytes;
        if (entries.get(sourceVersionId) === entry) {
          entry.size = value.bytes.byteLength;
          evict();
        }
        return value;
      } catch (error) {
        if (entries.get(sourceVersionId) === entry) entries.delete(sourceVersionId);
        throw error;
      }
    },
    forget(sourceVersionId) {
      entries.delete(sourceVersionId);
    },
  };
}

// ---- Range requests (RFC 9110 §14) ----------------------------------------------------------------

/** What a Range header asks of `size` bytes: all of them, one range, or nothing that exists. */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range of a representation of `size` bytes: `a-b`, `a-` or `-n`. A header that is absent,
 * not in the `bytes` unit, malformed or asks several ranges is ignored (the whole body, 200), as RFC 9110
 * allows; a well-formed range wholly past the end is unsatisfiable (416).
 */
export function parseRange(header: string | null | undefined, size: number): RangeAnswer {
  if (header === null || header === undefined) return { kind: 'full' };
  const match = /^bytes[ \t]*=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', start, end };
}

/** The parts of a request the answer depends on. */
export interface ContentRequest {
  method: string;
  range: string | null;
  ifRange: string | null;
}

/** An HTTP answer, host-agnostic: each host writes it in its own way. */
export interface ContentAnswer {
  status: number;
  headers: Record<string, string>;
  /** Null for HEAD (and OPTIONS). */
  body: Uint8Array | null;
}

/**
 * Headers of every answer with a source's bytes: the bytes are a file someone dropped in, never a page
 * of the app, so they are never sniffed, never cached, and a document shown from them runs sandboxed.
 */
export const SOURCE_CONTENT_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'content-security-policy': 'sandbox',
};

const etagOf = (sha256: string) => `"sha256:${sha256}"`;

/** A bridge error as an HTTP answer with a JSON body. */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): ContentAnswer {
  const body: BridgeResult<never> = { ok: false, error: { code, message } };
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return {
    status,
    headers: {
      ...SOURCE_CONTENT_HEADERS,
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(bytes.byteLength),
    },
    body: bytes,
  };
}

/** The answer to a GET or HEAD of bytes: 200, 206 with Content-Range, or 416. */
export function contentAnswer(source: SourceBytes, request: ContentRequest): ContentAnswer {
  const size = source.bytes.byteLength;
  const common = {
    ...SOURCE_CONTENT_HEADERS,
    'accept-ranges': 'bytes',
    etag: etagOf(source.sha256),
  };
  // If-Range names another version: the whole body, not a piece of it (RFC 9110 §13.1.5).
  const range = request.ifRange !== null && request.ifRange !== common.etag ? null : request.range;
  const asked = parseRange(range, size);
  const head = request.method === 'HEAD';
  if (asked.kind === 'unsatisfiable') {
    const answer = errorAnswer(416, 'range_not_satisfiable', `The source has ${size} bytes.`, {
      'content-range': `bytes */${size}`,
      'accept-ranges': 'bytes',
      etag: common.etag,
    });
    return head ? { ...answer, body: null } : answer;
  }
  const { start, end } = asked.kind === 'partial' ? asked : { start: 0, end: size - 1 };
  const headers: Record<string, string> = {
    ...common,
    'content-type': source.mediaType,
    'content-length': String(end - start + 1),
    ...(asked.kind === 'partial' ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  };
  return {
    status: asked.kind === 'partial' ? 206 : 200,
    headers,
    // A view, not a copy: the cache's bytes are never written to.
    body: head ? null : source.bytes.subarray(start, end + 1),
  };
}

/** Whether a path segment, once decoded, is an id the service could have given (1 to 200 characters). */
export function isSourceId(id: string): boolean {
  return Id.safeParse(id).success;
}

/**
 * The whole answer for the bytes of `sourceVersionId`: method and id checked, the bytes read (cached),
 * the service's refusals as bridge errors (404 for an unknown or removed source).
 */
export async function answerSourceContent(
  store: SourceContentStore,
  sourceVersionId: string,
  request: ContentRequest,
): Promise<ContentAnswer> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return errorAnswer(405, 'method_not_allowed', 'The original bytes are read with GET or HEAD.', {
      allow: 'GET, HEAD',
    });
  if (!isSourceId(sourceVersionId))
    return errorAnswer(404, BRIDGE_ERROR.notFound, 'There is no source with that id.');
  let source: SourceBytes;
  try {
    source = await store.read(sourceVersionId);
  } catch (error) {
    if (error instanceof ClientError) {
      if (error.code === 'not_found')
        return errorAnswer(404, BRIDGE_ERROR.notFound, 'There is no source with that id.');
      return errorAnswer(502, error.code, error.message);
    }
    throw error;
  }
  return contentAnswer(source, request);
}
