import { describe, expect, it } from 'vitest';
import { extract } from '../../../service/extract/extract';
import { locateFigures } from '../../../service/extract/figures';
import { flattenGrid, parseRef } from '../../../service/extract/readers/xlsx-flatten';
import type { ReadUnit, TextRun } from '../../../service/extract/types';

// Where a unit's scale note applies (shared/figures/RULES.md, "Scale notes"): a sheet's note to its cells,
// a page's note line to the lines after it; per-share rows when the note excepts them, percentages and
// ratios never. And digit groups with ordinary spaces: one number in a cell, never across a column gap.

/** A sheet unit from rows of cells, flattened as the csv and xlsx readers do. */
function sheet(rows: readonly (readonly string[])[]): ReadUnit {
  const cells = rows.flatMap((row, r) =>
    row.map((text, c) => ({ row: r + 1, col: c + 1, text })).filter((cell) => cell.text !== ''),
  );
  const { markdown, spans } = flattenGrid(cells);
  return { kind: 'sheet', index: 1, extraction_method: 'spreadsheet_cells', markdown, cells: spans };
}

function page(markdown: string, runs?: TextRun[]): ReadUnit {
  return {
    kind: 'page',
    index: 1,
    extraction_method: runs === undefined ? 'text_layer' : 'native_text',
    markdown,
    ...(runs === undefined ? {} : { page: { width: 600, height: 800 }, runs }),
  } as ReadUnit;
}

/** [raw, value, scale, unit, ambiguous] of each figure. */
const read = (unit: ReadUnit) =>
  locateFigures(unit).map((f) => [f.raw, f.value, f.scale, f.unit, f.ambiguous]);

/** The figures of a sheet by the row of their cell: [row, raw, value, scale]. */
const byRow = (unit: ReadUnit) =>
  locateFigures(unit).map((f) => [
    f.position.kind === 'cell' ? parseRef(f.position.ref)?.row : null,
    f.raw,
    f.value,
    f.scale,
  ]);

describe('scale notes with exceptions in a sheet', () => {
  const rows = [
    ['(in thousands, except per share data)'],
    ['', '2019', '2018'],
    ['Revenue', '1,200', '1,100'],
    ['Diluted earnings per share', '1.25', '1.10'],
    ['Earnings per share:'],
    ['Basic', '1.30', '1.20'],
    ['Diluted', '1.25', '1.15'],
    ['Gross margin (%)', '35.2', '34.1'],
    ['Current ratio', '1.5', '1.4'],
    ['Cost of sales', '(700)', '(650)'],
  ];

  it('scales amounts; per-share rows (with Basic/Diluted), percentages and ratios stay unscaled', () => {
    expect(byRow(sheet(rows))).toEqual([
      [3, '1,200', 1_200_000, 1000],
      [3, '1,100', 1_100_000, 1000],
      [4, '1.25', 1.25, 1],
      [4, '1.10', 1.1, 1],
      [6, '1.30', 1.3, 1],
      [6, '1.20', 1.2, 1],
      [7, '1.25', 1.25, 1],
      [7, '1.15', 1.15, 1],
      [8, '35.2', 35.2, 1],
      [8, '34.1', 34.1, 1],
      [9, '1.5', 1.5, 1],
      [9, '1.4', 1.4, 1],
      [10, '(700)', -700_000, 1000],
      [10, '(650)', -650_000, 1000],
    ]);
  });

  it('keeps the note currency on per-share rows, and scales them when the note excepts nothing', () => {
    const dollars = sheet([
      ['$ in millions, except per share amounts'],
      ['Revenue', '12.5'],
      ['EPS', '0.85'],
    ]);
    expect(read(dollars)).toEqual([
      ['12.5', 12_500_000, 1e6, 'USD', false],
      ['0.85', 0.85, 1, 'USD', false],
    ]);
    const plain = sheet([['in thousands'], ['Revenue', '1,200'], ['Diluted earnings per share', '1.25']]);
    expect(byRow(plain)).toEqual([
      [2, '1,200', 1_200_000, 1000],
      [3, '1.25', 1250, 1000],
    ]);
    // Percentages and ratios never take a note's scale, excepted or not.
    const ratio = sheet([['in thousands'], ['Debt to equity ratio', '0.45'], ['Growth', '5%']]);
    expect(read(ratio)).toEqual([
      ['0.45', 0.45, 1, null, false],
      ['5%', 5, 1, '%', false],
    ]);
    // Nor do counts take a money note's scale, unless their label gives its own; a bare scale they keep
    // (shares counted in thousands).
    const counts = sheet([
      ['$ in millions'],
      ['Number of employees', '5,400'],
      ['Stores (number)', '320'],
      ['Number of shares (thousands)', '2,000'],
    ]);
    expect(read(counts)).toEqual([
      ['5,400', 5400, 1, null, false],
      ['320', 320, 1, null, false],
      ['2,000', 2_000_000, 1000, null, false],
    ]);
    const shares = sheet([['in thousands'], ['Number of shares outstanding', '45,123']]);
    expect(read(shares)).toEqual([['45,123', 45_123_000, 1000, null, false]]);
  });

  it('reads a csv with the note through the orchestrator', async () => {
    const csv = [
      '"(in thousands, except per share data)",,',
      ',2019,2018',
      'Revenue,"1,200","1,100"',
      'Diluted earnings per share,1.25,1.10',
      '',
    ].join('\n');
    const result = await extract(Buffer.from(csv), { filename: 'income.csv' });
    expect(result.state).toBe('complete');
    expect(result.units[0]?.figures.map((f) => [f.raw, f.value, f.scale, f.position])).toEqual([
      ['1,200', 1_200_000, 1000, { kind: 'cell', ref: 'B3' }],
      ['1,100', 1_100_000, 1000, { kind: 'cell', ref: 'C3' }],
      ['1.25', 1.25, 1, { kind: 'cell', ref: 'B4' }],
      ['1.10', 1.1, 1, { kind: 'cell', ref: 'C4' }],
    ]);
  });

  it('takes a year header with a currency and a scale as the note, the year as no figure', () => {
    const unit = sheet([
      ['', "2019 $'000", "2018 $'000"],
      ['Revenue', '1,200', '1,100'],
    ]);
    expect(read(unit)).toEqual([
      ['1,200', 1_200_000, 1000, 'USD', false],
      ['1,100', 1_100_000, 1000, 'USD', false],
    ]);
  });
});

