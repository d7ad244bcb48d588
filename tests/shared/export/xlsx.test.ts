import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { PageTable } from '../../../shared/api';
import { tableGrid, UNSURE_NOTE } from '../../../shared/export/table';
import { tableXlsx, xmlText } from '../../../shared/export/xlsx';
import { extract } from '../../../service/extract/extract';
import { provenance, segmentsTable, unsureTable } from './fixtures';

// The xlsx export read back by the project's own xlsx reader: the grid on sheet "Table", the provenance on
// sheet "Source", every cell the text as printed (never a number), spans as merged cells.

async function readBack(bytes: Uint8Array) {
  const read = await extract(bytes, { filename: 'table.xlsx' }, { ocr: 'off' });
  expect(read.state, read.reason ?? '').toBe('complete');
  expect(read.format).toBe('xlsx');
  return read.units;
}

/** The sheet's cells by reference: [value, text]. */
function cellsOf(unit: { sheet?: { cells: { ref: string; value: unknown; text: string }[] } }) {
  return Object.fromEntries((unit.sheet?.cells ?? []).map((c) => [c.ref, [c.value, c.text]]));
}

describe('tableXlsx', () => {
  it('is read back by the xlsx reader: sheet "Table" holds the grid as text, merges kept', async () => {
    const [table, source] = await readBack(tableXlsx(segmentsTable, provenance));
    expect(table?.sheet?.name).toBe('Table');
    expect(source?.sheet?.name).toBe('Source');
    expect(cellsOf(table!)).toEqual({
      B1: ['Year ended December 31', 'Year ended December 31'],
      A2: ['Segment', 'Segment'],
      B2: ['2023', '2023'],
      C2: ['2022', '2022'],
      A3: ['Cloud services, hosted', 'Cloud services, hosted'],
      B3: ['1,234', '1,234'],
      C3: ['1,100', '1,100'],
      A4: ['Devices "smart"', 'Devices "smart"'],
      B4: ['(845)', '(845)'],
      C4: ['-3.2%', '-3.2%'],
      A5: ['Total', 'Total'],
      B5: ['2,481', '2,481'],
      C5: ['2,398', '2,398'],
    });
    expect(table?.sheet?.merges).toEqual(['B1:C1']);
    expect(table?.sheet?.cells.find((c) => c.ref === 'B1')?.merged_range).toBe('B1:C1');
    // A figure in the table is found in the sheet as the same printed figure.
    expect(table?.figures.map((f) => f.raw)).toEqual(
      expect.arrayContaining(['1,234', '1,100', '(845)', '-3.2%', '2,481', '2,398']),
    );
  });

  it('puts the provenance on sheet "Source", label beside value', async () => {
    const [, source] = await readBack(tableXlsx(segmentsTable, provenance));
    const rows = source!.sheet!.cells.reduce<Record<string, string>>((acc, c) => {
      acc[c.ref] = c.text;
      return acc;
    }, {});
    expect(rows).toEqual({
      A1: 'Source',
      B1: 'Annual report 2023',
      A2: 'SHA-256',
      B2: 'ab'.repeat(32),
      A3: 'Page',
      B3: '3',
      A4: 'Table',
      B4: '1 of 2',
      A5: 'Read by',
      B5: 'Text layer (ew-extract-8)',
      A6: 'Table title',
      B6: 'Table 2. Revenue by segment',
      A7: 'Table note',
      B7: '(in millions of dollars)',
    });
  });

  it('merges a row span and says the table was read with doubt', async () => {
    const [table, source] = await readBack(tableXlsx(unsureTable, { ...provenance, table: 2 }));
    expect(table?.sheet?.merges).toEqual(['A1:A2']);
    expect(cellsOf(table!)).toEqual({
      A1: ['Staff', 'Staff'],
      B1: ['4,200', '4,200'],
      B2: ['4,350', '4,350'],
    });
    expect(source?.sheet?.cells.map((c) => c.text)).toContain(UNSURE_NOTE);
  });

  it('keeps every character of a cell: XML specials, spaces at the ends, CR, tabs, controls, escapes', async () => {
    const texts = [
      'a & b <c> "d"',
      '  padded  ',
      'one\r\ntwo\nthree',
      'tab\there',
      'bell\u0007',
      '_x0041_ stays',
      '😀 ü',
    ];
    const tricky: PageTable = {
      ...unsureTable,
      unsure: false,
      rows: texts.length,
      cols: 1,
      labelCols: 0,
      cells: texts.map((text, row) => ({ ...unsureTable.cells[1]!, row, col: 0, text })),
    };
    const [table] = await readBack(tableXlsx(tricky, provenance));
    expect(table?.sheet?.cells.map((c) => c.value)).toEqual(tableGrid(tricky).map((row) => row[0]));
  });

  it('writes cells as inline strings in the Text format, never as numbers, and the same bytes every time', () => {
    const bytes = tableXlsx(segmentsTable, provenance);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="B3" s="1" t="inlineStr"><is><t xml:space="preserve">1,234</t></is></c>');
    expect(sheet).not.toMatch(/<v>/);
    // The header rows stay in view while the figures scroll.
    expect(sheet).toContain('<pane ySplit="2" topLeftCell="A3" activePane="bottomLeft" state="frozen"/>');
    expect(tableXlsx(segmentsTable, provenance)).toEqual(bytes);
  });
});

describe('xmlText', () => {
  it('escapes what XML cannot carry as SpreadsheetML does', () => {
    expect(xmlText('a&b<c>')).toBe('a&amp;b&lt;c&gt;');
    expect(xmlText('line\r\nnext')).toBe('line_x000D_\nnext');
    expect(xmlText('_x0041_')).toBe('_x005F_x0041_');
    expect(xmlText('_x41_ and snake_case')).toBe('_x41_ and snake_case');
    expect(xmlText('\u0000\uFFFF')).toBe('_x0000__xFFFF_');
    expect(xmlText('\ud800 lone')).toBe('_xD800_ lone');
    expect(xmlText('😀')).toBe('😀');
  });
});
