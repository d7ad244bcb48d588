import { looksLikeText } from '../operations/media-type';
import { ReadFailure, type Limits } from './types';
import { checkZipCeilings, looksLikeZip, readZipDirectory } from './zip';
import {
  formatByMagic,
  formatByZipParts,
  FORMATS,
  textFormat,
  type Format,
  type FormatEntry,
  type FormatTable,
} from '../../shared/vocabulary/formats';

// Which reader gets the bytes: decided by the bytes (magic numbers, the zip's own part names, the CFB
// container's stream names), never by the file name alone. The name only separates text formats the
// bytes cannot tell apart (csv vs plain text vs markdown). The formats and their signs are the table's;
// what is refused (legacy and encrypted Office files, other zips) is decided here.

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
 * The format to read the bytes as, by the table of formats (shared/vocabulary/formats.ts). Throws
 * ReadFailure for what no reader handles (`unsupported_format`), an encrypted Office file
 * (`source_encrypted`), a zip whose declared sizes break the ceilings (`source_too_large`) or whose
 * directory is damaged (`source_corrupt`). `formats` is for tests: the service reads the one table.
 */
export function sniffFormat<F extends string = Format>(
  bytes: Uint8Array,
  hint: SniffHint,
  limits: Limits,
  formats: FormatTable<F> = FORMATS as FormatTable<string> as FormatTable<F>,
): F {
  const magic = formatByMagic(bytes, formats);
  if (magic !== null) return magic;
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
    const zipped = formatByZipParts(new Set(entries.map((e) => e.name)), formats);
    if (zipped !== null) return zipped;
    if (entries.some((e) => e.name === 'ppt/presentation.xml'))
      throw new ReadFailure('unsupported_format', 'PowerPoint files are not read', 'pptx');
    const zipFormats = (Object.entries(formats) as [F, FormatEntry][]).filter(
      ([, e]) => 'zipPart' in e.sniff,
    );
    const names = zipFormats.map(([id]) => id).join(' or ');
    throw new ReadFailure('unsupported_format', `a zip archive that is not an ${names} document`, 'zip');
  }
  if (looksLikeText(bytes.subarray(0, 8192))) {
    const start = new TextDecoder('utf-8').decode(bytes.subarray(0, 2048)).replace(/\0/g, '');
    const text = textFormat(start, hint, formats);
    if (text !== null) return text;
  }
  const type = hint.mediaType ?? 'unknown';
  throw new ReadFailure('unsupported_format', `no reader for these bytes (media type ${type})`);
}
