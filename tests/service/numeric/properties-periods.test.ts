import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assess } from '../../../service/numeric/assess';
import type { EngineOperand } from '../../../service/numeric/types';
import { operand } from './helpers';

// Properties of the period rules: a true claim is never contradicted when its operands' periods and
// labels are read right, however the claim words its periods; it is supported whenever it names every
// period and row the operands show; and a number taken from a label never turns an outcome into
// "contradicted".

const LABELS = ['Revenue', 'Net sales', 'Operating income', 'Deferred revenue', 'Subscribers'];
const LOSS_LABELS = ['Net loss', 'Operating expenses', 'Cost of sales', 'Impairment charges'];

/** How a change claim names its periods: [wording, names both periods the operands show]. */
const PERIOD_WORDING: readonly ((a: number, b: number) => [string, boolean])[] = [
  (a, b) => [`from ${a} to ${b}`, true],
  (a, b) => [`in ${b} compared with ${a}`, true],
  (a, b) => [`in ${b} versus ${a}`, true],
  (a, b) => [`in ${b} (${a}: the base)`, true],
  (_a, b) => [`year on year in ${b}`, true],
  (_a, b) => [`in fiscal ${b}`, true],
  (_a, b) => [`in FY${String(b).slice(2)}`, true],
  () => ['', false],
  () => ['from last year', false],
];

const cents = fc.integer({ min: 100, max: 99_999_999 }).map((c) => c / 100);
/** A later value within a factor of 4 of the earlier (further apart reads as a missed scale note). */
const pair = fc
  .tuple(cents, fc.integer({ min: 25, max: 400 }))
  .map(([a, pct]) => [a, Math.round(a * pct) / 100] as const)
  .filter(([a, b]) => b > 0 && a !== b);

function ops(label: string, year: number, a: string, b: string): EngineOperand[] {
  const ctx = (y: number, key: string) => ({
    rowLabel: label,
    period: String(y),
    columnLabel: String(y),
    columnKey: key,
  });
  return [operand(a, ctx(year, 'S!B'), 0), operand(b, ctx(year + 1, 'S!C'), 1)];
}

describe('numeric engine properties: periods, labels and signs', () => {
  it('a true change is never contradicted, and is supported when it names the periods and the row', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LABELS),
        fc.integer({ min: 2001, max: 2040 }),
        pair,
        fc.integer({ min: 0, max: PERIOD_WORDING.length - 1 }),
        fc.boolean(),
        (label, year, [a, b], w, percent) => {
          const [when, named] = PERIOD_WORDING[w]!(year, year + 1);
          const change = percent ? ((b - a) / a) * 100 : b - a;
          const text = Math.abs(change).toFixed(2);
          if (Number(text) === 0) return;
          const verb = change < 0 ? 'fell' : 'rose';
          const claim = `${label} ${verb} ${percent ? `${text}%` : `by ${text}`} ${when}`.trim();
          const r = assess(claim, ops(label, year, a.toFixed(2), b.toFixed(2)));
          expect(r.outcome, `${claim}\n${r.reason}`).not.toBe('contradicted');
          if (named) expect(r.outcome, `${claim}\n${r.reason}`).toBe('supported');
          else expect(r.outcome, `${claim}\n${r.reason}`).toBe('escalate');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a loss, expense or cost printed negative: a true claim about its size is supported, never contradicted', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOSS_LABELS),
        fc.integer({ min: 2001, max: 2040 }),
        pair,
        fc.boolean(),
        (label, year, [a, b], parentheses) => {
          const size = b - a;
          const text = Math.abs(size).toFixed(2);
          if (Number(text) === 0) return;
          const printed = (x: number) => (parentheses ? `(${x.toFixed(2)})` : `-${x.toFixed(2)}`);
          const worded = (verb: string) => `${label} ${verb} by ${text} from ${year} to ${year + 1}`;
          const claim = worded(size < 0 ? 'fell' : 'rose');
          const r = assess(claim, ops(label, year, printed(a), printed(b)));
          expect(r.outcome, `${claim}\n${r.reason}`).toBe('supported');
          // The same claim on the signed reading (the direction flipped) is false, and is contradicted.
          const flipped = worded(size < 0 ? 'rose' : 'fell');
          expect(assess(flipped, ops(label, year, printed(a), printed(b))).outcome).toBe('contradicted');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a number taken from a label never changes the outcome to contradicted', () => {
    const NAMED = [
      (n: number) => `Level ${n} assets`,
      (n: number) => `${n} nanometers products`,
      (n: number) => `Net income (${n})`,
      (n: number) => `Tier ${n} capital`,
      (n: number) => `Segment ${n}`,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: NAMED.length - 1 }),
        fc.integer({ min: 1, max: 999 }),
        pair,
        fc.constantFrom(0, 1, 3),
        (k, n, [a, b], moved) => {
          const year = 2022;
          const change = ((b - a) / a) * 100;
          const stated = Math.abs(change) + moved * 0.01;
          const text = stated.toFixed(2);
          if (Number(text) === 0) return;
          const verb = change < 0 ? 'fell' : 'rose';
          const label = NAMED[k]!(n);
          const plain = assess(
            `Revenue ${verb} ${text}% from ${year} to ${year + 1}`,
            ops('Revenue', year, a.toFixed(2), b.toFixed(2)),
          );
          const withLabel = assess(
            `${label} ${verb} ${text}% from ${year} to ${year + 1}`,
            ops(label, year, a.toFixed(2), b.toFixed(2)),
          );
          if (plain.outcome !== 'contradicted') expect(withLabel.outcome).not.toBe('contradicted');
          // The label's number is a name: the check reads the same as without it.
          expect(withLabel.outcome).toBe(plain.outcome);
        },
      ),
      { numRuns: 400 },
    );
  });
});
