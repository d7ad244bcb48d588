import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assessWithReasons } from '../../../service/numeric/assess';
import type { EngineOperand, OperandContext } from '../../../service/numeric/types';
import { AssessmentSchema, operand } from './helpers';

// Roles read from the claim's words (service/numeric/RULES.md, "Roles"): every wording family, true and
// false, each case run with its figures in both orders. The answer (outcome, arithmetic verdict and
// computed value) must be the same in both, and each figure must get the role the claim's words give it.

const here = dirname(fileURLToPath(import.meta.url));

/** A sheet cell: its row label, its column header and the period its headers show. */
const cell = (row: string, column: string | null, period: string | null, r: number, c: string) => ({
  unitKind: 'sheet' as const,
  rowLabel: row,
  columnLabel: column,
  period,
  rowKey: `S!${r}`,
  columnKey: `S!${c}`,
});
/** A figure on a page line that shows no headers: its label is the text before it on the line. */
const line = (label: string): Partial<OperandContext> => ({
  unitKind: 'page',
  rowLabel: label,
  columnLabel: null,
  period: null,
  rowKey: 'p1:4',
  columnKey: null,
});

/**
 * The tables the claims are about: a state-by-state background-check table for one month (columns
 * Handgun and Long Gun under "November 2025", a Total row), a layoff-notice register, an income statement by
 * year, a population
 * table whose labels run to dot leaders, an enrolment table by grade band, and figures on a page line.
 */
const FIGURES: Record<string, EngineOperand> = {
  texas_handgun: operand('56,941', cell('Texas', 'Handgun', '2025-11', 45, 'C')),
  texas_long_gun: operand('51,670', cell('Texas', 'Long Gun', '2025-11', 45, 'D')),
  ohio_handgun: operand('12,004', cell('Ohio', 'Handgun', '2025-11', 37, 'C')),
  total_handgun: operand('671,330', cell('Total', 'Handgun', '2025-11', 56, 'C')),
  revenue_2018: operand('$1,000 million', cell('Revenue', '2018', '2018', 2, 'C')),
  revenue_2019: operand('$1,120 million', cell('Revenue', '2019', '2019', 2, 'B')),
  cost_2019: operand('$800 million', cell('Cost of sales', '2019', '2019', 3, 'B')),
  total_revenue_2019: operand('$4,480 million', cell('Total revenue', '2019', '2019', 9, 'B')),
  rev_a: operand('$1,000 million', cell('Revenue', 'Amount', null, 2, 'B')),
  rev_b: operand('$1,120 million', cell('Revenue', 'Amount', null, 3, 'B')),
  aged_21_64: operand('150,000', cell('Aged 21 to 64 . . . . . . . .', '2019', '2019', 4, 'B')),
  aged_65: operand('50,000', cell('Aged 65 and over . . . . . . .', '2019', '2019', 5, 'B')),
  pk8: operand('40,000', cell('Grades PK–8', '2019', '2019', 6, 'B')),
  g912: operand('27,500', cell('Grades 9–12', '2019', '2019', 7, 'B')),
  eurotop_2018: operand('1,600', cell('FTSE Eurotop 100', '2018', '2018', 8, 'C')),
  eurotop_2019: operand('1,640', cell('FTSE Eurotop 100', '2019', '2019', 8, 'B')),
  loans_2018: operand('1,200', cell('Loans with 0 reclassifications', '2018', '2018', 10, 'C')),
  loans_2019: operand('1,500', cell('Loans with 0 reclassifications', '2019', '2019', 10, 'B')),
  aged_15_24: operand('3,400', cell('Aged 15–24', '2019', '2019', 11, 'B')),
  gerawan: operand('1,718', cell('Gerawan Farming', 'No. of Employees', null, 3, 'E')),
  dnc: operand('1,157', cell('DNC Parks & Resorts at Yosemite', 'No. of Employees', null, 4, 'E')),
  line_56941: operand('56,941', line('Texas')),
  line_51670: operand('51,670', line('Texas')),
};

interface RoleCase {
  family: string;
  claim: string;
  figures: string[];
  note?: string;
  expect: {
    outcome: string;
    verdict: string | null;
    computed?: number;
    roles?: Record<string, string>;
    state?: string;
  };
}

const golden = JSON.parse(readFileSync(join(here, 'roles-golden.json'), 'utf8')) as { cases: RoleCase[] };

const close = (a: number | null | undefined, b: number | null | undefined) =>
  a === b ||
  (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)));

describe('roles from the claim words', () => {
  it('covers every wording family with true and false claims', () => {
    // A true claim's arithmetic holds, a false one's fails (whatever facet leaves the outcome to a person).
    const families = new Map<string, Set<string>>();
    for (const c of golden.cases) {
      const set = families.get(c.family) ?? new Set<string>();
      set.add(c.expect.verdict ?? 'none');
      families.set(c.family, set);
    }
    for (const [family, verdicts] of families) {
      if (family === 'unclear') continue;
      expect(verdicts.has('holds'), `${family} has a true claim`).toBe(true);
      expect(verdicts.has('fails'), `${family} has a false claim`).toBe(true);
    }
  });

  for (const [i, c] of golden.cases.entries()) {
    it(`${i} [${c.family}] ${c.claim}`, () => {
      const ops = c.figures.map((name) => {
        const found = FIGURES[name];
        if (found === undefined) throw new Error(`no figure ${name}`);
        return found;
      });
      const orders = ops.length === 2 ? [ops, [ops[1]!, ops[0]!]] : [ops];
      const names = ops.length === 2 ? [c.figures, [c.figures[1]!, c.figures[0]!]] : [c.figures];
      const answers = orders.map((o) => assessWithReasons(c.claim, o));
      for (const [k, answer] of answers.entries()) {
        const r = answer.assessment;
        const why = `${r.reason}\n${r.comparability?.reason ?? ''}\n${JSON.stringify(r.roles)}`;
        expect(AssessmentSchema.parse(r)).toEqual(r);
        expect({ outcome: r.outcome, verdict: r.arithmetic?.verdict ?? null }, why).toEqual({
          outcome: c.expect.outcome,
          verdict: c.expect.verdict,
        });
        if (c.expect.computed !== undefined)
          expect(
            close(r.arithmetic?.computed, c.expect.computed),
            `computed ${r.arithmetic?.computed}\n${why}`,
          ).toBe(true);
        if (c.expect.state !== undefined) expect(r.roles?.state, why).toBe(c.expect.state);
        if (c.expect.roles !== undefined) {
          const given = Object.fromEntries(
            (answer.operandRoles ?? []).map((role, j) => [names[k]![j], role.role]),
          );
          expect(given, why).toEqual(c.expect.roles);
        }
        if (r.roles?.state === 'unclear') {
          // Nothing is computed from the order the figures came in; both readings are shown.
          expect(r.arithmetic?.verdict ?? 'not_computable').toBe('not_computable');
          expect(r.roles.question).not.toBeNull();
          expect(r.roles.readings).toHaveLength(2);
        }
      }
      // The same answer whichever order the figures came in.
      const [a, b] = answers.map((x) => x.assessment);
      if (a !== undefined && b !== undefined) {
        expect(b.outcome).toBe(a.outcome);
        expect(b.arithmetic?.verdict ?? null).toBe(a.arithmetic?.verdict ?? null);
        expect(close(b.arithmetic?.computed, a.arithmetic?.computed)).toBe(true);
        expect(b.comparability?.verdict ?? null).toBe(a.comparability?.verdict ?? null);
      }
    });
  }
});
