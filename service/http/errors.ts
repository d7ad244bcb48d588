import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ServiceError, serviceErrorOf, tooLarge } from '../operations/errors';
import { MAX_ASSET_BYTES, SERVICE_ERRORS, type ServiceErrorCode } from '../../shared/api';

/** The longest request target (path and query) read, in characters; a longer one is 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/** Fastify's and @fastify/multipart's own failures, in the words and codes of this service. */
const FRAMEWORK_ERRORS: Record<string, { code: ServiceErrorCode; message: string }> = {
  FST_ERR_BAD_URL: {
    code: 'malformed_url',
    message: 'the URL is not valid: a percent-escape is broken or does not spell UTF-8',
  },
  // The router's parameter ceiling is the URL ceiling, so only an over-long URL reaches it.
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    message: `the URL is over ${MAX_URL_LENGTH} characters`,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'malformed_json',
    message: 'the body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'malformed_json', message: 'the JSON body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_content_length',
    message: 'Content-Length does not match the body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'body_too_large',
    message: 'the request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'this endpoint does not accept that Content-Type',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    code: 'unsupported_media_type',
    message: 'this endpoint does not accept that Content-Type',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'expected_multipart',
    message: 'this endpoint takes multipart/form-data',
  },
  FST_PROTO_VIOLATION: { code: 'invalid_request', message: 'a field name is not allowed' },
  FST_INVALID_JSON_FIELD_ERROR: {
    code: 'invalid_request',
    message: 'a JSON field is not valid JSON',
  },
  FST_PARTS_LIMIT: { code: 'too_many_parts', message: 'the form has too many parts' },
  FST_FILES_LIMIT: { code: 'too_many_files', message: 'the form may carry one file part only' },
  FST_FIELDS_LIMIT: { code: 'too_many_fields', message: 'the form has too many fields' },
  FST_MP_PREMATURE_CLOSE: {
    code: 'incomplete_request',
    message: 'the request ended before the form was complete',
  },
};

export function errorBody(code: ServiceErrorCode, message: string, extra?: object) {
  return { error: { code, message }, ...extra };
}

/** The framework's own failures (fastify, multipart) as the service's refusals. */
function frameworkError(error: FastifyError | Error): ServiceError | null {
  const code = (error as FastifyError).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(null, MAX_ASSET_BYTES);
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return new ServiceError(known.code, known.message);
  if (error.message === 'Unexpected end of form' || error.message.includes('Malformed part header'))
    return new ServiceError('malformed_multipart', `the form could not be read: ${error.message}`);
  const status = (error as FastifyError).statusCode;
  // Any other refusal of the framework is the caller's: a 400, never a 5xx.
  if (status && status >= 400 && status < 500) return new ServiceError('bad_request', error.message);
  return null;
}

/** Renders every failure as the error body of local-extensions.md; a bad request is never a 5xx. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const failure = frameworkError(error) ?? serviceErrorOf(error);
  if (failure.status >= 500)
    request.log.error({ err: (failure as { cause?: unknown }).cause ?? error }, failure.code);
  const body = {
    error: {
      code: failure.code,
      message: failure.message,
      ...(failure.details ? { details: failure.details } : {}),
    },
    ...failure.extra,
  };
  if (failure.status === 413) reply.header('connection', 'close');
  return reply.status(failure.status).send(body);
}

/** Why Node's HTTP parser refused a connection, as status, code and message. */
function clientErrorAnswer(error: { code?: string; rawPacket?: unknown }): {
  code: ServiceErrorCode;
  message: string;
} {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'request_timeout', message: 'the request did not arrive in time' };
    case 'HPE_HEADER_OVERFLOW':
      return requestLineTooLong(error.rawPacket)
        ? { code: 'uri_too_long', message: `the URL is over ${MAX_URL_LENGTH} characters` }
        : { code: 'headers_too_large', message: 'the request headers are too large' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'body_too_large', message: 'the chunk extensions are too large' };
    case 'HPE_INVALID_METHOD':
      return { code: 'unknown_method', message: 'the request method is not known' };
    default:
      return { code: 'malformed_request', message: 'the request is not valid HTTP/1.1' };
  }
}

/**
 * Whether the packet the parser choked on starts a request whose first line alone passes the URL
 * ceiling: Node counts the request line in its header ceiling, so that overflow is a long URL.
 */
function requestLineTooLong(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet) || !/^[A-Za-z]+ [^ ]/.test(packet.toString('latin1', 0, 32))) return false;
  const end = packet.indexOf('\n');
  return end === -1 || end > MAX_URL_LENGTH;
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before fastify sees a request (431,
 * malformed request lines, unknown methods, timeouts) gets the same error body as every other refusal.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way on this connection must not be interleaved with another.
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    const { code, message } = clientErrorAnswer(error);
    const status = SERVICE_ERRORS[code].status;
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
