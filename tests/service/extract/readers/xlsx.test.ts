import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extract } from '../../../../service/extract/extract';
import { locateFigures } from '../../../../service/extract/figures';
import { reader } from '../../../../service/extract/readers/xlsx';
import { sniffFormat } from '../../../../service/extract/sniff';
import {
  DEFAULT_LIMITS,
  type Limits,
  type ReadOptions,
  type ReadUnit,
} from '../../../../service/extract/types';
import {
  buildXlsx,
  cell,
  cfbFile,
  lyingZip,
  row,
  worksheetXml,
  xlsxParts,
  zeroStream,
  type WorkbookSpec,
} from '../fixtures/xlsx';
import { readOptions, readFailure } from './helpers';

// The xlsx reader on workbooks the tests write themselves (fixtures/xlsx.ts): read directly, and through
// the orchestrator (`extract`) for the document state, the figures and the ceilings checked by sniff.

const options = (limits: Partial<Limits> = {}, extra: Partial<ReadOptions> = {}): ReadOptions =>
  readOptions({ ...extra, limits });

const read = (bytes: Uint8Array, limits: Partial<Limits> = {}) => reader.read(bytes, 'xlsx', options(limits));

const failure = readFailure;

function unit(result: { units: readonly ReadUnit[] }, index: number): ReadUnit {
  const found = result.units.find((u) => u.index === index);
  if (!found) throw new Error(`no unit ${index}`);
  return found;
}

/** The text each cell span points at in the unit's markdown, by ref. */
function spanTexts(u: ReadUnit): Record<string, string> {
  return Object.fromEntries((u.cells ?? []).map((c) => [c.ref, u.markdown.slice(c.start, c.end)]));
}

// Styles: 0 General, 1 0.0%, 2 "$"#,##0, 3 #,##0, 4 #,##0,,"m", 5 d-mmm-yyyy, 6 built-in 10 (0.00%),
// 7 built-in 14 (a date), 8 accounting (built-in 44).
const STYLES = {
  numFmts: { 164: '0.0%', 165: '"$"#,##0', 166: '#,##0,,"m"', 167: 'd-mmm-yyyy' },
  xfs: [0, 164, 165, 3, 166, 167, 10, 14, 44],
};

/** Two sheets: a report with a merged title row A1:C1, and a notes sheet with plain values. */
function twoSheets(): WorkbookSpec {
  return {
    ...STYLES,
    strings: ['Annual results', 'Item', 'Share', 'Revenue', 'Margin', 'Rich ', 'text'],
    sheets: [
      {
        name: 'Report',
        merges: ['A1:C1'],
        rows: [
          row(1, cell.s('A1', 0)),
          row(2, cell.s('A2', 1), cell.s('B2', 3), cell.s('C2', 2)), // Item, Revenue, Share
          row(3, cell.s('A3', 4), cell.n('B3', 1234, 2), cell.n('C3', 0.125, 1)),
          row(4, cell.inline('A4', 'Total, all'), cell.n('B4', 1234567, 3), cell.n('C4', 0.5, 6)),
        ].join(''),
      },
      {
        name: 'Notes & more',
        rows: [
          row(1, cell.b('A1', true), cell.b('B1', false), cell.str('C1', 'say "hi"')),
          row(3, cell.n('B3', 45322, 5), cell.n('C3', 2.5)),
        ].join(''),
      },
    ],
  };
}

