import { describe, expect, it } from 'vitest';
import { assessWithReasons } from '../../../service/numeric/assess';
import { operand } from './helpers';

// A figure's column says what it measures when its row holds figures that measure something else
// ("Births" beside "Deaths"): the claim must name it, or a figure of births would answer for deaths.

const births = (raw: string, rowLabel: string, otherColumns: readonly string[]) =>
  operand(raw, {
    rowLabel,
    columnLabel: 'Births',
    period: '2020',
    rowKey: `S!${rowLabel}`,
    columnKey: 'S!B',
    otherColumns,
  });

const outcome = (claim: string, ops: ReturnType<typeof births>[]) =>
  assessWithReasons(claim, ops).assessment.outcome;

describe('what a figure column measures', () => {
  it('a figure of births never supports a claim about deaths, in either order', () => {
    const france = births('735,000', 'France', ['Deaths']);
    const italy = births('404,000', 'Italy', ['Deaths']);
    expect(outcome('France recorded 735,000 births in 2020.', [france])).toBe('supported');
    expect(outcome('France recorded 753,000 births in 2020.', [france])).toBe('contradicted');
    expect(outcome('France recorded 735,000 deaths in 2020.', [france])).toBe('escalate');
    expect(outcome('France recorded 735,000 in 2020.', [france])).toBe('escalate');
    for (const order of [
      [france, italy],
      [italy, france],
    ]) {
      expect(outcome('France recorded more births than Italy in 2020.', order)).toBe('supported');
      expect(outcome('France recorded more deaths than Italy in 2020.', order)).toBe('escalate');
      expect(outcome('Italy recorded more births than France in 2020.', order)).toBe('contradicted');
    }
  });

  it('the reason names the column the claim left out', () => {
    const { facets } = assessWithReasons('France recorded 735,000 deaths in 2020.', [
      births('735,000', 'France', ['Deaths']),
    ]);
    expect(facets.find((f) => f.facet === 'entity')).toMatchObject({
      passed: null,
      code: 'entity_measure_not_named',
    });
  });

  it('columns that differ only by period, or by a change beside them, measure one thing', () => {
    for (const others of [[], ['2019'], ['Fiscal 2019 Births'], ['% Inc (Dec)', 'Change'], ['Births 2019']])
      expect(
        outcome('France recorded 735,000 in 2020.', [births('735,000', 'France', others)]),
        others.join(),
      ).toBe('supported');
  });

  it('a currency and scale written as one word ("RMB’Million") is no measure to name', () => {
    const op = operand('6,120', {
      rowLabel: 'Trade receivables',
      columnLabel: 'RMB’Million',
      columnPath: '2018 · RMB’Million',
      period: '2018',
      otherColumns: ['Financial liabilities · 2018 · RMB’Million'],
    });
    expect(outcome('Trade receivables were 6,120 in 2018.', [op])).toBe('supported');
  });

  it('a claim names a measure by the act as well as the thing ("exported", "Exports")', () => {
    const exports = operand('1,250', {
      rowLabel: 'Germany',
      columnLabel: 'Exports',
      period: '2020',
      otherColumns: ['Imports'],
    });
    expect(outcome('Germany exported 1,250 in 2020.', [exports])).toBe('supported');
    expect(outcome('Germany imported 1,250 in 2020.', [exports])).toBe('escalate');
  });

  it('an actual figure beside a budgeted one, or a restated one beside the reported, is a measure of its own', () => {
    for (const [label, others, claim] of [
      ['Budget', ['Actual'], 'Spending was 5,200 in 2020.'],
      ['Actual', ['Budget'], 'Spending was 5,200 in 2020.'],
      ['Restated', ['As reported'], 'Spending was 5,200 in 2020.'],
      ['Final', ['Estimated'], 'Spending was 5,200 in 2020.'],
    ] as const) {
      const op = operand('5,200', {
        rowLabel: 'Spending',
        columnLabel: label,
        period: '2020',
        otherColumns: others,
      });
      expect(outcome(claim, [op]), label).toBe('escalate');
      expect(outcome(claim.replace('Spending', `${label} spending`), [op]), label).toBe('supported');
    }
  });
});

