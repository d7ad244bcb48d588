import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Unit, type FigureWithPosition } from '../../../shared/api';
import { extract } from '../../../service/extract/extract';
import { assessWithReasons } from '../../../service/numeric/assess';
import type { EngineOperand } from '../../../service/numeric/types';
import { operandContext } from '../../../shared/structure';
import { buildPdf, type PdfText } from '../extract/fixtures/pdf';

// A check over figures picked from a table on a PDF page is decided from the table's headers and labels,
// as it is over a spreadsheet: the period from the column, the line item from the row, in either order.

const line = (y: number, label: string, a: string, b: string): PdfText[] => [
  { x: 72, y, size: 9, text: label },
  { x: 300, y, size: 9, text: a },
  { x: 380, y, size: 9, text: b },
];

/** The first page of a PDF as a stored unit (`unit_<name>`), as a check reads it. */
async function pageUnit(bytes: Uint8Array, name: string): Promise<Unit> {
  const read = await extract(bytes, { filename: `${name}.pdf` }, { ocr: 'off' });
  const unit = read.units[0];
  if (!unit) throw new Error(`no page: ${read.state}`);
  const { runs: _runs, cells: _cells, ...rest } = unit;
  return Unit.parse({ ...rest, source_unit_id: `unit_${name}` });
}

/** A page holding a titled table of a label column and two columns of figures, 12 points a row. */
function linedUnit(name: string, title: string, rows: readonly [string, string, string][]): Promise<Unit> {
  const texts = [
    { x: 72, y: 720, size: 12, text: title },
    ...rows.flatMap(([label, a, b], i) => line(700 - 12 * i - (i > 0 ? 2 : 0), label, a, b)),
  ];
  return pageUnit(buildPdf([{ width: 612, height: 792, texts }]), name);
}

/**
 * A page holding a grid of texts, row by row from baseline 700 down 12 points a row, each column at its
 * x ("" leaves a cell blank), under the lines given above it (a title, a note).
 */
function gridUnit(
  name: string,
  rows: readonly (readonly string[])[],
  xs: readonly number[],
  above: readonly PdfText[] = [],
): Promise<Unit> {
  const texts: PdfText[] = [
    ...above,
    ...rows.flatMap((r, i) =>
      r.flatMap((text, c) => (text === '' ? [] : [{ x: xs[c]!, y: 700 - 12 * i, size: 9, text }])),
    ),
  ];
  return pageUnit(buildPdf([{ width: 612, height: 792, texts }]), name);
}

/** A title line over a table. */
const title = (text: string, y = 720): PdfText => ({ x: 72, y, size: 12, text });

const tableUnit = () =>
  linedUnit('tenure', 'Table 4. Households by tenure', [
    ['Tenure', '2023', '2022'],
    ['Owner occupied', '14,812', '14,390'],
    ['Private rented', '4,612', '4,788'],
    ['Social rented', '3,954', '3,921'],
  ]);

function pick(unit: Unit, raw: string): EngineOperand {
  const figure: FigureWithPosition | undefined = unit.figures.find((f) => f.raw === raw);
  if (!figure) throw new Error(`no figure ${raw}`);
  const { ambiguous: _a, span: _s, position: _p, ...read } = figure;
  return { figure: read, context: operandContext(unit, figure, unit.source_unit_id) };
}

/** The claim's outcome over the figures picked in the order given and in the reverse order: the same. */
function expectInBothOrders(unit: Unit, claim: string, raws: readonly string[], outcome: string): void {
  for (const order of [raws, [...raws].reverse()]) {
    const { assessment } = assessWithReasons(
      claim,
      order.map((raw) => pick(unit, raw)),
    );
    expect(assessment.outcome, `clicked ${order.join(' then ')}`).toBe(outcome);
  }
}

/** Each claim's outcome over the one figure given for it. */
function expectOutcomes(unit: Unit, cases: readonly (readonly [string, string, string])[]): void {
  for (const [claim, raw, outcome] of cases)
    expect(assessWithReasons(claim, [pick(unit, raw)]).assessment.outcome, claim).toBe(outcome);
}

describe('numeric check over a table on a PDF page', () => {
  it.each([
    [
      'Owner-occupied households rose from 14,390 in 2022 to 14,812 in 2023.',
      '14,390',
      '14,812',
      'supported',
    ],
    [
      'Owner occupied homes increased to 14,812 in 2023, up from 14,390 in 2022.',
      '14,812',
      '14,390',
      'supported',
    ],
    ['Private rented households fell from 4,788 in 2022 to 4,612 in 2023.', '4,612', '4,788', 'supported'],
    ['Private rented households rose from 4,788 in 2022 to 4,612 in 2023.', '4,612', '4,788', 'contradicted'],
    ['Social rented households grew by 33 between 2022 and 2023.', '3,921', '3,954', 'supported'],
    ['Social rented households grew by 330 between 2022 and 2023.', '3,954', '3,921', 'contradicted'],
  ])('%s', async (claim, first, second, outcome) => {
    expectInBothOrders(await tableUnit(), claim, [first, second], outcome);
  });

  it('a change from one line item to another is not read as a change over time', async () => {
    const unit = await tableUnit();
    const { assessment } = assessWithReasons('Households rose from 4,612 to 14,812 in 2023.', [
      pick(unit, '4,612'),
      pick(unit, '14,812'),
    ]);
    expect(assessment.outcome).not.toBe('supported');
  });
});

