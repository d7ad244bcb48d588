import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ServiceError } from '../operations/errors';
import { BlobCorruptError } from '../store/blobs';
import { MAX_ASSET_BYTES } from '../../shared/api';

/** The longest request target (path and query) read, in characters; a longer one is 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/** Fastify's and @fastify/multipart's own failures, in the words and codes of this service. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'malformed_url',
    message: 'the URL is not valid: a percent-escape is broken or does not spell UTF-8',
  },
  // The router's parameter ceiling is the URL ceiling, so only an over-long URL reaches it.
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'uri_too_long',
    message: `the URL is over ${MAX_URL_LENGTH} characters`,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'malformed_json',
    message: 'the body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json', message: 'the JSON body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad_content_length',
    message: 'Content-Length does not match the body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'body_too_large',
    message: 'the request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'this endpoint does not accept that Content-Type',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'this endpoint does not accept that Content-Type',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'expected_multipart',
    message: 'this endpoint takes multipart/form-data',
  },
  FST_PROTO_VIOLATION: { status: 400, code: 'invalid_request', message: 'a field name is not allowed' },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: 'invalid_request',
    message: 'a JSON field is not valid JSON',
  },
  FST_PARTS_LIMIT: { status: 413, code: 'too_many_parts', message: 'the form has too many parts' },
  FST_FILES_LIMIT: { status: 400, code: 'too_many_files', message: 'the form may carry one file part only' },
  FST_FIELDS_LIMIT: { status: 413, code: 'too_many_fields', message: 'the form has too many fields' },
  FST_MP_PREMATURE_CLOSE: {
    status: 400,
    code: 'incomplete_request',
    message: 'the request ended before the form was complete',
  },
};

export function errorBody(code: string, message: string, extra?: object) {
  return { error: { code, message }, ...extra };
}

/** Renders every failure as the error body of local-extensions.md; a bad request is never a 5xx. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ServiceError) {
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
      ...error.extra,
    };
    if (error.status === 413) reply.header('connection', 'close');
    return reply.status(error.status).send(body);
  }
  const code = (error as FastifyError).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    reply.header('connection', 'close');
    return reply.status(413).send(
      errorBody('source_too_large', `the file is over the ${MAX_ASSET_BYTES}-byte ceiling`, {
        bytes: null,
        max_bytes: MAX_ASSET_BYTES,
      }),
    );
  }
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
  if (error.message === 'Unexpected end of form' || error.message.includes('Malformed part header')) {
    return reply
      .status(400)
      .send(errorBody('malformed_multipart', `the form could not be read: ${error.message}`));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.status(status).send(errorBody('bad_request', error.message));
  }
  if (error instanceof BlobCorruptError) {
    request.log.error({ err: error }, 'retained bytes failed their hash check');
    return reply.status(500).send(errorBody('stored_bytes_corrupt', error.message));
  }
  request.log.error({ err: error }, 'unexpected failure');
  return reply.status(500).send(errorBody('internal_error', 'the service failed; nothing was stored'));
}

/** Why Node's HTTP parser refused a connection, as status, code and message. */
function clientErrorAnswer(error: { code?: string; rawPacket?: unknown }) {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'the request did not arrive in time' };
    case 'HPE_HEADER_OVERFLOW':
      return requestLineTooLong(error.rawPacket)
        ? { status: 414, code: 'uri_too_long', message: `the URL is over ${MAX_URL_LENGTH} characters` }
        : { status: 431, code: 'headers_too_large', message: 'the request headers are too large' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'body_too_large', message: 'the chunk extensions are too large' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, code: 'unknown_method', message: 'the request method is not known' };
    default:
      return { status: 400, code: 'malformed_request', message: 'the request is not valid HTTP/1.1' };
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
    const { status, code, message } = clientErrorAnswer(error);
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