describe('what a claim counts after its number', () => {
  // A column of births alone in its table: nothing beside it says births are not deaths.
  const alone = (raw: string, rowLabel: string) => births(raw, rowLabel, []);
  const france = alone('735,000', 'France');
  const italy = alone('404,000', 'Italy');

  it('a figure of births never supports a claim that counts deaths, true or false', () => {
    for (const claim of [
      'France recorded 735,000 deaths in 2020.',
      'France recorded 753,000 deaths in 2020.',
      'In 2020, 735,000 babies died in France.',
      'France had 735,000 people die in 2020.',
    ])
      expect(outcome(claim, [france]), claim).toBe('escalate');
    for (const claim of [
      'France recorded 735,000 births in 2020.',
      'France recorded 735,000 live births in 2020.',
      'There were 735,000 births in France in 2020.',
      'In 2020, 735,000 babies were born in France.',
      'France recorded 735,000 in 2020.',
    ])
      expect(outcome(claim, [france]), claim).toBe('supported');
    expect(outcome('France recorded 753,000 births in 2020.', [france])).toBe('contradicted');
  });

  it('the reason says what the claim counts and what the figure is', () => {
    const { facets } = assessWithReasons('France recorded 735,000 deaths in 2020.', [france]);
    const entity = facets.find((f) => f.facet === 'entity');
    expect(entity).toMatchObject({ passed: null, code: 'entity_measure_not_named' });
    expect(entity?.why).toContain('"deaths"');
    expect(entity?.why).toContain('France · Births');
  });

  it('"N more X than Y" counts X, in either order of the figures', () => {
    for (const order of [
      [france, italy],
      [italy, france],
    ]) {
      expect(outcome('France recorded 331,000 more births than Italy in 2020.', order)).toBe('supported');
      expect(outcome('France recorded 331,000 more deaths than Italy in 2020.', order)).toBe('escalate');
      expect(outcome('France recorded 331,000 fewer deaths than Italy in 2020.', order)).toBe('escalate');
      expect(outcome('Italy recorded 331,000 more births than France in 2020.', order)).toBe('contradicted');
      expect(outcome('France recorded 81.9% more births than Italy in 2020.', order)).toBe('supported');
      expect(outcome('France recorded 81.9% more deaths than Italy in 2020.', order)).toBe('escalate');
    }
  });

  it('units, currencies, scales and words for the same count of people are not another measure', () => {
    const exports = operand('1,180', { rowLabel: 'Germany', columnLabel: 'Exports', period: '2020' });
    expect(outcome('Germany exported 1,180 tonnes in 2020.', [exports])).toBe('supported');
    expect(outcome('Germany exported 1,180 cars in 2020.', [exports])).toBe('escalate');
    const population = operand('67,391,582', {
      rowLabel: 'France',
      columnLabel: 'Population',
      period: '2020',
    });
    expect(outcome('France had 67,391,582 inhabitants in 2020.', [population])).toBe('supported');
    expect(outcome('France had 67,391,582 households in 2020.', [population])).toBe('escalate');
  });

  it('people are counted by many measures: the claim says which by naming it anywhere', () => {
    const unemployed = operand('3,500,000', {
      rowLabel: 'France',
      columnLabel: 'Unemployed',
      period: '2020',
    });
    expect(outcome('In 2020, 3,500,000 people were unemployed in France.', [unemployed])).toBe('supported');
    expect(outcome('In 2020, 3,500,000 people lived in France.', [unemployed])).toBe('escalate');
    expect(outcome('In 2020, 735,000 people died in France.', [france])).toBe('escalate');
  });

  it('a verb names the noun its header writes: "people died" counts "Deaths", "were born" "Births"', () => {
    const deaths = operand('667,000', { rowLabel: 'France', columnLabel: 'Deaths', period: '2020' });
    const injuries = operand('12,400', { rowLabel: 'France', columnLabel: 'Injury', period: '2020' });
    for (const died of ['died', 'dies', 'were dead', 'dying']) {
      expect(outcome(`In 2020, 667,000 people ${died} in France.`, [deaths])).toBe('supported');
      expect(outcome(`In 2020, 667,000 people ${died} in France.`, [alone('667,000', 'France')])).toBe(
        'escalate',
      );
    }
    expect(outcome('In 2020, 735,000 babies were born in France.', [france])).toBe('supported');
    expect(outcome('In 2020, 735,000 babies were born in France.', [deaths])).toBe('escalate');
    expect(outcome('France recorded 12,400 injuries in 2020.', [injuries])).toBe('supported');
    expect(outcome('In 2020, 12,400 people were injured in France.', [injuries])).toBe('supported');
    expect(outcome('France recorded 12,400 deaths in 2020.', [injuries])).toBe('escalate');
  });

  it('a column that only names a period says nothing a claim could count against', () => {
    const band = operand('3,400', { rowLabel: '15–24', columnLabel: '2019', period: '2019' });
    expect(outcome('In 2019, 3,400 people were aged 15–24.', [band])).toBe('supported');
  });

  it("a table's title says what its figures count when its columns only name periods", () => {
    const titled = (title: string | null) =>
      operand('735,000', { rowLabel: 'France', columnLabel: '2020', period: '2020', tableTitle: title });
    const byCountry = titled('Table 2. Births by country, 2020');
    expect(outcome('France recorded 735,000 births in 2020.', [byCountry])).toBe('supported');
    expect(outcome('France recorded 735,000 deaths in 2020.', [byCountry])).toBe('escalate');
    expect(
      assessWithReasons('France recorded 735,000 deaths in 2020.', [byCountry]).facets.find(
        (f) => f.facet === 'entity',
      )?.why,
    ).toContain('Table 2. Births by country, 2020');
    // A title of only an exhibit's number and a period says nothing to count against.
    expect(outcome('France recorded 735,000 deaths in 2020.', [titled('Table 2, 2020')])).toBe('supported');
  });

  it('a hyphenated count names the row it joins ("owner-occupied homes": "Owner occupied")', () => {
    const owners = operand('14,812', {
      rowLabel: 'Owner occupied',
      columnLabel: '2023',
      period: '2023',
      tableTitle: 'Table 4. Households by tenure',
    });
    expect(outcome('There were 14,812 owner-occupied homes in 2023.', [owners])).toBe('supported');
    expect(outcome('Owner occupied homes numbered 14,812 households in 2023.', [owners])).toBe('supported');
  });

  it('in running text, the noun the source writes after its figure says what it counts', () => {
    const prose = (raw: string, rowLabel: string, textAfter: string) =>
      operand(raw, { rowLabel, columnLabel: null, columnKey: null, period: '2020', textAfter });
    const france = prose('735,000', 'In 2020 France recorded', ' births, the lowest since 1945.');
    const italy = prose('404,000', 'Italy recorded', ' births in 2020.');
    expect(outcome('France recorded 735,000 births in 2020.', [france])).toBe('supported');
    expect(outcome('France recorded 735,000 deaths in 2020.', [france])).toBe('escalate');
    expect(
      assessWithReasons('France recorded 735,000 deaths in 2020.', [france]).facets.find(
        (f) => f.facet === 'entity',
      )?.why,
    ).toContain('the source counts "births"');
    for (const order of [
      [france, italy],
      [italy, france],
    ]) {
      expect(outcome('France recorded 331,000 more births than Italy in 2020.', order)).toBe('supported');
      expect(outcome('France recorded 331,000 more deaths than Italy in 2020.', order)).toBe('escalate');
    }
    // A source that counts nothing after its figure says nothing to count against.
    const sales = prose('1,200', 'Sales reached', ' in 2020.');
    expect(outcome('Sales reached 1,200 trucks in 2020.', [sales])).toBe('supported');
  });
});

