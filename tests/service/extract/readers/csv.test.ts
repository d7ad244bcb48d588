import { describe, expect, it } from 'vitest';
import { extract } from '../../../../service/extract/extract';
import { locateFigures } from '../../../../service/extract/figures';
import { detectDelimiter, parseDelimited, reader } from '../../../../service/extract/readers/csv';
import { decodeText, detectEncoding } from '../../../../service/extract/readers/decode';
import { type Limits, type ReadOptions, type ReadUnit } from '../../../../service/extract/types';
import { readOptions, readFailure, onlyUnit } from './helpers';

// The csv / tsv reader: encodings (BOMs, UTF-8, windows-1252), delimiters, RFC 4180 quoting, one sheet
// unit, and through the orchestrator the sniffing by name, figures located by cell and empty_source.

const options = (limits: Partial<Limits> = {}, extra: Partial<ReadOptions> = {}): ReadOptions =>
  readOptions({ ...extra, limits });

const read = (bytes: Uint8Array, format: 'csv' | 'tsv' = 'csv', limits: Partial<Limits> = {}) =>
  reader.read(bytes, format, options(limits));

const failure = readFailure;

const only = onlyUnit;

/** Cells as [ref, value] pairs. */
const cells = (u: ReadUnit) => u.sheet?.cells.map((c) => [c.ref, c.value]);

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const body = Buffer.from(text, 'utf16le');
  body.swap16();
  return Buffer.concat([Buffer.from([0xfe, 0xff]), body]);
};

describe('decode', () => {
  it('detects BOMs, UTF-8 and windows-1252', () => {
    expect(detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ encoding: 'utf-8', bom: 3 });
    expect(detectEncoding(utf16le('a'))).toEqual({ encoding: 'utf-16le', bom: 2 });
    expect(detectEncoding(utf16be('a'))).toEqual({ encoding: 'utf-16be', bom: 2 });
    expect(detectEncoding(Buffer.from('Café', 'utf8'))).toEqual({ encoding: 'utf-8', bom: 0 });
    expect(detectEncoding(Buffer.from('Café', 'latin1'))).toEqual({ encoding: 'windows-1252', bom: 0 });
  });

  it('decodes without the BOM, windows-1252 specials included, and normalises line endings', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\r\nb')]))).toEqual({
      text: 'a\nb',
      encoding: 'utf-8',
    });
    expect(decodeText(utf16be('x\ry')).text).toBe('x\ny');
    // 0x80 is € and 0x93 / 0x94 curly quotes in windows-1252 (control characters in ISO-8859-1).
    expect(decodeText(new Uint8Array([0x80, 0x20, 0x93, 0x61, 0x94, 0xe9])).text).toBe('€ “a”é');
  });
});

describe('csv parsing', () => {
  it('detects the delimiter: , ; tab |', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('Name;Amount\nCafé;1.234,5\nThé;2,5\n')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(detectDelimiter('a|b|c\n1|2|3\n')).toBe('|');
    // Delimiters inside quotes do not count.
    expect(detectDelimiter('"a;b",c\n"1;2",3\n')).toBe(',');
    // One column: the default.
    expect(detectDelimiter('a\nb\n')).toBe(',');
  });

  it('follows RFC 4180 quoting: delimiters, doubled quotes and newlines inside quotes', () => {
    expect(parseDelimited('a,"b,c","say ""hi""","two\nlines"\n1,2,3,4\n', ',')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['1', '2', '3', '4'],
    ]);
    // Lenient: a quote inside an unquoted field is text, an unclosed quote runs to the end.
    expect(parseDelimited('a"b,"c\nd', ',')).toEqual([['a"b', 'c\nd']]);
    // No record for the final newline; an empty line is an empty record.
    expect(parseDelimited('a\n\nb\n', ',')).toEqual([['a'], [''], ['b']]);
  });
});

