import type { Arithmetic, Figure } from '../../shared/api';
import { hedged, type Check, type Modifier, type Quantity, type Reading, type Relation } from './claim';
import { amount, num } from './format';
import type { EngineOperand } from './types';

// Arithmetic (service/numeric/RULES.md, "Arithmetic"): every check the claim reading found, computed
// exactly over the operands' values (scale already applied by shared/figures), compared with the claim's
// value within the tolerance its stated precision gives (widened by a hedge), or with its bound.

type Verdict = 'holds' | 'fails' | 'not_computable';

/** What arithmetic learnt that comparability needs (unit and scale facets; unrelated numbers). */
export interface Evidence {
  unitFailed: string[];
  unitJudge: string[];
  scaleFailed: string[];
  unrelated: string[];
  /** The one operand is read as the rate the claim states ("grew 12%" against "12.3%"). */
  rateAsChange: boolean;
}

export interface ArithmeticResult {
  arithmetic: Arithmetic | null;
  relation: Relation | null;
  evidence: Evidence;
}

interface Outcome {
  verdict: Verdict;
  computed: number | null;
  tolerance: number;
  text: string;
  rounding: boolean;
  /** Held by a bound or a one-sided hedge, not by equality within tolerance. */
  bounded?: boolean;
}

const EPS = 1e-12;
/** An unpositioned claim number within 10% of an operand (same unit) is read as a misquote of it. */
export const NEAR = 0.1;
const close = (x: number, y: number) => Math.abs(x - y) <= EPS * Math.max(1, Math.abs(x), Math.abs(y));

type Compat = 'same' | 'judge' | 'incompatible';

/** Whether two units can be compared: the same unit, or one side states none (a judge decides). */
export function unitCompat(u1: string | null, u2: string | null, pointsMix = false): Compat {
  if (u1 === u2) return 'same';
  if (pointsMix && isRateUnit(u1) && isRateUnit(u2)) return 'same';
  if (u1 === null || u2 === null) return 'judge';
  return 'incompatible';
}
const isRateUnit = (u: string | null) => u === '%' || u === 'pp' || u === 'bp';

const show = (u: string | null) => (u === null ? 'no unit' : u);