describe('xlsx reader: cells, sheets, merges', () => {
  it('reads one spreadsheet_cells unit per sheet, in workbook order, with the tab names', async () => {
    const progress: unknown[] = [];
    const result = await reader.read(
      buildXlsx(twoSheets()),
      'xlsx',
      options({}, { onUnit: (event) => progress.push(event) }),
    );
    expect(result.format).toBe('xlsx');
    expect(result.lost).toEqual([]);
    expect(result.sheets).toEqual(['Report', 'Notes & more']);
    expect(result.units.map((u) => [u.kind, u.index, u.extraction_method, u.sheet?.name])).toEqual([
      ['sheet', 1, 'spreadsheet_cells', 'Report'],
      ['sheet', 2, 'spreadsheet_cells', 'Notes & more'],
    ]);
    expect(progress).toEqual([
      { kind: 'sheet', index: 1, total: 2 },
      { kind: 'sheet', index: 2, total: 2 },
    ]);
    for (const u of result.units) {
      expect(u).not.toHaveProperty('page');
      expect(u).not.toHaveProperty('runs');
    }
  });

  it('keeps the merged header: merges as ranges, merged_range on the cell, a value plus blanks in the CSV', async () => {
    const report = unit(await read(buildXlsx(twoSheets())), 1);
    expect(report.sheet?.merges).toEqual(['A1:C1']);
    expect(report.sheet?.cells[0]).toEqual({
      ref: 'A1',
      value: 'Annual results',
      text: 'Annual results',
      merged_range: 'A1:C1',
    });
    expect(report.sheet?.cells.filter((c) => c.merged_range !== undefined).map((c) => c.ref)).toEqual(['A1']);
    expect(report.markdown).toBe(
      [
        'Annual results,,',
        'Item,Revenue,Share',
        'Margin,"$1,234",12.5%',
        '"Total, all","1,234,567",50.00%',
      ].join('\n'),
    );
  });

  it('lists every cell with its value and displayed text, and a span onto that text', async () => {
    const result = await read(buildXlsx(twoSheets()));
    const report = unit(result, 1);
    expect(report.sheet?.cells.map((c) => [c.ref, c.value, c.text])).toEqual([
      ['A1', 'Annual results', 'Annual results'],
      ['A2', 'Item', 'Item'],
      ['B2', 'Revenue', 'Revenue'],
      ['C2', 'Share', 'Share'],
      ['A3', 'Margin', 'Margin'],
      ['B3', 1234, '$1,234'],
      ['C3', 0.125, '12.5%'],
      ['A4', 'Total, all', 'Total, all'],
      ['B4', 1234567, '1,234,567'],
      ['C4', 0.5, '50.00%'],
    ]);
    expect(report.cells?.map((c) => c.ref)).toEqual(report.sheet?.cells.map((c) => c.ref));
    expect(spanTexts(report)).toEqual(
      Object.fromEntries(report.sheet?.cells.map((c) => [c.ref, c.text]) ?? []),
    );

    const notes = unit(result, 2);
    expect(notes.sheet).toEqual({
      name: 'Notes & more',
      merges: [],
      cells: [
        { ref: 'A1', value: true, text: 'TRUE' },
        { ref: 'B1', value: false, text: 'FALSE' },
        { ref: 'C1', value: 'say "hi"', text: 'say "hi"' },
        { ref: 'B3', value: 45322, text: '2024-01-31' },
        { ref: 'C3', value: 2.5, text: '2.5' },
      ],
    });
    // An empty row stays an empty line; a quoted field's span sits between the quotes.
    expect(notes.markdown).toBe('TRUE,FALSE,"say ""hi"""\n\n,2024-01-31,2.5');
    expect(spanTexts(notes)).toMatchObject({ C1: 'say ""hi""', B3: '2024-01-31' });
  });

  it('formats numbers as the workbook shows them: percent, currency, thousands, scale, dates', async () => {
    const rows = row(
      1,
      cell.n('A1', 0.125, 1),
      cell.n('B1', 1234, 2),
      cell.n('C1', -1234.5, 3),
      cell.n('D1', 1234567, 4),
      cell.n('E1', 45322, 5),
      cell.n('F1', 45322, 7),
      cell.n('G1', 1234.5, 8),
      cell.n('H1', 0.1 + 0.2),
    );
    const u = unit(await read(buildXlsx({ ...STYLES, sheets: [{ name: 'F', rows }] })), 1);
    expect(u.sheet?.cells.map((c) => c.text)).toEqual([
      '12.5%',
      '$1,234',
      '-1,235',
      '1m',
      '2024-01-31',
      '2024-01-31',
      '$1,234.50',
      '0.3',
    ]);
    // Values stay the numbers the cells hold (dates as serial numbers).
    expect(u.sheet?.cells.map((c) => c.value)).toEqual([
      0.125,
      1234,
      -1234.5,
      1234567,
      45322,
      45322,
      1234.5,
      0.1 + 0.2,
    ]);
  });

  it('follows the 1904 date system', async () => {
    const bytes = buildXlsx({
      ...STYLES,
      date1904: true,
      sheets: [{ name: 'D', rows: row(1, cell.n('A1', 0, 5)) }],
    });
    expect(unit(await read(bytes), 1).sheet?.cells[0]?.text).toBe('1904-01-01');
  });

  it('reads formulas by their cached value, errors as written, and skips a formula with no value', async () => {
    const rows = row(
      1,
      '<c r="A1"><f>1+1</f><v>2</v></c>',
      '<c r="B1" s="1"><f>A1/16</f><v>0.125</v></c>',
      cell.str('C1', 'joined'),
      cell.e('D1', '#DIV/0!'),
      '<c r="E1"><f>NOW()</f></c>',
      '<c r="F1" t="b"><f>TRUE()</f><v>1</v></c>',
    );
    const u = unit(await read(buildXlsx({ ...STYLES, sheets: [{ name: 'F', rows }] })), 1);
    expect(u.sheet?.cells).toEqual([
      { ref: 'A1', value: 2, text: '2' },
      { ref: 'B1', value: 0.125, text: '12.5%' },
      { ref: 'C1', value: 'joined', text: 'joined' },
      { ref: 'D1', value: '#DIV/0!', text: '#DIV/0!' },
      { ref: 'F1', value: true, text: 'TRUE' },
    ]);
    expect(u.markdown).toBe('2,12.5%,joined,#DIV/0!,,TRUE');
    // An error value is not a figure, whatever digits it shows.
    expect(locateFigures(u).map((f) => f.position)).toEqual([
      { kind: 'cell', ref: 'A1' },
      { kind: 'cell', ref: 'B1' },
    ]);
  });

  it('reads rich-text shared strings, inline strings, XML escapes and _xHHHH_ escapes', async () => {
    const sst =
      '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<si><r><t>Rich </t></r><r><rPr><b/></rPr><t>text</t></r></si>' +
      '<si><t>A &amp; B &lt;c&gt; &#233;</t></si>' +
      '<si><t>line_x000D__x000A_two</t></si></sst>';
    const rows = row(1, cell.s('A1', 0), cell.s('B1', 1), cell.s('C1', 2), cell.inline('D1', 'inline <x>'));
    const u = unit(await read(buildXlsx({ strings: { xml: sst }, sheets: [{ name: 'S', rows }] })), 1);
    expect(u.sheet?.cells.map((c) => c.value)).toEqual([
      'Rich text',
      'A & B <c> é',
      'line\r\ntwo',
      'inline <x>',
    ]);
    expect(u.markdown).toBe('Rich text,A & B <c> é,"line\r\ntwo",inline <x>');
  });

  it('reads a sheet without cells as an empty unit, and a workbook of empty sheets as empty_source', async () => {
    const bytes = buildXlsx({ sheets: [{ name: 'Empty', rows: '' }] });
    const result = await read(bytes);
    expect(result.units).toHaveLength(1);
    expect(unit(result, 1).markdown).toBe('');
    expect(unit(result, 1).sheet).toEqual({ name: 'Empty', merges: [], cells: [] });
    const settled = await extract(bytes, { filename: 'empty.xlsx' });
    expect(settled).toMatchObject({ state: 'error', code: 'empty_source' });
  });
});