// A ruled table whose rows are told apart by a column of words after a column of figures: "Blood
// pressure" spans the men's row and the women's, and only the group column says which is which.
const xs = [60, 190, 270, 370, 450];
const ys = [710, 692, 676, 660, 644, 628];
const at = (r: number, c: number, text: string, drop = 12): PdfText => ({
  x: xs[c]! + 4,
  y: ys[r]! - drop,
  size: 9,
  text,
});

async function groupedUnit(): Promise<Unit> {
  const across = (y: number, from = 0) => ({ x0: xs[from]!, y0: y, x1: xs[4]!, y1: y });
  const bytes = buildPdf([
    {
      width: 612,
      height: 792,
      texts: [
        { x: 60, y: 730, size: 12, text: 'Table 2. Sample sizes by survey, 2019' },
        ...['Survey', 'Households', 'Group', 'Sample'].map((t, c) => at(0, c, t)),
        ...[at(1, 0, 'Blood pressure', 20), at(1, 1, '2,400', 20), at(1, 2, 'Men'), at(1, 3, '1,728')],
        ...[at(2, 2, 'Women'), at(2, 3, '1,825')],
        ...[at(3, 0, 'Blood glucose', 20), at(3, 1, '2,400', 20), at(3, 2, 'Men'), at(3, 3, '1,640')],
        ...[at(4, 2, 'Women'), at(4, 3, '1,712')],
      ],
      lines: [
        ...xs.map((x) => ({ x0: x, y0: ys[0]!, x1: x, y1: ys[5]! })),
        ...[ys[0]!, ys[1]!, ys[3]!, ys[5]!].map((y) => across(y)),
        ...[ys[2]!, ys[4]!].map((y) => across(y, 2)),
      ],
    },
  ]);
  return pageUnit(bytes, 'groups');
}

describe('a column of words after the figures tells rows apart', () => {
  it("the women's row is named by its group as well as by its survey", async () => {
    const unit = await groupedUnit();
    expect(pick(unit, '1,825').context.rowLabel).toBe('Blood pressure Women');
    expect(pick(unit, '1,640').context.rowLabel).toBe('Blood glucose Men');
    // The households figure spans both groups' rows: it is the survey's, neither group's.
    const households = unit.figures.find((f) => f.raw === '2,400')!;
    expect(operandContext(unit, households, unit.source_unit_id).rowLabel).toBe('Blood pressure');
  });

  it.each([
    ['The blood pressure survey sampled 1,825 women in 2019.', ['1,825'], 'supported'],
    ['The 2019 blood pressure survey sampled 1,900 women.', ['1,825'], 'contradicted'],
    ['In 2019 the blood glucose survey sampled 1,640 men.', ['1,640'], 'supported'],
    [
      'In the 2019 blood pressure survey, 97 more women than men were sampled.',
      ['1,825', '1,728'],
      'supported',
    ],
    [
      'In the 2019 blood pressure survey, 97 more men than women were sampled.',
      ['1,825', '1,728'],
      'contradicted',
    ],
  ])('%s', async (claim, raws, outcome) => {
    expectInBothOrders(await groupedUnit(), claim, raws, outcome);
  });

  it("the men's figure never supports a claim about women that states it", async () => {
    const unit = await groupedUnit();
    const { assessment } = assessWithReasons('The blood pressure survey sampled 1,728 women in 2019.', [
      pick(unit, '1,728'),
    ]);
    expect(assessment.outcome).toBe('escalate');
  });
});

describe('a table whose rows are age bands', () => {
  const bandsUnit = () =>
    linedUnit('ages', 'Table 3. Unemployment rate by age', [
      ['Age', '2023', '2022'],
      ['16-24', '11.2%', '10.8%'],
      ['25-34', '4.1%', '3.9%'],
      ['35-49', '3.0%', '3.2%'],
      ['50 and over', '2.9%', '2.7%'],
    ]);

  it('each figure is read under its band and its year', async () => {
    const unit = await bandsUnit();
    expect(pick(unit, '4.1%').context).toMatchObject({ rowLabel: '25-34', period: '2023' });
    expect(pick(unit, '2.7%').context).toMatchObject({ rowLabel: '50 and over', period: '2022' });
  });

  it.each([
    [
      'Unemployment among 25-34 year olds rose from 3.9% in 2022 to 4.1% in 2023.',
      ['3.9%', '4.1%'],
      'supported',
    ],
    [
      'Unemployment among 25-34 year olds fell from 3.9% in 2022 to 4.1% in 2023.',
      ['3.9%', '4.1%'],
      'contradicted',
    ],
    ['In 2023 the unemployment rate for people aged 25-34 was 4.1%.', ['4.1%'], 'supported'],
    ['In 2023 the unemployment rate for people aged 25 to 34 was 4.1%.', ['4.1%'], 'supported'],
    ['In 2022 the unemployment rate of those aged 50 and over was 2.7%.', ['2.7%'], 'supported'],
    ['In 2022 the unemployment rate of the 50+ age group was 2.7%.', ['2.7%'], 'supported'],
    ['In 2022 the unemployment rate of those aged 50 and over was 3.7%.', ['2.7%'], 'contradicted'],
  ])('%s', async (claim, raws, outcome) => {
    expectInBothOrders(await bandsUnit(), claim, raws, outcome);
  });

  it("a band's figure never answers for another band", async () => {
    const unit = await bandsUnit();
    for (const claim of [
      'In 2023 the unemployment rate for people aged 16-24 was 4.1%.',
      'In 2023 the unemployment rate for people aged 25-49 was 4.1%.',
      'In 2023 the unemployment rate for people aged 125-34 was 4.1%.',
    ]) {
      const { assessment } = assessWithReasons(claim, [pick(unit, '4.1%')]);
      expect(assessment.outcome, claim).toBe('escalate');
    }
  });
});

