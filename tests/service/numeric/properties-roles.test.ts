import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERAND_ROLES } from '../../../shared/api';
import { assessWithReasons } from '../../../service/numeric/assess';
import { RolesDoNotFit } from '../../../service/numeric/roles';
import type { Assessment, EngineOperand } from '../../../service/numeric/types';
import { AssessmentSchema, operand } from './helpers';

// Properties of roles read from the claim's words: whichever order the figures come in, the outcome, the
// arithmetic verdict and the computed value are the same; a true claim is never contradicted and its
// arithmetic never fails; a claim moved three tolerances off, or one that gives the figures each other's
// roles, is never supported and its arithmetic never holds.

/** Two things of one table: two rows under one column, or one row under two columns (not periods). */
const STRUCTURES = [
  {
    things: ['Texas', 'Ohio'],
    row: (t: string) => t,
    column: () => 'Handgun',
    name: (t: string) => `${t} handgun checks`,
    measure: 'handgun checks',
  },
  {
    things: ['Asia', 'Europe'],
    row: (t: string) => t,
    column: () => 'Revenue',
    name: (t: string) => `revenue in ${t}`,
    measure: 'revenue',
  },
  {
    things: ['Handgun', 'Long Gun'],
    row: () => 'Texas',
    column: (t: string) => t,
    name: (t: string) => `${t.toLowerCase()} checks in Texas`,
    measure: 'checks',
  },
] as const;

interface Pair {
  x: string;
  y: string;
  measure: string;
  operands: [EngineOperand, EngineOperand];
  a: number;
  b: number;
}

const pair = (s: number, a: number, b: number, swap: boolean): Pair => {
  const st = STRUCTURES[s]!;
  const [x, y] = swap ? [st.things[1], st.things[0]] : [st.things[0], st.things[1]];
  const at = (thing: string, value: number, k: number) =>
    operand(value.toLocaleString('en-US'), {
      rowLabel: st.row(thing),
      columnLabel: st.column(thing),
      period: '2023',
      rowKey: `S!${st.row(thing) === 'Texas' ? 4 : 4 + k}`,
      columnKey: `S!${String.fromCharCode(66 + (st.column(thing) === 'Handgun' ? 0 : k))}`,
    });
  return { x: st.name(x), y: st.name(y), measure: st.measure, operands: [at(x, a, 0), at(y, b, 1)], a, b };
};

interface Family {
  name: string;
  /** The relation's value with x as subject and y as reference. */
  value: (a: number, b: number) => number;
  /** The claim stating `text` (a decimal string of the value's magnitude) with `sign` its direction. */
  claim: (p: Pair, text: string, sign: number) => string;
  /** Holds whichever thing is the subject ("the difference between"). */
  symmetric?: boolean;
}

const FAMILIES: Family[] = [
  {
    name: 'N more than',
    value: (a, b) => a - b,
    claim: (p, t, s) => `In 2023, ${p.x} were ${t} ${s < 0 ? 'less' : 'more'} than ${p.y}`,
  },
  {
    name: 'exceeded/trailed by N',
    value: (a, b) => a - b,
    claim: (p, t, s) => `In 2023, ${p.x} ${s < 0 ? 'trailed' : 'exceeded'} ${p.y} by ${t}`,
  },
  {
    name: 'P% higher/lower than',
    value: (a, b) => ((a - b) / b) * 100,
    claim: (p, t, s) => `In 2023, ${p.x} was ${t}% ${s < 0 ? 'lower' : 'higher'} than ${p.y}`,
  },
  {
    name: 'R times as many as',
    value: (a, b) => a / b,
    claim: (p, t) => `In 2023, ${p.x} were ${t} times as large as ${p.y}`,
  },
  {
    name: 'the difference between',
    value: (a, b) => Math.abs(a - b),
    claim: (p, t) => `In 2023, the difference between ${p.x} and ${p.y} was ${t}`,
    symmetric: true,
  },
];

const value = fc.integer({ min: 100, max: 999_999 });

/** A number as a claim writes it: thousands grouped (a bare "2000" would read as a year). */
const written = (x: number, d: number) =>
  x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const structure = fc.integer({ min: 0, max: STRUCTURES.length - 1 });
const decimals = fc.integer({ min: 0, max: 2 });

const key = (r: Assessment) => ({
  outcome: r.outcome,
  verdict: r.arithmetic?.verdict ?? null,
  computed: r.arithmetic?.computed ?? null,
});

/** The answer in both orders, checked to be one answer. */
function both(claim: string, ops: readonly [EngineOperand, EngineOperand]): Assessment {
  const first = assessWithReasons(claim, ops).assessment;
  const second = assessWithReasons(claim, [ops[1], ops[0]]).assessment;
  AssessmentSchema.parse(first);
  const [k1, k2] = [key(first), key(second)];
  expect(k2.outcome, claim).toBe(k1.outcome);
  expect(k2.verdict, claim).toBe(k1.verdict);
  if (k1.computed === null) expect(k2.computed, claim).toBeNull();
  else
    expect(Math.abs((k2.computed ?? NaN) - k1.computed), claim).toBeLessThanOrEqual(
      1e-9 * Math.max(1, Math.abs(k1.computed)),
    );
  return first;
}

