import type { Arithmetic } from '../../shared/api';
import type { Reading, Relation } from './claim';
import { amount } from './format';
import {
  notComputable,
  RELATIONS,
  restatedValue,
  UNNAMED,
  type Naming,
  scaleWord,
  showUnit,
  unitCompat,
  unitOf,
  type Computation,
  type ComputeCode,
  type Note,
} from './relations';
import { close, EPS, hedged, scaleGap } from './tolerance';
import type { EngineOperand } from './types';

// Arithmetic (service/numeric/RULES.md, "Arithmetic"): every check the claim reading found, computed by
// its row of the relation table (relations.ts) over the operands' values (scale already applied by
// shared/figures), and every number the claim restates about the operands compared with them.

export interface ArithmeticResult {
  arithmetic: Arithmetic | null;
  /** The main check's computation alone, without its verdict ("56,941 − 51,670 = 5,271"); null: none. */
  formula: string | null;
  /** The main check's computation in the claim's terms, with its verdict; null when none was made. */
  line: string | null;
  relation: Relation | null;
  /** What comparability must show (unit, scale and entity facets), each with a typed code. */
  notes: Note[];
  /** Why the arithmetic could not be computed (typed), or null. */
  code: ComputeCode | null;
}

/** An unpositioned claim number within 10% of an operand (same unit, both stated) is read as a misquote of it. */
export const NEAR = 0.1;

/**
 * Restated numbers: each must match its operand within its precision: "from" → the earlier, "to" → the
 * later, a number on one role's side of the claim → that role's figure, else any operand.
 */
function restatements(
  reading: Reading,
  ops: readonly EngineOperand[],
  notes: Note[],
): (Computation | null)[] {
  const out: (Computation | null)[] = [];
  for (const r of reading.restated) {
    const q = r.quantity;
    const targets = r.operand === null ? ops : ops[r.operand] ? [ops[r.operand]!] : [];
    if (targets.length === 0 && !r.strict) {
      out.push(null);
      continue;
    }
    if (targets.length === 0) {
      out.push(
        notComputable(
          'restated_missing',
          `the claim's ${q.raw} restates operand ${r.operand === 1 ? 'B' : 'A'}, which was not given`,
        ),
      );
      continue;
    }
    const tol = hedged(q.precision, r.modifier, q.value);
    const within = (v: number) => Math.abs(q.value - v) <= tol + EPS * Math.max(1, Math.abs(v));
    let matched: { op: EngineOperand; inTable: number | null } | null = null;
    let near: EngineOperand | null = null;
    let scaled: EngineOperand | null = null;
    let incompatible: EngineOperand | null = null;
    for (const op of targets) {
      const u = unitOf(op);
      const c = unitCompat(q.unit, u);
      if (c === 'incompatible') {
        incompatible = op;
        continue;
      }
      const v = restatedValue(op, q, reading);
      const note = op.context.noteScale;
      const bare = !q.scaled && !q.word && q.unitClass !== 'percent';
      if (within(v) || (q.bracketed && within(Math.abs(v)))) matched = { op, inTable: null };
      else if (bare && note !== null && note !== 1 && within(v / note)) matched = { op, inTable: note };
      if (matched) {
        if (c === 'judge')
          notes.push({
            facet: 'unit',
            passed: null,
            code: 'unit_missing',
            why: `the claim's "${q.raw}" is in ${showUnit(q.unit)}, the operand in ${showUnit(u)}`,
          });
        break;
      }
      if (scaleGap(q.value, v) !== null) scaled = op;
      else if (v !== 0 && Math.abs(q.value / v - 1) <= NEAR && c === 'same' && q.unit !== null) near = op;
    }
    if (matched) {
      const { op, inTable } = matched;
      const v = restatedValue(op, q, reading) / (inTable ?? 1);
      const exact = close(q.value, v);
      if (inTable !== null)
        notes.push({
          facet: 'scale',
          passed: null,
          code: 'scale_table_units',
          why: `the claim writes ${q.raw} without a scale and the table states ${scaleWord(inTable)}: compared in the table's units; whether the claim means ${scaleWord(inTable)} is left to a person`,
        });
      out.push({
        verdict: 'holds',
        computed: null,
        tolerance: tol,
        text: `the claim's ${q.raw} matches the source's ${op.figure.raw}${inTable !== null ? ` in the table's stated units (${scaleWord(inTable)})` : ''} (±${amount(tol, q.unit, 6)})${exact ? '' : ' only within rounding'}`,
        rounding: !exact,
        bounded: false,
        code: null,
      });
    } else if (scaled) {
      notes.push({
        facet: 'scale',
        passed: false,
        code: 'scale_gap',
        why: `the claim's ${q.raw} and the source's ${scaled.figure.raw} differ by a factor of about 10^${scaleGap(q.value, scaled.figure.value)}`,
      });
      out.push({
        verdict: 'fails',
        computed: null,
        tolerance: tol,
        text: `the claim's ${q.raw} does not match the source's ${scaled.figure.raw} (scale differs)`,
        rounding: false,
        bounded: false,
        code: null,
      });
    } else if (
      r.operand !== null &&
      !r.strict &&
      placedOn(q, r, targets[0]!, ops, reading, tol) !== 'fails'
    ) {
      const op = targets[0]!;
      if (placedOn(q, r, op, ops, reading, tol) === 'unsure')
        out.push(
          notComputable(
            'which_number',
            `the claim's ${q.raw} is written with ${op.figure.raw} but does not match it (${amount(op.figure.value, unitOf(op))}); whether it states that figure or something else is left to a person`,
          ),
        );
      else {
        notes.push({
          facet: 'entity',
          passed: null,
          code: 'number_unrelated',
          why: `the claim's ${q.raw} matches neither figure; it may be about something else`,
        });
        out.push(null);
      }
    } else if (r.operand !== null) {
      const op = targets[0]!;
      const other = ops.find((o) => o !== op);
      const swapped =
        other !== undefined &&
        Math.abs(q.value - restatedValue(other, q, reading)) <= tol + EPS * Math.abs(q.value);
      if (incompatible) {
        notes.push({
          facet: 'unit',
          passed: false,
          code: 'unit_mismatch',
          why: `the claim's ${q.raw} is in ${showUnit(q.unit)}, the source's ${op.figure.raw} in ${showUnit(unitOf(op))}`,
        });
        out.push(
          notComputable(
            'restated_unit',
            `the claim's ${q.raw} cannot be compared with the source's ${op.figure.raw} (units differ)`,
          ),
        );
      } else {
        out.push({
          verdict: 'fails',
          computed: null,
          tolerance: tol,
          text: `the claim's ${q.raw} does not match the source's ${op.figure.raw} (${amount(op.figure.value, unitOf(op))}, ±${amount(tol, q.unit, 6)})${swapped ? `: it is the other figure's (${other!.figure.raw})` : ''}`,
          rounding: false,
          bounded: false,
          code: null,
        });
      }
    } else if (near) {
      out.push({
        verdict: 'fails',
        computed: null,
        tolerance: tol,
        text: `the claim's ${q.raw} matches no operand (nearest ${near.figure.raw}, ±${amount(tol, q.unit, 6)})`,
        rounding: false,
        bounded: false,
        code: null,
      });
    } else {
      notes.push({
        facet: 'entity',
        passed: null,
        code: 'number_unrelated',
        why: `the claim's ${q.raw} matches no operand; it may be about something else`,
      });
      out.push(null);
    }
  }
  return out;
}