describe('scale notes with exceptions on a page', () => {
  it('applies a note line to the rows after it by their labels, in a pipe table', () => {
    const markdown = [
      'Revenue 12 (before the note)',
      '(in thousands, except per share data)',
      '| Item | 2019 | 2018 |',
      '| --- | --- | --- |',
      '| Revenue | 1,200 | 1,100 |',
      '| Diluted earnings per share | 1.25 | 1.10 |',
      '| Operating margin (%) | 12.5 | 11.0 |',
    ].join('\n');
    expect(read(page(markdown))).toEqual([
      ['12', 12, 1, null, false],
      ['1,200', 1_200_000, 1000, null, false],
      ['1,100', 1_100_000, 1000, null, false],
      ['1.25', 1.25, 1, null, false],
      ['1.10', 1.1, 1, null, false],
      ['12.5', 12.5, 1, null, false],
      ['11.0', 11, 1, null, false],
    ]);
  });

  it('reads "Basic" and "Diluted" lines under an "Earnings per share" line as per share', () => {
    const markdown = [
      '$ in millions, except per share amounts',
      'Net income 1,234.5 1,100.0',
      'Earnings per share:',
      'Basic 1.30 1.20',
      'Diluted 1.25 1.15',
    ].join('\n');
    expect(read(page(markdown)).map(([raw, value, scale]) => [raw, value, scale])).toEqual([
      ['1,234.5', 1_234_500_000, 1e6],
      ['1,100.0', 1_100_000_000, 1e6],
      ['1.30', 1.3, 1],
      ['1.20', 1.2, 1],
      ['1.25', 1.25, 1],
      ['1.15', 1.15, 1],
    ]);
  });

  it("takes a line's label from its text before its first figure", () => {
    const markdown = ['(in thousands)', 'Revenue grew 5%, reaching 1,200', 'Interest cover (times) 4.5'].join(
      '\n',
    );
    expect(read(page(markdown))).toEqual([
      ['5%', 5, 1, '%', false],
      ['1,200', 1_200_000, 1000, null, false],
      ['4.5', 4.5, 1, null, false],
    ]);
  });

  it('applies a line of notes, one per column, with years ("2019 $\'000 2018 $\'000")', () => {
    const markdown = ["Group 2019 $'000 2018 $'000", "2019 $'000 2018 $'000", 'Revenue 1,200 1,100'].join(
      '\n',
    );
    expect(read(page(markdown))).toEqual([
      ['1,200', 1_200_000, 1000, 'USD', false],
      ['1,100', 1_100_000, 1000, 'USD', false],
    ]);
  });
});

describe('digit groups with ordinary spaces in units', () => {
  it('reads "10 000" in a sheet cell as one number, not ambiguous', () => {
    expect(
      read(
        sheet([
          ['Jobs', '10 000'],
          ['Homes', '1 234 567'],
        ]),
      ),
    ).toEqual([
      ['10 000', 10_000, 1, null, false],
      ['1 234 567', 1_234_567, 1, null, false],
    ]);
  });

  /** Runs for the words of one line, each at the given x (10 pt high, 5 pt per character). */
  function line(markdown: string, xs: readonly number[]): TextRun[] {
    const runs: TextRun[] = [];
    let start = 0;
    markdown.split(' ').forEach((word, k) => {
      runs.push({
        start,
        end: start + word.length,
        x: xs[k] ?? 0,
        y: 100,
        width: 5 * word.length,
        height: 10,
      });
      start += word.length + 1;
    });
    return runs;
  }

  it('never joins groups across a column gap on a page', () => {
    const markdown = 'Revenue 123 456';
    // Two columns: 40 pt between "123" and "456".
    const apart = read(page(markdown, line(markdown, [0, 100, 155])));
    expect(apart).toEqual([
      ['123', 123, 1, null, false],
      ['456', 456, 1, null, false],
    ]);
    // One number: a word space between its groups (one group, so ambiguous).
    const together = read(page(markdown, line(markdown, [0, 100, 117])));
    expect(together).toEqual([['123 456', 123_456, 1, null, true]]);
    // Three groups set as one number.
    const grouped = 'Staff 1 234 567';
    expect(read(page(grouped, line(grouped, [0, 40, 47, 64])))).toEqual([
      ['1 234 567', 1_234_567, 1, null, false],
    ]);
  });
});