describe('a table whose rows are set in under the line item they break down', () => {
  const regionsUnit = () => {
    const texts: PdfText[] = [{ x: 72, y: 720, size: 12, text: 'Table 5. Results by region' }];
    const rows: [string, string | null, string | null, number][] = [
      ['Region', '2023', '2022', 72],
      ['Net sales', null, null, 72],
      ['United States', '$1,234', '$1,100', 82],
      ['International', '$800', '$700', 82],
      ['Operating income', null, null, 72],
      ['United States', '$310', '$290', 82],
      ['International', '$800', '$150', 82],
    ];
    rows.forEach(([label, a, b, x], i) => {
      const y = 700 - 12 * i - (i > 0 ? 2 : 0);
      texts.push({ x, y, size: 9, text: label });
      if (a !== null) texts.push({ x: 300, y, size: 9, text: a }, { x: 380, y, size: 9, text: b! });
    });
    return pageUnit(buildPdf([{ width: 612, height: 792, texts }]), 'regions');
  };
  const inRow = (unit: Unit, raw: string, row: number) => {
    const figure = unit.figures.find(
      (f) => f.raw === raw && f.position.kind === 'box' && f.position.cell?.row === row,
    )!;
    const { ambiguous: _a, span: _s, position: _p, ...read } = figure;
    return { figure: read, context: operandContext(unit, figure, unit.source_unit_id) };
  };

  it("each figure's row is named with the line item it is set in under", async () => {
    const unit = await regionsUnit();
    expect(inRow(unit, '$800', 3).context.rowLabel).toBe('Net sales International');
    expect(inRow(unit, '$800', 6).context.rowLabel).toBe('Operating income International');
  });

  it('the operating income figure never supports a claim about net sales that states it', async () => {
    const unit = await regionsUnit();
    const claim = 'International net sales were $800 in 2023.';
    expect(assessWithReasons(claim, [inRow(unit, '$800', 3)]).assessment.outcome).toBe('supported');
    expect(assessWithReasons(claim, [inRow(unit, '$800', 6)]).assessment.outcome).toBe('escalate');
  });

  it('a change within one set-in row is checked in both orders', async () => {
    const unit = await regionsUnit();
    for (const [claim, outcome] of [
      ['International operating income rose from $150 in 2022 to $800 in 2023.', 'supported'],
      ['International operating income fell from $150 in 2022 to $800 in 2023.', 'contradicted'],
    ] as const)
      for (const order of [
        [inRow(unit, '$150', 6), inRow(unit, '$800', 6)],
        [inRow(unit, '$800', 6), inRow(unit, '$150', 6)],
      ])
        expect(assessWithReasons(claim, order).assessment.outcome, claim).toBe(outcome);
  });
});