describe('xlsx through the orchestrator: figures and state', () => {
  it('locates each figure in its cell, with percent, currency and scale from the number formats', async () => {
    const result = await extract(buildXlsx(twoSheets()), { filename: 'report.xlsx' });
    expect(result).toMatchObject({
      format: 'xlsx',
      state: 'complete',
      code: null,
      reason: null,
      extraction_method: 'spreadsheet_cells',
      sheets: ['Report', 'Notes & more'],
    });
    expect(result).not.toHaveProperty('lost');
    expect(result.markdown.startsWith('## Report\n\nAnnual results,,\n')).toBe(true);
    expect(result.markdown).toContain('## Notes & more\n\n');
    const report = unit(result, 1);
    const figures = result.units[0]?.figures ?? [];
    expect(figures.map((f) => [f.raw, f.value, f.unit, f.scale, f.position])).toEqual([
      ['$1,234', 1234, 'USD', 1, { kind: 'cell', ref: 'B3' }],
      ['12.5%', 12.5, '%', 1, { kind: 'cell', ref: 'C3' }],
      ['1,234,567', 1234567, null, 1, { kind: 'cell', ref: 'B4' }],
      ['50.00%', 50, '%', 1, { kind: 'cell', ref: 'C4' }],
    ]);
    // Spans are offsets into the unit's markdown.
    for (const f of figures) expect(report.markdown.slice(f.span.start, f.span.end)).toBe(f.raw);
    // Dates and booleans are not figures; the plain number is.
    expect(result.units[1]?.figures.map((f) => [f.raw, f.position])).toEqual([
      ['2.5', { kind: 'cell', ref: 'C3' }],
    ]);
  });

  it('takes the scale from a scale format or a sheet note "in millions"', async () => {
    const bytes = buildXlsx({
      ...STYLES,
      strings: ['Revenue, in millions'],
      sheets: [
        { name: 'Scaled', rows: row(1, cell.n('A1', 1234567, 4)) },
        { name: 'Noted', rows: row(1, cell.s('A1', 0)) + row(2, cell.n('A2', 12.5)) },
      ],
    });
    const result = await read(bytes);
    const scaled = locateFigures(unit(result, 1));
    expect(scaled.map((f) => [f.raw, f.value, f.scale, f.position])).toEqual([
      ['1m', 1_000_000, 1_000_000, { kind: 'cell', ref: 'A1' }],
    ]);
    const noted = locateFigures(unit(result, 2));
    expect(noted.map((f) => [f.raw, f.value, f.scale, f.position])).toEqual([
      ['12.5', 12_500_000, 1_000_000, { kind: 'cell', ref: 'A2' }],
    ]);
  });

  it('loses a broken second sheet and keeps the first: partial, partial_extraction', async () => {
    const bytes = buildXlsx({
      sheets: [
        { name: 'Good', rows: row(1, cell.n('A1', 42)) },
        { name: 'Broken', xml: 'this is not XML <worksheet' },
      ],
    });
    const direct = await read(bytes);
    expect(direct.units.map((u) => u.index)).toEqual([1]);
    expect(direct.sheets).toEqual(['Good', 'Broken']);
    expect(direct.lost).toEqual([
      {
        kind: 'sheet',
        index: 2,
        sheet: 'Broken',
        state: 'error',
        code: 'source_corrupt',
        reason: expect.stringContaining('xl/worksheets/sheet2.xml: malformed XML') as unknown,
      },
    ]);

    const result = await extract(bytes, { filename: 'book.xlsx' });
    expect(result).toMatchObject({
      format: 'xlsx',
      state: 'partial',
      code: 'partial_extraction',
      complete: false,
      extraction_method: 'spreadsheet_cells',
      sheets: ['Good', 'Broken'],
      markdown: '## Good\n\n42',
    });
    expect(result.reason).toBe('1 of 2 sheets read; lost sheet 2 "Broken" (source_corrupt)');
    expect(result.lost).toEqual([
      {
        kind: 'sheet',
        index: 2,
        sheet: 'Broken',
        state: 'error',
        code: 'source_corrupt',
        reason: expect.stringContaining('malformed XML') as unknown,
      },
    ]);
    expect(result.units.map((u) => u.index)).toEqual([1]);
  });

  it('loses a sheet whose part is missing, and a chartsheet as unreadable', async () => {
    const result = await read(
      buildXlsx({
        sheets: [
          { name: 'Good', rows: row(1, cell.n('A1', 1)) },
          { name: 'Gone', missing: true },
          { name: 'Chart', kind: 'chartsheet' },
          { name: 'Hidden', state: 'hidden', rows: row(1, cell.n('A1', 2)) },
        ],
      }),
    );
    expect(result.units.map((u) => [u.index, u.sheet?.name])).toEqual([
      [1, 'Good'],
      [4, 'Hidden'],
    ]);
    expect(result.lost).toEqual([
      {
        kind: 'sheet',
        index: 2,
        sheet: 'Gone',
        state: 'error',
        code: 'source_corrupt',
        reason: 'xl/worksheets/sheet2.xml: part missing from the archive',
      },
      {
        kind: 'sheet',
        index: 3,
        sheet: 'Chart',
        state: 'unreadable',
        code: 'unsupported_format',
        reason: 'chartsheet: charts are not read',
      },
    ]);
  });

  it('calls a sheet naming a shared string that does not exist source_corrupt for that sheet', async () => {
    const result = await read(
      buildXlsx({
        strings: ['only'],
        sheets: [
          { name: 'A', rows: row(1, cell.s('A1', 0)) },
          { name: 'B', rows: row(1, cell.s('A1', 7)) },
        ],
      }),
    );
    expect(result.lost).toMatchObject([{ index: 2, sheet: 'B', code: 'source_corrupt' }]);
    expect(result.lost[0]?.reason).toContain('shared string 7');
  });

  it('calls an archive without a workbook, or a damaged workbook, source_corrupt', async () => {
    const noWorkbook = zipSync({ 'xl/other.xml': strToU8('<x/>') });
    const error = await failure(read(noWorkbook));
    expect(error.code).toBe('source_corrupt');
    expect(error.format).toBe('xlsx');
    const damaged = buildXlsx({ sheets: [], parts: { 'xl/workbook.xml': '<workbook><sheets>' } });
    expect((await failure(read(damaged))).code).toBe('source_corrupt');
    const truncated = buildXlsx(twoSheets()).slice(0, 200);
    expect((await failure(read(truncated))).code).toBe('source_corrupt');
  });
});

