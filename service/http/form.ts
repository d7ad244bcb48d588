import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ServiceError } from '../operations/errors';

/**
 * Reads a multipart form part by part: text fields are collected, the one `file` part is handed to
 * `onFile` while it streams (so nothing is buffered whole). Extra or misnamed file parts, and a form
 * that cannot be parsed, are 400s.
 */
export async function readForm<T>(
  request: FastifyRequest,
  onFile: (stream: Readable, filename: string | undefined) => Promise<T>,
): Promise<{ fields: Record<string, string>; file: T | null }> {
  if (!request.isMultipart()) {
    throw new ServiceError(415, 'expected_multipart', 'this endpoint takes multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: T | null = null;
  let sawFile = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || sawFile) {
          part.file.resume();
          throw new ServiceError(400, 'invalid_request', 'the form may carry one file part, named `file`', [
            { path: part.fieldname, message: 'unexpected file part' },
          ]);
        }
        sawFile = true;
        file = await onFile(part.file, part.filename);
      } else {
        if (Object.hasOwn(fields, part.fieldname)) {
          throw new ServiceError(400, 'invalid_request', `the field ${part.fieldname} is given twice`, [
            { path: part.fieldname, message: 'repeated' },
          ]);
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof ServiceError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
    throw new ServiceError(
      400,
      'malformed_multipart',
      `the form could not be read: ${(error as Error).message}`,
    );
  }
  return { fields, file };
}
