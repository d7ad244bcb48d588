import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  Id,
  MAX_ASSET_BYTES,
  OPERATION_NAMES,
  operations,
  RegisterFields,
  UploadFields,
  type OperationName,
  type OperationResult,
  type OperationSpec,
} from '../../shared/api';
import type { ExtractionSettings } from '../operations/extract';
import { parseRequest, ServiceError } from '../operations/errors';
import { createLocalService, type AccountService } from '../operations/service';
import { hashPresentedFile } from '../operations/sources';
import type { StagedBlob } from '../store/blobs';
import type { EvidenceStore } from '../store/contract';
import { answerClientError, errorBody, handleError, MAX_URL_LENGTH } from './errors';
import { FORM_FIELD_LIMIT, readForm } from './form';
import { decodeUtf8, nulPath } from './utf8';

export interface ServerOptions {
  store: EvidenceStore;
  /** Requests a minute per API key; null or absent: no limit. */
  rateLimitPerMinute?: number | null;
  /** Largest JSON body accepted, in bytes. */
  jsonBodyLimit?: number;
  logger?: boolean;
  /** OCR mode, downloads and ceilings of extraction, over the defaults of service/operations/service.ts. */
  extraction?: Partial<ExtractionSettings>;
}

declare module 'fastify' {
  interface FastifyRequest {
    accountId: string;
  }
}

/** HTTP's optional whitespace (RFC 9110 OWS): space and tab, nothing else. */
const trimOws = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');

/**
 * The presented key: `x-api-key`, or `Authorization: Bearer KEY`. Only space and tab are trimmed: a
 * no-break or ideographic space around a key is part of what was sent, so the key does not match.
 */
function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && trimOws(header) !== '') return trimOws(header);
  const auth = request.headers.authorization;
  const match = typeof auth === 'string' ? /^Bearer[ \t]+([^ \t]+)$/i.exec(trimOws(auth)) : null;
  return match?.[1] ?? null;
}

/** A path id the id schema refuses (over 200 characters) names nothing: 404, like any unknown id. */
function pathId(id: string, what: string): string {
  if (Id.safeParse(id).success) return id;
  throw new ServiceError(
    'not_found',
    `no ${what} has an id of ${id.length} characters (ids have at most 200)`,
  );
}

/** `/api/v2/sources/{source_version_id}` in fastify's form: `/api/v2/sources/:source_version_id`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{([a-z_]+)\}/g, ':$1');
}

/** A path parameter of the request, as the table names it. */
function param(request: FastifyRequest, name: string, what: string): string {
  return pathId((request.params as Record<string, string>)[name] ?? '', what);
}

type RouteHandler<N extends OperationName> = (
  request: FastifyRequest,
  service: AccountService,
) => Promise<OperationResult<N>>;

/** From an HTTP request to each operation's typed input: one adapter per operation, none missing. */
const routeHandlers: { [N in OperationName]: RouteHandler<N> } = {
  async uploadAsset(request, service) {
    const held: { staged?: StagedBlob } = {};
    try {
      const form = await readForm(request, async (stream, filename) => {
        held.staged = await service.stageFile({ stream, filename });
        return { filename, staged: held.staged };
      });
      const fields = parseRequest(UploadFields, form.fields);
      if (!form.file) {
        throw new ServiceError('missing_file', 'the request has no `file` part', [
          { path: 'file', message: 'required' },
        ]);
      }
      return await service.uploadAsset({ staged: form.file.staged, filename: form.file.filename, fields });
    } finally {
      // uploadAsset always disposes of what it was given; this covers a form that failed after the file.
      if (held.staged) await service.discard(held.staged);
    }
  },
  fetchAsset: (request, service) => service.fetchAsset(request.body),
  async registerSource(request, service) {
    const form = await readForm(request, (stream) => hashPresentedFile(stream));
    const { assetId } = parseRequest(RegisterFields, form.fields);
    return service.registerSource({ assetId, presented: form.file });
  },
  getSource: (request, service) =>
    service.getSource({ source_version_id: param(request, 'source_version_id', 'source version') }),
  listSources: (_request, service) => service.listSources({}),
  removeSource: (request, service) =>
    service.removeSource({ source_version_id: param(request, 'source_version_id', 'source version') }),
  getSourceContent: (request, service) =>
    service.getSourceContent({ source_version_id: param(request, 'source_version_id', 'source version') }),
  publishRepresentation: (request, service) =>
    service.publishRepresentation({
      source_version_id: param(request, 'source_version_id', 'source version'),
    }),
  getRepresentation: (request, service) =>
    service.getRepresentation({ representation_id: param(request, 'representation_id', 'representation') }),
  verifyNumeric: (request, service) => service.verifyNumeric(request.body),
  verifyNumericWithRoles: (request, service) => service.verifyNumericWithRoles(request.body),
  extract: (request, service) => service.extract(request.body),
  search: (request, service) => service.search(request.body),
  searchFigures: (request, service) => service.searchFigures(request.body),
  listClaims: (request, service) => service.listClaims(request.body),
  claimCandidates: (request, service) => service.claimCandidates(request.body),
};