/** Scale: a claim value and the value it is compared with differ by ~10^3k (a missed scale note). */
export function scaleGap(x: number, y: number): number | null {
  if (x === 0 || y === 0 || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  const l = Math.log10(Math.abs(x) / Math.abs(y));
  const k = Math.round(l / 3);
  if (k !== 0 && Math.abs(l - 3 * k) <= 0.2) return 3 * k;
  return null;
}

function compare(
  computed: number,
  stated: number,
  precision: number,
  modifier: Modifier,
  direction: 1 | -1 | 0,
  unit: string | null = null,
): { verdict: 'holds' | 'fails'; tolerance: number; rounding: boolean; rule: string } {
  const m = direction !== 0 ? direction * computed : computed;
  const s = direction !== 0 ? Math.abs(stated) : stated;
  const eps = EPS * Math.max(1, Math.abs(m), Math.abs(s));
  const tol = hedged(precision, modifier);
  const b = modifier.bound;
  if (b !== null && modifier.side === null) {
    const ok = b === 'gt' ? m > s + eps : b === 'ge' ? m >= s - eps : b === 'lt' ? m < s - eps : m <= s + eps;
    return {
      verdict: ok ? 'holds' : 'fails',
      tolerance: 0,
      rounding: false,
      rule: `"${modifier.boundWords}"`,
    };
  }
  if (modifier.side === 'below') {
    const ok = m < s - eps && m >= s - tol - eps;
    return {
      verdict: ok ? 'holds' : 'fails',
      tolerance: tol,
      rounding: false,
      rule: `"${modifier.hedge}": below it, by at most ${amount(tol, unit, 6)}`,
    };
  }
  if (modifier.side === 'above') {
    const ok = m > s + eps && m <= s + tol + eps;
    return {
      verdict: ok ? 'holds' : 'fails',
      tolerance: tol,
      rounding: false,
      rule: `"${modifier.hedge}": above it, by at most ${amount(tol, unit, 6)}`,
    };
  }
  const ok = Math.abs(m - s) <= tol + eps;
  return {
    verdict: ok ? 'holds' : 'fails',
    tolerance: tol,
    rounding: ok && !close(m, s),
    rule: `±${amount(tol, unit, 6)}${modifier.hedge ? ` ("${modifier.hedge}" doubles it)` : ''}`,
  };
}

function notComputable(text: string): Outcome {
  return { verdict: 'not_computable', computed: null, tolerance: 0, text, rounding: false };
}

/** Decimals to show a computed rate or multiple with: one more than the claim wrote, at least two. */
const places = (q: Quantity | null) => Math.max(2, (q?.decimals ?? 1) + 1);

function runCheck(check: Check, ops: readonly Figure[], reading: Reading, ev: Evidence): Outcome {
  const q = check.quantity;
  const A = ops[0];
  const B = ops[1];
  const rel = check.relation;
  const stated = q === null ? 0 : check.direction !== 0 ? check.direction * Math.abs(q.value) : q.value;
  const precision = q?.precision ?? 0;
  const mod = check.modifier;
  const says = (unit: string | null) =>
    q === null
      ? ''
      : `claim says ${mod.boundWords ? `${mod.boundWords} ` : ''}${mod.hedge ? `${mod.hedge} ` : ''}${amount(stated, unit, 6)}`;
  const finish = (computed: number, shown: string, unit: string | null, extra = ''): Outcome => {
    const c = compare(computed, stated, precision, mod, check.direction, unit);
    const rounding = c.rounding;
    const text = `${shown}; ${says(unit)} (${c.rule}): ${c.verdict}${rounding ? ' only within rounding' : ''}${extra}`;
    const bounded = mod.bound !== null || mod.side !== null;
    return { verdict: c.verdict, computed, tolerance: c.tolerance, text, rounding, bounded };
  };
  const need2 = (what: string): Outcome | null =>
    A === undefined || B === undefined
      ? notComputable(`${what} needs two operands; ${ops.length} given`)
      : null;
  const pairUnits = (): Outcome | null => {
    if (A === undefined || B === undefined) return null;
    const c = unitCompat(A.unit, B.unit, rel === 'change_points');
    if (c === 'incompatible') {
      ev.unitFailed.push(`operands are in ${show(A.unit)} and ${show(B.unit)}`);
      return notComputable(`the operands' units cannot be combined (${show(A.unit)} and ${show(B.unit)})`);
    }
    if (c === 'judge') ev.unitJudge.push(`one operand has no unit (${show(A.unit)} and ${show(B.unit)})`);
    return null;
  };
  const claimUnit = (op: Figure): Outcome | null => {
    if (q === null) return null;
    const c = unitCompat(q.unit, op.unit);
    if (c === 'incompatible') {
      ev.unitFailed.push(`the claim's ${q.raw} is in ${show(q.unit)}, the operand in ${show(op.unit)}`);
      return notComputable(
        `the claim's unit (${show(q.unit)}) cannot be compared with the operand's (${show(op.unit)})`,
      );
    }
    if (c === 'judge')
      ev.unitJudge.push(`the claim's "${q.raw}" is in ${show(q.unit)}, the operand in ${show(op.unit)}`);
    return null;
  };
  const scaleCheck = (claimValue: number, actual: number, what: string) => {
    const gap = scaleGap(claimValue, actual);
    if (gap !== null)
      ev.scaleFailed.push(`${what} differs from the computed value by a factor of about 10^${gap}`);
  };
  const u = A?.unit ?? B?.unit ?? null;
  const ba =
    check.magnitude && A && B ? [Math.abs(A.value), Math.abs(B.value)] : [A?.value ?? 0, B?.value ?? 0];
  const [a, b] = ba as [number, number];
  const fa = amount(a, u);
  const fb = amount(b, u);

  switch (rel) {
    case 'equals': {
      if (A === undefined) return notComputable('no operand given');
      const op = reading.restated.some((r) => r.operand === 0) && B !== undefined ? B : A;
      const bad = claimUnit(op);
      if (bad) return bad;
      let v = op.value;
      let note = '';
      if (q !== null && Math.sign(q.value) !== Math.sign(v) && v !== 0 && q.value !== 0) {
        if (reading.loss && v < 0 && q.value > 0) {
          v = Math.abs(v);
          note = ' (the claim names a loss: the source figure’s magnitude is compared)';
        } else return notComputable(`the claim's ${q.raw} and the source's ${op.raw} have opposite signs`);
      }
      if (q) scaleCheck(q.value, v, `the claim's ${q.raw}`);
      return finish(
        v,
        `source figure ${op.raw} = ${amount(v, op.unit ?? q?.unit ?? null)}${note}`,
        op.unit ?? q?.unit ?? null,
      );
    }
    case 'change_percent': {
      if (A !== undefined && B === undefined && A.unitClass === 'percent') {
        ev.rateAsChange = true;
        return finish(
          A.value,
          `the source figure ${A.raw} is read as the rate itself = ${amount(A.value, '%')}`,
          '%',
        );
      }
      const missing = need2('a percent change');
      if (missing) return missing;
      const bad = pairUnits();
      if (bad) return bad;
      if (a === 0) return notComputable(`the base ${fa} is zero: a percent change cannot be computed`);
      if (a < 0) return notComputable(`the base ${fa} is negative: a percent change is not defined`);
      if (!check.magnitude && b < 0)
        return notComputable(`the later value ${fb} is negative: the percent change's meaning is unclear`);
      const computed = ((b - a) / Math.abs(a)) * 100;
      scaleCheck(a, b, 'one operand');
      const out = finish(computed, `(${fb} − ${fa}) / ${fa} × 100 = ${num(computed, places(q), true)}%`, '%');
      if (out.verdict === 'fails' && A?.unitClass === 'percent' && B?.unitClass === 'percent') {
        const pts = compare(b - a, stated, precision, mod, check.direction);
        if (pts.verdict === 'holds')
          return notComputable(
            `${out.text}; but read as percentage points (${fb} − ${fa} = ${num(b - a, 4)} pp) it holds: which the claim means is left to a person`,
          );
      }
      return out;
    }
    case 'change_absolute': {
      const missing = need2('a change');
      if (missing) return missing;
      const bad = pairUnits() ?? claimUnit(A as Figure);
      if (bad) return bad;
      const computed = b - a;
      if (q) scaleCheck(stated, computed, `the claim's ${q.raw}`);
      const shown = `${check.magnitude ? `|${fb}| − |${fa}|` : `${fb} − ${fa}`} = ${amount(computed, u ?? q?.unit ?? null)}`;
      const out = finish(computed, shown, u ?? q?.unit ?? null);
      if (!check.magnitude && (a < 0 || b < 0)) {
        const alt = compare(Math.abs(b) - Math.abs(a), stated, precision, mod, check.direction);
        if (alt.verdict !== out.verdict)
          return notComputable(
            `${out.text}; on magnitudes (a loss that "fell" shrank) it ${alt.verdict}: the reading is left to a person`,
          );
      }
      return out;
    }
    case 'change_points': {
      const toClaim = (x: number, from: string | null) => {
        const inPp = from === 'bp' ? x / 100 : x;
        return q?.unit === 'bp' ? inPp * 100 : inPp;
      };
      if (
        A !== undefined &&
        B === undefined &&
        (A.unitClass === 'percentage_point' || A.unitClass === 'basis_point')
      ) {
        ev.rateAsChange = true;
        const v = toClaim(A.value, A.unit);
        return finish(
          v,
          `the source figure ${A.raw} is read as the change itself = ${amount(v, q?.unit ?? 'pp')}`,
          q?.unit ?? 'pp',
        );
      }
      const missing = need2('a change in points');
      if (missing) return missing;
      const bad = pairUnits();
      if (bad) return bad;
      for (const op of [A, B] as Figure[]) {
        if (op.unitClass === 'currency') {
          ev.unitFailed.push(`${op.raw} is in ${op.unit}, not a rate`);
          return notComputable(`a change in points needs rates; ${op.raw} is in ${op.unit}`);
        }
        if (op.unitClass === 'none')
          ev.unitJudge.push(`${op.raw} has no unit: a judge must say it is a rate`);
      }
      const raw = check.order === 'AB' ? a - b : b - a;
      const computed = toClaim(raw, A?.unit === 'bp' || B?.unit === 'bp' ? 'bp' : 'pp');
      const expr = check.order === 'AB' ? `${fa} − ${fb}` : `${fb} − ${fa}`;
      return finish(computed, `${expr} = ${amount(computed, q?.unit ?? 'pp', places(q))}`, q?.unit ?? 'pp');
    }
    case 'ratio': {
      const missing = need2('a multiple');
      if (missing) return missing;
      const bad = pairUnits();
      if (bad) return bad;
      const [num1, den] = check.order === 'BA' ? [b, a] : [a, b];
      const [sn, sd] = check.order === 'BA' ? [fb, fa] : [fa, fb];
      if (den === 0) return notComputable(`division by zero (${sd})`);
      if (num1 < 0 || den < 0) return notComputable('a multiple of a negative value is not checked');
      const computed = num1 / den;
      return finish(computed, `${sn} / ${sd} = ${num(computed, places(q))}×`, null);
    }
    case 'share': {
      if (A !== undefined && B === undefined && A.unitClass === 'percent') {
        return finish(
          A.value,
          `the source figure ${A.raw} is read as the share itself = ${amount(A.value, '%')}`,
          '%',
        );
      }
      const missing = need2('a share');
      if (missing) return missing;
      const bad = pairUnits();
      if (bad) return bad;
      if (b === 0) return notComputable(`division by zero (${fb})`);
      if (b < 0 || a < 0) return notComputable('a share of a negative value is not checked');
      const computed = (a / b) * 100;
      return finish(computed, `${fa} / ${fb} × 100 = ${num(computed, places(q), true)}%`, '%');
    }
    case 'sum': {
      const missing = need2('a sum');
      if (missing) return missing;
      const bad = pairUnits() ?? claimUnit(A as Figure);
      if (bad) return bad;
      const computed = a + b;
      if (q) scaleCheck(stated, computed, `the claim's ${q.raw}`);
      return finish(computed, `${fa} + ${fb} = ${amount(computed, u)}`, u ?? q?.unit ?? null);
    }
    case 'difference': {
      const missing = need2('a difference');
      if (missing) return missing;
      const bad = pairUnits() ?? claimUnit(A as Figure);
      if (bad) return bad;
      const computed = a - b;
      if (q) scaleCheck(stated, computed, `the claim's ${q.raw}`);
      return finish(computed, `${fa} − ${fb} = ${amount(computed, u)}`, u ?? q?.unit ?? null);
    }
    case 'difference_percent': {
      const missing = need2('a percent difference');
      if (missing) return missing;
      const bad = pairUnits();
      if (bad) return bad;
      if (b === 0) return notComputable(`the base ${fb} is zero`);
      if (b < 0 || a < 0) return notComputable('a percent difference with a negative value is not checked');
      const computed = ((a - b) / b) * 100;
      return finish(computed, `(${fa} − ${fb}) / ${fb} × 100 = ${num(computed, places(q), true)}%`, '%');
    }
    case 'comparison':
    case 'direction': {
      const missing = need2(rel === 'comparison' ? 'a comparison' : 'a change');
      if (missing) return missing;
      const bad = pairUnits();
      if (bad) return bad;
      const diff = rel === 'comparison' ? a - b : b - a;
      const computed = close(a, b) ? 0 : Math.sign(diff);
      const expr = rel === 'comparison' ? `${fa} − ${fb}` : `${fb} − ${fa}`;
      const ok = computed === check.direction;
      const verdict: Verdict = ok ? 'holds' : 'fails';
      let text = `sign of ${expr} = ${computed}; claim says ${check.direction > 0 ? 'higher' : 'lower'}: ${verdict}`;
      if (rel === 'direction' && !check.magnitude && (a < 0 || b < 0)) {
        const alt = Math.sign(Math.abs(b) - Math.abs(a)) === check.direction;
        if (alt !== ok) {
          text += `; on magnitudes it ${alt ? 'holds' : 'fails'}: the reading is left to a person`;
          return notComputable(text);
        }
      }
      return { verdict, computed, tolerance: 0, text, rounding: false };
    }
  }
}

/** Restated numbers: each must match its operand ("from" → A, "to" → B, else any) within its precision. */
function restatements(reading: Reading, ops: readonly Figure[], ev: Evidence): Outcome[] {
  const out: Outcome[] = [];
  for (const r of reading.restated) {
    const q = r.quantity;
    const targets = r.operand === null ? ops : ops[r.operand] ? [ops[r.operand] as Figure] : [];
    if (targets.length === 0) {
      out.push(
        notComputable(
          `the claim's ${q.raw} restates operand ${r.operand === 1 ? 'B' : 'A'}, which was not given`,
        ),
      );
      continue;
    }
    const tol = hedged(q.precision, r.modifier);
    let matched: Figure | null = null;
    let near: Figure | null = null;
    let scaled: Figure | null = null;
    let incompatible: Figure | null = null;
    for (const op of targets) {
      const c = unitCompat(q.unit, op.unit);
      if (c === 'incompatible') {
        incompatible = op;
        continue;
      }
      const v = reading.loss && op.value < 0 && q.value > 0 ? Math.abs(op.value) : op.value;
      if (Math.abs(q.value - v) <= tol + EPS * Math.max(1, Math.abs(v))) {
        matched = op;
        if (c === 'judge')
          ev.unitJudge.push(`the claim's "${q.raw}" is in ${show(q.unit)}, the operand in ${show(op.unit)}`);
        break;
      }
      if (scaleGap(q.value, v) !== null) scaled = op;
      else if (v !== 0 && Math.abs(q.value / v - 1) <= NEAR && c === 'same') near = op;
    }
    if (matched) {
      const exact = close(q.value, matched.value) || close(q.value, Math.abs(matched.value));
      out.push({
        verdict: 'holds',
        computed: null,
        tolerance: tol,
        text: `the claim's ${q.raw} matches the source's ${matched.raw} (±${amount(tol, q.unit, 6)})${exact ? '' : ' only within rounding'}`,
        rounding: !exact,
      });
    } else if (scaled) {
      ev.scaleFailed.push(
        `the claim's ${q.raw} and the source's ${scaled.raw} differ by a factor of about 10^${scaleGap(q.value, scaled.value)}`,
      );
      out.push({
        verdict: 'fails',
        computed: null,
        tolerance: tol,
        text: `the claim's ${q.raw} does not match the source's ${scaled.raw} (scale differs)`,
        rounding: false,
      });
    } else if (r.operand !== null) {
      const op = targets[0] as Figure;
      if (incompatible) {
        ev.unitFailed.push(
          `the claim's ${q.raw} is in ${show(q.unit)}, the source's ${op.raw} in ${show(op.unit)}`,
        );
        out.push(
          notComputable(`the claim's ${q.raw} cannot be compared with the source's ${op.raw} (units differ)`),
        );
      } else {
        out.push({
          verdict: 'fails',
          computed: null,
          tolerance: tol,
          text: `the claim's ${q.raw} does not match the source's ${op.raw} (${amount(op.value, op.unit)}, ±${amount(tol, q.unit, 6)})`,
          rounding: false,
        });
      }
    } else if (near) {
      out.push({
        verdict: 'fails',
        computed: null,
        tolerance: tol,
        text: `the claim's ${q.raw} matches no operand (nearest ${near.raw}, ±${amount(tol, q.unit, 6)})`,
        rounding: false,
      });
    } else {
      ev.unrelated.push(`the claim's ${q.raw} matches no operand; it may be about something else`);
    }
  }
  return out;
}

/** Run every check; the first is the relation reported (computed, tolerance); any failure fails. */
export function computeArithmetic(reading: Reading, operands: readonly EngineOperand[]): ArithmeticResult {
  const ev: Evidence = { unitFailed: [], unitJudge: [], scaleFailed: [], unrelated: [], rateAsChange: false };
  const ops = operands.map((o) => o.figure);
  if (reading.problem !== null) {
    if (reading.quantities.length === 0 && reading.checks.length === 0 && /negated/.test(reading.problem))
      return { arithmetic: null, relation: null, evidence: ev };
    return {
      arithmetic: {
        verdict: 'not_computable',
        computed: null,
        tolerance: 0,
        reason: `Not computed: ${reading.problem}.`,
        holds_only_by_rounding: false,
      },
      relation: null,
      evidence: ev,
    };
  }
  const primary = reading.checks[0];
  if (primary === undefined && reading.restated.every((r) => r.operand === null))
    return { arithmetic: null, relation: null, evidence: ev };
  const outcomes = reading.checks.map((c) => runCheck(c, ops, reading, ev));
  if (primary === undefined) {
    // End points only ("went from $1.0bn to $1.12bn"): the restatements are the check; computed is A.
    const first = reading.restated.find((r) => r.operand !== null);
    const op = first?.operand !== null && first !== undefined ? ops[first.operand] : undefined;
    outcomes.push({
      verdict: 'holds',
      computed: op?.value ?? null,
      tolerance: 0,
      text: 'the claim restates the operands',
      rounding: false,
    });
  }
  // Several relations of which some hold and some fail over the same figures ("revenue rose 12% while
  // costs fell 5%"): they are likely about different things, which code cannot tell apart.
  const relations = outcomes.slice(0, reading.checks.length);
  const mixed =
    relations.length > 1 &&
    relations.some((o) => o.verdict === 'holds') &&
    relations.some((o) => o.verdict === 'fails');
  outcomes.push(...restatements(reading, ops, ev));
  const main = outcomes[0] as Outcome;
  const verdict: Verdict =
    mixed || outcomes.some((o) => o.verdict === 'not_computable')
      ? 'not_computable'
      : outcomes.some((o) => o.verdict === 'fails')
        ? 'fails'
        : 'holds';
  const rounding = verdict === 'holds' && outcomes.some((o) => o.rounding);
  const texts = outcomes.map((o) => o.text);
  let reason = `${texts.join('; ')}.`;
  reason = reason.charAt(0).toUpperCase() + reason.slice(1);
  if (verdict === 'holds')
    reason += rounding
      ? ' The claim holds only within the rounding its precision allows.'
      : outcomes.some((o) => o.bounded)
        ? ' The claim holds.'
        : ' The claim holds exactly.';
  if (mixed)
    reason = `Not computable: the claim states several relations, and over the selected figures some hold and some fail, so they may be about different things: ${reason}`;
  else if (verdict === 'not_computable') reason = `Not computable: ${reason}`;
  return {
    arithmetic: {
      verdict,
      computed: verdict === 'not_computable' ? null : main.computed,
      tolerance: main.tolerance,
      reason,
      holds_only_by_rounding: rounding,
    },
    relation: primary?.relation ?? 'equals',
    evidence: ev,
  };
}
