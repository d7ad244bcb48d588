import { describe, expect, expectTypeOf, it } from 'vitest';
import { extract, type Extraction } from '../../../service/extract/extract';
import { readerFor, READERS, type ReaderRegistry } from '../../../service/extract/readers';
import { sniffFormat } from '../../../service/extract/sniff';
import { DEFAULT_LIMITS, ReadFailure, type Reader } from '../../../service/extract/types';
import { sniffMediaType } from '../../../service/operations/media-type';
import {
  documentKind,
  FORMATS,
  isExtractionFormat,
  isFormat,
  namedDocument,
  REFUSED_FORMATS,
  type ExtractionFormat,
  type Format,
  type FormatEntry,
} from '../../../shared/vocabulary/formats';

// Adding a format is one entry in the table and its reader: a format only this test knows, a "tally"
// file (the bytes 00 'TLY' then lines of label=value), goes from its bytes to its units and its label with
// nothing else changed.

const TALLY: FormatEntry = {
  kind: 'Spreadsheet',
  mediaTypes: ['application/x-tally'],
  extensions: ['tally'],
  shown: 'text',
  sniff: { magic: [{ bytes: [0x00, 0x54, 0x4c, 0x59] }] },
};
const formats = { ...FORMATS, tally: TALLY };

const tallyReader: Reader<'tally'> = {
  formats: ['tally'],
  read(bytes, format) {
    const lines = new TextDecoder().decode(bytes.subarray(4)).split('\n').filter(Boolean);
    const markdown = lines.map((line) => line.replace('=', ': ')).join('\n');
    return Promise.resolve({
      format,
      units: [{ kind: 'page', index: 1, extraction_method: 'text_layer', markdown }],
      lost: [],
    });
  },
};
const readers: ReaderRegistry<Format | 'tally'> = { ...READERS, tally: () => Promise.resolve(tallyReader) };

const tally = new Uint8Array([0x00, 0x54, 0x4c, 0x59, ...new TextEncoder().encode('beds=12\nwards=3\n')]);

describe('a format is one table entry and its reader', () => {
  it('sniffs, reads and labels a test-only format through the table alone', async () => {
    const format = sniffFormat(tally, { filename: 'march.tally' }, DEFAULT_LIMITS, formats);
    expect(format).toBe('tally');

    const reader = await readerFor(format, readers);
    const read = await reader.read(tally, format, { ocr: 'auto', limits: DEFAULT_LIMITS });
    expect(read.units.map((unit) => unit.markdown)).toEqual(['beds: 12\nwards: 3']);

    const mediaType = sniffMediaType(tally, 'march.tally', formats);
    expect(mediaType).toBe('application/x-tally');
    expect(documentKind(mediaType, 'march.tally', formats)).toBe('Spreadsheet');
    expect(documentKind('application/octet-stream', 'march.tally', formats)).toBe('Spreadsheet');
    expect(namedDocument(mediaType, 'march.tally', formats)?.shown).toBe('text');
  });

  it('without the entry the same bytes are an unsupported format and an unnamed document', async () => {
    expect(() => sniffFormat(tally, { filename: 'march.tally' }, DEFAULT_LIMITS)).toThrow(ReadFailure);
    expect(sniffMediaType(tally, 'march.tally')).toBe('application/octet-stream');
    expect(documentKind('application/octet-stream', 'march.tally')).toBe('Other');
    await expect(readerFor('tally')).rejects.toThrow('no reader for format tally');
  });

  it('every format of the table has its reader, and each reader names its own formats', async () => {
    // @ts-expect-error a registry without the new format's reader does not compile
    const missing: ReaderRegistry<Format | 'tally'> = { ...READERS };
    expect(Object.keys(missing)).not.toContain('tally');
    for (const format of Object.keys(FORMATS))
      expect((await readerFor(format)).formats as readonly string[]).toContain(format);
  });

  it('an extraction names a format of the table, or one it refused, never another word', async () => {
    expectTypeOf<Extraction['format']>().toEqualTypeOf<ExtractionFormat>();
    expect(REFUSED_FORMATS.filter((f) => isFormat(f))).toEqual([]);
    expect(isExtractionFormat('csv')).toBe(true);
    expect(isExtractionFormat('tally')).toBe(false);
    // A refusal keeps the name of what it recognised (a legacy Office file), else says unknown.
    const legacy = new Uint8Array(600);
    legacy.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await extract(legacy, { filename: 'old.doc' })).toMatchObject({
      state: 'unsupported',
      format: 'cfb',
    });
    const refused = await extract(new Uint8Array([0x00, 0x01, 0x02, 0xff]), { filename: 'x.bin' });
    expect(refused).toMatchObject({ state: 'unsupported', format: 'unknown' });
    const csv = await extract(new TextEncoder().encode('a,b\n1,2\n'), { filename: 'x.csv' });
    expect(csv.format).toBe('csv');
  });
});