describe('roles: properties', () => {
  for (const family of FAMILIES) {
    it(`${family.name}: a true claim is supported in both orders, never contradicted`, () => {
      let supported = 0;
      let checked = 0;
      fc.assert(
        fc.property(structure, value, value, decimals, fc.boolean(), (s, a, b, d, swap) => {
          const truth = family.value(a, b);
          const text = written(Math.abs(truth), d);
          if (Number(Math.abs(truth).toFixed(d)) === 0) return;
          const p = pair(s, a, b, swap);
          const r = both(family.claim(p, text, Math.sign(truth)), p.operands);
          expect(r.outcome).not.toBe('contradicted');
          expect(r.arithmetic?.verdict).not.toBe('fails');
          checked++;
          if (r.outcome === 'supported') supported++;
        }),
        { numRuns: 150 },
      );
      // Not vacuous: the comparable, named case is decided.
      expect(supported).toBeGreaterThan(0.9 * checked);
    });

    it(`${family.name}: a number three tolerances off is never supported, in both orders`, () => {
      fc.assert(
        fc.property(structure, value, value, decimals, fc.boolean(), (s, a, b, d, up) => {
          const truth = Math.abs(family.value(a, b));
          const moved = Number(truth.toFixed(d)) + (up ? 3 : -3) * 0.5 * 10 ** -d;
          if (moved <= 0) return;
          const p = pair(s, a, b, false);
          const r = both(family.claim(p, written(moved, d + 1), Math.sign(family.value(a, b))), p.operands);
          expect(r.outcome).not.toBe('supported');
          expect(r.arithmetic?.verdict).not.toBe('holds');
        }),
        { numRuns: 150 },
      );
    });

    if (!family.symmetric)
      it(`${family.name}: the figures' names swapped is never supported, in both orders`, () => {
        fc.assert(
          fc.property(structure, value, value, decimals, (s, a, b, d) => {
            const truth = family.value(a, b);
            const text = written(Math.abs(truth), d);
            const p = pair(s, a, b, false);
            // The same words and number, with the subject and the reference exchanged.
            const swapped = { ...p, x: p.y, y: p.x };
            const reverse = family.value(b, a);
            const tolerance = 0.5 * 10 ** -d;
            // Skip pairs so close that the swapped claim is true too.
            if (
              Math.abs(truth) <= 2 * tolerance ||
              Math.abs(Math.abs(reverse) - Math.abs(truth)) <= 2 * tolerance
            )
              return;
            const r = both(family.claim(swapped, text, Math.sign(truth)), p.operands);
            expect(r.outcome).not.toBe('supported');
            expect(r.arithmetic?.verdict).not.toBe('holds');
          }),
          { numRuns: 150 },
        );
      });
  }

  const words = [
    'Texas',
    'Ohio',
    'handgun',
    'checks',
    'exceeded',
    'trailed',
    'by',
    'than',
    'more',
    'fewer',
    'times',
    'as many',
    'as',
    'of',
    'all',
    'accounted for',
    'minus',
    'the difference between',
    'and',
    'rose',
    'from',
    'to',
    'in 2023',
    'in 2022',
    'last year',
    '(56,941)',
    '5,271',
    '10.2%',
    '4.7',
    'was',
    'were exceeded by',
    'half',
    'twice',
    'nearly',
  ];
  const claims = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 14 }).map((w) => w.join(' '));
  const shapes = fc.constantFrom(
    [
      operand('56,941', { rowLabel: 'Texas', columnLabel: 'Handgun', period: '2023' }),
      operand('12,004', { rowLabel: 'Ohio', columnLabel: 'Handgun', period: '2023', rowKey: 'S!5' }, 1),
    ] as const,
    [
      operand('56,941', { rowLabel: 'Texas', period: '2022' }),
      operand('51,670', { rowLabel: 'Texas', period: '2023' }, 1),
    ] as const,
    [
      operand('56,941', { unitKind: 'page', rowLabel: 'Texas', columnLabel: null, period: null }),
      operand('51,670', { unitKind: 'page', rowLabel: 'Texas', columnLabel: null, period: null }, 1),
    ] as const,
  );

  it("any roles a person gives either fit the claim's relation or are refused, never a failure", () => {
    const roles = fc.array(fc.constantFrom(...OPERAND_ROLES), { minLength: 2, maxLength: 2 });
    let computed = 0;
    fc.assert(
      fc.property(claims, shapes, roles, (claim, ops, given) => {
        try {
          const r = assessWithReasons(claim, ops as unknown as EngineOperand[], { roles: given }).assessment;
          AssessmentSchema.parse(r);
          expect(r.arithmetic?.reason.includes('engine failed') ?? false).toBe(false);
          if (r.roles !== undefined) {
            expect(r.roles.state).toBe('person');
            computed++;
          }
        } catch (error) {
          expect(error).toBeInstanceOf(RolesDoNotFit);
        }
      }),
      { numRuns: 1000 },
    );
    expect(computed).toBeGreaterThan(0);
  });

  it('any claim built of comparison words gets the same answer in both orders', () => {
    fc.assert(
      fc.property(claims, shapes, (claim, ops) => {
        const r = both(claim, ops as unknown as [EngineOperand, EngineOperand]);
        if (r.roles?.state === 'unclear') expect(r.arithmetic?.verdict).toBe('not_computable');
      }),
      { numRuns: 1500 },
    );
  });
});
