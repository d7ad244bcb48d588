import { describe, expect, it } from 'vitest';
import {
  adjacencyRelations,
  compareRelations,
  scoresOf,
  type Relation,
} from '../../scripts/eval-tables-adjacency';
import {
  cleanExpected,
  cleanOurs,
  expectedGrid,
  gridOf,
  inReadingOrder,
  numberIn,
  sameNumber,
  type GridCell,
  type OurTable,
} from '../../scripts/eval-tables-cells';
import { csvTables, pagesOf, stringArg, type ExpectedTable } from '../../scripts/eval-tables-corpus';
import { CORRECTIONS, corrected } from '../../scripts/eval-tables-corrections';
import {
  align,
  expectedColumnHeader,
  expectedHeaderRows,
  expectedRowLabels,
  firstNumericRow,
  headerHolds,
  headerHoldsRows,
  headerKeptApart,
  isColumnNumbering,
  labelKey,
  mapColumns,
  mapRows,
  ourColumnHeader,
  ourRowLabels,
} from '../../scripts/eval-tables-match';
import { measureTable, type PageData } from '../../scripts/eval-tables-measure';

// The pure parts of `npm run eval:tables`, on small hand-made tables (no corpus needed).

const cell = (row: number, col: number, text: string, rowSpan = 1, colSpan = 1): GridCell => ({
  row,
  col,
  rowSpan,
  colSpan,
  text,
});
const rel = (from: string, to: string, direction: Relation['direction']): Relation => ({
  from,
  to,
  direction,
});
const sorted = (list: Relation[]) =>
  list.map((r) => `${r.direction} ${r.from} ${r.to}`).sort((a, b) => a.localeCompare(b));

describe('number in a cell', () => {
  it('reads a cell that is one figure, with signs, symbols, units or a short marker', () => {
    expect(numberIn('1,234')).toEqual({ value: 1234, raw: '1,234' });
    expect(numberIn('(35,8)')?.value).toBe(-35.8);
    expect(numberIn('-0.06')?.value).toBe(-0.06);
    expect(numberIn('10%')?.value).toBe(10);
    expect(numberIn('8€')?.value).toBe(8);
    expect(numberIn('12.5CL')?.value).toBe(12.5);
    expect(numberIn('98.3 a')?.value).toBe(98.3);
    expect(numberIn('$51.24')?.value).toBe(51.24);
  });

  it('reads no number in words, several numbers, dates, years or dashes', () => {
    for (const text of [
      '',
      '-',
      'Men (≥ 18 yrs)',
      '(3 to 6)+14',
      'Others(1)',
      '2009',
      '10/12/2012',
      'Kerala',
    ])
      expect(numberIn(text), text).toBeNull();
  });

  it('takes two readings of one number as the same: equal values or equal raws', () => {
    expect(sameNumber({ value: 886.7, raw: '886,7' }, { value: 8867, raw: '886,7' })).toBe(true);
    expect(sameNumber({ value: 0.1 + 0.2, raw: 'a' }, { value: 0.3, raw: 'b' })).toBe(true);
    expect(sameNumber({ value: 13.9, raw: '13.9' }, { value: -13.9, raw: '(13.9)' })).toBe(false);
  });
});