/**
 * A number the claim places with one figure that does not match it: it fails where it is plainly about
 * that figure (it is the other figure's, within 10% of its own, or written right beside its name:
 * "handgun checks (51,670)"); one of the same unit within a factor of three is left open; any other may be
 * about something else ("Texas, with 29 million people, …").
 */
function placedOn(
  q: Reading['quantities'][number],
  r: Reading['restated'][number],
  op: EngineOperand,
  ops: readonly EngineOperand[],
  reading: Reading,
  tol: number,
): 'fails' | 'unsure' | 'unrelated' {
  const matches = (o: EngineOperand) => {
    const v = restatedValue(o, q, reading);
    return Math.abs(q.value - v) <= tol + EPS * Math.max(1, Math.abs(v));
  };
  if (ops.some((o) => o !== op && matches(o))) return 'fails';
  const v = restatedValue(op, q, reading);
  const unit = unitCompat(q.unit, unitOf(op));
  if (unit === 'incompatible') return 'unrelated';
  if (v !== 0 && Math.abs(q.value / v - 1) <= NEAR && unit === 'same' && q.unit !== null) return 'fails';
  if (r.attached === true) return 'fails';
  const ratio = v === 0 ? Infinity : Math.abs(q.value / v);
  return ratio >= 1 / 3 && ratio <= 3 ? 'unsure' : 'unrelated';
}

/**
 * Run every check over the operands in role order; the first is the relation reported (computed,
 * tolerance); any failure fails. `naming` says each operand's value in the claim's words.
 */
