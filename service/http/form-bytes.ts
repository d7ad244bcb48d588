import { decodeUtf8 } from './utf8';

const CRLF2 = Buffer.from('\r\n\r\n');
const DASH = 0x2d;
/** busboy's own ceiling on one part's header block. */
const PART_HEADER_LIMIT = 80 * 1024;

type State = 'preamble' | 'delimiter' | 'head' | 'body' | 'epilogue';

/** The boundary as busboy reads it: quoted with backslash escapes, or bare with spaces and tabs dropped. */
function boundaryOf(contentType: string): string | null {
  const match = /;[ \t]*boundary[ \t]*=[ \t]*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(contentType);
  if (!match) return null;
  const value = match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!.replace(/[ \t]/g, '');
  return value || null;
}

/**
 * Reads the raw bytes of a multipart/form-data body beside busboy, which decodes part headers and text
 * fields with replacement: every part header (field names, file names) and every text field value must
 * be UTF-8. File contents are only searched for the next boundary, never judged.
 *
 * Parts are found as busboy's Dicer finds them: a CRLF is assumed before the first byte, each
 * `CRLF--boundary` ends a part, `--` after it ends the form, and a part's headers end at the first
 * CRLF CRLF.
 */
export class FormBytesCheck {
  /** The first thing found wrong, in words for the caller; null while all is well. */
  problem: string | null = null;
  /** Parts whose headers were read. */
  partsSeen = 0;

  private readonly delimiter: Buffer | null;
  private pending: Buffer = Buffer.from('\r\n');
  /** Offset in the request body of `pending[0]` (the assumed CRLF sits before the body). */
  private base = -2;
  private state: State = 'preamble';
  private headScanned = 0;
  private field: { name: string; chunks: Buffer[]; length: number } | null = null;

  constructor(
    contentType: string | undefined,
    private readonly fieldLimit: number,
  ) {
    const value = boundaryOf(contentType ?? '');
    this.delimiter = value ? Buffer.from(`\r\n--${value}`, 'latin1') : null;
  }

  write(chunk: Buffer): void {
    if (!this.delimiter || this.problem || this.state === 'epilogue') return;
    // A copy: what is kept between chunks must not be a view of a buffer the socket may reuse.
    this.pending = Buffer.concat([this.pending, chunk]);
    this.advance(this.delimiter);
  }

  private advance(delimiter: Buffer): void {
    while (!this.problem) {
      if (this.state === 'preamble' || this.state === 'body') {
        const at = this.pending.indexOf(delimiter);
        if (at === -1) {
          // Keep what could be the start of a delimiter split across chunks.
          this.consume(Math.max(0, this.pending.length - (delimiter.length - 1)));
          return;
        }
        this.consume(at);
        this.skip(delimiter.length);
        if (this.state === 'body') this.endPart();
        this.state = 'delimiter';
      } else if (this.state === 'delimiter') {
        if (this.pending.length < 2) return;
        if (this.pending[0] === DASH && this.pending[1] === DASH) {
          this.state = 'epilogue';
          this.pending = Buffer.alloc(0);
          return;
        }
        this.state = 'head';
        this.headScanned = 0;
      } else if (this.state === 'head') {
        const end = this.pending.indexOf(CRLF2, Math.max(0, this.headScanned - 3));
        if (end === -1) {
          this.headScanned = this.pending.length;
          if (this.pending.length > PART_HEADER_LIMIT) {
            this.problem = `a part's headers are over ${PART_HEADER_LIMIT} bytes`;
          }
          return;
        }
        const head = this.pending.subarray(0, end);
        this.readHead(head);
        this.skip(end + CRLF2.length);
        this.state = 'body';
      } else {
        return;
      }
    }
  }

  /** The caller has sent everything: a text field cut off before its delimiter is still checked. */
  end(): void {
    if (this.state === 'body' && !this.problem) {
      this.consume(this.pending.length);
      this.endPart();
    }
  }

  /** Hands `n` bytes of pending to the current part (kept only for a text field). */
  private consume(n: number): void {
    if (n <= 0) return;
    const field = this.field;
    if (this.state === 'body' && field && field.length <= this.fieldLimit) {
      field.chunks.push(this.pending.subarray(0, Math.min(n, this.fieldLimit + 1 - field.length)));
      field.length += n;
    }
    this.skip(n);
  }

  private skip(n: number): void {
    this.pending = this.pending.subarray(n);
    this.base += n;
  }

  private readHead(head: Buffer): void {
    this.partsSeen++;
    this.field = null;
    const decoded = decodeUtf8(head);
    if ('invalidAt' in decoded) {
      this.problem =
        'a part header (a field name or file name) is not valid UTF-8 ' +
        `(byte offset ${this.base + decoded.invalidAt} of the body)`;
      return;
    }
    let disposition: string | null = null;
    let type: string | null = null;
    for (const line of decoded.text.split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      if (name === 'content-disposition') disposition ??= line.slice(colon + 1);
      else if (name === 'content-type') type ??= line.slice(colon + 1);
    }
    // busboy skips a part without form-data disposition; a file is a part with a file name or octet-stream.
    if (!disposition || !/^\s*form-data\b/i.test(disposition)) return;
    if (/;\s*filename\*?\s*=/i.test(disposition)) return;
    if (type?.split(';')[0]?.trim().toLowerCase() === 'application/octet-stream') return;
    const nameMatch = /;\s*name\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(disposition);
    const name = nameMatch?.[1] ?? nameMatch?.[2] ?? '';
    const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(type ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      this.problem = `the field \`${name}\` declares charset ${charset}; text fields are read as UTF-8 only`;
      return;
    }
    this.field = { name, chunks: [], length: 0 };
  }

  private endPart(): void {
    const field = this.field;
    this.field = null;
    // Over the ceiling, busboy cuts the value and the form reader refuses it whole.
    if (!field || field.length > this.fieldLimit) return;
    const decoded = decodeUtf8(Buffer.concat(field.chunks));
    if ('invalidAt' in decoded) {
      this.problem = `the field \`${field.name}\` is not valid UTF-8 (byte offset ${decoded.invalidAt} of its value)`;
    }
  }
}