describe('a table set in under its line items that runs on over a page break', () => {
  /** Page 1 ends inside "Operating income"; page 2 goes on with its rows set in, then a total at the margin. */
  const runOnUnits = async () => {
    const row = (y: number, label: string, x: number, a?: string, b?: string): PdfText[] => [
      { x, y, size: 9, text: label },
      ...(a === undefined
        ? []
        : [
            { x: 300, y, size: 9, text: a },
            { x: 380, y, size: 9, text: b! },
          ]),
    ];
    const first: PdfText[] = [
      { x: 72, y: 740, size: 10, text: 'Results for the year are set out below by region.' },
      { x: 72, y: 300, size: 12, text: 'Table 6. Results by region' },
      ...row(280, 'Region', 72, '2023', '2022'),
      ...row(266, 'Net sales', 72),
      ...row(254, 'United States', 82, '$1,234', '$1,100'),
      ...row(242, 'International', 82, '$800', '$700'),
      ...row(230, 'Operating income', 72),
      ...row(218, 'United States', 82, '$310', '$290'),
    ];
    const second: PdfText[] = [
      ...row(760, 'International', 82, '$800', '$150'),
      ...row(748, 'Other', 82, '$20', '$18'),
      ...row(736, 'Total', 72, '$3,164', '$2,258'),
    ];
    const read = await extract(
      buildPdf([
        { width: 612, height: 792, texts: first },
        { width: 612, height: 792, texts: second },
      ]),
      { filename: 'regions.pdf' },
      { ocr: 'off' },
    );
    return read.units.map((unit) => {
      const { runs: _runs, cells: _cells, ...rest } = unit;
      return Unit.parse({ ...rest, source_unit_id: `unit_p${unit.index}` });
    });
  };
  const inRow = (unit: Unit, raw: string) => {
    const figure = unit.figures.find((f) => f.raw === raw && f.position.kind === 'box')!;
    const { ambiguous: _a, span: _s, position: _p, ...read } = figure;
    return { figure: read, context: operandContext(unit, figure, unit.source_unit_id) };
  };

  it('rows set in at the top of the next page keep the line item they are set in under', async () => {
    const [page1, page2] = await runOnUnits();
    const table = page2!.page!.tables![0]!;
    expect(table.continues?.parents).toEqual([
      { text: 'Operating income', indent: 0 },
      { text: 'United States', indent: 1 },
    ]);
    expect(table.cells.filter((c) => c.col === 0).map((c) => [c.text, c.indent])).toEqual([
      ['International', 1],
      ['Other', 1],
      ['Total', undefined],
    ]);
    expect(inRow(page2!, '$800').context.rowLabel).toBe('Operating income International');
    expect(inRow(page2!, '$3,164').context.rowLabel).toBe('Total');
    expect(inRow(page1!, '$800').context.rowLabel).toBe('Net sales International');
    // The page before holds the headings its rows stand apart from: on the page it runs on to, a row's
    // own label never names it alone.
    expect(inRow(page2!, '$800').context.rowLeaf).toBeNull();
  });

  it("the next page's operating income never supports a claim about net sales that states it", async () => {
    const [page1, page2] = await runOnUnits();
    const claim = 'International net sales were $800 in 2023.';
    expect(assessWithReasons(claim, [inRow(page1!, '$800')]).assessment.outcome).toBe('supported');
    expect(assessWithReasons(claim, [inRow(page2!, '$800')]).assessment.outcome).toBe('escalate');
    const own = 'International operating income was $800 in 2023.';
    expect(assessWithReasons(own, [inRow(page2!, '$800')]).assessment.outcome).toBe('supported');
  });

  it('a change within a row on the next page is checked in both orders', async () => {
    const [, page2] = await runOnUnits();
    for (const [claim, outcome] of [
      ['International operating income rose from $150 in 2022 to $800 in 2023.', 'supported'],
      ['International operating income fell from $150 in 2022 to $800 in 2023.', 'contradicted'],
    ] as const)
      for (const order of [
        [inRow(page2!, '$150'), inRow(page2!, '$800')],
        [inRow(page2!, '$800'), inRow(page2!, '$150')],
      ])
        expect(assessWithReasons(claim, order).assessment.outcome, claim).toBe(outcome);
  });
});

describe('a register whose rows are named after a column of identifiers', () => {
  const schoolsUnit = () => {
    const rows = [
      ['School ID', 'School', 'Pupils', 'Teachers'],
      ['10432', 'Hillside Primary', '412', '21'],
      ['10877', 'Riverside Academy', '1,208', '64'],
      ['11031', 'Oak Lane School', '655', '33'],
      ['12190', 'Marsh End Primary', '198', '11'],
    ];
    return gridUnit(
      'schools',
      rows,
      [72, 150, 330, 400],
      [title('Table 2. Schools in the district, January 2024')],
    );
  };

  it("each figure's row is named by its school, with the school's ID", async () => {
    const unit = await schoolsUnit();
    expect(pick(unit, '1,208').context).toMatchObject({
      rowLabel: '10877 Riverside Academy',
      columnLabel: 'Pupils',
    });
  });

  it("a school's figure supports a claim about it, and never one about another school", async () => {
    const unit = await schoolsUnit();
    for (const [claim, outcome] of [
      ['Riverside Academy had 1,208 pupils in January 2024.', 'supported'],
      ['Riverside Academy had 1,280 pupils in January 2024.', 'contradicted'],
      ['Oak Lane School had 1,208 pupils in January 2024.', 'escalate'],
    ] as const)
      expect(assessWithReasons(claim, [pick(unit, '1,208')]).assessment.outcome, claim).toBe(outcome);
  });

  it('compares two schools in both orders', async () => {
    const unit = await schoolsUnit();
    expectInBothOrders(
      unit,
      'Riverside Academy had 553 more pupils than Oak Lane School in January 2024.',
      ['1,208', '655'],
      'supported',
    );
    expectInBothOrders(
      unit,
      'Riverside Academy had 535 more pupils than Oak Lane School in January 2024.',
      ['1,208', '655'],
      'contradicted',
    );
    expectInBothOrders(
      unit,
      'Oak Lane School had 553 more pupils than Riverside Academy in January 2024.',
      ['1,208', '655'],
      'contradicted',
    );
  });
});

