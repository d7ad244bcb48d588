import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ServiceError } from '../operations/errors';
import { FormBytesCheck } from './form-bytes';

/** The largest text field of a form, in bytes; a longer one is refused, never cut short. */
export const FORM_FIELD_LIMIT = 16 * 1024;

/**
 * Reads a multipart form part by part: text fields are collected, the one `file` part is handed to
 * `onFile` while it streams (so nothing is buffered whole). Extra or misnamed file parts, and a form
 * that cannot be parsed, are 400s; field names, file names and text fields that are not UTF-8 are 400s.
 */
export async function readForm<T>(
  request: FastifyRequest,
  onFile: (stream: Readable, filename: string | undefined) => Promise<T>,
): Promise<{ fields: Record<string, string>; file: T | null }> {
  if (!request.isMultipart()) {
    throw new ServiceError('expected_multipart', 'this endpoint takes multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: T | null = null;
  let sawFile = false;
  let partsRead = 0;
  const bytes = new FormBytesCheck(request.headers['content-type'], FORM_FIELD_LIMIT);
  const refuseBadBytes = () => {
    if (bytes.problem) throw new ServiceError('invalid_request', bytes.problem);
  };
  const parts = request.parts();
  // The first step starts the parser, which pipes the raw request into busboy; the check reads beside it,
  // so it has seen every byte busboy has by the time a part reaches this loop.
  const first = parts.next();
  const watch = (chunk: Buffer) => bytes.write(chunk);
  request.raw.on('data', watch);
  try {
    for (let step = await first; !step.done; step = await parts.next()) {
      const part = step.value;
      partsRead++;
      if (part.type === 'file') {
        if (bytes.problem) part.file.resume();
        refuseBadBytes();
        if (part.fieldname !== 'file' || sawFile) {
          part.file.resume();
          throw new ServiceError('invalid_request', 'the form may carry one file part, named `file`', [
            { path: part.fieldname, message: 'unexpected file part' },
          ]);
        }
        sawFile = true;
        if (part.filename?.includes('\u0000')) {
          part.file.resume();
          throw new ServiceError('invalid_request', 'the file name holds a NUL character (U+0000)', [
            { path: 'file', message: 'a file name may not hold U+0000' },
          ]);
        }
        file = await onFile(part.file, part.filename);
      } else {
        refuseBadBytes();
        if (Object.hasOwn(fields, part.fieldname)) {
          throw new ServiceError('invalid_request', `the field ${part.fieldname} is given twice`, [
            { path: part.fieldname, message: 'repeated' },
          ]);
        }
        if (part.valueTruncated) {
          throw new ServiceError(
            'field_too_large',
            `the field ${part.fieldname} is over ${FORM_FIELD_LIMIT} bytes`,
            [{ path: part.fieldname, message: `at most ${FORM_FIELD_LIMIT} bytes` }],
          );
        }
        const value = String(part.value);
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) {
          throw new ServiceError(
            'invalid_request',
            `the field ${part.fieldname} holds a NUL character (U+0000)`,
            [{ path: part.fieldname, message: 'text may not hold U+0000' }],
          );
        }
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    refuseBadBytes();
    if (error instanceof ServiceError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
    throw new ServiceError('malformed_multipart', `the form could not be read: ${(error as Error).message}`);
  } finally {
    request.raw.off('data', watch);
  }
  bytes.end();
  refuseBadBytes();
  // The check must have found every part busboy found, or some text went unchecked.
  if (bytes.partsSeen < partsRead) {
    throw new ServiceError('malformed_multipart', 'the form could not be read: its boundary is ambiguous');
  }
  return { fields, file };
}
