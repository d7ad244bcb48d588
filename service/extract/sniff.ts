import { looksLikeText } from '../operations/media-type';
import { ReadFailure, type Limits } from './types';
import { checkZipCeilings, looksLikeZip, readZipDirectory } from './zip';

// Which reader gets the bytes: decided by the bytes (magic numbers, the zip's own part names, the CFB
// container's stream names), never by the file name alone. The name only separates text formats the
// bytes cannot tell apart (csv vs plain text vs markdown).

export interface SniffHint {
  filename?: string | null;
  mediaType?: string | null;
}

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((b, i) => bytes[at + i] === b);
}

/** "EncryptedPackage" as UTF-16LE, the stream an encrypted OOXML file keeps inside its CFB container. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * The format to read the bytes as. Throws ReadFailure for what no reader handles (`unsupported_format`),
 * an encrypted Office file (`source_encrypted`), a zip whose declared sizes break the ceilings
 * (`source_too_large`) or whose directory is damaged (`source_corrupt`).
 */
export function sniffFormat(bytes: Uint8Array, hint: SniffHint, limits: Limits): string {
  const head = bytes.subarray(0, 1024);
  const ascii = Buffer.from(head).toString('latin1');
  if (ascii.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (startsWith(bytes, CFB_MAGIC)) {
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPTED_PACKAGE))
      throw new ReadFailure(
        'source_encrypted',
        'an encrypted Office document (OOXML inside an encrypted CFB container); it needs its password',
        'ooxml',
      );
    throw new ReadFailure(
      'unsupported_format',
      'a legacy Office file (CFB: .xls, .doc or .ppt); save it as .xlsx or .docx',
      'cfb',
    );
  }
  if (looksLikeZip(bytes)) {
    const entries = readZipDirectory(bytes);
    checkZipCeilings(entries, bytes.length, limits);
    const names = new Set(entries.map((e) => e.name));
    if (names.has('xl/workbook.xml')) return 'xlsx';
    if (names.has('word/document.xml')) return 'docx';
    if (names.has('ppt/presentation.xml'))
      throw new ReadFailure('unsupported_format', 'PowerPoint files are not read', 'pptx');
    throw new ReadFailure('unsupported_format', 'a zip archive that is not an xlsx or docx document', 'zip');
  }
  if (looksLikeText(bytes.subarray(0, 8192))) return textFormat(bytes, hint);
  const type = hint.mediaType ?? 'unknown';
  throw new ReadFailure('unsupported_format', `no reader for these bytes (media type ${type})`);
}

function textFormat(bytes: Uint8Array, hint: SniffHint): string {
  const start = new TextDecoder('utf-8').decode(bytes.subarray(0, 2048)).replace(/\0/g, '');
  const lower = start
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^<!doctype html|^<html[\s>]|^<head[\s>]|^<body[\s>]/.test(lower) || /<html[\s>]/.test(lower))
    return 'html';
  const ext = /\.([a-z0-9]+)$/i.exec(hint.filename ?? '')?.[1]?.toLowerCase() ?? '';
  const type = (hint.mediaType ?? '').toLowerCase();
  if (ext === 'tsv' || type === 'text/tab-separated-values') return 'tsv';
  if (ext === 'csv' || type === 'text/csv') return 'csv';
  if (ext === 'htm' || ext === 'html' || type === 'text/html') return 'html';
  if (ext === 'md' || ext === 'markdown' || type === 'text/markdown') return 'markdown';
  return 'text';
}
