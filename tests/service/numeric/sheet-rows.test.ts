import { describe, expect, it } from 'vitest';
import { Unit, type FigureWithPosition } from '../../../shared/api';
import { extract } from '../../../service/extract/extract';
import { assessWithReasons } from '../../../service/numeric/assess';
import type { EngineOperand } from '../../../service/numeric/types';
import { operandContext } from '../../../shared/structure';
import { buildXlsx, cell, row } from '../extract/fixtures/xlsx';

// A workbook that breaks a line item down by setting rows in under it: the international rows of net
// sales and of operating income are two rows to a check, as a person reads them.

async function regions(): Promise<Unit> {
  const bytes = buildXlsx({
    strings: ['Region', '2023', '2022', 'Net sales', 'International', 'Operating income'],
    xfs: [0, { numFmtId: 0, indent: 1 }],
    sheets: [
      {
        name: 'Results',
        rows: [
          row(1, cell.s('A1', 0), cell.s('B1', 1), cell.s('C1', 2)),
          row(2, cell.s('A2', 3)),
          row(3, cell.s('A3', 4, 1), cell.n('B3', 800), cell.n('C3', 700)),
          row(4, cell.s('A4', 5)),
          row(5, cell.s('A5', 4, 1), cell.n('B5', 800), cell.n('C5', 150)),
        ].join(''),
      },
    ],
  });
  const read = await extract(bytes, { filename: 'regions.xlsx' }, { ocr: 'off' });
  const { runs: _runs, cells: _cells, ...rest } = read.units[0]!;
  return Unit.parse({ ...rest, source_unit_id: 'unit_regions' });
}

function at(unit: Unit, ref: string): EngineOperand {
  const figure: FigureWithPosition | undefined = unit.figures.find(
    (f) => f.position.kind === 'cell' && f.position.ref === ref,
  );
  if (!figure) throw new Error(`no figure in ${ref}`);
  const { ambiguous: _a, span: _s, position: _p, ...read } = figure;
  return { figure: read, context: operandContext(unit, figure, unit.source_unit_id) };
}

/** Each claim's outcome over the cells given, picked in that order and in the reverse order: the same. */
function expectInBothOrders(
  unit: Unit,
  cases: readonly (readonly [string, readonly string[], string])[],
): void {
  for (const [claim, refs, outcome] of cases)
    for (const order of [refs, [...refs].reverse()])
      expect(
        assessWithReasons(
          claim,
          order.map((r) => at(unit, r)),
        ).assessment.outcome,
        `${claim} (${order.join(' then ')})`,
      ).toBe(outcome);
}

/** A csv read as the service reads it, the first sheet as a stored unit (`unit_<name>`). */
async function csvUnit(csv: string, name: string): Promise<Unit> {
  const read = await extract(new TextEncoder().encode(csv), { filename: `${name}.csv` }, { ocr: 'off' });
  const { runs: _runs, cells: _cells, ...rest } = read.units[0]!;
  return Unit.parse({ ...rest, source_unit_id: `unit_${name}` });
}

describe('numeric check over rows a csv sets in with blanks', () => {
  it('the operating income figure never supports a claim about net sales that states it', async () => {
    const csv = 'Region,2023\nNet sales,\n  International,800\nOperating income,\n  International,800\n';
    const unit = await csvUnit(csv, 'regions');
    const claim = 'International net sales were 800 in 2023.';
    expect(assessWithReasons(claim, [at(unit, 'B3')]).assessment.outcome).toBe('supported');
    expect(assessWithReasons(claim, [at(unit, 'B5')]).assessment.outcome).toBe('escalate');
  });
});

describe('numeric check over rows a sheet sets in', () => {
  it('the operating income figure never supports a claim about net sales that states it', async () => {
    const unit = await regions();
    const claim = 'International net sales were 800 in 2023.';
    expect(assessWithReasons(claim, [at(unit, 'B3')]).assessment.outcome).toBe('supported');
    expect(assessWithReasons(claim, [at(unit, 'B5')]).assessment.outcome).toBe('escalate');
  });

  it.each([
    ['International operating income rose from 150 in 2022 to 800 in 2023.', 'supported'],
    ['International operating income fell from 150 in 2022 to 800 in 2023.', 'contradicted'],
    ['International net sales rose by 100 from 2022 to 2023.', 'escalate'],
  ])('%s (either order)', async (claim, outcome) => {
    const unit = await regions();
    for (const order of [
      [at(unit, 'C5'), at(unit, 'B5')],
      [at(unit, 'B5'), at(unit, 'C5')],
    ])
      expect(assessWithReasons(claim, order).assessment.outcome).toBe(outcome);
  });
});

