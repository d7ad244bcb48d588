import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffFormat } from '../../../service/extract/sniff';
import { DEFAULT_LIMITS, ReadFailure } from '../../../service/extract/types';
import { checkZipCeilings, readZipDirectory } from '../../../service/extract/zip';

const bytes = (text: string) => new TextEncoder().encode(text);
const sniff = (data: Uint8Array, filename: string | null = null, mediaType: string | null = null) =>
  sniffFormat(data, { filename, mediaType }, DEFAULT_LIMITS);
const failure = (fn: () => unknown): ReadFailure => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ReadFailure) return error;
    throw error;
  }
  throw new Error('expected a ReadFailure');
};

describe('sniffFormat: the bytes decide', () => {
  it('reads magic numbers whatever the file is called', () => {
    expect(sniff(bytes('%PDF-1.7\n...'), 'report.docx')).toBe('pdf');
    expect(sniff(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'x.pdf')).toBe('png');
    expect(sniff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'x.txt')).toBe('jpeg');
    expect(sniff(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBe('tiff');
  });

  it('finds a PDF header after leading junk within the first kilobyte', () => {
    expect(sniff(bytes('\n\n  junk %PDF-1.4\n'))).toBe('pdf');
  });

  it('tells xlsx from docx by their parts, not their names', () => {
    const xlsx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<w/>') });
    const docx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<d/>'),
    });
    expect(sniff(xlsx, 'looks.docx')).toBe('xlsx');
    expect(sniff(docx, 'looks.xlsx')).toBe('docx');
  });

  it('refuses other zips and pptx as unsupported_format', () => {
    expect(failure(() => sniff(zipSync({ 'a.txt': strToU8('hi') }), 'a.xlsx')).code).toBe(
      'unsupported_format',
    );
    expect(failure(() => sniff(zipSync({ 'ppt/presentation.xml': strToU8('<p/>') }))).code).toBe(
      'unsupported_format',
    );
  });

  it('an encrypted OOXML file (CFB with EncryptedPackage) is source_encrypted; a legacy .xls is unsupported', () => {
    const cfb = new Uint8Array(1024);
    cfb.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(failure(() => sniff(cfb, 'old.xls')).code).toBe('unsupported_format');
    const encrypted = new Uint8Array(cfb);
    encrypted.set(new Uint8Array(Buffer.from('EncryptedPackage', 'utf16le')), 600);
    const error = failure(() => sniff(encrypted, 'secret.xlsx'));
    expect(error.code).toBe('source_encrypted');
  });

  it('separates text formats by content first, then by name or media type', () => {
    expect(sniff(bytes('<!DOCTYPE html><html><body>x</body></html>'), 'notes.txt')).toBe('html');
    expect(sniff(bytes('  <html lang="en"><p>x</p></html>'))).toBe('html');
    expect(sniff(bytes('a,b\n1,2\n'), 'data.csv')).toBe('csv');
    expect(sniff(bytes('a\tb\n1\t2\n'), 'data.tsv')).toBe('tsv');
    expect(sniff(bytes('a,b\n1,2\n'), null, 'text/csv')).toBe('csv');
    expect(sniff(bytes('# Title\n\ntext'), 'notes.md')).toBe('markdown');
    expect(sniff(bytes('plain words'), 'notes.txt')).toBe('text');
    expect(sniff(new Uint8Array([0xff, 0xfe, 0x61, 0x00]))).toBe('text');
  });

  it('unknown binary bytes are unsupported_format, whatever the name claims', () => {
    const error = failure(() => sniff(new Uint8Array([0, 1, 2, 3, 250, 251, 0, 0]), 'report.pdf'));
    expect(error.code).toBe('unsupported_format');
  });
});

describe('zip ceilings, from the central directory before any parser runs', () => {
  const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.txt`, strToU8('x')]));

  it('lists the entries with their declared sizes', () => {
    const zip = zipSync({ 'a.txt': strToU8('hello'), 'b/c.xml': strToU8('<x/>') });
    expect(readZipDirectory(zip).map((e) => [e.name, e.uncompressedSize])).toEqual([
      ['a.txt', 5],
      ['b/c.xml', 4],
    ]);
  });

  it('too many entries is source_too_large with the observed value and the limit', () => {
    const error = failure(() =>
      checkZipCeilings(readZipDirectory(zipSync(many)), 1000, { ...DEFAULT_LIMITS, maxZipEntries: 29 }),
    );
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toContain('30');
    expect(error.reason).toContain('29');
    expect(() =>
      checkZipCeilings(readZipDirectory(zipSync(many)), 1000, { ...DEFAULT_LIMITS, maxZipEntries: 30 }),
    ).not.toThrow();
  });

  it('a zip bomb is refused by its declared size and ratio', () => {
    const bomb = zipSync({ 'xl/workbook.xml': new Uint8Array(20_000_000) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const error = failure(() => sniff(bomb));
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toMatch(/ratio/);
    const total = failure(() =>
      checkZipCeilings(readZipDirectory(bomb), bomb.length, {
        ...DEFAULT_LIMITS,
        maxUncompressedBytes: 1_000_000,
      }),
    );
    expect(total.reason).toMatch(/uncompressed size in bytes: 20000000 \(limit 1000000\)/);
  });

  it('a truncated zip is source_corrupt', () => {
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<w/>') });
    expect(failure(() => sniff(zip.subarray(0, zip.length - 10))).code).toBe('source_corrupt');
  });
});
