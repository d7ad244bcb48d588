import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assess } from '../../../service/numeric/assess';
import type { EngineOperand } from '../../../service/numeric/types';
import { AssessmentSchema, operand } from './helpers';

// Properties of the numeric engine: a claim written from the true value, rounded to the precision it
// states, is never contradicted; a claim moved three tolerances away is never supported; any text is
// answered with a valid assessment and never an exception.

const ASIA = { rowLabel: 'Asia', rowKey: 'S!4', period: '2023', columnKey: 'S!C' };
const COSTS = { rowLabel: 'Costs', rowKey: 'S!3' };
const R23 = { period: '2023', columnLabel: '2023', columnKey: 'S!C' };

interface Relation {
  name: string;
  /** The true value of the relation over a and b. */
  value: (a: number, b: number) => number;
  /** The claim that states `text` (a signed decimal string with `d` decimals). */
  claim: (stated: number, text: string) => string;
  operands: (a: string, b: string) => EngineOperand[];
}

const abs = (text: string) => text.replace(/^-/, '');
const RELATIONS: Relation[] = [
  {
    name: 'change percent',
    value: (a, b) => ((b - a) / a) * 100,
    claim: (s, t) => `Revenue ${s < 0 ? 'fell' : 'rose'} ${abs(t)}% in 2023`,
    operands: (a, b) => [operand(a), operand(b, {}, 1)],
  },
  {
    name: 'change absolute',
    value: (a, b) => b - a,
    claim: (s, t) => `Revenue was ${s < 0 ? 'down' : 'up'} $${abs(t)} in 2023`,
    operands: (a, b) => [operand(`$${a}`), operand(`$${b}`, {}, 1)],
  },
  {
    name: 'change points',
    value: (a, b) => b - a,
    claim: (s, t) => `Revenue ${s < 0 ? 'fell' : 'rose'} ${abs(t)} percentage points in 2023`,
    operands: (a, b) => [operand(`${a}%`), operand(`${b}%`, {}, 1)],
  },
  {
    name: 'ratio',
    value: (a, b) => b / a,
    claim: (_s, t) => `Revenue grew ${t}x in 2023`,
    operands: (a, b) => [operand(a), operand(b, {}, 1)],
  },
  {
    name: 'share',
    value: (a, b) => (a / b) * 100,
    claim: (_s, t) => `In 2023, Asia accounts for ${t}% of revenue`,
    operands: (a, b) => [operand(a, ASIA), operand(b, {}, 1)],
  },
  {
    name: 'sum',
    value: (a, b) => a + b,
    claim: (_s, t) => `In 2023, revenue and costs together were $${t}`,
    operands: (a, b) => [operand(`$${a}`, R23), operand(`$${b}`, COSTS, 1)],
  },
  {
    name: 'difference',
    value: (a, b) => a - b,
    claim: (s, t) => `In 2023, revenue was $${abs(t)} ${s < 0 ? 'less' : 'more'} than costs`,
    operands: (a, b) => [operand(`$${a}`, R23), operand(`$${b}`, COSTS, 1)],
  },
  {
    name: 'equals',
    value: (a) => a,
    claim: (_s, t) => `Revenue was ${t} in 2022`,
    operands: (a) => [operand(a)],
  },
];

// Positive amounts written with two decimals (never a bare year), from 0.01 to 999,999.99.
const amount = fc.integer({ min: 1, max: 99_999_999 }).map((cents) => cents / 100);
const decimals = fc.integer({ min: 0, max: 2 });

describe('numeric engine properties', () => {
  for (const rel of RELATIONS) {
    it(`${rel.name}: the true value rounded to the stated precision is never contradicted`, () => {
      fc.assert(
        fc.property(amount, amount, decimals, (a, b, d) => {
          const truth = rel.value(a, b);
          const text = truth.toFixed(d);
          const r = assess(rel.claim(Number(text), text), rel.operands(a.toFixed(2), b.toFixed(2)));
          AssessmentSchema.parse(r);
          expect(r.outcome).not.toBe('contradicted');
          expect(r.arithmetic?.verdict).not.toBe('fails');
          if (r.comparability?.verdict === 'comparable' && r.arithmetic?.verdict === 'holds')
            expect(r.outcome).toBe('supported');
        }),
        { numRuns: 300 },
      );
    });

    it(`${rel.name}: a value three tolerances away is never supported`, () => {
      fc.assert(
        fc.property(amount, amount, decimals, fc.boolean(), (a, b, d, up) => {
          const truth = rel.value(a, b);
          const tolerance = 0.5 * 10 ** -d;
          const moved = Number(truth.toFixed(d)) + (up ? 3 : -3) * tolerance;
          const text = moved.toFixed(d + 1);
          if (rel.name === 'ratio' && moved <= 0) return;
          const r = assess(rel.claim(Number(text), text), rel.operands(a.toFixed(2), b.toFixed(2)));
          AssessmentSchema.parse(r);
          expect(r.outcome).not.toBe('supported');
          expect(r.arithmetic?.verdict).not.toBe('holds');
        }),
        { numRuns: 300 },
      );
    });
  }

  it('the comparable, exact case is supported (the properties are not vacuous)', () => {
    let supported = 0;
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const rel = RELATIONS[0] as Relation;
        const text = rel.value(a, b).toFixed(1);
        const r = assess(rel.claim(Number(text), text), rel.operands(a.toFixed(2), b.toFixed(2)));
        if (r.outcome === 'supported') supported++;
      }),
      { numRuns: 200 },
    );
    expect(supported).toBeGreaterThan(150);
  });

  const words = [
    'Revenue',
    'rose',
    'fell',
    'by',
    'about',
    'nearly',
    'more than',
    'from',
    'to',
    'of',
    'together',
    'times',
    'doubled',
    'half',
    'a quarter',
    'not',
    '12%',
    '$1.2bn',
    '(3,400)',
    '0.4pp',
    '25 bps',
    '3x',
    '1,5',
    '2023',
    'Q3 2024',
    'FY23',
    'adjusted',
    'exceeds',
    'than',
    'less',
    '-',
    '~',
    'between',
    'and',
    '€5m',
    '0',
    '%',
  ];
  const claims = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((w) => w.join(' ')),
  );
  const ops = fc.constantFrom(
    [operand('1,000')],
    [operand('1,000'), operand('1,120', {}, 1)],
    [operand('(3,400)'), operand('0', {}, 1)],
    [operand('$1.2bn'), operand('12%', {}, 1)],
    [operand('0.4pp')],
    [] as EngineOperand[],
  );

  it('never throws and always answers a valid assessment', () => {
    fc.assert(
      fc.property(claims, ops, (claim, operands) => {
        const r = assess(claim, operands);
        expect(AssessmentSchema.parse(r)).toEqual(r);
        if (r.outcome === 'supported') expect(r.arithmetic?.verdict).toBe('holds');
        if (r.outcome === 'contradicted') expect(r.arithmetic?.verdict).toBe('fails');
        expect(r.arithmetic?.reason.includes('engine failed') ?? false).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