describe('numeric check over a sheet whose rows each say their currency', () => {
  const csv = [
    'Contract,Amount 2011,Currency,Method',
    'Pickups,902418,US$,ICB',
    'Buses,214885.63,GHS,ICB',
    'Cross-country vehicles,¥62785105,JPY,ICB',
    'Speed radar guns,52350,GHS,NCB',
    'Rate,0.92,EUR,n/a',
  ].join('\n');
  const contracts = async () => {
    return csvUnit(csv, 'contracts');
  };

  it("each amount is in its own row's currency, never in the one another row writes beside its figure", async () => {
    const unit = await contracts();
    expect(at(unit, 'B3').context.tableCurrency).toBe('GHS');
    expect(at(unit, 'B2').context.tableCurrency).toBe('USD');
    for (const [claim, ref, outcome] of [
      ['The contract for buses was worth ¥214,885.63 in 2011.', 'B3', 'escalate'],
      ['The contract for pickups was worth $902,418 in 2011.', 'B2', 'supported'],
      ['The contract for pickups was worth $920,418 in 2011.', 'B2', 'contradicted'],
    ] as const)
      expect(assessWithReasons(claim, [at(unit, ref)]).assessment.outcome, claim).toBe(outcome);
  });

  it('a column of currencies that labels its rows says no row currency', async () => {
    const rates = 'Currency,Rate per dollar 2024\nEUR,0.92\nGBP,0.79\nJPY,151.2\n';
    const unit = await csvUnit(rates, 'rates');
    expect(at(unit, 'B2').context).toMatchObject({ rowLabel: 'EUR', tableCurrency: null });
  });
});

describe("numeric check over a sheet whose row labels say what each row's figures count", () => {
  const indicators = async (title: string) => {
    const csv = [
      title,
      'Indicator,2019,2020',
      'GDP ($ billion),21.4,20.9',
      'Unemployment rate (%),3.7,8.1',
      'Population (millions),328.3,331.5',
      'Exports (in thousands of tonnes),"1,250","1,180"',
      'Public debt,$22.7,$26.9',
    ].join('\n');
    return csvUnit(csv, 'indicators');
  };

  it.each(['Key indicators', 'Key indicators (in trillions)'])(
    'each row is read in its own label\'s units, never in another row\'s ("%s")',
    async (title) => {
      const unit = await indicators(title);
      for (const [claim, ref, outcome] of [
        ['GDP was $20.9 billion in 2020.', 'C3', 'supported'],
        ['The unemployment rate was 8.1% in 2020.', 'C4', 'supported'],
        ['The population was 331.5 million in 2020.', 'C5', 'supported'],
        ['The population was 313.5 million in 2020.', 'C5', 'contradicted'],
        ['Exports were 1.18 million tonnes in 2020.', 'C6', 'supported'],
      ] as const)
        expect(assessWithReasons(claim, [at(unit, ref)]).assessment.outcome, claim).toBe(outcome);
      for (const [claim, ref] of [
        ['The population was $331.5 billion in 2020.', 'C5'],
        ['Exports were 1,180 tonnes in 2020.', 'C6'],
        ['Exports were $1.18 trillion in 2020.', 'C6'],
      ] as const)
        expect(assessWithReasons(claim, [at(unit, ref)]).assessment.outcome, claim).not.toBe('supported');
    },
  );

  it('a row that counts is in no currency and no scale of the sheet, and "Number of" names nothing', async () => {
    const csv = '$ in millions,2019,2018\nRevenue,"1,234","1,100"\nNumber of employees,"5,400","5,100"\n';
    const unit = await csvUnit(csv, 'staff');
    for (const [claim, outcome] of [
      ['The company had 5,400 employees in 2019.', 'supported'],
      ['The company had 5,500 employees in 2019.', 'contradicted'],
      ['The company had 5,400 stores in 2019.', 'escalate'],
      ['The company had $5.4 billion of employees in 2019.', 'escalate'],
    ] as const)
      expect(assessWithReasons(claim, [at(unit, 'B3')]).assessment.outcome, claim).toBe(outcome);
  });

  it("a note in a row of headings is the sheet's, whatever digits the headings hold", async () => {
    for (const header of ['(In millions),2019,2018', '$ MILLION,53 WEEKS,52 WEEKS', ',US$000,US$000']) {
      const csv = `${header}\nRevenue,"39,383","37,000"\nNet income,"3,587","3,000"\n`;
      const figure = (await csvUnit(csv, 'sheet')).figures.find((f) => f.raw === '3,587');
      expect(figure?.scale, header).toBe(header.includes('000') ? 1e3 : 1e6);
    }
  });
});