describe('cleaning cell texts', () => {
  it('undoes the tools’ artefacts in an expected cell and collapses whitespace, case kept', () => {
    expect(cleanExpected('11,062 .6')).toBe('11,062.6');
    expect(cleanExpected('24.91<s>2</s>')).toBe('24.91');
    expect(cleanExpected('( 498,5)')).toBe('(498,5)');
    expect(cleanExpected('Total   .\n .\n .  .  .')).toBe('Total');
    expect(cleanExpected('Revenue &\nCapital\u00a0Total')).toBe('Revenue & Capital Total');
  });

  it('reads Arabic a tool wrote as its glyphs in the order drawn as a person reads it', () => {
    // camelot's arabic.pdf: presentation forms, left to right as they stand on the page.
    expect(inReadingOrder('ﻝﺎﻤﺸﻟﺍ\xa0ﺎﻨﻴﻟﻭﺭﺎﻛ\xa0ﺔﻳﻻﻭ\xa0ﻦﻣ\xa0ﺎﻧﺍ')).toBe('انا من ولاية كارولينا الشمال');
    expect(inReadingOrder('ﻂﻄﻗ\xa047\xa0ﻱﺪﻨﻋ')).toBe('عندي 47 قطط');
    expect(inReadingOrder('ﺔﻳﺰﻴﻠﺠﻧﻻﺍ\xa0ﻲﻓ\xa0Jeremy\xa0ﻲﻤﺳﺍ')).toBe('اسمي Jeremy في الانجليزية');
    // A line that reads left to right keeps its order; its Arabic word is turned round in its place.
    expect(inReadingOrder('Jeremy\xa0is\xa0ﻲﻣﺮﺟ\xa0in\xa0Arabic')).toBe('Jeremy is جرمي in Arabic');
    // Letters written as letters are in reading order already.
    expect(inReadingOrder('ولاية 47')).toBe('ولاية 47');
  });

  it('removes from our text what the expected reading stripped', () => {
    expect(cleanOurs('Les Blancs, 1,505\n', ' ,\n')).toBe('LesBlancs1505');
    expect(cleanOurs('  Health   Net ')).toBe('Health Net');
  });
});

describe('adjacency relations (ICDAR 2013)', () => {
  it('relates each content cell to the nearest content cell right and below, skipping blank cells', () => {
    // a b c
    // d . f
    // . h .
    const cells = [
      cell(0, 0, 'a'),
      cell(0, 1, 'b'),
      cell(0, 2, 'c'),
      cell(1, 0, 'd'),
      cell(1, 1, ''),
      cell(1, 2, 'f'),
      cell(2, 1, 'h'),
    ];
    expect(sorted(adjacencyRelations(cells))).toEqual(
      sorted([
        rel('a', 'b', 'right'),
        rel('b', 'c', 'right'),
        rel('d', 'f', 'right'),
        rel('a', 'd', 'below'),
        rel('b', 'h', 'below'),
        rel('c', 'f', 'below'),
      ]),
    );
  });

  it('relates a spanning cell in every row and column it covers, once per neighbour', () => {
    // H H x      L 1
    // p q r      L 2
    const across = [
      cell(0, 0, 'H', 1, 2),
      cell(0, 2, 'x'),
      cell(1, 0, 'p'),
      cell(1, 1, 'q'),
      cell(1, 2, 'r'),
    ];
    expect(sorted(adjacencyRelations(across))).toEqual(
      sorted([
        rel('H', 'x', 'right'),
        rel('H', 'p', 'below'),
        rel('H', 'q', 'below'),
        rel('x', 'r', 'below'),
        rel('p', 'q', 'right'),
        rel('q', 'r', 'right'),
      ]),
    );
    const down = [cell(0, 0, 'L', 2, 1), cell(0, 1, '1'), cell(1, 1, '2')];
    expect(sorted(adjacencyRelations(down))).toEqual(
      sorted([rel('L', '1', 'right'), rel('L', '2', 'right'), rel('1', '2', 'below')]),
    );
  });

  it('compares texts with all whitespace removed', () => {
    const ours = adjacencyRelations([cell(0, 0, 'Health  Net'), cell(0, 1, '1 000')]);
    const expected = adjacencyRelations([cell(0, 0, 'Health\nNet'), cell(0, 1, '1000')]);
    expect(compareRelations(ours, expected)).toEqual({ correct: 1, ours: 1, expected: 1 });
  });

  it('scores precision, recall and F1 over the relations as multisets', () => {
    const expected = [
      rel('a', 'b', 'right'),
      rel('a', 'b', 'right'),
      rel('a', 'c', 'below'),
      rel('b', 'd', 'below'),
    ];
    const ours = [
      rel('a', 'b', 'right'),
      rel('a', 'b', 'right'),
      rel('a', 'b', 'right'),
      rel('a', 'c', 'right'),
    ];
    const count = compareRelations(ours, expected);
    expect(count).toEqual({ correct: 2, ours: 4, expected: 4 });
    expect(scoresOf(count)).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    const { f1 } = scoresOf({ correct: 3, ours: 4, expected: 6 });
    expect(f1).toBeCloseTo((2 * 0.75 * 0.5) / 1.25);
    expect(scoresOf({ correct: 0, ours: 0, expected: 5 })).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(scoresOf({ correct: 0, ours: 0, expected: 0 })).toEqual({ precision: 1, recall: 1, f1: 1 });
  });
});

