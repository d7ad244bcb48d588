import { describe, expect, it } from 'vitest';
import { assess, LIMITATION } from '../../../service/numeric/assess';
import { AssessmentSchema, operand, pair } from './helpers';

// Basic behaviour of assess(): the outcome table, the response shape and the fixed members.

describe('assess', () => {
  it('supports a correct percent change and shows the computation', () => {
    const r = assess('Revenue rose 12% from $1.0bn to $1.12bn in 2023', pair('$1,000m', '$1,120m'));
    expect(AssessmentSchema.parse(r)).toEqual(r);
    expect(r.outcome).toBe('supported');
    expect(r.arithmetic?.verdict).toBe('holds');
    expect(r.arithmetic?.computed).toBeCloseTo(12, 12);
    expect(r.arithmetic?.tolerance).toBe(0.5);
    expect(r.arithmetic?.reason).toContain('($1.12bn in 2023 − $1bn) / $1bn × 100 = 12.00%');
    expect(r.comparability?.verdict).toBe('comparable');
    expect(r.comparability?.facets.map((f) => f.facet)).toEqual([
      'unit',
      'scale',
      'entity',
      'period',
      'basis',
    ]);
    expect(r.scope).toBe('arithmetic_only');
    expect(r.limitation).toBe(LIMITATION);
  });

  it('reads "N <what it counts> more than" as a difference, and a change or a band never so', () => {
    const years = (y1: string, y2: string) =>
      [
        { columnLabel: y1, period: y1 },
        { columnLabel: y2, period: y2 },
      ] as const;
    const verdict = (claim: string, a: string, b: string) =>
      assess(claim, pair(a, b, ...years('2007', '2008'))).arithmetic?.verdict;
    expect(verdict('Revenue was 17 kWh less in 2008 than in 2007', '1,456', '1,439')).toBe('holds');
    expect(verdict('Revenue was 18 kWh less in 2008 than in 2007', '1,456', '1,439')).toBe('fails');
    // "rise" names a change, never what 5% counts: the claim is a 5% rise from 2018 to 2019.
    const rise = assess(
      'Revenue saw a 5% rise more than offset by costs',
      pair('100', '105', ...years('2018', '2019')),
    );
    expect(rise.arithmetic?.verdict).toBe('holds');
  });

  it('contradicts a wrong percent change', () => {
    const r = assess('Revenue rose 15% in 2023', pair('1,000', '1,120'));
    expect(r.outcome).toBe('contradicted');
    expect(r.arithmetic?.verdict).toBe('fails');
  });

  it('escalates when a facet is left to a judge', () => {
    const r = assess('Revenue rose 12%', pair('1,000', '1,120', { period: null }, { period: null }));
    expect(r.outcome).toBe('escalate');
    expect(r.comparability?.verdict).toBe('unknown');
    const period = r.comparability?.facets.find((f) => f.facet === 'period');
    expect(period).toEqual({ facet: 'period', decidedBy: 'judge', passed: null, p: null });
  });

  it('is not applicable without a relation', () => {
    const r = assess('The company is based in Ohio', [operand('1,000')]);
    expect(r).toMatchObject({ outcome: 'not_applicable', arithmetic: null, comparability: null });
    expect(AssessmentSchema.parse(r)).toEqual(r);
  });

  it('escalates a relation that needs two operands when one is given', () => {
    const r = assess('Revenue rose $120m', [operand('$1,000m')]);
    expect(r.outcome).toBe('escalate');
    expect(r.arithmetic).toMatchObject({ verdict: 'not_computable', computed: null });
  });

  it('reads a hedged round number as rounded, never further than a fiftieth of itself', () => {
    const checks = (claim: string, raw: string) => assess(claim, [operand(raw)]).arithmetic?.verdict;
    // "almost 57,000" is below 57,000 by at most its rounding unit, the thousand.
    expect(checks('Revenue was almost 57,000 in 2022', '56,941')).toBe('holds');
    expect(checks('Revenue was almost 57,000 in 2022', '55,800')).toBe('fails');
    expect(checks('Revenue was almost 57,000 in 2022', '57,010')).toBe('fails');
    expect(checks('Revenue was nearly 3,000,000 in 2022', '2,950,000')).toBe('holds');
    // A fiftieth at most: "about 1,000" is not 1,900, nor 1,030.
    expect(checks('Revenue was about 1,000 in 2022', '1,019')).toBe('holds');
    expect(checks('Revenue was about 1,000 in 2022', '1,030')).toBe('fails');
    expect(checks('Revenue was about 1,000 in 2022', '1,900')).toBe('fails');
    // Without a hedge a round number is read to its unit, as written.
    expect(checks('Revenue was 57,000 in 2022', '56,941')).toBe('fails');
    const r = assess('Revenue was almost 57,000 in 2022', [operand('56,941')]);
    expect(r.outcome).toBe('supported');
    expect(r.arithmetic?.reason).toContain('by at most 1,000');
  });

  it('flags a claim that holds only by rounding', () => {
    const r = assess('Revenue was $4.2bn in 2022', [operand('$4,213m')]);
    expect(r.outcome).toBe('supported');
    expect(r.arithmetic?.holds_only_by_rounding).toBe(true);
    expect(r.arithmetic?.reason).toContain('only within rounding');
  });

  it('gives the same, right answer every time', () => {
    const ops = pair('1,000', '1,120');
    const first = assess('In 2023, revenue rose about 12%', ops);
    expect(first.outcome).toBe('supported');
    expect(first.arithmetic).toMatchObject({ verdict: 'holds', computed: 12 });
    expect(JSON.stringify(assess('In 2023, revenue rose about 12%', pair('1,000', '1,120')))).toBe(
      JSON.stringify(first),
    );
  });
});