describe('a register whose rows each say their currency in a column of their own', () => {
  const contractsUnit = () => {
    const xs = [72, 250, 340, 420];
    const rows = [
      ['Contract', 'Contract amount', 'Currency', 'Method'],
      ['Pickups', '902,418.00', 'US$', 'ICB'],
      ['Buses', '214,885.63', 'GHS', 'ICB'],
      ['Cross-country vehicles', '¥62,785,105', 'JPY', 'ICB'],
      ['Speed radar guns', '52,350.00', 'GHS', 'NCB'],
    ];
    return gridUnit('contracts', rows, xs, [title('Table 3. Contracts awarded in 2011')]);
  };

  it("each amount is in its own row's currency, never in the one another row writes beside its figure", async () => {
    const unit = await contractsUnit();
    expect(pick(unit, '214,885.63').context.tableCurrency).toBe('GHS');
    expect(pick(unit, '902,418.00').context.tableCurrency).toBe('USD');
    expectOutcomes(unit, [
      ['The contract for buses was worth ¥214,885.63 in 2011.', '214,885.63', 'escalate'],
      ['The contract for speed radar guns was worth ¥52,350 in 2011.', '52,350.00', 'escalate'],
      ['The contract for pickups was worth $902,418 in 2011.', '902,418.00', 'supported'],
      ['The contract for pickups was worth $920,418 in 2011.', '902,418.00', 'contradicted'],
    ]);
  });

  it("a '$' set apart beside the first row and the total, as accounts print it, is every row's", async () => {
    const xs = [72, 290, 330, 380, 420];
    const rows = [
      ['Item', '', '2023', '', '2022'],
      ['Revenue', '$', '1,234', '$', '1,100'],
      ['Costs', '', '845', '', '910'],
      ['Profit', '$', '389', '$', '190'],
    ];
    const unit = await gridUnit('accounts', rows, xs);
    expect(pick(unit, '845').context.tableCurrency).toBe('USD');
    expect(pick(unit, '$ 1,234').context).toMatchObject({ rowLabel: 'Revenue', columnLabel: '2023' });
    expectInBothOrders(
      unit,
      'Revenue rose from $1,100 in 2022 to $1,234 in 2023.',
      ['$ 1,100', '$ 1,234'],
      'supported',
    );
    expectInBothOrders(unit, 'Costs fell from $910 in 2022 to $845 in 2023.', ['910', '845'], 'supported');
    expectInBothOrders(unit, 'Costs fell from €910 in 2022 to €845 in 2023.', ['910', '845'], 'escalate');
  });
});

describe("a table whose row labels say what each row's figures count", () => {
  const indicatorsUnit = (noteLine: boolean) => {
    const rows = [
      ['Indicator', '2019', '2020'],
      ['GDP ($ billion)', '21.4', '20.9'],
      ['Unemployment rate (%)', '3.7', '8.1'],
      ['Population (millions)', '328.3', '331.5'],
      ['Exports (in thousands of tonnes)', '1,250', '1,180'],
      ['Public debt', '$22.7', '$26.9'],
    ];
    return gridUnit(
      noteLine ? 'noted' : 'indicators',
      rows,
      [72, 300, 380],
      [
        title('Table 1. Key indicators', 730),
        ...(noteLine ? [{ x: 72, y: 716, size: 9, text: '(in trillions)' }] : []),
      ],
    );
  };

  it.each([false, true])(
    "each row is read in its own label's units (a note over the table: %s)",
    async (noted) => {
      const unit = await indicatorsUnit(noted);
      expectOutcomes(unit, [
        ['GDP was $20.9 billion in 2020.', '20.9', 'supported'],
        ['GDP was $29.0 billion in 2020.', '20.9', 'contradicted'],
        ['The unemployment rate was 8.1% in 2020.', '8.1', 'supported'],
        ['The population was 331.5 million in 2020.', '331.5', 'supported'],
        ['The population was 313.5 million in 2020.', '331.5', 'contradicted'],
        ['Exports were 1.18 million tonnes in 2020.', '1,180', 'supported'],
      ]);
    },
  );

  it('a row never takes another row\'s units: "1,180 tonnes" is not what "thousands of tonnes" shows', async () => {
    const unit = await indicatorsUnit(false);
    for (const claim of [
      'Exports were 1,180 tonnes in 2020.',
      'The population was $331.5 billion in 2020.',
      'The population was 331.5 in 2020.',
    ])
      expect(assessWithReasons(claim, [pick(unit, '331.5')]).assessment.outcome, claim).not.toBe('supported');
    expect(
      assessWithReasons('Exports were 1,180 tonnes in 2020.', [pick(unit, '1,180')]).assessment.outcome,
    ).not.toBe('supported');
    expect(pick(unit, '331.5').context.tableCurrency).toBeNull();
  });

  it('rows set in under a label that says the units are read in them; their own label comes first', async () => {
    const rows: [string, number, string, string][] = [
      ['Area', 72, '2019', '2020'],
      ['Population (millions)', 72, '', ''],
      ['Urban', 82, '270.1', '273.2'],
      ['Rural', 82, '58.2', '58.3'],
      ['Urban share (%)', 82, '82.3', '82.4'],
    ];
    const texts: PdfText[] = rows.flatMap(([label, x, a, b], i) => [
      { x, y: 700 - 12 * i, size: 9, text: label },
      ...(a === ''
        ? []
        : [
            { x: 300, y: 700 - 12 * i, size: 9, text: a },
            { x: 380, y: 700 - 12 * i, size: 9, text: b },
          ]),
    ]);
    const unit = await pageUnit(buildPdf([{ width: 612, height: 792, texts }]), 'areas');
    expect(pick(unit, '273.2').figure).toMatchObject({ value: 273.2e6, scale: 1e6 });
    expect(pick(unit, '82.4').figure).toMatchObject({ value: 82.4, unit: '%' });
  });

  it('a change in a row is read in its units, in both orders', async () => {
    const unit = await indicatorsUnit(false);
    expectInBothOrders(
      unit,
      'The population grew by 3.2 million between 2019 and 2020.',
      ['328.3', '331.5'],
      'supported',
    );
    expectInBothOrders(
      unit,
      'The population grew by 3.2 thousand between 2019 and 2020.',
      ['328.3', '331.5'],
      'escalate',
    );
    expectInBothOrders(
      unit,
      'The unemployment rate rose from 3.7% in 2019 to 8.1% in 2020.',
      ['3.7', '8.1'],
      'supported',
    );
  });
});