describe('a row set in under a heading, named by its own label', () => {
  const segment = (raw: string, heading: string, own: string, title: string | null, others: string[]) =>
    operand(raw, {
      rowLabel: `${heading} ${own}`,
      rowLeaf: own,
      otherRowHeadings: others,
      columnLabel: '2023',
      period: '2023',
      tableTitle: title,
    });

  it('needs the claim to say what the title counts: the heading may be another measure', () => {
    const arrests = segment('102,100', 'Violent crime', 'Robbery', 'Arrests by offense, 2023', [
      'Property crime',
    ]);
    expect(outcome('There were 102,100 arrests for robbery in 2023.', [arrests])).toBe('supported');
    expect(outcome('There were 102,100 robberies in 2023.', [arrests])).toBe('escalate');
    expect(outcome('There were 102,100 arrests for property crime robbery in 2023.', [arrests])).toBe(
      'escalate',
    );
    const untitled = segment('102,100', 'Violent crime', 'Robbery', null, []);
    expect(outcome('There were 102,100 arrests for robbery in 2023.', [untitled])).toBe('escalate');
    expect(outcome('There were 102,100 arrests for violent crime robbery in 2023.', [untitled])).toBe(
      'supported',
    );
  });

  it('never when the claim names another heading of the table as the measure', () => {
    const income = segment(
      '800',
      'Operating income',
      'International',
      'Net sales and operating income by segment',
      ['Net sales'],
    );
    expect(outcome('International net sales were 800 in 2023.', [income])).toBe('escalate');
    expect(outcome('International operating income was 800 in 2023.', [income])).toBe('supported');
  });

  it('an own label of only "Total" or "Other" names no row alone', () => {
    for (const own of ['Total', 'Other', 'Net total'])
      expect(
        outcome(`There were 102,100 ${own.toLowerCase()} arrests in 2023.`, [
          segment('102,100', 'Violent crime', own, 'Arrests by offense, 2023', ['Property crime']),
        ]),
        own,
      ).toBe('escalate');
  });
});

describe('a part of its row beside the whole', () => {
  it('a figure under "Male" or a band beside "Total" is named only with its part', () => {
    for (const [part, named] of [
      ['Male', 'There were 4,400 male residents in 2020.'],
      ['Under 18', 'There were 4,400 residents under 18 in 2020.'],
    ] as const) {
      const op = operand('4,400', {
        rowLabel: 'Residents',
        columnLabel: part,
        period: '2020',
        otherColumns: ['Total'],
      });
      expect(outcome('There were 4,400 residents in 2020.', [op]), part).toBe('escalate');
      expect(outcome(named, [op]), part).toBe('supported');
    }
    const whole = operand('6,000', {
      rowLabel: 'Residents',
      columnLabel: 'Total',
      period: '2020',
      otherColumns: ['Male'],
    });
    expect(outcome('There were 6,000 residents in 2020.', [whole])).toBe('supported');
  });
});