export function computeArithmetic(
  reading: Reading,
  operands: readonly EngineOperand[],
  naming: Naming = UNNAMED,
): ArithmeticResult {
  const notes: Note[] = [];
  if (reading.problem !== null) {
    // A negated sentence with no number states no relation at all.
    if (reading.problem.code === 'negated' && reading.quantities.length === 0 && reading.checks.length === 0)
      return { arithmetic: null, line: null, formula: null, relation: null, notes, code: null };
    return {
      line: null,
      formula: null,
      arithmetic: {
        verdict: 'not_computable',
        computed: null,
        tolerance: 0,
        reason: `Not computed: ${reading.problem.message}.`,
        holds_only_by_rounding: false,
      },
      relation: null,
      notes,
      code: reading.problem.code,
    };
  }
  const primary = reading.checks[0];
  if (primary === undefined && reading.restated.every((r) => r.operand === null))
    return { arithmetic: null, line: null, formula: null, relation: null, notes, code: null };
  const outcomes = reading.checks.map((check) =>
    RELATIONS[check.relation].compute({ check, ops: operands, reading, notes, ...naming }),
  );
  if (primary === undefined) {
    // End points only ("went from $1.0bn to $1.12bn"): the restatements are the check; computed is A.
    const first = reading.restated.find((r) => r.operand !== null);
    const op = first?.operand !== null && first !== undefined ? operands[first.operand] : undefined;
    outcomes.push({
      verdict: 'holds',
      computed: op?.figure.value ?? null,
      tolerance: 0,
      text: 'the claim restates the operands',
      rounding: false,
      bounded: false,
      code: null,
    });
  }
  // Several relations of which some hold and some fail over the same figures ("revenue rose 12% while
  // costs fell 5%"): they are likely about different things, which code cannot tell apart.
  const relations = outcomes.slice(0, reading.checks.length);
  const mixed =
    relations.length > 1 &&
    relations.some((o) => o.verdict === 'holds') &&
    relations.some((o) => o.verdict === 'fails');
  const aligned = restatements(reading, operands, notes);
  // "Equals" with several numbers: when the one taken as the value fails and another matches the operand,
  // code cannot tell which number is the claim's.
  const unsure =
    primary?.relation === 'equals' &&
    outcomes[0]?.verdict === 'fails' &&
    reading.restated.some((r, i) => !r.strict && aligned[i]?.verdict === 'holds');
  const restated = aligned.filter((c): c is Computation => c !== null);
  outcomes.push(...restated);
  const main = outcomes[0]!;
  const firstProblem = outcomes.find((o) => o.verdict === 'not_computable');
  const verdict =
    mixed || unsure || firstProblem !== undefined
      ? 'not_computable'
      : outcomes.some((o) => o.verdict === 'fails')
        ? 'fails'
        : 'holds';
  const rounding = verdict === 'holds' && outcomes.some((o) => o.rounding);
  let reason = `${outcomes.map((o) => o.text).join('; ')}.`;
  reason = reason.charAt(0).toUpperCase() + reason.slice(1);
  if (verdict === 'holds')
    reason += rounding
      ? ' The claim holds only within the rounding its precision allows.'
      : outcomes.some((o) => o.bounded)
        ? ' The claim holds.'
        : ' The claim holds exactly.';
  let code: ComputeCode | null = null;
  if (mixed) {
    code = 'mixed_relations';
    reason = `Not computable: the claim states several relations, and over the selected figures some hold and some fail, so they may be about different things: ${reason}`;
  } else if (unsure) {
    code = 'which_number';
    reason = `Not computable: the claim holds more than one number and code cannot tell which one states the figure (the first fails, another matches the source): ${reason}`;
  } else if (verdict === 'not_computable') {
    code = firstProblem?.code ?? null;
    reason = `Not computable: ${reason}`;
  }
  // The main relation in the claim's terms, and every restated number that does not hold.
  const line =
    primary === undefined || main.computed === null
      ? null
      : [main, ...restated.filter((o) => o.verdict !== 'holds')].map((o) => o.text).join('; ');
  const formula = primary === undefined ? null : (main.formula ?? null);
  return {
    formula: formula === null ? null : formula.charAt(0).toUpperCase() + formula.slice(1),
    line: line === null ? null : line.charAt(0).toUpperCase() + line.slice(1),
    arithmetic: {
      verdict,
      computed: verdict === 'not_computable' ? null : main.computed,
      tolerance: main.tolerance,
      reason,
      holds_only_by_rounding: rounding,
    },
    relation: primary?.relation ?? 'equals',
    notes,
    code,
  };
}