describe('csv reader', () => {
  it('reads a comma csv as one sheet unit with cells, spans and tab name Sheet1', async () => {
    const progress: unknown[] = [];
    const result = await reader.read(
      Buffer.from('Item,Amount\nRevenue,"1,234.5"\nMargin,12%\n'),
      'csv',
      options({}, { onUnit: (p) => progress.push(p) }),
    );
    expect(result.format).toBe('csv');
    expect(result.lost).toEqual([]);
    expect(result.sheets).toEqual(['Sheet1']);
    const u = only(result);
    expect(u).toMatchObject({ kind: 'sheet', index: 1, extraction_method: 'spreadsheet_cells' });
    expect(u.markdown).toBe('Item,Amount\nRevenue,"1,234.5"\nMargin,12%');
    expect(u.sheet).toEqual({
      name: 'Sheet1',
      merges: [],
      cells: [
        { ref: 'A1', value: 'Item', text: 'Item' },
        { ref: 'B1', value: 'Amount', text: 'Amount' },
        { ref: 'A2', value: 'Revenue', text: 'Revenue' },
        { ref: 'B2', value: '1,234.5', text: '1,234.5' },
        { ref: 'A3', value: 'Margin', text: 'Margin' },
        { ref: 'B3', value: '12%', text: '12%' },
      ],
    });
    expect(u.cells?.map((c) => [c.ref, u.markdown.slice(c.start, c.end)])).toEqual([
      ['A1', 'Item'],
      ['B1', 'Amount'],
      ['A2', 'Revenue'],
      ['B2', '1,234.5'],
      ['A3', 'Margin'],
      ['B3', '12%'],
    ]);
    expect(progress).toEqual([{ kind: 'sheet', index: 1, total: 1 }]);
    expect(locateFigures(u).map((f) => [f.raw, f.value, f.unit, f.position])).toEqual([
      ['1,234.5', 1234.5, null, { kind: 'cell', ref: 'B2' }],
      ['12%', 12, '%', { kind: 'cell', ref: 'B3' }],
    ]);
  });

  it('reads a Latin-1 (windows-1252) semicolon csv with decimal commas', async () => {
    const bytes = Buffer.from('Name;Amount\nCafé;1.234,5\nThé;2,5\n', 'latin1');
    const u = only(await read(bytes));
    expect(cells(u)).toEqual([
      ['A1', 'Name'],
      ['B1', 'Amount'],
      ['A2', 'Café'],
      ['B2', '1.234,5'],
      ['A3', 'Thé'],
      ['B3', '2,5'],
    ]);
    // Re-written with `,`: fields holding a comma are quoted.
    expect(u.markdown).toBe('Name,Amount\nCafé,"1.234,5"\nThé,"2,5"');
    expect(locateFigures(u).map((f) => [f.raw, f.value, f.position])).toEqual([
      ['1.234,5', 1234.5, { kind: 'cell', ref: 'B2' }],
      ['2,5', 2.5, { kind: 'cell', ref: 'B3' }],
    ]);
  });

  it('reads UTF-8 with a BOM, and UTF-16 LE and BE with a BOM', async () => {
    const bom8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Ville,Prix\nZürich,€5\n')]);
    const expected = [
      ['A1', 'Ville'],
      ['B1', 'Prix'],
      ['A2', 'Zürich'],
      ['B2', '€5'],
    ];
    expect(cells(only(await read(bom8)))).toEqual(expected);
    expect(cells(only(await read(utf16le('Ville;Prix\r\nZürich;€5\r\n'))))).toEqual(expected);
    expect(cells(only(await read(utf16be('Ville\tPrix\nZürich\t€5\n'))))).toEqual(expected);
  });

  it('keeps quoted newlines, delimiters and quotes inside one cell', async () => {
    const bytes = Buffer.from('id,note,amount\r\n1,"line one\r\nline two",5\r\n2,"he said ""hi"", ok",6\r\n');
    const u = only(await read(bytes));
    expect(cells(u)).toEqual([
      ['A1', 'id'],
      ['B1', 'note'],
      ['C1', 'amount'],
      ['A2', '1'],
      ['B2', 'line one\nline two'],
      ['C2', '5'],
      ['A3', '2'],
      ['B3', 'he said "hi", ok'],
      ['C3', '6'],
    ]);
    expect(u.markdown).toBe('id,note,amount\n1,"line one\nline two",5\n2,"he said ""hi"", ok",6');
    const b3 = u.cells?.find((c) => c.ref === 'B3');
    expect(u.markdown.slice(b3?.start, b3?.end)).toBe('he said ""hi"", ok');
  });

  it('splits a tsv on tabs only, and a pipe csv on pipes', async () => {
    const tsv = only(await read(Buffer.from('name\tnote\nA\tx, y; z\n'), 'tsv'));
    expect(tsv.markdown).toBe('name,note\nA,"x, y; z"');
    expect((await read(Buffer.from('a\tb\n'), 'tsv')).format).toBe('tsv');
    const pipes = only(await read(Buffer.from('a|b|c\n1|2|3\n')));
    expect(cells(pipes)).toEqual([
      ['A1', 'a'],
      ['B1', 'b'],
      ['C1', 'c'],
      ['A2', '1'],
      ['B2', '2'],
      ['C2', '3'],
    ]);
  });

  it('leaves empty fields out of the cells but keeps their columns in the text', async () => {
    const u = only(await read(Buffer.from('a,,c\n,2,\n\n4,5,6\n')));
    expect(cells(u)).toEqual([
      ['A1', 'a'],
      ['C1', 'c'],
      ['B2', '2'],
      ['A4', '4'],
      ['B4', '5'],
      ['C4', '6'],
    ]);
    expect(u.markdown).toBe('a,,c\n,2\n\n4,5,6');
  });

  it('gives no unit for a file with no field: whitespace, delimiters, empty quotes', async () => {
    for (const text of ['', '  \n\t\n', ',,,\n,,\n', ';;;\n', '"",""\n'])
      expect(await read(Buffer.from(text))).toEqual({ format: 'csv', units: [], lost: [] });
  });

  it('enforces maxCells and maxTextChars', async () => {
    const bytes = Buffer.from('a,b\nc,d\n');
    expect(only(await read(bytes, 'csv', { maxCells: 4 })).sheet?.cells).toHaveLength(4);
    const cellsError = await failure(read(bytes, 'csv', { maxCells: 3 }));
    expect(cellsError.code).toBe('source_too_large');
    expect(cellsError.reason).toBe('cells: observed over 3 (limit 3)');
    const textError = await failure(read(bytes, 'csv', { maxTextChars: 5 }));
    expect(textError.code).toBe('source_too_large');
    expect(textError.reason).toBe('text characters: observed 8 (limit 5)');
    expect(textError.format).toBe('csv');
  });
});