describe("numeric check over a sheet whose column headings say what each column's figures count", () => {
  const countries = async () => {
    const csv = [
      'Country,Population 2020 (millions),GDP 2020 ($ billion),Unemployment rate 2020 (%)',
      'France,67.4,2603,8.0',
      'Italy,59.6,1897,9.2',
      'Spain,47.4,1281,15.5',
    ].join('\n');
    return csvUnit(csv, 'countries');
  };

  it("each column is read in its own heading's units, never in another column's", async () => {
    const unit = await countries();
    for (const [claim, ref, outcome] of [
      ["France's GDP was $2,603 billion in 2020.", 'C2', 'supported'],
      ["France's GDP was $2.6 trillion in 2020.", 'C2', 'supported'],
      ["France's population was 67.4 million in 2020.", 'B2', 'supported'],
      ["France's unemployment rate was 8.0% in 2020.", 'D2', 'supported'],
      ["France's unemployment rate was 9.0% in 2020.", 'D2', 'contradicted'],
    ] as const)
      expect(assessWithReasons(claim, [at(unit, ref)]).assessment.outcome, claim).toBe(outcome);
    expect(
      assessWithReasons("France's GDP was $2,603 million in 2020.", [at(unit, 'C2')]).assessment.outcome,
    ).not.toBe('supported');
  });

  it("one note over one column of several is the table's, as it was set over the first", async () => {
    const csv = ',2019 $\'000,2018\nRevenue,"1,200","1,000"\nCosts,800,700\n';
    const { figures } = await csvUnit(csv, 'one');
    expect(figures.find((f) => f.raw === '700')).toMatchObject({ value: 700e3, scale: 1e3 });
    expect(figures.find((f) => f.raw === '800')).toMatchObject({ value: 800e3, scale: 1e3 });
  });

  it("a column of percentage changes takes no scale from the sheet's note", async () => {
    const csv = '(In millions),2019,2018,% Change\nRevenue,"$1,200","$1,000",20.0\nCosts,800,700,14.3\n';
    const { figures } = await csvUnit(csv, 'change');
    expect(figures.find((f) => f.raw === '20.0')).toMatchObject({ value: 20, scale: 1 });
    expect(figures.find((f) => f.raw === '800')).toMatchObject({ value: 800e6, scale: 1e6 });
  });
});

