import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FindOptions } from '../../../shared/figures';
import { assess } from '../../../service/numeric/assess';
import type { OperandContext } from '../../../service/numeric/types';
import { AssessmentSchema, operand } from './helpers';

// The golden cases of the numeric engine (service/numeric/RULES.md): every relation and wording variant,
// hedges, rounding edges, points, scale and currency mismatches, zero and negative bases, accounting
// negatives, claims with no arithmetic and claims with unrelated numbers, and contexts that leave facets
// to a judge. Each case asserts the outcome, the arithmetic verdict and the exact computed value.

interface GoldenOperand {
  raw: string;
  position?: number;
  context?: Partial<OperandContext>;
  options?: FindOptions;
}

interface GoldenCase {
  group: string;
  claim: string;
  operands: GoldenOperand[];
  note?: string;
  expect: {
    outcome: string;
    verdict: string | null;
    computed: number | null;
    rounding?: boolean;
    comparability?: string | null;
    facets?: Record<string, boolean | null>;
    tolerance?: number;
  };
}

const here = dirname(fileURLToPath(import.meta.url));
const golden = JSON.parse(readFileSync(join(here, 'golden.json'), 'utf8')) as { cases: GoldenCase[] };

function near(actual: number | null | undefined, expected: number | null): void {
  if (expected === null) {
    expect(actual ?? null).toBeNull();
    return;
  }
  expect(typeof actual).toBe('number');
  const scale = Math.max(1, Math.abs(expected));
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9 * scale);
}

describe('numeric engine golden cases', () => {
  it('has at least 300 cases', () => {
    expect(golden.cases.length).toBeGreaterThanOrEqual(300);
  });

  for (const [i, c] of golden.cases.entries()) {
    it(`${i} [${c.group}] ${c.claim}`, () => {
      const ops = c.operands.map((o) => operand(o.raw, o.context ?? {}, o.position ?? 0, o.options ?? {}));
      const r = assess(c.claim, ops);
      expect(AssessmentSchema.parse(r)).toEqual(r);
      const got = {
        outcome: r.outcome,
        verdict: r.arithmetic?.verdict ?? null,
      };
      const why = `${r.reason}\n${r.comparability?.reason ?? ''}`;
      expect(got, why).toEqual({ outcome: c.expect.outcome, verdict: c.expect.verdict });
      near(r.arithmetic?.computed, c.expect.computed);
      if (c.expect.rounding !== undefined)
        expect(r.arithmetic?.holds_only_by_rounding, why).toBe(c.expect.rounding);
      if (c.expect.tolerance !== undefined) near(r.arithmetic?.tolerance, c.expect.tolerance);
      if (c.expect.comparability !== undefined)
        expect(r.comparability?.verdict ?? null, why).toBe(c.expect.comparability);
      if (c.expect.facets !== undefined) {
        const facets = Object.fromEntries((r.comparability?.facets ?? []).map((f) => [f.facet, f.passed]));
        expect(facets, why).toMatchObject(c.expect.facets);
      }
      // The outcome table (numeric-semantics.md, Outcome).
      if (r.outcome === 'supported') {
        expect(r.arithmetic?.verdict).toBe('holds');
        expect(r.comparability?.verdict).toBe('comparable');
      }
      if (r.outcome === 'contradicted') {
        expect(r.arithmetic?.verdict).toBe('fails');
        expect(r.comparability?.verdict).toBe('comparable');
      }
      if (r.arithmetic === null) expect(r.outcome).toBe('not_applicable');
    });
  }
});
