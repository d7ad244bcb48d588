import { describe, expect, it } from 'vitest';
import { csvField } from '../../../../shared/export/csv';
import { citationsCsv, operandsCsv, OPERAND_CSV_HEADER } from '../../../../desktop/main/report/csv';
import { buildReport } from '../../../../desktop/main/report/model';
import {
  ARTICLE_SHA256,
  articleCase,
  escalatedCase,
  fixtureLookup,
  HASH_PDF,
  meta,
  supportedCase,
} from './model-fixtures';

const bundle = await buildReport([supportedCase, escalatedCase], fixtureLookup(), meta);

/** Minimal RFC 4180 reader, for checking what a spreadsheet would read. */
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
  return rows;
}

describe('csvField', () => {
  it('quotes as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('guards against formulas: =, +, -, @, tab and CR get a leading apostrophe', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe("'-5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('operandsCsv', () => {
  const rows = parseCsv(operandsCsv(bundle));

  it('has a header and one row per operand of every case, CRLF ended', () => {
    expect(operandsCsv(bundle).endsWith('\r\n')).toBe(true);
    expect(rows[0]).toEqual([...OPERAND_CSV_HEADER]);
    expect(rows).toHaveLength(1 + 4);
    for (const row of rows) expect(row).toHaveLength(OPERAND_CSV_HEADER.length);
  });

  it('carries the provenance, display-safe and guarded', () => {
    const record = (i: number) => Object.fromEntries(OPERAND_CSV_HEADER.map((h, j) => [h, rows[i]![j]]));
    expect(record(1)).toMatchObject({
      case_id: 'case_aaaaaaaaaaaaaaaa',
      figure_raw: '1,200',
      document_title: 'Budgetfdp.exe [click](https://evil.example) <img src=x onerror=alert(1)>',
      file_name: 'budget-2024.pdf',
      url: 'https://example.org/budget-2024.pdf',
      bytes_hash: HASH_PDF,
      unit_kind: 'page',
      unit_index: '3',
      position: 'box x=72 y=100.5 width=30 height=10',
      extraction_method: 'text_layer',
      extractor_version: 'ew-extract-4;ocr=auto',
    });
    expect(record(2)).toMatchObject({
      document_title: '\'=HYPERLINK("evil").xlsx',
      file_name: '\'=HYPERLINK("evil").xlsx',
      sheet_name: 'P&L',
      position: 'cell B7',
      extraction_method: 'spreadsheet_cells',
    });
    for (const hidden of ['\u202E', '\u0007']) expect(operandsCsv(bundle)).not.toContain(hidden);
  });
});

describe('operandsCsv: a case made from an article', () => {
  it("gives each row its claim's place in the article and the article's sha256, empty where it has none", async () => {
    const rows = parseCsv(operandsCsv(await buildReport([articleCase], fixtureLookup(), meta)));
    const [header, ...body] = rows;
    const col = (name: string) => header!.indexOf(name);
    const places = body.map((r) => [
      r[col('check')],
      r[col('claim_start')],
      r[col('claim_end')],
      r[col('article_sha256')],
    ]);
    // Two operands a check: checks 1 and 3 are the spending claim, 2 the ministry's, 4 typed by hand.
    expect(places).toEqual([
      ['1', '29', '67', ARTICLE_SHA256],
      ['1', '29', '67', ARTICLE_SHA256],
      ['2', '0', '28', ARTICLE_SHA256],
      ['2', '0', '28', ARTICLE_SHA256],
      ['3', '29', '67', ARTICLE_SHA256],
      ['3', '29', '67', ARTICLE_SHA256],
      ['4', '', '', ''],
      ['4', '', '', ''],
    ]);
  });
});

describe('citationsCsv', () => {
  it('has one row per citation with its snippet and query, guarded and quoted', () => {
    const rows = parseCsv(citationsCsv(bundle));
    expect(rows).toHaveLength(3);
    const [header, first, second] = rows;
    const col = (name: string) => header!.indexOf(name);
    expect(first![col('query')]).toBe("'=spend 2024");
    expect(first![col('snippet')]).toBe('Spend: 1,200 [see](javascript:alert(1))');
    expect(first![col('kept_at')]).toBe('2026-11-21T09:00:00.000Z');
    expect(second![col('snippet')]).toBe('Spend, "total", 1,000');
    expect(second![col('unit_index')]).toBe('2');
    expect(second![col('bytes_hash')]).toMatch(/^sha256:b{64}$/);
  });
});