describe('a PDF table with several measures in a row', () => {
  it("a figure of births never answers for deaths: the claim names its column's measure", async () => {
    const rows = [
      ['Country', 'Births', 'Deaths'],
      ['France', '735,000', '669,000'],
      ['Italy', '404,000', '746,000'],
      ['Spain', '339,000', '493,000'],
    ];
    const unit = await gridUnit('vital', rows, [72, 300, 380], [title('Table 7. Births and deaths, 2020')]);
    expect(pick(unit, '735,000').context.otherColumns).toEqual(['Deaths']);
    expectInBothOrders(
      unit,
      'France recorded more births than Italy in 2020.',
      ['735,000', '404,000'],
      'supported',
    );
    expectInBothOrders(
      unit,
      'France recorded more deaths than Italy in 2020.',
      ['735,000', '404,000'],
      'escalate',
    );
    expectOutcomes(unit, [
      ['France recorded 735,000 births in 2020.', '735,000', 'supported'],
      ['France recorded 735,000 deaths in 2020.', '735,000', 'escalate'],
    ]);
  });
});

describe('a PDF table with one measure', () => {
  it('a column of births alone never answers for a claim that counts deaths', async () => {
    const rows = [
      ['Country', 'Births'],
      ['France', '735,000'],
      ['Italy', '404,000'],
    ];
    const unit = await gridUnit('births', rows, [72, 300], [title('Table 2. Births, 2020')]);
    expect(pick(unit, '735,000').context.otherColumns).toEqual([]);
    expectOutcomes(unit, [
      ['France recorded 735,000 births in 2020.', '735,000', 'supported'],
      ['France recorded 735,000 deaths in 2020.', '735,000', 'escalate'],
    ]);
    for (const [claim, outcome] of [
      ['France recorded 331,000 more births than Italy in 2020.', 'supported'],
      ['France recorded 331,000 more deaths than Italy in 2020.', 'escalate'],
    ] as const)
      expectInBothOrders(unit, claim, ['735,000', '404,000'], outcome);
  });

  it('a table whose columns are years counts what its title says', async () => {
    const rows = [
      ['Country', '2020', '2019'],
      ['France', '735,000', '753,000'],
      ['Italy', '404,000', '420,000'],
    ];
    const unit = await gridUnit('births-years', rows, [72, 300, 380], [title('Table 3. Births by country')]);
    expect(pick(unit, '735,000').context.tableTitle).toBe('Table 3. Births by country');
    expectOutcomes(unit, [
      ['France recorded 735,000 births in 2020.', '735,000', 'supported'],
      ['France recorded 735,000 deaths in 2020.', '735,000', 'escalate'],
    ]);
    for (const [claim, outcome] of [
      ['France recorded 18,000 fewer births in 2020 than in 2019.', 'supported'],
      ['France recorded 18,000 fewer deaths in 2020 than in 2019.', 'escalate'],
    ] as const)
      expectInBothOrders(unit, claim, ['735,000', '753,000'], outcome);
  });
});

describe('a PDF table whose years are centred each over two columns', () => {
  it('each figure is of the year over its group, in either order', async () => {
    const unit = await gridUnit(
      'groups',
      [
        ['Segment', 'Amount', 'Share', 'Amount', 'Share'],
        ['Cloud', '1,234', '50%', '1,100', '48%'],
        ['Devices', '845', '34%', '910', '40%'],
        ['Ads', '402', '16%', '288', '12%'],
      ],
      [72, 250, 300, 370, 420],
      [
        title('Table 3. Revenue by segment', 730),
        ...(['2019', '2018'] as const).map((text, i) => ({ x: 282 + 120 * i, y: 712, size: 9, text })),
      ],
    );
    expect(pick(unit, '1,100').context).toMatchObject({ period: '2018', columnPath: '2018 · Amount' });
    expectOutcomes(unit, [
      ['Cloud revenue was 1,100 in 2018.', '1,100', 'supported'],
      ['Cloud revenue was 1,100 in 2019.', '1,100', 'escalate'],
      ["Cloud's share was 50% in 2019.", '50%', 'supported'],
    ]);
    expectInBothOrders(
      unit,
      'Cloud revenue rose from 1,100 in 2018 to 1,234 in 2019.',
      ['1,100', '1,234'],
      'supported',
    );
  });
});

