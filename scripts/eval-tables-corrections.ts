/**
 * Corrections to the development set's expected tables where the page shows a tool's reading wrong, each
 * with what on the page shows it. `npm run eval:tables` measures against the tables as the tools read them
 * and against them corrected, and prints both. A correction mends what the tool read against the page
 * (a heading set over the wrong column, two printed tables written as one); it never copies what the
 * service reads, and it is kept only when anyone can see it on the page.
 */
import type { ExpectedTable } from './eval-tables-corpus';

export interface Correction {
  /** The expected table: its source and file, and the start of its label when not every one of the file's. */
  source: ExpectedTable['source'];
  file: string;
  label?: string;
  /** What on the page shows the tool's reading wrong. */
  why: string;
  /** Rows put in place of the expected table's first rows (its header), cell by cell. */
  header?: string[][];
  /** The first cell of the row where a second printed table starts: the expected table is cut there. */
  splitBefore?: string;
}

export const CORRECTIONS: readonly Correction[] = [
  {
    source: 'tabula',
    file: 'spreadsheet_no_bounding_frame.pdf',
    why:
      'the CSV sets headings a column left of their figures (May/2013 (b) over 1.393,4, VARIATION over ' +
      '886,7, Percentage (c/a) over 894,9); the page prints 11/12 (a) over 1.393,4, May/2013 (b) and ' +
      'Jun/2013 (c) under 12/13 over 886,7 and 894,9, and Percentage (c/a) under VARIATION over (35,8), as ' +
      'the arithmetic says: 894,9 / 1.393,4 − 1 = −35,8%',
    header: [
      ['', 'HARVEST', '', '', 'VARIATION', ''],
      ['', '11/12(a)', '12/13', '', 'Percentage', 'Absolute'],
      ['', '', 'May/2013(b)', 'Jun/2013(c)', '(c/a)', '(c-a)'],
    ],
  },
  {
    source: 'tabula',
    file: 'twotables.pdf',
    label: 'tabula csv, table 2 of 2',
    why:
      'the CSV sets 少数株主持分 and 純資産合計 over the second and third columns, under その他の包括利益累計額; the ' +
      'page prints them over the last two columns, beside it, as the arithmetic says: 株主資本合計 17,683 + ' +
      'その他の包括利益累計額合計 △717 + 少数株主持分 246 = 純資産合計 17,212',
    header: [['', 'その他の包括利益累計額', '', '', '', '', '少数株主持分', '純資産合計']],
  },
  {
    source: 'camelot',
    file: 'm27.pdf',
    why:
      'camelot was asked to cut text at fixed column lines (split_text), which cut words of the page’s ' +
      'heading in pieces ("FEB | RUAR | Y 2014", "BY T | YPE", "COMMIS | SION"); the page prints them whole',
    header: [
      ['FEBRUARY 2014 M27 (BUS)', '', '', '', 'ALPHABETIC LISTING BY TYPE', '', '', '', '', 'ABLPDM27'],
      ['', '', '', '', 'OF ACTIVE LICENSES', '', '', '', '', '3/19/2014'],
      ['', '', '', '', 'OKLAHOMA ABLE COMMISSION', '', '', '', '', ''],
    ],
  },
  {
    source: 'tabula',
    file: 'spanning_cells.pdf',
    why:
      'the CSV writes two printed tables as one: Table A4-12 (three scenarios) and, after a paragraph of ' +
      'prose, Table A4-13 under its own caption ("All alternative scenarios")',
    splitBefore: 'All alternative scenarios',
  },
];

/** Whether a correction is for an expected table. */
function correctionFor(expected: ExpectedTable): Correction | undefined {
  return CORRECTIONS.find(
    (c) =>
      c.source === expected.source &&
      c.file === expected.file &&
      (c.label === undefined || expected.label.startsWith(c.label)),
  );
}

export interface CorrectedTable extends ExpectedTable {
  /** Why the table differs from the tool's reading; absent when it does not. */
  corrected?: string;
}

/** The expected tables with the corrections made: a table cut in two gives two. */
export function corrected(corpus: readonly ExpectedTable[]): CorrectedTable[] {
  return corpus.flatMap((expected): CorrectedTable[] => {
    const correction = correctionFor(expected);
    if (correction === undefined) return [expected];
    let rows = expected.rows;
    if (correction.header !== undefined) {
      const width = rows[0]?.length ?? 0;
      if (correction.header.some((r) => r.length !== width))
        throw new Error(`${expected.id}: a corrected header row is not ${width} cells wide`);
      rows = [...correction.header, ...rows.slice(correction.header.length)];
    }
    const why = correction.why;
    if (correction.splitBefore === undefined) return [{ ...expected, rows, corrected: why }];
    const cut = rows.findIndex((r) => r[0]?.trim() === correction.splitBefore);
    if (cut <= 0) throw new Error(`${expected.id}: no row starts with "${correction.splitBefore}"`);
    return [
      { ...expected, rows: rows.slice(0, cut), corrected: why },
      {
        ...expected,
        id: `${expected.id}#2`,
        label: `${expected.label}, second table`,
        rows: rows.slice(cut),
        corrected: why,
      },
    ];
  });
}