describe('numeric check over a sheet with several measures in a row', () => {
  it("a figure of births never answers for deaths: the claim names its column's measure", async () => {
    const csv = 'Country,Births 2020,Deaths 2020\nFrance,"735,000","669,000"\nItaly,"404,000","746,000"\n';
    const unit = await csvUnit(csv, 'vital');
    expect(at(unit, 'B2').context.otherColumns).toEqual(['Deaths 2020']);
    expectInBothOrders(unit, [
      ['France recorded 735,000 births in 2020.', ['B2'], 'supported'],
      ['France recorded 735,000 deaths in 2020.', ['B2'], 'escalate'],
      ['France recorded 669,000 births in 2020.', ['C2'], 'escalate'],
      ['France recorded more births than Italy in 2020.', ['B2', 'B3'], 'supported'],
      ['France recorded more deaths than Italy in 2020.', ['B2', 'B3'], 'escalate'],
      ['France recorded fewer deaths than Italy in 2020.', ['C2', 'C3'], 'supported'],
    ]);
  });

  it("a number in the row's label is no other measure: the one column needs no naming", async () => {
    const unit = await csvUnit(
      'District,Population 2020\nDistrict 20,"45,000"\nDistrict 21,"38,000"\n',
      'districts',
    );
    expect(at(unit, 'B2').context.otherColumns).toEqual([]);
    expect(
      assessWithReasons('District 20 had 45,000 residents in 2020.', [at(unit, 'B2')]).assessment.outcome,
    ).toBe('supported');
  });

  it('a sheet whose columns are years counts what its title says', async () => {
    const unit = await csvUnit(
      'Table 3. Births by country\nCountry,2020,2019\nFrance,"735,000","753,000"\n',
      'births-years',
    );
    expect(at(unit, 'B3').context.tableTitle).toBe('Table 3. Births by country');
    for (const [claim, outcome] of [
      ['France recorded 735,000 births in 2020.', 'supported'],
      ['France recorded 735,000 deaths in 2020.', 'escalate'],
    ] as const)
      expect(assessWithReasons(claim, [at(unit, 'B3')]).assessment.outcome, claim).toBe(outcome);
  });

  it('a column of births alone never answers for a claim that counts deaths, in either order', async () => {
    const unit = await csvUnit('Country,Births 2020\nFrance,"735,000"\nItaly,"404,000"\n', 'births');
    expectInBothOrders(unit, [
      ['France recorded 735,000 births in 2020.', ['B2'], 'supported'],
      ['France recorded 735,000 deaths in 2020.', ['B2'], 'escalate'],
      ['France recorded 331,000 more births than Italy in 2020.', ['B2', 'B3'], 'supported'],
      ['France recorded 331,000 more deaths than Italy in 2020.', ['B2', 'B3'], 'escalate'],
    ]);
  });
});

describe('numeric check over a sheet whose columns are grouped under merged headers', () => {
  // Arrests in thousands, 2009: "Male" merged over B:C and "Female" over D:E, each over "Juveniles |
  // Adults". The nearest header ("Juveniles") is only part of what tells a column apart.
  async function arrests(): Promise<Unit> {
    const bytes = buildXlsx({
      strings: ['Offense', '2009', 'Male', 'Female', 'Juveniles', 'Adults', 'Violent crime'],
      sheets: [
        {
          name: 'Arrests',
          merges: ['B1:E1', 'B2:C2', 'D2:E2'],
          rows: [
            row(1, cell.s('A1', 0), cell.s('B1', 1)),
            row(2, cell.s('B2', 2), cell.s('D2', 3)),
            row(3, cell.s('B3', 4), cell.s('C3', 5), cell.s('D3', 4), cell.s('E3', 5)),
            row(
              4,
              cell.s('A4', 6),
              cell.n('B4', 56.5),
              cell.n('C4', 323.7),
              cell.n('D4', 12.6),
              cell.n('E4', 75.2),
            ),
          ].join(''),
        },
      ],
    });
    const read = await extract(bytes, { filename: 'arrests.xlsx' }, { ocr: 'off' });
    const { runs: _runs, cells: _cells, ...rest } = read.units[0]!;
    return Unit.parse({ ...rest, source_unit_id: 'unit_arrests' });
  }

  it("each figure's column is named by every header over it", async () => {
    const unit = await arrests();
    expect(at(unit, 'B4').context).toMatchObject({
      columnLabel: 'Juveniles',
      columnPath: '2009 · Male · Juveniles',
    });
    expect(at(unit, 'B4').context.otherColumns).toEqual([
      '2009 · Male · Adults',
      '2009 · Female · Juveniles',
      '2009 · Female · Adults',
    ]);
  });

  it('a male figure never supports a claim about females, nor one that names no sex, in either order', async () => {
    const unit = await arrests();
    expectInBothOrders(unit, [
      ['Arrests of male juveniles for violent crime were 56.5 in 2009.', ['B4'], 'supported'],
      ['Arrests of female juveniles for violent crime were 56.5 in 2009.', ['B4'], 'escalate'],
      ['Arrests of juveniles for violent crime were 56.5 in 2009.', ['B4'], 'escalate'],
      ['Arrests of male juveniles for violent crime were 65.5 in 2009.', ['B4'], 'contradicted'],
      [
        'Arrests of male juveniles for violent crime were 43.9 more than of female juveniles in 2009.',
        ['B4', 'D4'],
        'supported',
      ],
      [
        'Arrests of female juveniles for violent crime were 43.9 more than of male juveniles in 2009.',
        ['B4', 'D4'],
        'contradicted',
      ],
      [
        'Arrests of juveniles for violent crime were 267.2 lower than of adults in 2009.',
        ['B4', 'C4'],
        'escalate',
      ],
      [
        'Arrests of male juveniles for violent crime were 267.2 lower than of male adults in 2009.',
        ['B4', 'C4'],
        'supported',
      ],
    ]);
  });
});

