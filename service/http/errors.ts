import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../operations/errors';
import { BlobCorruptError } from '../store/blobs';
import { MAX_ASSET_BYTES } from '../../shared/api';

/** Fastify's and @fastify/multipart's own failures, in the words and codes of this service. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
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
