import { describe, expect, it } from 'vitest';
import { csvField as field } from '../../../shared/export/csv';
import {
  provenanceRows,
  slug,
  tableCsv,
  tableFileName,
  tableGrid,
  UNSURE_NOTE,
} from '../../../shared/export/table';
import { provenance, segmentsTable, unsureTable } from './fixtures';

// A table read on a page as a grid of strings and as CSV: spans honoured, every cell as printed, under
// the provenance a person reads first.

/** Minimal RFC 4180 reader: what a spreadsheet reads from the CSV. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}

describe('tableGrid', () => {
  it('lays the cells on the table’s grid, header rows first, a spanning cell’s text in its first cell', () => {
    expect(tableGrid(segmentsTable)).toEqual([
      ['', 'Year ended December 31', ''],
      ['Segment', '2023', '2022'],
      ['Cloud services, hosted', '1,234', '1,100'],
      ['Devices "smart"', '(845)', '-3.2%'],
      ['Total', '2,481', '2,398'],
    ]);
  });

  it('leaves the cells a row span covers empty', () => {
    expect(tableGrid(unsureTable)).toEqual([
      ['Staff', '4,200'],
      ['', '4,350'],
    ]);
  });

  it('never moves text: a cell outside the grid or over a taken place is left out', () => {
    const odd = {
      ...unsureTable,
      cells: [
        ...unsureTable.cells,
        { ...unsureTable.cells[1]!, row: 1, col: 0, text: 'under the span' },
        { ...unsureTable.cells[1]!, row: 5, col: 0, text: 'outside' },
      ],
    };
    expect(tableGrid(odd)).toEqual([
      ['Staff', '4,200'],
      ['', '4,350'],
    ]);
  });
});

describe('provenanceRows', () => {
  it('names the source, its hash, the page, the table and how it was read, then the table’s title and notes', () => {
    expect(provenanceRows(segmentsTable, provenance)).toEqual([
      ['Source', 'Annual report 2023'],
      ['SHA-256', 'ab'.repeat(32)],
      ['Page', '3'],
      ['Table', '1 of 2'],
      ['Read by', 'Text layer (ew-extract-8)'],
      ['Table title', 'Table 2. Revenue by segment'],
      ['Table note', '(in millions of dollars)'],
    ]);
  });

  it('leaves out how it was read when that is not known, and says when the table was read with doubt', () => {
    const rows = provenanceRows(unsureTable, { ...provenance, table: 2, readBy: null });
    expect(rows.map(([label]) => label)).toEqual(['Source', 'SHA-256', 'Page', 'Table', 'Read with doubt']);
    expect(rows[3]).toEqual(['Table', '2 of 2']);
    expect(rows[4]?.[1]).toBe(UNSURE_NOTE);
  });
});

/** A field of a table exported as printed. */
const csvField = (text: string) => field(text, 'except-printed-numbers');

describe('a table field in CSV', () => {
  it('quotes a field with a comma, a quote, CR or LF, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
  });

  it('keeps printed numbers exactly, signs included, and guards text a spreadsheet would run', () => {
    for (const printed of ['-3.2%', '+12', '-1,204', '- $1,204', '-', '+', '(845)', '−5'])
      expect(csvField(printed)).toBe(/,/.test(printed) ? `"${printed}"` : printed);
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('+cmd|calc')).toBe("'+cmd|calc");
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });
});

describe('tableCsv', () => {
  it('writes the provenance, an empty row, then the grid, with CRLF line ends and no byte-order mark', () => {
    const csv = tableCsv(segmentsTable, provenance);
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    expect(csv).toBe(
      [
        'Source,Annual report 2023',
        `SHA-256,${'ab'.repeat(32)}`,
        'Page,3',
        'Table,1 of 2',
        'Read by,Text layer (ew-extract-8)',
        'Table title,Table 2. Revenue by segment',
        'Table note,(in millions of dollars)',
        '',
        ',Year ended December 31,',
        'Segment,2023,2022',
        '"Cloud services, hosted","1,234","1,100"',
        '"Devices ""smart""",(845),-3.2%',
        'Total,"2,481","2,398"',
        '',
      ].join('\r\n'),
    );
  });

  it('reads back as the same cells', () => {
    const rows = parseCsv(tableCsv(segmentsTable, provenance));
    const blank = rows.findIndex((row) => row.length === 1 && row[0] === '');
    expect(rows.slice(blank + 1)).toEqual(tableGrid(segmentsTable));
  });
});

describe('file names', () => {
  it('slugs a title to lower-case ASCII words', () => {
    expect(slug('Annual Report 2023: Café & Co.')).toBe('annual-report-2023-cafe-co');
    expect(slug('  ')).toBe('');
    expect(slug('word '.repeat(30)).length).toBeLessThanOrEqual(60);
    expect(slug('word '.repeat(30)).endsWith('-')).toBe(false);
  });

  it('names the file by the title, else the file name without its extension, the page and the table', () => {
    expect(tableFileName('Annual report 2023', 'ar.pdf', 3, 1, 'csv')).toBe(
      'annual-report-2023-p3-table1.csv',
    );
    expect(tableFileName(null, 'Permits 2023.pdf', 1, 2, 'xlsx')).toBe('permits-2023-p1-table2.xlsx');
    expect(tableFileName('—', '表.pdf', 1, 1, 'csv')).toBe('document-p1-table1.csv');
  });
});
