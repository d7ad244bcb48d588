import { describe, expect, it } from 'vitest';
import { BUILTIN_FORMATS, formatNumber, isDateFormat } from '../../../../service/extract/readers/xlsx-format';

/**
 * The text a cell shows is what the figure finder reads, so each row is a format, a value and the text
 * Excel itself displays for it (trailing `_)` padding trimmed: the reader trims every cell).
 */
const EXCEL: [format: string, value: number, shown: string][] = [
  // General
  ['General', 1234.5, '1234.5'],
  ['General', 0.1 + 0.2, '0.3'],
  ['General', -0.5, '-0.5'],
  ['General', 123456789, '123456789'],
  ['General', 123456789012, '1.23457E+11'],
  ['General', 1e-10, '1E-10'],
  ['General', 0, '0'],
  // Digit placeholders, rounding half away from zero on the decimal the cell holds
  ['0', 1234.5, '1235'],
  ['0', 2.5, '3'],
  ['0', -2.5, '-3'],
  ['0', -0.4, '-0'],
  ['0.00', 1234.567, '1234.57'],
  ['0.00', 1.005, '1.01'],
  ['0.00', 2.675, '2.68'],
  ['0.0', 0.05, '0.1'],
  ['00000', 123, '00123'],
  ['000-00-0000', 123456789, '123-45-6789'],
  ['#,###', 0, ''],
  // Thousands separators and scaling commas
  ['#,##0', 1234567.891, '1,234,568'],
  ['#,##0.00', -1234.5, '-1,234.50'],
  ['#,##0,', 1234567, '1,235'],
  ['#,##0,,', 1234567890, '1,235'],
  ['#,##0.0,,"M"', 1234567890, '1,234.6M'],
  // Percent and scientific
  ['0%', 0.256, '26%'],
  ['0.00%', 0.12345, '12.35%'],
  ['0.0%', -0.0123, '-1.2%'],
  ['0.00E+00', 12345, '1.23E+04'],
  ['0.00E+00', 0.000123, '1.23E-04'],
  ['##0.0E+0', 12345, '12.3E+3'],
  // Sections, brackets, conditions and colours
  [BUILTIN_FORMATS[5] as string, 1234, '$1,234'],
  [BUILTIN_FORMATS[5] as string, -1234, '($1,234)'],
  [BUILTIN_FORMATS[41] as string, -1234, '(1,234)'],
  [BUILTIN_FORMATS[41] as string, 0, '-'],
  ['#,##0.00_);[Red](#,##0.00)', -0.001, '(0.00)'],
  ['0.0;(0.0);"zero"', 0, 'zero'],
  ['0.0;(0.0);"zero"', -5, '(5.0)'],
  ['[Red]0.00;[Blue]-0.00', -3, '-3.00'],
  ['[>=1000]#,##0,"K";0', 1500, '2K'],
  ['[>=1000]#,##0,"K";0', 999, '999'],
  ['$#,##0.00', -1234.5, '-$1,234.50'],
  ['[$€-407] #,##0.00', 1234.5, '€ 1,234.50'],
  ['"Total: "0', 5, 'Total: 5'],
  ['0.00 "pts"', 3, '3.00 pts'],
  ['@', 42, '42'],
  // Times (24-hour formats, shown as Excel shows them)
  ['h:mm', 0.5451388889, '13:05'],
  ['h:mm:ss', 0.5451388889, '13:05:00'],
  ['[h]:mm:ss', 1.5, '36:00:00'],
  ['mm:ss', 60 / 86400, '01:00'],
];

/**
 * Where the reader deliberately shows something else than Excel, so the figure finder reads one form:
 * dates ISO-like whatever the format's order and month names, 12-hour times as 24-hour, fractions as
 * General, a point with no digit after it dropped, `*` fills (column-width padding) dropped. Each row keeps Excel's own text beside ours, for the record.
 */
const DELIBERATE: [format: string, value: number, excel: string, ours: string][] = [
  ['yyyy-mm-dd', 45322, '2024-01-31', '2024-01-31'],
  ['d-mmm-yy', 45322, '31-Jan-24', '2024-01-31'],
  ['mmm-yy', 45322, 'Jan-24', '2024-01'],
  ['m/d/yyyy h:mm', 45322.5, '1/31/2024 12:00', '2024-01-31 12:00'],
  ['yyyy', 45322, '2024', '2024'],
  ['# ?/?', 1.25, '1 1/4', '1.25'],
  ['0.###', 2, '2.', '2'],
  ['h:mm AM/PM', 0.5451388889, '1:05 PM', '13:05'],
  [BUILTIN_FORMATS[44] as string, 1234.5, '$ 1,234.50 (filled to the column width)', '$1,234.50'],
];

describe('xlsx number formats: the text Excel displays', () => {
  for (const [format, value, shown] of EXCEL) {
    it(`${JSON.stringify(format)} shows ${value} as ${JSON.stringify(shown)}`, () => {
      expect(formatNumber(value, format, false)).toBe(shown);
    });
  }
});

describe('xlsx number formats: deliberate differences from Excel', () => {
  for (const [format, value, excel, ours] of DELIBERATE) {
    it(`${JSON.stringify(format)} shows ${value} as ${JSON.stringify(ours)} (Excel: ${JSON.stringify(excel)})`, () => {
      expect(formatNumber(value, format, false)).toBe(ours);
      expect(isDateFormat(format)).toBe(/[dmyh]/.test(format.replace(/"[^"]*"|\[[^\]]*\]/g, '')));
    });
  }
});

describe('xlsx date systems', () => {
  it('keeps the 1900 system phantom leap day and the 1904 epoch', () => {
    expect(formatNumber(59, 'yyyy-mm-dd', false)).toBe('1900-02-28');
    expect(formatNumber(60, 'yyyy-mm-dd', false)).toBe('1900-02-29');
    expect(formatNumber(61, 'yyyy-mm-dd', false)).toBe('1900-03-01');
    expect(formatNumber(0, 'yyyy-mm-dd', true)).toBe('1904-01-01');
    expect(formatNumber(45322 - 1462, 'yyyy-mm-dd', true)).toBe('2024-01-31');
  });
});