describe('pairing rows and columns', () => {
  it('aligns in order, maximising the summed score above the threshold', () => {
    const score = (i: number, j: number) => (i === j - 1 ? 1 : i === 0 && j === 0 ? 0.9 : 0);
    expect([...align(2, 3, score)]).toEqual([
      [1, 2],
      [0, 1],
    ]);
    expect(align(2, 2, () => 0.5).size).toBe(0);
  });

  it('pairs repeated rows with their own counterparts and skips our extra rows', () => {
    const expected = expectedGrid([
      ['Hj', 'Hj', '1'],
      ['Hj', 'Hj', '2'],
      ['V', 'C', '3'],
    ]);
    const ours = gridOf([
      cell(0, 0, 'Table 1'),
      cell(1, 0, 'Hj'),
      cell(1, 1, 'Hj'),
      cell(1, 2, '1'),
      cell(2, 0, 'Hj'),
      cell(2, 1, 'Hj'),
      cell(2, 2, '2'),
      cell(3, 0, 'V'),
      cell(3, 1, 'C'),
      cell(3, 2, '3'),
    ]);
    expect([...mapRows(expected, ours)].sort()).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('counts a cell spanning rows in each row it covers, but its size only where it starts', () => {
    const copied = expectedGrid([
      ['GMC', 'Anthem', '164,380'],
      ['GMC', 'Health Net', '126,547'],
    ]);
    const shifted = expectedGrid([
      ['GMC', 'Anthem', '164,380'],
      ['', 'Health Net', '126,547'],
    ]);
    const ours = gridOf([
      cell(0, 0, 'GMC', 2, 1),
      cell(0, 1, 'Anthem'),
      cell(0, 2, '164,380'),
      cell(1, 1, 'Health Net'),
      cell(1, 2, '126,547'),
    ]);
    expect(mapRows(copied, ours).get(1)).toBe(1);
    expect(mapRows(shifted, ours).get(1)).toBe(1);
  });

  it('leaves a row unpaired when only half of it agrees', () => {
    const expected = expectedGrid([['a', 'b', 'c', 'd']]);
    const ours = gridOf([cell(0, 0, 'a'), cell(0, 1, 'b'), cell(0, 2, 'x'), cell(0, 3, 'y')]);
    expect(mapRows(expected, ours).size).toBe(0);
  });

  it('pairs columns over the paired rows, past an extra column of ours and a merged one', () => {
    const expected = expectedGrid([
      ['State', '2019', '2020'],
      ['Kerala', '1', '2'],
      ['Goa', '3', '4'],
    ]);
    // Ours has a blank column first.
    const ours = gridOf([
      cell(0, 1, 'State'),
      cell(0, 2, '2019'),
      cell(0, 3, '2020'),
      cell(1, 1, 'Kerala'),
      cell(1, 2, '1'),
      cell(1, 3, '2'),
      cell(2, 1, 'Goa'),
      cell(2, 2, '3'),
      cell(2, 3, '4'),
    ]);
    const rows = mapRows(expected, ours);
    expect([...mapColumns(expected, ours, rows)].sort()).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    const merged = gridOf([
      cell(0, 0, 'State'),
      cell(0, 1, '2019 2020'),
      cell(1, 0, 'Kerala'),
      cell(1, 1, '1 2'),
      cell(2, 0, 'Goa'),
      cell(2, 1, '3 4'),
    ]);
    expect([
      ...mapColumns(
        expected,
        merged,
        new Map([
          [0, 0],
          [1, 1],
          [2, 2],
        ]),
      ),
    ]).toEqual([[0, 0]]);
  });
});

describe('row labels as compared', () => {
  it('leaves out trailing dots and colons, and the brackets of right-to-left text only', () => {
    expect(labelKey('Earnings per share:')).toBe('Earnings per share');
    expect(labelKey('Robbery.')).toBe('Robbery');
    expect(labelKey('ההוצאה לצריכה אינדיבידואלית 1)( לנפש')).toBe(
      labelKey('ההוצאה לצריכה אינדיבידואלית (1) לנפש'),
    );
    expect(labelKey('Net income (1)')).toBe('Net income (1)');
    expect(labelKey('Net income (1)')).not.toBe(labelKey('Net income 1)('));
  });

  it('reads compatibility forms as their plain characters, other letters as they are', () => {
    expect(labelKey('の当期変動額（純額)')).toBe(labelKey('の当期変動額(純額)'));
    expect(labelKey('Ｔｏｔａｌ')).toBe('Total');
    expect(labelKey('の当期変動額(純額)')).not.toBe(labelKey('の当期変動額(総額)'));
  });
});

describe('headers and row labels', () => {
  const census = expectedGrid([
    ['Table 324. Arrests by sex', '', '', ''],
    ['', 'Total', '', 'Male'],
    ['Offense', 'All', 'Under 18', 'All'],
    ['Caste/tribe', '', '', ''],
    ['Total . . . .', '11,062 .6', '1,540 .0', '8,263 .3'],
    ['Robbery', '102.1', '25.5', '90.0'],
  ]);

  it('takes the top rows without numbers as the header, less a leading one-cell title line', () => {
    expect(firstNumericRow(census)).toBe(4);
    expect(expectedHeaderRows(census)).toEqual([1, 2, 3]);
    expect(expectedColumnHeader(census, 1, [1, 2, 3])).toBe('Total All');
    expect(expectedColumnHeader(census, 0, [1, 2, 3])).toBe('Offense Caste/tribe');
    // Each expected header row's text in turn, in order, when another tool shifted a row between them.
    expect(headerHoldsRows('LEGISLATIVE Rep106th Dist. Sue Allor', ['LEGISLATIVE', '', 'Sue Allor'])).toBe(
      true,
    );
    expect(headerHoldsRows('Persons directly reached (in lakh)', ['Persons', 'directly reached'])).toBe(true);
    expect(headerHoldsRows('Sue Allor LEGISLATIVE', ['LEGISLATIVE', 'Sue Allor'])).toBe(false);
    expect(headerHoldsRows('LEGISLATIVE Jim Stamas', ['LEGISLATIVE', 'Sue Allor'])).toBe(false);
    // Two columns: a one-cell first line may be the header of the label column; it is kept.
    expect(
      expectedHeaderRows(
        expectedGrid([
          ['Wines', ''],
          ['Blanc', '8€'],
        ]),
      ),
    ).toEqual([0]);
  });

  it('takes a row of running column numbers as part of the header', () => {
    expect(isColumnNumbering(['1', '2=', '3', '4'])).toBe(true);
    expect(isColumnNumbering(['', '1', '', '2', '3'])).toBe(true);
    expect(isColumnNumbering(['Kerala', '1', '2', '3'])).toBe(false);
    expect(isColumnNumbering(['Kerala', '5', '2', '3'])).toBe(false);
    const grid = expectedGrid([
      ['States', 'Debt', 'Loans', 'Banks'],
      ['1', '2', '3', '4'],
      ['Goa', '1.4', '1.02', '0.38'],
    ]);
    expect(firstNumericRow(grid)).toBe(2);
  });

  it('reads our column header top to bottom, a spanning header heading each column it spans', () => {
    const ours = gridOf([
      cell(0, 0, 'State', 2, 1),
      cell(0, 1, 'Revenue', 1, 2),
      cell(1, 1, 'Medical'),
      cell(1, 2, 'Family'),
      cell(2, 0, 'Goa'),
      cell(2, 1, '1'),
      cell(2, 2, '2'),
    ]);
    expect(ourColumnHeader(ours, 2, 0)).toBe('State');
    expect(ourColumnHeader(ours, 2, 1)).toBe('Revenue Medical');
    expect(ourColumnHeader(ours, 2, 2)).toBe('Revenue Family');
    expect(ourColumnHeader(ours, 0, 2)).toBe('');
    expect(headerHolds('Revenue Family', 'Family')).toBe(true);
    expect(headerHolds('Totals', 'Total')).toBe(false);
    // A blank one tool left out between words is no difference; a part of a word is still not a word.
    expect(headerHolds('HARVEST 11/12 (a)', '11/12(a)')).toBe(true);
    expect(headerHolds('HARVEST 11/12 (a)', '11/1')).toBe(false);
    expect(headerHolds('', '')).toBe(true);
  });

  it('reads row labels: ours from the label columns less numbers, the expected first text or leading texts', () => {
    const ours = gridOf([
      cell(0, 0, '1'),
      cell(0, 1, 'Delhi'),
      cell(0, 2, '1.12.2009'),
      cell(0, 3, '8'),
      cell(1, 0, 'GMC', 2, 1),
      cell(1, 1, 'Health Net'),
      cell(2, 1, 'Kaiser'),
    ]);
    // Compared whole, and by its first text alone, as the expected label is read.
    expect(ourRowLabels(ours, 2, 0)).toEqual(['Delhi']);
    expect(ourRowLabels(ours, 3, 0)).toEqual(['Delhi 1.12.2009', 'Delhi']);
    expect(ourRowLabels(ours, 2, 1)).toEqual(['GMC Health Net', 'GMC']);
    expect(ourRowLabels(ours, 2, 2)).toEqual(['GMC Kaiser', 'GMC']);
    expect(ourRowLabels(ours, 0, 0)).toEqual(['']);
    expect(expectedRowLabels(expectedGrid([['Delhi', '1.12.2009', '8']]), 0)).toEqual([
      'Delhi',
      'Delhi 1.12.2009',
    ]);
    expect(expectedRowLabels(expectedGrid([['1', 'Mukand Ltd.', 'B', '2014']]), 0)).toEqual(['Mukand Ltd']);
    expect(expectedRowLabels(census, 4)).toEqual(['Total']);
    // A label the other tool split where it wraps is right whole, as well as by its tail.
    const wrapped = expectedGrid([
      ['Murder and nonnegligent', '', ''],
      ['manslaughter', '10.0', '0.9'],
      ['Robbery', '102.1', '25.5'],
    ]);
    expect(expectedRowLabels(wrapped, 1)).toEqual(['manslaughter', 'Murder and nonnegligent manslaughter']);
    // A label in capitals is no wrapped tail, nor is a row under a row of numbers.
    expect(expectedRowLabels(wrapped, 2)).toEqual(['Robbery']);
    // Leading texts split with their last lines on a row below are right whole; not over a row of numbers.
    const below = expectedGrid([
      ['Gujarat', '20.12.2009 to', '6', '13'],
      ['', '3.1.2010', '', ''],
      ['Kerala', '23.2.2010 to', '9', '17'],
      ['Total', '', '15', '30'],
    ]);
    expect(expectedRowLabels(below, 0)).toEqual([
      'Gujarat',
      'Gujarat 20.12.2009 to',
      'Gujarat 20.12.2009 to 3.1.2010',
    ]);
    expect(expectedRowLabels(below, 2)).toEqual(['Kerala', 'Kerala 23.2.2010 to']);
  });

  it('keeps header rows apart when our first body row is the expected first row after the header', () => {
    const ours = (n: number) =>
      new Map(Array.from({ length: census.rows - 1 }, (_, i) => [i + 1, i + n] as [number, number]));
    // Our rows 0..4 are the expected rows 1..5 (the title line is not ours).
    expect(headerKeptApart(census, 3, ours(0))).toBe(true); // first body row: "Total"
    expect(headerKeptApart(census, 2, ours(0))).toBe(true); // first body row: the section line "Caste/tribe"
    expect(headerKeptApart(census, 1, ours(0))).toBe(false); // a header row in the body
    expect(headerKeptApart(census, 4, ours(0))).toBe(false); // "Total" in the header
    expect(headerKeptApart(census, 0, ours(0))).toBe(false); // no header rows
    expect(
      headerKeptApart(
        expectedGrid([
          ['1', '2'],
          ['3', '4'],
        ]),
        1,
        new Map(),
      ),
    ).toBeNull();
  });
});

describe('the expected tables’ files', () => {
  it('reads CSV with quoted commas, quotes and line breaks, padding short rows', () => {
    expect(csvTables('\uFEFFa,"b, c","say ""hi"""\r\n"two\nlines",,x\n"",y\n')).toEqual([
      [
        ['a', 'b, c', 'say "hi"'],
        ['two\nlines', '', 'x'],
        ['', 'y', ''],
      ],
    ]);
  });

  it('reads the tables tabula writes one after the other into one CSV, each with its own width', () => {
    const two = 'a,b\n1,2\n3,4\nx,y,z\n5,6,7\n8,9,10\n';
    expect(csvTables(two)).toEqual([
      [
        ['a', 'b'],
        ['1', '2'],
        ['3', '4'],
      ],
      [
        ['x', 'y', 'z'],
        ['5', '6', '7'],
        ['8', '9', '10'],
      ],
    ]);
    // One short row is a row of the same table, padded.
    expect(csvTables('a,b,c\n1,2\n3,4,5\n')).toEqual([
      [
        ['a', 'b', 'c'],
        ['1', '2', ''],
        ['3', '4', '5'],
      ],
    ]);
    expect(csvTables('a,b\n1,2\n')).toEqual([
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ]);
  });

  it('reads camelot’s pages and strip_text arguments', () => {
    expect(stringArg('filename, flavor="stream", strip_text=" ,\\n"', 'strip_text')).toBe(' ,\n');
    expect(stringArg("filename, pages='1,2'", 'pages')).toBe('1,2');
    expect(pagesOf(null)).toEqual([1]);
    expect(pagesOf('1,3-4')).toEqual([1, 3, 4]);
    expect(pagesOf('all')).toBeNull();
  });
});

describe('measuring one table', () => {
  const expected: ExpectedTable = {
    id: 't',
    source: 'camelot',
    pdf: 't.pdf',
    file: 't.pdf',
    label: 'test',
    flavor: 'lattice',
    pages: [1],
    strip: '',
    rows: [
      ['State', 'Revenue', 'Capital'],
      ['Kerala', '1,200', '(35)'],
      ['Goa', '40', '7.5'],
    ],
  };
  const box = (x: number, y: number) => ({ x, y, width: 50, height: 10 });
  const table: OurTable = {
    index: 0,
    box: { x: 0, y: 0, width: 150, height: 30 },
    rows: 3,
    cols: 3,
    headerRows: 1,
    labelCols: 1,
    unsure: false,
    cells: expected.rows.flatMap((row, r) =>
      row.map((text, c) => ({ row: r, col: c, rowSpan: 1, colSpan: 1, text, box: box(50 * c, 10 * r) })),
    ),
  };
  const figure = (raw: string, value: number, x: number, y: number) => ({
    raw,
    value,
    position: { kind: 'box', x: x + 2, y: y + 1, width: 20, height: 8 },
  });
  const figures = [
    figure('1,200', 1200, 50, 10),
    figure('(35)', -35, 100, 10),
    figure('40', 40, 50, 20),
    // 7.5 stands in Kerala's row, not in Goa's.
    figure('7.5', 7.5, 100, 10),
  ];

  it('measures figures on their glyphs, placement, labels, headers, adjacency and header rows', () => {
    const page: PageData = { page: 1, tables: [table], figures };
    const result = measureTable(expected, [page]);
    expect(result.ours?.index).toBe(0);
    expect(result.cells.map((c) => [c.row, c.col, c.found, c.placed, c.label, c.header])).toEqual([
      [1, 1, true, true, true, true],
      [1, 2, true, true, true, true],
      [2, 1, true, true, true, true],
      [2, 2, false, true, true, true],
    ]);
    expect(scoresOf(result.adjacency).f1).toBe(1);
    expect(result.headerApart).toBe(true);
  });

  it('pairs rows and reads labels whatever blanks one tool breaks inside a word', () => {
    // One tool breaks the line after a first letter drawn apart ("K\nerala"): the same row, the same label.
    const broken: ExpectedTable = {
      ...expected,
      rows: expected.rows.map((row) => row.map((t) => (t === 'Kerala' ? 'K\nerala' : t))),
    };
    const result = measureTable(broken, [{ page: 1, tables: [table], figures }]);
    expect(result.cells.filter((c) => c.row === 1).map((c) => [c.placed, c.label])).toEqual([
      [true, true],
      [true, true],
    ]);
    // A different word is still a different label.
    const other: ExpectedTable = {
      ...expected,
      rows: expected.rows.map((row) => row.map((t) => (t === 'Kerala' ? 'Kerela' : t))),
    };
    const wrong = measureTable(other, [{ page: 1, tables: [table], figures }]);
    expect(wrong.cells.filter((c) => c.row === 1).map((c) => c.label)).toEqual([false, false]);
  });

  it('finds figures anywhere on the page without a table, and nothing else', () => {
    const result = measureTable(expected, [{ page: 1, tables: [], figures }]);
    expect(result.ours).toBeNull();
    expect(result.cells.map((c) => c.found)).toEqual([true, true, true, true]);
    expect(result.cells.some((c) => c.placed || c.label || c.header)).toBe(false);
    expect(result.adjacency).toEqual({ correct: 0, ours: 0, expected: 12 });
    expect(result.headerApart).toBe(false);
  });
});

describe('corrections to the expected tables', () => {
  const table = (source: ExpectedTable['source'], file: string, label: string, rows: string[][]) => ({
    id: `${source}/${file}`,
    source,
    pdf: file,
    file,
    label,
    flavor: null,
    pages: [1],
    strip: '',
    rows,
  });

  it('puts the page’s header in place of a tool’s, keeping the body, and marks the table corrected', () => {
    const rows = [
      ['', 'HARVEST', 'VARIATION', '', '', ''],
      ['', '11/12(a)', '12/13', 'Percentage', 'Absolute', ''],
      ['', 'May/2013(b)', 'Jun/2013(c)', '(c/a)', '(c-a)', ''],
      ['COTTON', '1.393,4', '886,7', '894,9', '(35,8)', '(498,5)'],
    ];
    const [fixed, ...more] = corrected([
      table('tabula', 'spreadsheet_no_bounding_frame.pdf', 'tabula csv', rows),
    ]);
    expect(more).toEqual([]);
    expect(fixed!.corrected).toMatch(/894,9 \/ 1\.393,4/);
    expect(expectedColumnHeader(expectedGrid(fixed!.rows), 2, [0, 1, 2])).toBe('12/13 May/2013(b)');
    expect(expectedColumnHeader(expectedGrid(fixed!.rows), 4, [0, 1, 2])).toBe('VARIATION Percentage (c/a)');
    expect(fixed!.rows[3]).toEqual(rows[3]);
  });

  it('cuts one CSV of two printed tables in two where the second starts', () => {
    const rows = [
      ['Improved operation scenario', '', ''],
      ['Server closets', '1,505', '1,580'],
      ['All alternative scenarios', '', ''],
      ['Mid-range', '4,921', '5,467'],
    ];
    const out = corrected([table('tabula', 'spanning_cells.pdf', 'tabula csv', rows)]);
    expect(out.map((t) => [t.id, t.label, t.rows.length])).toEqual([
      ['tabula/spanning_cells.pdf', 'tabula csv', 2],
      ['tabula/spanning_cells.pdf#2', 'tabula csv, second table', 2],
    ]);
    expect(out[1]!.rows[1]).toEqual(['Mid-range', '4,921', '5,467']);
  });

  it('leaves other tables and other labels of the same file alone, and refuses a header of another width', () => {
    const plain = table('tabula', 'schools.pdf', 'tabula csv', [['a', '1']]);
    expect(corrected([plain])).toEqual([plain]);
    const first = table('tabula', 'twotables.pdf', 'tabula csv, table 1 of 2', [['a', '1']]);
    expect(corrected([first])).toEqual([first]);
    const narrow = table('tabula', 'twotables.pdf', 'tabula csv, table 2 of 2', [['a', '1']]);
    expect(() => corrected([narrow])).toThrow(/not 2 cells wide/);
  });

  it('says what on the page shows each correction, and changes nothing but the header or the cut', () => {
    for (const c of CORRECTIONS) {
      expect(c.why.length).toBeGreaterThan(40);
      expect((c.header === undefined) !== (c.splitBefore === undefined)).toBe(true);
    }
  });
});
