import { describe, expect, it } from 'vitest';
import {
  claimPeriods,
  order,
  parsePeriod,
  periodMentions,
  periodOf,
  previous,
  relate,
} from '../../../shared/structure';

// The periods reader (service/numeric/RULES.md, "Periods"): one reader for claims and for the headers
// around a source figure, every common way a period is written, and how two periods compare.

describe('periodOf: the one period a header or label shows', () => {
  it.each([
    ['2019', '2019'],
    ['Year ended December 31, 2019', '2019'],
    ['the year ended 31 March 2019', 'FY2019'],
    ['Fiscal Year 2019', 'FY2019'],
    ['FY19', 'FY2019'],
    ["FY'19", 'FY2019'],
    ['fiscal 2019', 'FY2019'],
    ['2019/20', '2019/20'],
    ['FY2023/24', '2023/24'],
    ['2018-2019', '2018/19'],
    ['Q3 FY24', 'Q3 2024'],
    ['3Q24', 'Q3 2024'],
    ['third quarter of 2024', 'Q3 2024'],
    ['three months ended September 30, 2019', 'Q3 2019'],
    ['Six Months Ended June 30, 2019', 'H1 2019'],
    ['first half of 2019', 'H1 2019'],
    ['H2 2019', 'H2 2019'],
    ['December 31, 2019', '2019'],
    ['As of December 31, 2018', '2018'],
    ['31 Dec 2019', '2019'],
    ['31/12/2019', '2019'],
    ['2019-12-31', '2019'],
    ['March 2019', '2019-03'],
    ['2 0 1 8', '2018'],
    ['2018 $ million', '2018'],
  ])('%s → %s', (text, label) => {
    expect(periodOf(text)).toBe(label);
  });

  it.each(['2019 vs 2018', '2019-2023', 'Revenue', 'revenue of $2019', '12,019', 'Level 2'])(
    '%s shows no single period',
    (text) => {
      expect(periodOf(text)).toBeNull();
    },
  );

  it('reads every normalised label back to the same period', () => {
    for (const label of ['2019', 'FY2019', '2019/20', 'Q3 2019', 'H1 2019', '2019-03'])
      expect(parsePeriod(label)?.label).toBe(label);
  });
});

describe('periodMentions: where each period is written', () => {
  it('finds each period once, with its span, skipping numbers given', () => {
    const text = 'Revenue rose 12% in 2019 compared with FY2018';
    const found = periodMentions(text);
    expect(found.map((p) => [p.label, text.slice(p.start, p.end)])).toEqual([
      ['2019', '2019'],
      ['FY2018', 'FY2018'],
    ]);
    expect(periodMentions(text, [[20, 24]]).map((p) => p.label)).toEqual(['FY2018']);
  });
});

describe('relate: how two periods compare', () => {
  const p = (label: string) => {
    const period = parsePeriod(label);
    if (period === null) throw new Error(label);
    return period;
  };
  it.each([
    ['2019', '2019', 'same'],
    ['FY2019', '2019', 'same'],
    ['2019', '2018', 'different'],
    ['FY2019', 'FY2018', 'different'],
    ['Q3 2019', 'Q3 2019', 'same'],
    ['Q3 2019', '2019', 'overlap'],
    ['Q3 2019', '2018', 'different'],
    ['Q3 2019', 'Q2 2019', 'different'],
    ['H1 2019', 'Q2 2019', 'overlap'],
    ['2019/20', 'FY2020', 'same'],
    ['2019/20', '2020', 'overlap'],
    ['2019/20', '2017', 'different'],
    ['2019-03', 'Q1 2019', 'overlap'],
  ] as const)('%s and %s: %s', (a, b, expected) => {
    expect(relate(p(a), p(b))).toBe(expected);
    expect(relate(p(b), p(a))).toBe(expected);
  });

  it('orders periods of different kinds only where they cannot overlap', () => {
    expect(order(p('2020'), p('2021/22'))).toBe(-1);
    expect(order(p('2021/22'), p('2020'))).toBe(1);
    expect(order(p('2021'), p('2021/22'))).toBeNull();
    expect(order(p('Q3 2019'), p('2020'))).toBe(-1);
    expect(order(p('FY2019'), p('2018'))).toBe(1);
  });

  it('the period before: a year, a quarter, across a year end', () => {
    expect(previous(p('2019'), 'step').label).toBe('2018');
    expect(previous(p('Q1 2019'), 'step').label).toBe('Q4 2018');
    expect(previous(p('Q3 2019'), 'year').label).toBe('Q3 2018');
    expect(previous(p('H1 2019'), 'step').label).toBe('H2 2018');
  });
});

describe('claimPeriods: what a claim says of periods', () => {
  it.each([
    ['Revenue rose 5% last year', 'last year'],
    ['Revenue rose 5% on a year earlier', 'a year earlier'],
    ['Revenue rose 5% in the first half', 'the first half'],
    ['Revenue rose 5% in Q3', 'Q3'],
    ['Revenue rose 5% in the previous quarter', 'previous quarter'],
  ])('%s is relative (%s)', (claim, words) => {
    expect(claimPeriods(claim).relative).toBe(words);
  });

  it.each([
    'Revenue rose 5% in the first half of 2024',
    'Revenue rose 5% in Q3 2024',
    'Revenue rose 5% in 2024 compared with 2023',
  ])('%s names its periods and nothing relative', (claim) => {
    const read = claimPeriods(claim);
    expect(read.relative).toBeNull();
    expect(read.named.length).toBeGreaterThan(0);
  });

  it('reads year-on-year and sequential comparisons', () => {
    expect(claimPeriods('up 5% year on year in Q3 2024').yearOnYear).toBe(true);
    expect(claimPeriods('up 5% y/y').yearOnYear).toBe(true);
    expect(claimPeriods('up 5% quarter on quarter').sequential).toBe(true);
    expect(claimPeriods('up 5% in Q3 2024').yearOnYear).toBe(false);
  });
});