describe('numeric check over a sheet whose rows or columns are age bands', () => {
  const ages = () =>
    csvUnit(
      'Population by sex and age, 2020\n\nSex,Under 18,18-64,65 and over,More than 80\n' +
        'Male,1100,2200,3300,400\nFemale,4400,5500,6600,900\n',
      'ages',
    );

  it('a header row of bands is a header row: each figure is named by its band', async () => {
    const unit = await ages();
    expect(at(unit, 'C5').context).toMatchObject({ rowLabel: 'Female', columnLabel: '18-64' });
    expect(at(unit, 'E5').context.columnLabel).toBe('More than 80');
  });

  it('the claim must write the band: a band is a part of the row, never the whole', async () => {
    const unit = await ages();
    const outcomes = (ref: string, claims: readonly string[]) =>
      claims.map((claim) => assessWithReasons(claim, [at(unit, ref)]).assessment.outcome);
    expect(
      outcomes('C5', [
        'There were 5,500 females aged 18 to 64 in 2020.',
        'There were 5,500 females aged 18-64 in 2020.',
        'There were 5,600 females aged 18 to 64 in 2020.',
        'There were 5,500 females in 2020.',
        'There were 5,500 females aged 65 and over in 2020.',
      ]),
    ).toEqual(['supported', 'supported', 'contradicted', 'escalate', 'escalate']);
    expect(
      outcomes('D5', ['There were 6,600 females aged 65+ in 2020.', 'There were 6,600 females in 2020.']),
    ).toEqual(['supported', 'escalate']);
    expect(
      outcomes('E5', [
        'There were 900 females over 80 in 2020.',
        // The band's own words are its name, not a comparison of two figures.
        'There were 900 females aged more than 80 in 2020.',
        'There were 900 females aged 80 and over in 2020.',
      ]),
    ).toEqual(['supported', 'supported', 'escalate']);
  });

  it('a comparison within a band is decided in both orders; one naming no band is not', async () => {
    expectInBothOrders(await ages(), [
      [
        'There were 3,300 more females aged 18 to 64 than males aged 18 to 64 in 2020.',
        ['C5', 'C4'],
        'supported',
      ],
      [
        'There were 3,300 more males aged 18 to 64 than females aged 18 to 64 in 2020.',
        ['C5', 'C4'],
        'contradicted',
      ],
      ['There were 3,300 more females than males in 2020.', ['C5', 'C4'], 'escalate'],
      [
        'There were more females aged more than 80 than males aged more than 80 in 2020.',
        ['E5', 'E4'],
        'supported',
      ],
      [
        'There were more males aged more than 80 than females aged more than 80 in 2020.',
        ['E5', 'E4'],
        'contradicted',
      ],
    ]);
  });

  it('row labels that are bands name their rows; a period range over a column is no band', async () => {
    const unit = await csvUnit('Age,2018-19,2019-20\n18-24,100,110\n25-34,200,210\n', 'bands');
    expect(at(unit, 'C2').context).toMatchObject({ rowLabel: '18-24', period: '2019/20' });
    expectInBothOrders(unit, [
      ['In 2019/20 there were 100 more people aged 25 to 34 than aged 18 to 24.', ['C3', 'C2'], 'supported'],
      [
        'In 2019/20 there were 100 more people aged 18 to 24 than aged 25 to 34.',
        ['C3', 'C2'],
        'contradicted',
      ],
    ]);
  });
});
