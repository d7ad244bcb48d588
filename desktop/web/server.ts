import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BRIDGE_ERROR,
  WEB_BRIDGE_PATH,
  WEB_EVENTS_PATH,
  WEB_TOKEN_HEADER,
  WEB_UPLOAD_META_HEADER,
  WEB_UPLOAD_PATH,
  WebBridgeRequest,
  type BridgeResult,
} from '../../shared/bridge';
import { MAX_ASSET_BYTES } from '../../shared/api/common';
import {
  checkUploadMeta,
  createRouter,
  describeIssues,
  tooLargeFailure,
  type RouterOptions,
} from '../main/bridge/router';
import { handlers, uploadBytes } from '../main/handlers';
import { answerSourceContent, type ContentAnswer } from '../main/handlers/content';
import { createMainServices } from '../main/handlers/services';
import type { KeyStore } from '../main/keychain/types';
import { packageVersion, rendererOutDir } from '../project';
import { RENDERER_SECURITY_HEADERS } from '../main/security/csp';
import { mediaTypeFor, resolveRendererFile } from '../main/security/renderer-files';
import { createPrintPages, PRINT_PAGE_HEADERS, printPageId } from './print-pages';

/** The loopback web host only ever listens here. */
export const WEB_HOST_ADDRESS = '127.0.0.1';
/** Ceiling on a bridge request body: a 50 MB file in base64 (library.upload) and its envelope. */
export const MAX_BRIDGE_BODY_BYTES = Math.ceil(MAX_ASSET_BYTES / 3) * 4 + 64 * 1024;

/** The command a person ran to start the web host: what a refusal tells them to look back at. */
export type LaunchCommand = 'npm start' | 'npm run web';

export interface WebHostOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** The app's data folder, handed to the handlers. */
  dataDir: string;
  /** The renderer build to serve (default: out/renderer of the checkout). */
  rendererDir?: string;
  /** The app version reported by `health` (default: package.json). */
  version?: string;
  /** Fixed token for tests; by default a fresh 32-byte secret per launch. */
  token?: string;
  /** The command that started this host, named when a tab without its token is refused (default `npm run web`). */
  launchCommand?: LaunchCommand;
  onInternalError?: RouterOptions['onInternalError'];
  /** The API key store (default: the OS keychain, with a session-only fallback). */
  keyStore?: KeyStore;
}

export interface WebHost {
  /** `http://127.0.0.1:PORT/#token=SECRET`: the token rides in the fragment, never sent to a server. */
  readonly url: string;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

/** A fresh per-launch secret: 32 random bytes, base64url. */
export function createLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Constant-time comparison (equal-length digests, so the length of the secret does not leak either). */
function tokenMatches(presented: string | string[] | undefined, expected: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Why a call without this launch's token is refused, in words that say what to do, naming the command the
 * person ran: a tab that never had the token, and one holding another token (kept from an earlier launch,
 * or cut short when pasted), both need the address this launch printed.
 */
export function tokenRefusalMessage(
  presented: string | string[] | undefined,
  command: LaunchCommand,
): string {
  const fix = `Open the address "${command}" printed last (it ends in #token=…), in this tab or a new one.`;
  if (typeof presented !== 'string' || presented === '')
    return `This tab has no workbench token: it was not opened from the address "${command}" printed. ${fix}`;
  return `This tab's workbench token is not this launch's: it is from an earlier run of "${command}", or its address was cut short. ${fix}`;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...RENDERER_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

function sendRefusal(
  res: ServerResponse,
  refusal: HttpRefusal,
  extraHeaders: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  const body: BridgeResult<never> = { ok: false, error: { code: refusal.code, message: refusal.message } };
  sendJson(res, refusal.status, body);
}

/** The refusal of an upload over the ceiling, as an HTTP refusal (413) with the bridge's code. */
function uploadTooLarge(): HttpRefusal {
  const refused = tooLargeFailure();
  const error = refused.ok ? { code: BRIDGE_ERROR.tooLarge, message: '' } : refused.error;
  return new HttpRefusal(413, error.code, error.message);
}

/**
 * The raw bytes of an upload, read as they stream in and refused (413 too_large) the moment they pass
 * `limit`: at most `limit` bytes are ever held. A declared length over the limit is refused before a byte
 * is read; a declared length within it is read into one buffer.
 */
function readUpload(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declaredHeader = req.headers['content-length'];
  const declared = declaredHeader === undefined ? null : Number(declaredHeader);
  if (declared !== null && declared > limit) return Promise.reject(uploadTooLarge());
  const sized = declared !== null && Number.isSafeInteger(declared) ? Buffer.allocUnsafe(declared) : null;
  const chunks: Buffer[] = [];
  let received = 0;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit || (sized !== null && received > sized.length)) {
        // Stop holding bytes; what still arrives is discarded by the refusal (refuseUpload).
        req.off('data', onData);
        chunks.length = 0;
        reject(uploadTooLarge());
        return;
      }
      if (sized !== null) chunk.copy(sized, received - chunk.length);
      else chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('error', reject);
    req.once('end', () => {
      if (received > limit) return;
      if (sized !== null && received !== sized.length) {
        reject(new HttpRefusal(400, BRIDGE_ERROR.invalidRequest, 'The upload ended before its last byte.'));
        return;
      }
      resolve(sized ?? Buffer.concat(chunks, received));
    });
  });
}