describe('a PDF table set in blocks, each under its own copy of the header', () => {
  const blocks = () =>
    gridUnit(
      'scenarios',
      [
        ['', 'Improved operation scenario', ''],
        ['Volume servers in:', '2007', '2008'],
        ['Server closets', '1,505', '1,580'],
        ['Server rooms', '1,512', '1,586'],
        ['', 'Best practice scenario', ''],
        ['Volume servers in:', '2007', '2008'],
        ['Server closets', '1,456', '1,439'],
        ['Server rooms', '1,465', '1,472'],
      ],
      [72, 320, 380],
      [title('Table A4-12. Projected server electricity use (kWh a year) by space type')],
    );

  it("a figure reads its own block's heading, and a claim naming another block's never holds", async () => {
    const unit = await blocks();
    const [first, second] = [pick(unit, '1,505'), pick(unit, '1,456')];
    expect(second.context.columnPath).toBe('Best practice scenario · 2007');
    expect(second.context.columnKey).not.toBe(first.context.columnKey);
    expectOutcomes(unit, [
      [
        'Under the best practice scenario, server closets would use 1,456 kWh a year in 2007.',
        '1,456',
        'supported',
      ],
      [
        'Under the best practice scenario, server closets would use 1,466 kWh a year in 2007.',
        '1,456',
        'contradicted',
      ],
      [
        'Under the improved operation scenario, server closets would use 1,505 kWh a year in 2007.',
        '1,505',
        'supported',
      ],
      // The figure of another scenario, or of no scenario the claim names, is for a person to weigh.
      [
        'Under the improved operation scenario, server closets would use 1,456 kWh a year in 2007.',
        '1,456',
        'escalate',
      ],
      ['Server closets would use 1,456 kWh a year in 2007.', '1,456', 'escalate'],
    ]);
    expectInBothOrders(
      unit,
      'Under the best practice scenario, server closets would use 17 kWh a year less in 2008 than in 2007.',
      ['1,456', '1,439'],
      'supported',
    );
  });

  it('compares two blocks by the headings the claim names for each figure', async () => {
    const unit = await blocks();
    const across =
      'Under the best practice scenario, server closets would use N kWh less in 2007 than under the improved operation scenario.';
    expectInBothOrders(unit, across.replace('N', '49'), ['1,456', '1,505'], 'supported');
    expectInBothOrders(unit, across.replace('N', '59'), ['1,456', '1,505'], 'contradicted');
    const each = (a: string, b: string) =>
      `In 2007 server closets would use ${a} kWh under the best practice scenario and ${b} kWh under the improved operation scenario.`;
    expectInBothOrders(unit, each('1,456', '1,505'), ['1,456', '1,505'], 'supported');
    // Each scenario given the other's figure.
    expectInBothOrders(unit, each('1,505', '1,456'), ['1,456', '1,505'], 'contradicted');
  });
});

describe("a PDF page's running text", () => {
  it('a figure the text writes as a count of births never answers for a claim that counts deaths', async () => {
    const texts: PdfText[] = [
      { x: 72, y: 700, size: 10, text: 'In 2020 France recorded 735,000 births, the lowest since 1945.' },
      { x: 72, y: 686, size: 10, text: 'Italy recorded 404,000 births in the same year.' },
    ];
    const unit = await pageUnit(buildPdf([{ width: 612, height: 792, texts }]), 'prose');
    expect(pick(unit, '735,000').context.textAfter).toMatch(/^ births, the lowest/);
    expectOutcomes(unit, [
      ['France recorded 735,000 births in 2020.', '735,000', 'supported'],
      ['France recorded 735,000 deaths in 2020.', '735,000', 'escalate'],
    ]);
  });
});