/** A "billion laughs" DTD: lol9 expands to 10^9 "lol"s if anything ever expands it. */
function billionLaughs(root: string): string {
  const entities = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) {
    const previous = i === 1 ? 'lol' : `lol${i - 1}`;
    entities.push(`<!ENTITY lol${i} "${`&${previous};`.repeat(10)}">`);
  }
  return `<?xml version="1.0"?>\n<!DOCTYPE ${root} [\n${entities.join('\n')}\n]>\n`;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const inlineSheet = (prolog: string, value: string) =>
  `${prolog}<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${value}</t></is></c></row></sheetData></worksheet>`;

describe('xlsx reader: hostile XML', () => {
  it('refuses an entity bomb in the shared strings: the whole file is source_corrupt, nothing expands', async () => {
    const bytes = buildXlsx({
      strings: { xml: `${billionLaughs('sst')}<sst xmlns="${NS}"><si><t>&lol9;</t></si></sst>` },
      sheets: [{ name: 'S', rows: row(1, cell.s('A1', 0)) }],
    });
    const started = Date.now();
    const error = await failure(read(bytes));
    expect(error.code).toBe('source_corrupt');
    expect(error.reason).toBe(
      'xl/sharedStrings.xml: DTDs are refused (the part declares a DOCTYPE or ENTITY)',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    const result = await extract(bytes, { filename: 'bomb.xlsx' });
    expect(result).toMatchObject({ state: 'error', code: 'source_corrupt', format: 'xlsx', markdown: '' });
  });

  it('refuses an entity bomb in a sheet: that sheet is lost, the others are read', async () => {
    const bytes = buildXlsx({
      sheets: [
        { name: 'Good', rows: row(1, cell.n('A1', 1)) },
        { name: 'Bomb', xml: inlineSheet(billionLaughs('worksheet'), '&lol9;') },
      ],
    });
    const result = await read(bytes);
    expect(result.units.map((u) => u.markdown)).toEqual(['1']);
    expect(result.lost).toEqual([
      {
        kind: 'sheet',
        index: 2,
        sheet: 'Bomb',
        state: 'error',
        code: 'source_corrupt',
        reason: 'xl/worksheets/sheet2.xml: DTDs are refused (the part declares a DOCTYPE or ENTITY)',
      },
    ]);
    expect(JSON.stringify(result)).not.toContain('lollol');
  });

  it('never resolves an external entity (file:///etc/passwd)', async () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE worksheet [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n';
    const bytes = buildXlsx({
      strings: ['Good'],
      sheets: [
        { name: 'Good', rows: row(1, cell.s('A1', 0)) },
        { name: 'Evil', xml: inlineSheet(xxe, '&xxe;') },
      ],
    });
    const result = await extract(bytes, { filename: 'xxe.xlsx' });
    expect(result).toMatchObject({ state: 'partial', code: 'partial_extraction' });
    expect(result.lost).toMatchObject([{ index: 2, sheet: 'Evil', code: 'source_corrupt' }]);
    const json = JSON.stringify(result);
    expect(json).not.toContain('root:');
    expect(json).not.toContain('/bin/');

    // A SYSTEM DOCTYPE without an internal subset is refused the same way.
    const system = buildXlsx({
      sheets: [{ name: 'S', xml: inlineSheet('<!DOCTYPE worksheet SYSTEM "file:///etc/passwd">', 'x') }],
    });
    const settled = await extract(system, { filename: 'system.xlsx' });
    expect(settled).toMatchObject({ state: 'error', code: 'source_corrupt' });
    expect(JSON.stringify(settled)).not.toContain('root:');
  });

  it('leaves an undeclared entity reference as written', async () => {
    const bytes = buildXlsx({ sheets: [{ name: 'S', xml: inlineSheet('', 'a &xxe; b') }] });
    expect(unit(await read(bytes), 1).sheet?.cells[0]?.value).toBe('a &xxe; b');
  });
});

/** A workbook whose first sheet is `megabytes` MiB of zeros while the zip directory says 1000 bytes. */
function lyingWorkbook(megabytes: number): Uint8Array {
  const parts = xlsxParts({ sheets: [{ name: 'Bomb', rows: row(1, cell.n('A1', 1)) }] });
  return lyingZip(
    Object.entries(parts).map(([name, content]) =>
      name === 'xl/worksheets/sheet1.xml'
        ? { name, deflated: zeroStream(megabytes), declaredSize: 1000 }
        : { name, data: typeof content === 'string' ? strToU8(content) : content },
    ),
  );
}

describe('xlsx reader: ceilings', () => {
  it('stops a zip bomb whose directory lies about its sizes while inflating (source_too_large)', async () => {
    const bytes = lyingWorkbook(64);
    const limits = { ...DEFAULT_LIMITS, maxUncompressedBytes: 8 * 1024 * 1024 };
    // The declared sizes pass the directory checks: only the capped inflate can stop it.
    expect(sniffFormat(bytes, { filename: 'bomb.xlsx' }, limits)).toBe('xlsx');
    const error = await failure(read(bytes, limits));
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toMatch(/^uncompressed size in bytes: observed at least \d+ \(limit 8388608\)$/);
    const result = await extract(bytes, { filename: 'bomb.xlsx' }, { limits });
    expect(result).toMatchObject({ state: 'error', code: 'source_too_large', format: 'xlsx' });
  });

  it('stops a zip bomb by its declared sizes before any parser (compression ratio, total size, entries)', async () => {
    const parts = xlsxParts({ sheets: [{ name: 'S', rows: row(1, cell.n('A1', 1)) }] });
    const padding = worksheetXml(row(1, cell.n('A1', 1))).replace(
      '<sheetData>',
      `<sheetData>${' '.repeat(8 << 20)}`,
    );
    const files: Record<string, Uint8Array> = {};
    for (const [name, content] of Object.entries(parts))
      files[name] = typeof content === 'string' ? strToU8(content) : content;
    files['xl/worksheets/sheet1.xml'] = strToU8(padding);
    const bomb = zipSync(files, { level: 9 });
    const ratio = await extract(bomb, { filename: 'bomb.xlsx' });
    expect(ratio).toMatchObject({ state: 'error', code: 'source_too_large', format: 'zip' });
    expect(ratio.reason).toMatch(/^zip compression ratio: \d+ \(limit 200\)$/);

    const small = buildXlsx(twoSheets());
    const total = await extract(small, { filename: 'a.xlsx' }, { limits: { maxUncompressedBytes: 1000 } });
    expect(total).toMatchObject({ state: 'error', code: 'source_too_large' });
    expect(total.reason).toMatch(/^zip uncompressed size in bytes: \d+ \(limit 1000\)$/);

    const entries = await extract(small, { filename: 'a.xlsx' }, { limits: { maxZipEntries: 3 } });
    expect(entries).toMatchObject({ state: 'error', code: 'source_too_large' });
    expect(entries.reason).toMatch(/^zip entries: \d+ \(limit 3\)$/);
  });

  it('enforces maxCells over the whole workbook', async () => {
    const bytes = buildXlsx({
      sheets: [
        { name: 'A', rows: row(1, cell.n('A1', 1), cell.n('B1', 2)) },
        { name: 'B', rows: row(1, cell.n('A1', 3), cell.n('B1', 4)) },
      ],
    });
    expect((await read(bytes, { maxCells: 4 })).units).toHaveLength(2);
    const error = await failure(read(bytes, { maxCells: 3 }));
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toBe('cells: observed at least 4 (limit 3)');
    const result = await extract(bytes, { filename: 'a.xlsx' }, { limits: { maxCells: 3 } });
    expect(result).toMatchObject({
      state: 'error',
      code: 'source_too_large',
      reason: 'cells: observed at least 4 (limit 3)',
    });
  });

  it('enforces maxTextChars on the flattened text', async () => {
    const bytes = buildXlsx({ sheets: [{ name: 'A', rows: row(1, cell.inline('A1', 'x'.repeat(50))) }] });
    const error = await failure(read(bytes, { maxTextChars: 20 }));
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toBe('text characters: observed 50 (limit 20)');
  });
});

describe('xlsx in a CFB container', () => {
  it('calls an encrypted workbook (EncryptionInfo + EncryptedPackage streams) source_encrypted', async () => {
    const encrypted = cfbFile({
      EncryptionInfo: new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]),
      EncryptedPackage: new Uint8Array(300).fill(0xab),
    });
    const result = await extract(encrypted, { filename: 'secret.xlsx' });
    expect(result).toMatchObject({
      state: 'error',
      code: 'source_encrypted',
      extraction_method: 'none',
      units: [],
      markdown: '',
    });
    expect(result.reason).toContain('password');
  });

  it('calls a legacy CFB file without encryption streams (.xls) unsupported_format', async () => {
    const xls = cfbFile({ Workbook: new Uint8Array(300).fill(9) });
    const result = await extract(xls, { filename: 'old.xls' });
    expect(result).toMatchObject({
      state: 'unsupported',
      code: 'unsupported_format',
      format: 'cfb',
      units: [],
    });
  });
});