/** Bytes a refused upload may still send (discarded, never held) before its connection is cut. */
const REFUSED_UPLOAD_DRAIN_BYTES = MAX_ASSET_BYTES;

/**
 * Answers a refused upload on a connection that stays open, discarding what the client still sends, so
 * it reads the refusal instead of a reset; a client that keeps sending past the drain allowance is cut off.
 */
function refuseUpload(req: IncomingMessage, res: ServerResponse, refusal: HttpRefusal): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > REFUSED_UPLOAD_DRAIN_BYTES) req.socket.destroy();
  });
  req.resume();
  sendRefusal(res, refusal);
}

/** The upload's fields from their header: percent-encoded UTF-8 JSON, checked with UploadMeta. */
function uploadMetaOf(header: string | string[] | undefined): BridgeResult<unknown> {
  const invalid = (why: string): BridgeResult<never> => ({
    ok: false,
    error: { code: BRIDGE_ERROR.invalidInput, message: `Invalid upload: ${why}.` },
  });
  if (typeof header !== 'string' || header === '')
    return invalid(`the ${WEB_UPLOAD_META_HEADER} header with the upload's fields is missing`);
  let json: unknown;
  try {
    json = JSON.parse(decodeURIComponent(header));
  } catch {
    return invalid(`the ${WEB_UPLOAD_META_HEADER} header is not percent-encoded JSON`);
  }
  const checked = checkUploadMeta(json);
  return checked.ok ? { ok: true, value: checked.value } : checked.error;
}