describe('a statistical table whose caption stands over a paragraph of notes', () => {
  // A real page (fixtures/pdf-tables/12s0324.pdf): "Table 324. Arrests by Sex and Age: 2009" over four
  // lines of a bracketed note that opens "[In thousands (11,062.6 represents 11,062,600)".
  const arrests = async () =>
    pageUnit(
      new Uint8Array(readFileSync(join(import.meta.dirname, '../extract/fixtures/pdf-tables/12s0324.pdf'))),
      'arrests',
    );

  it('the caption is the title, its year the period, and the note its scale', async () => {
    const unit = await arrests();
    const table = unit.page!.tables![0]!;
    expect(table.title).toBe('Table 324. Arrests by Sex and Age: 2009');
    expect(table.notes.some((n) => n.startsWith('[In thousands (11,062.6 represents 11,062,600)'))).toBe(
      true,
    );
    expect(pick(unit, '102.1').context).toMatchObject({
      rowLabel: 'Violent crime Robbery',
      period: '2009',
      noteScale: 1000,
    });
  });

  it('"Total | Male | Female", each centred over three columns, names its group', async () => {
    const unit = await arrests();
    expect(pick(unit, '380.2').context.columnPath).toBe('Male · Total');
    expectOutcomes(unit, [
      ['Male arrests for violent crime were 380.2 thousand in 2009.', '380.2', 'supported'],
      ['Female arrests for violent crime were 380.2 thousand in 2009.', '380.2', 'escalate'],
      ['Arrests for violent crime were 380.2 thousand in 2009.', '380.2', 'escalate'],
      ['Arrests for violent crime were 467.9 thousand in 2009.', '467.9', 'supported'],
    ]);
  });

  it('a count of arrests never supports a claim that counts convictions', async () => {
    expectOutcomes(await arrests(), [
      ['In 2009 there were 102.1 thousand arrests for violent crime robbery.', '102.1', 'supported'],
      ['Police made 102,100 arrests for violent crime robbery in 2009.', '102.1', 'supported'],
      ['In 2009 there were 120.1 thousand arrests for violent crime robbery.', '102.1', 'contradicted'],
      ['In 2009 there were 102.1 thousand convictions for violent crime robbery.', '102.1', 'escalate'],
      ['In 2009, 102.1 thousand people were convicted of violent crime robbery.', '102.1', 'escalate'],
      ['In 2009, 102.1 thousand people were arrested for violent crime robbery.', '102.1', 'supported'],
    ]);
  });

  it('an age band whose heading wraps over two header lines is named by the claim that writes it', async () => {
    const unit = await arrests();
    expect(pick(unit, '64.5').context.columnPath).toBe('Female · 18 years and over');
    expect(pick(unit, '9.9').context.columnPath).toBe('Female · Under 18 years');
    expectOutcomes(unit, [
      [
        'In 2009, 64.5 thousand females aged 18 and over were arrested for aggravated assault.',
        '64.5',
        'supported',
      ],
      ['In 2009, 9.9 thousand females under 18 were arrested for aggravated assault.', '9.9', 'supported'],
      // The other band's figure: the 18 the claim writes is no band over that column.
      [
        'In 2009, 9.9 thousand females aged 18 and over were arrested for aggravated assault.',
        '9.9',
        'escalate',
      ],
      ['In 2009, 64.5 thousand females under 18 were arrested for aggravated assault.', '64.5', 'escalate'],
      // No band named: the column's age is the claim's to say.
      ['In 2009, 64.5 thousand females were arrested for aggravated assault.', '64.5', 'escalate'],
    ]);
    // A person is told which band the claim names, and which band the figure stands under.
    const { facets } = assessWithReasons(
      'In 2009, 9.9 thousand females aged 18 and over were arrested for aggravated assault.',
      [pick(unit, '9.9')],
    );
    expect(facets.find((f) => f.passed !== true)).toMatchObject({
      code: 'entity_measure_not_named',
      why: 'the claim names "18 years and over", another column\'s band; the figure stands under "Female · Under 18 years"',
    });
  });

  it('a row set in under a heading is named by its own label when the claim says what the title counts', async () => {
    const unit = await arrests();
    expect(pick(unit, '102.1').context).toMatchObject({ rowLeaf: 'Robbery' });
    expect(pick(unit, '102.1').context.otherRowHeadings).toContain('Property crime');
    expectOutcomes(unit, [
      ['There were 102.1 thousand arrests for robbery in 2009.', '102.1', 'supported'],
      ['In 2009, 102.1 thousand people were arrested for robbery.', '102.1', 'supported'],
      ['There were 120.1 thousand arrests for robbery in 2009.', '102.1', 'contradicted'],
      // Robbery stands under "Violent crime", not under "Property crime".
      ['There were 102.1 thousand arrests for property crime robbery in 2009.', '102.1', 'escalate'],
      // Nothing says the figure counts robberies rather than arrests for them.
      ['Police recorded 102.1 thousand robberies in 2009.', '102.1', 'escalate'],
      ['There were 102.1 thousand convictions for robbery in 2009.', '102.1', 'escalate'],
    ]);
    for (const [claim, outcome] of [
      ['There were 138.8 thousand more arrests for burglary than for robbery in 2009.', 'supported'],
      ['Arrests for burglary exceeded arrests for robbery by 138.8 thousand in 2009.', 'supported'],
      ['There were 138.8 thousand more arrests for robbery than for burglary in 2009.', 'contradicted'],
      ['There were 183.8 thousand more arrests for burglary than for robbery in 2009.', 'contradicted'],
    ] as const)
      expectInBothOrders(unit, claim, ['240.9', '102.1'], outcome);
  });
});

describe('a PDF table whose units stand on a header row of their own', () => {
  it('each column is read in its units and named by its heading, not by its units', async () => {
    const rows = [
      ['Country', 'Population', 'GDP', 'Unemployment rate'],
      ['', '(millions)', '($ billion)', '(%)'],
      ['France', '67.4', '2,603', '8.0'],
      ['Italy', '59.6', '1,897', '9.2'],
      ['Spain', '47.4', '1,281', '15.5'],
    ];
    const unit = await gridUnit(
      'countries',
      rows,
      [72, 200, 300, 400],
      [title('Table 8. Countries in 2020', 730)],
    );
    expect(pick(unit, '2,603').context.columnLabel).toBe('GDP');
    expect(pick(unit, '8.0').figure).toMatchObject({ unit: '%', value: 8 });
    expectOutcomes(unit, [
      ["France's GDP was $2,603 billion in 2020.", '2,603', 'supported'],
      ["France's population was 67.4 million in 2020.", '67.4', 'supported'],
      ["France's unemployment rate was 8.0% in 2020.", '8.0', 'supported'],
      ["France's unemployment rate was 9.0% in 2020.", '8.0', 'contradicted'],
      ["France's population was 2,603 million in 2020.", '2,603', 'escalate'],
    ]);
  });
});