describe('csv through the orchestrator', () => {
  it('sniffs csv and tsv by name, reads them complete with figures located in cells', async () => {
    const csv = await extract(Buffer.from('Item;Amount\nCafé;1.234,5\n', 'latin1'), {
      filename: 'prices.csv',
    });
    expect(csv).toMatchObject({
      format: 'csv',
      state: 'complete',
      code: null,
      extraction_method: 'spreadsheet_cells',
      sheets: ['Sheet1'],
      markdown: '## Sheet1\n\nItem,Amount\nCafé,"1.234,5"',
    });
    expect(csv.units[0]?.figures.map((f) => [f.raw, f.value, f.position])).toEqual([
      ['1.234,5', 1234.5, { kind: 'cell', ref: 'B2' }],
    ]);
    const tsv = await extract(utf16le('a\tb\r\n1\t2\r\n'), { filename: 'data.tsv' });
    expect(tsv).toMatchObject({ format: 'tsv', state: 'complete', markdown: '## Sheet1\n\na,b\n1,2' });
    const byType = await extract(Buffer.from('a,b\n1,2\n'), { filename: 'download', mediaType: 'text/csv' });
    expect(byType.format).toBe('csv');
  });

  it('calls an empty csv empty_source', async () => {
    const zero = await extract(new Uint8Array(0), { filename: 'empty.csv' });
    expect(zero).toMatchObject({ state: 'error', code: 'empty_source', units: [], markdown: '' });
    const blank = await extract(Buffer.from(' \n\n'), { filename: 'blank.csv' });
    expect(blank).toMatchObject({
      format: 'csv',
      state: 'error',
      code: 'empty_source',
      units: [],
      markdown: '',
    });
    const commas = await extract(Buffer.from(',,\n,,\n'), { filename: 'commas.csv' });
    expect(commas).toMatchObject({
      format: 'csv',
      state: 'error',
      code: 'empty_source',
      units: [],
      markdown: '',
    });
  });

  it('reports a too-large csv with the observed value and the limit', async () => {
    const result = await extract(
      Buffer.from('a,b,c\n1,2,3\n'),
      { filename: 'a.csv' },
      { limits: { maxCells: 5 } },
    );
    expect(result).toMatchObject({
      format: 'csv',
      state: 'error',
      code: 'source_too_large',
      reason: 'cells: observed over 5 (limit 5)',
    });
  });
});