/** `/bridge/sources/<id>/content`: the source version id, decoded; null for any other path. */
function sourceContentId(pathname: string): string | null {
  const match = /^\/bridge\/sources\/([^/]+)\/content$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    throw new HttpRefusal(413, 'payload_too_large', `A bridge request may carry at most ${limit} bytes.`);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    received += buffer.length;
    if (received > limit) {
      throw new HttpRefusal(413, 'payload_too_large', `A bridge request may carry at most ${limit} bytes.`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The loopback web host: the renderer build and the bridge over HTTP on 127.0.0.1, for browsers and for
 * end-to-end tests where the Electron runtime is missing. Static files are public; the bridge needs the
 * per-launch token. Host and Origin are checked on every request (DNS rebinding, cross-site calls);
 * no CORS header is ever sent.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? createLaunchToken();
  const launchCommand = options.launchCommand ?? 'npm run web';
  const rendererDir = options.rendererDir ?? rendererOutDir;
  // Pages listening for pushed events: each gets one JSON line per event while its request is open.
  const listeners = new Set<ServerResponse>();
  const services = await createMainServices({
    version: options.version ?? packageVersion(),
    dataDir: options.dataDir,
    ...(options.keyStore ? { keyStore: options.keyStore } : {}),
    emit: (event, payload) => {
      const line = `${JSON.stringify({ event, payload })}\n`;
      for (const res of listeners) res.write(line);
    },
  });
  // A PDF export here answers a one-time print page (GET /bridge/print/<id>) instead of bytes.
  const printPages = createPrintPages();
  const router = createRouter(
    handlers,
    { ...services, holdForPrint: (html) => printPages.hold(html) },
    {
      uploadBytes,
      ...(options.onInternalError ? { onInternalError: options.onInternalError } : {}),
    },
  );
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendRefusal(res, new HttpRefusal(405, 'method_not_allowed', 'Only GET and HEAD are served here.'), {
        allow: 'GET, HEAD',
      });
      return;
    }
    const file = await resolveRendererFile(rendererDir, pathname);
    if (file === null) {
      sendRefusal(res, new HttpRefusal(404, 'not_found', 'No such file in the workbench.'));
      return;
    }
    const bytes = await readFile(file);
    res.writeHead(200, {
      ...RENDERER_SECURITY_HEADERS,
      'content-type': mediaTypeFor(file),
      'content-length': bytes.length,
      'cache-control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  async function serveBridge(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      throw new HttpRefusal(405, 'method_not_allowed', 'The bridge takes POST only.');
    }
    requireToken(req);
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      throw new HttpRefusal(415, 'unsupported_media_type', 'A bridge request is application/json.');
    }
    const body = await readBody(req, MAX_BRIDGE_BODY_BYTES);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new HttpRefusal(400, BRIDGE_ERROR.invalidRequest, 'The body is not valid JSON.');
    }
    const request = WebBridgeRequest.safeParse(json);
    if (!request.success) {
      throw new HttpRefusal(
        400,
        BRIDGE_ERROR.invalidRequest,
        `Not a bridge request: ${describeIssues(request.error)}`,
      );
    }
    sendJson(res, 200, await router.invoke(request.data.channel, request.data.input));
  }

  function requireToken(req: IncomingMessage): void {
    const presented = req.headers[WEB_TOKEN_HEADER];
    if (!tokenMatches(presented, token))
      throw new HttpRefusal(401, BRIDGE_ERROR.unauthorized, tokenRefusalMessage(presented, launchCommand));
  }

  /**
   * `POST /bridge/upload` with the token: the file's raw bytes as the body, its fields in the meta
   * header; answered with the bridge result of the upload (as `library.upload`'s).
   */
  async function serveUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') throw new HttpRefusal(405, 'method_not_allowed', 'Uploads take POST only.');
    requireToken(req);
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/octet-stream')
      throw new HttpRefusal(
        415,
        'unsupported_media_type',
        'An upload is the file’s bytes as application/octet-stream.',
      );
    // The fields are checked before a byte of the body is read.
    const meta = uploadMetaOf(req.headers[WEB_UPLOAD_META_HEADER]);
    if (!meta.ok) {
      refuseUpload(req, res, new HttpRefusal(400, meta.error.code, meta.error.message));
      return;
    }
    let bytes: Uint8Array;
    try {
      bytes = await readUpload(req, MAX_ASSET_BYTES);
    } catch (error) {
      if (!(error instanceof HttpRefusal)) throw error;
      refuseUpload(req, res, error);
      return;
    }
    sendJson(res, 200, await router.upload(meta.value, bytes));
  }

  /** `GET /bridge/sources/<id>/content` with the token: the source's bytes, Range requests answered. */
  async function serveSourceContent(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    requireToken(req);
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const answer: ContentAnswer = await answerSourceContent(services.sourceContent, id, {
      method: req.method ?? 'GET',
      range: header('range'),
      ifRange: header('if-range'),
    });
    res.writeHead(answer.status, {
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'x-frame-options': 'DENY',
      ...answer.headers,
    });
    res.end(answer.body === null ? undefined : answer.body);
  }

  /**
   * `GET /bridge/print/<id>`: a report's HTML, once, to print with the browser's dialog. No token: the
   * random id is the capability (the tab opened for it has no token); Host and Origin are checked as for
   * every request. No script may run in it, and it loads nothing but its own data: images and styles.
   */
  function servePrintPage(req: IncomingMessage, res: ServerResponse, id: string): void {
    if (req.method !== 'GET')
      throw new HttpRefusal(405, 'method_not_allowed', 'A print page is read with GET.');
    const html = id === '' ? null : printPages.take(id);
    if (html === null)
      throw new HttpRefusal(404, 'not_found', 'This print page was already opened, or has expired.');
    const body = Buffer.from(html, 'utf8');
    res.writeHead(200, { ...PRINT_PAGE_HEADERS, 'content-length': body.length });
    res.end(body);
  }

  /** `GET /bridge/events` with the token: an open response that receives every pushed event. */
  function serveEvents(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') throw new HttpRefusal(405, 'method_not_allowed', 'Events are read with GET.');
    requireToken(req);
    res.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.flushHeaders();
    listeners.add(res);
    res.on('close', () => listeners.delete(res));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts.has(host)) {
      throw new HttpRefusal(
        403,
        BRIDGE_ERROR.forbidden,
        'This workbench answers only on its loopback address.',
      );
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) {
      throw new HttpRefusal(403, BRIDGE_ERROR.forbidden, 'Calls from another origin are refused.');
    }
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const sourceId = sourceContentId(pathname);
    const printId = printPageId(pathname);
    if (pathname === WEB_BRIDGE_PATH) {
      await serveBridge(req, res);
    } else if (pathname === WEB_UPLOAD_PATH) {
      await serveUpload(req, res);
    } else if (sourceId !== null) {
      await serveSourceContent(req, res, sourceId);
    } else if (pathname === WEB_EVENTS_PATH) {
      serveEvents(req, res);
    } else if (printId !== null) {
      servePrintPage(req, res, printId);
    } else {
      await serveStatic(req, res, pathname);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpRefusal) {
        // An unread body would keep the socket busy: close it after a refusal sent mid-request.
        res.setHeader('connection', 'close');
        sendRefusal(res, error);
        return;
      }
      console.error('web host: request failed:', error);
      sendRefusal(res, new HttpRefusal(500, BRIDGE_ERROR.internalError, 'The workbench could not answer.'));
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, WEB_HOST_ADDRESS, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  allowedHosts = new Set([`${WEB_HOST_ADDRESS}:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([...allowedHosts].map((h) => `http://${h}`));
  const origin = `http://${WEB_HOST_ADDRESS}:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    close: async () => {
      for (const res of listeners) res.end();
      await new Promise<void>((resolveClose, rejectClose) => {
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
        server.closeAllConnections();
      });
      await services.close();
    },
  };
}