const apiRoutes = new WeakMap<FastifyInstance, readonly string[]>();

/** Every route a server registered (`POST /api/v1/extract`), in fastify's path form: for tests. */
export function registeredRoutes(app: FastifyInstance): readonly string[] {
  return apiRoutes.get(app) ?? [];
}

/** The local evidence service over HTTP: thin adapters from routes to the operations. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { store } = options;
  const limiter = options.rateLimitPerMinute ? store.rateLimiter(options.rateLimitPerMinute) : null;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.jsonBodyLimit ?? 1024 * 1024,
    trustProxy: false,
    // Shutting down is answered by the onRequest hook below, in the service's error body.
    return503OnClosing: false,
    // Any id that fits in an acceptable URL reaches its route, which answers it (the id schema allows 200).
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    // A request without Host is refused by the onRequest hook, in the service's error body.
    http: { requireHostHeader: false },
    clientErrorHandler: answerClientError,
    frameworkErrors: handleError,
  });
  app.decorateRequest('accountId', '');
  app.setErrorHandler(handleError);
  // Node answers an `Expect` it does not know with a bare 417 unless someone listens.
  app.server.on('checkExpectation', (_request, response) => {
    const body = JSON.stringify(errorBody('expectation_failed', 'only `Expect: 100-continue` is supported'));
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // JSON or multipart only: a text/plain body is refused (415) rather than read as a string.
  app.removeContentTypeParser('text/plain');
  // JSON is decoded strictly: invalid UTF-8 is refused, never replaced with U+FFFD and then judged.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const decoded = decodeUtf8(body as Buffer);
    if ('invalidAt' in decoded) {
      const message = `the body is not valid UTF-8 (byte offset ${decoded.invalidAt})`;
      done(new ServiceError('invalid_request', message), undefined);
      return;
    }
    parseJson(request, decoded.text, (error: Error | null, value?: unknown) => {
      const at = error ? null : nulPath(value);
      if (at === null) return done(error, value);
      done(
        new ServiceError('invalid_request', 'the body holds a NUL character (U+0000)', [
          { path: at, message: 'text may not hold U+0000' },
        ]),
        undefined,
      );
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: { code: 'not_found', message: `no such endpoint: ${request.method} ${request.url}` } }),
  );
  await app.register(multipart, {
    limits: {
      fileSize: MAX_ASSET_BYTES + 1, // one byte over, so the ceiling itself is seen and refused by our counter
      files: 1,
      fields: 20,
      fieldSize: FORM_FIELD_LIMIT,
      fieldNameSize: 100,
      parts: 25,
    },
    throwFileSizeLimit: false,
  });

  // What the request is, before who sends it: the same order as Node's own refusals (431, 400).
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new ServiceError('shutting_down', 'the service is shutting down; retry in a moment');
    }
    if (request.url.length > MAX_URL_LENGTH) {
      throw new ServiceError('uri_too_long', `the URL is over ${MAX_URL_LENGTH} characters`);
    }
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      throw new ServiceError('missing_host', 'an HTTP/1.1 request must carry a Host header');
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const key = presentedKey(request);
    if (!key)
      throw new ServiceError('unauthorized', 'an API key is required (x-api-key or Authorization: Bearer)');
    const accountId = await store.accountForKey(key);
    if (!accountId) throw new ServiceError('unauthorized', 'the API key is not recognised');
    if (limiter) {
      const wait = await limiter.take(accountId + ':' + key);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        reply.status(429).send({
          error: {
            code: 'rate_limited',
            message: `too many requests; retry in ${wait} s`,
            retry_after_s: wait,
          },
        });
        return reply;
      }
    }
    request.accountId = accountId;
  });

  // The routes: one per operation of the table (shared/api/operations.ts), none besides.
  const registered: string[] = [];
  apiRoutes.set(app, registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
  });
  const service = createLocalService(store, options.extraction);
  app.addHook('onClose', () => service.close());
  for (const name of OPERATION_NAMES) {
    const op: OperationSpec = operations[name];
    const handler = routeHandlers[name] as RouteHandler<OperationName>;
    app.route({
      method: op.method,
      url: fastifyPath(op.path),
      handler: async (request, reply) => {
        const result = await handler(request, service.forAccount(request.accountId));
        if (op.success.kind === 'bytes') {
          const content = result as OperationResult<'getSourceContent'>;
          return reply
            .status(op.success.status)
            .header('content-type', content.mediaType)
            .header('etag', `"sha256:${content.sha256}"`)
            .header(
              'content-disposition',
              `attachment; filename*=UTF-8''${encodeURIComponent(content.filename)}`,
            )
            .header('x-content-type-options', 'nosniff')
            .send(content.bytes);
        }
        return reply.status(op.success.status).send(result);
      },
    });
  }

  return app;
}
