import type { Figure } from '../../shared/api';
import type { Check, Quantity, Reading, Relation } from './claim';
import { amount, num } from './format';
import { labelSign } from './signs';
import { compare, close, EPS, scaleGap } from './tolerance';
import type { EngineOperand } from './types';

// The relation table of the numeric check (service/numeric/RULES.md, "Relations"): for each relation a
// claim can state, how many operands it takes, whether it follows one line item over time, whether it is
// an amount (compared in the claim's currency and scale) and its computation. Every computation takes its
// inputs as one explicit value and answers one value; what it learns for comparability it appends to
// `notes`, each with a typed code.

export type Verdict = 'holds' | 'fails' | 'not_computable';

/** Why a computation could not be made (typed; the text says it in words). */
export type ComputeCode =
  | 'operands_missing'
  | 'units_incompatible'
  | 'zero_base'
  | 'negative_base'
  | 'negative_later'
  | 'sign_unclear'
  | 'points_or_percent'
  | 'negative_value'
  | 'times_more'
  | 'base_unclear'
  | 'roles_unclear'
  | 'share_over_whole'
  | 'range'
  | 'negated'
  | 'ambiguous_number'
  | 'mixed_relations'
  | 'which_number'
  | 'restated_missing'
  | 'restated_unit'
  | 'engine_failed';

/** What the arithmetic saw that a comparability facet must show: failed, or left to a person. */
export type NoteCode =
  | 'unit_mismatch'
  | 'unit_missing'
  | 'scale_gap'
  | 'scale_table_units'
  | 'number_unrelated'
  | 'rate_as_change';

export interface Note {
  facet: 'unit' | 'scale' | 'entity';
  passed: false | null;
  code: NoteCode;
  why: string;
}

export interface Computation {
  verdict: Verdict;
  computed: number | null;
  /** The computation alone, without the comparison with the claim ("56,941 − 51,670 = 5,271"). */
  formula?: string;
  tolerance: number;
  text: string;
  rounding: boolean;
  /** Held or failed by a bound or a one-sided hedge, not by equality within tolerance. */
  bounded: boolean;
  code: ComputeCode | null;
}

export interface CheckInput {
  check: Check;
  /** The operands in role order: the first role (subject, from, part, value), then the second. */
  ops: readonly EngineOperand[];
  reading: Reading;
  /** Appended to: what comparability must show. */
  notes: Note[];
  /** An operand's value as the claim names it ("handgun 56,941", "1,120 in 2023"); by role index. */
  name: (k: 0 | 1, shown: string) => string;
  /** What the claim calls an operand ("handgun"); null when it names it by no word. By role index. */
  title: (k: 0 | 1) => string | null;
}

/** How the claim names the operands, by role index. */
export interface Naming {
  name: CheckInput['name'];
  title: CheckInput['title'];
}

/** Values shown without the claim's names. */
export const UNNAMED: Naming = { name: (_k, shown) => shown, title: () => null };

export interface RelationRule {
  /** Follows one line item over time: operand A is the earlier period, B the later. */
  overTime: (check: Check) => boolean;
  /** An amount: a bare claim number over a table with a scale note is compared in the table's units. */
  amount: boolean;
  compute: (input: CheckInput) => Computation;
}

export function notComputable(code: ComputeCode, text: string): Computation {
  return {
    verdict: 'not_computable',
    computed: null,
    tolerance: 0,
    text,
    rounding: false,
    bounded: false,
    code,
  };
}

// --- units -----------------------------------------------------------------------------------------

type Compat = 'same' | 'judge' | 'incompatible';
const isRateUnit = (u: string | null) => u === '%' || u === 'pp' || u === 'bp';
export const showUnit = (u: string | null): string => (u === null ? 'no unit' : u);

/** Whether two units can be compared: the same unit, or one side states none (a judge decides). */
export function unitCompat(u1: string | null, u2: string | null, pointsMix = false): Compat {
  if (u1 === u2) return 'same';
  if (pointsMix && isRateUnit(u1) && isRateUnit(u2)) return 'same';
  if (u1 === null || u2 === null) return 'judge';
  return 'incompatible';
}

/**
 * The unit a figure has as its table shows it: its own, or the one currency every other figure of its
 * sheet that names a currency names (a "$" written on a column's first row only).
 */
export function unitOf(op: EngineOperand): string | null {
  return op.figure.unit ?? op.context.tableCurrency ?? null;
}

/** Operand units for a two-operand relation: a note when they cannot combine, or are left open. */
function pairUnits(input: CheckInput): Computation | null {
  const [A, B] = input.ops;
  if (A === undefined || B === undefined) return null;
  const ua = unitOf(A);
  const ub = unitOf(B);
  const c = unitCompat(ua, ub, input.check.relation === 'change_points');
  if (c === 'incompatible') {
    input.notes.push({
      facet: 'unit',
      passed: false,
      code: 'unit_mismatch',
      why: `operands are in ${showUnit(ua)} and ${showUnit(ub)}`,
    });
    return notComputable(
      'units_incompatible',
      `the operands' units cannot be combined (${showUnit(ua)} and ${showUnit(ub)})`,
    );
  }
  if (c === 'judge')
    input.notes.push({
      facet: 'unit',
      passed: null,
      code: 'unit_missing',
      why: `one operand has no unit (${showUnit(ua)} and ${showUnit(ub)})`,
    });
  return null;
}

/** The claim's unit against an operand's. */
function claimUnit(input: CheckInput, op: EngineOperand): Computation | null {
  const q = input.check.quantity;
  if (q === null) return null;
  const u = unitOf(op);
  const c = unitCompat(q.unit, u);
  if (c === 'incompatible') {
    input.notes.push({
      facet: 'unit',
      passed: false,
      code: 'unit_mismatch',
      why: `the claim's ${q.raw} is in ${showUnit(q.unit)}, the operand in ${showUnit(u)}`,
    });
    return notComputable(
      'units_incompatible',
      `the claim's unit (${showUnit(q.unit)}) cannot be compared with the operand's (${showUnit(u)})`,
    );
  }
  if (c === 'judge')
    input.notes.push({
      facet: 'unit',
      passed: null,
      code: 'unit_missing',
      why: `the claim's "${q.raw}" is in ${showUnit(q.unit)}, the operand in ${showUnit(u)}`,
    });
  return null;
}

// --- signs -----------------------------------------------------------------------------------------

interface Values {
  a: number;
  b: number;
  /** magnitude: |A| and |B| (a loss's size); signed: as printed. */
  reading: 'signed' | 'magnitude';
  /** The other reading, when the labels do not say which one the report means. */
  other: [number, number] | null;
  why: string;
}

/**
 * Which reading the signs of A and B have: sizes when the claim speaks of a loss's size ("widened",
 * "narrowed") or the rows name a loss, deficit, expense or cost and print it negative; signed when a row
 * names both sides ("profit/(loss)") or nothing is negative; otherwise both readings are computed and a
 * difference between them is left to a person.
 */
function values(input: CheckInput): Values {
  const [A, B] = input.ops;
  const a = A?.figure.value ?? 0;
  const b = B?.figure.value ?? 0;
  const both: [number, number] = [Math.abs(a), Math.abs(b)];
  if (input.check.magnitude)
    return {
      a: both[0],
      b: both[1],
      reading: 'magnitude',
      other: null,
      why: ' (sizes: the claim speaks of a widening or narrowing)',
    };
  if (a >= 0 && b >= 0) return { a, b, reading: 'signed', other: null, why: '' };
  const signs = [A, B].filter((o) => o !== undefined).map((o) => labelSign(o.context.rowLabel));
  if (signs.includes('signed')) return { a, b, reading: 'signed', other: null, why: '' };
  const lossRows =
    signs.every((s) => s === 'loss') || (input.reading.loss && signs.every((s) => s !== 'signed'));
  if (lossRows && a <= 0 && b <= 0)
    return {
      a: both[0],
      b: both[1],
      reading: 'magnitude',
      other: null,
      why: ' (sizes: the row names a loss, deficit, expense or cost printed as negative)',
    };
  return { a, b, reading: 'signed', other: both, why: '' };
}

// --- shared steps ----------------------------------------------------------------------------------

/** The stated value with the claim's direction applied. */
function statedOf(check: Check): number {
  const q = check.quantity;
  if (q === null) return 0;
  return check.direction !== 0 ? check.direction * Math.abs(q.value) : q.value;
}

const SCALE_WORD: Readonly<Record<number, string>> = {
  1e2: 'hundreds',
  1e3: 'thousands',
  1e5: 'lakhs',
  1e6: 'millions',
  1e7: 'crores',
  1e9: 'billions',
  1e12: 'trillions',
};

/** "thousands", "millions": a scale as a table's note names it. */
export function scaleWord(scale: number): string {
  return SCALE_WORD[scale] ?? `units of ${num(scale, 0)}`;
}

/** The scale every operand's table note applied, when the claim writes a bare number: compare in it. */
function tableScale(input: CheckInput, rule: RelationRule): number | null {
  const q = input.check.quantity;
  if (!rule.amount || q === null || q.scaled || q.word) return null;
  if (q.unitClass === 'percent' || q.unitClass === 'percentage_point' || q.unitClass === 'basis_point')
    return null;
  const scales = new Set(input.ops.map((o) => o.context.noteScale));
  const [s] = [...scales];
  return scales.size === 1 && s !== null && s !== undefined && s !== 1 ? s : null;
}

/** Compare `computed` with the claim and say how, in the claim's terms. */
function finish(
  input: CheckInput,
  rule: RelationRule,
  computed: number,
  shown: string,
  unit: string | null,
): Computation {
  const { check } = input;
  const q = check.quantity;
  const stated = statedOf(check);
  const precision = q?.precision ?? 0;
  const mod = check.modifier;
  const says = (u: string | null) =>
    q === null
      ? ''
      : `the claim says ${mod.boundWords ? `${mod.boundWords} ` : ''}${mod.hedge ? `${mod.hedge} ` : ''}${amount(stated, u, 6)}`;
  const c = compare(computed, stated, precision, mod, check.direction, unit);
  const scale = c.verdict === 'fails' ? tableScale(input, rule) : null;
  if (scale !== null && q !== null) {
    const value = computed / scale;
    const t = compare(value, stated, precision, mod, check.direction, null);
    const word = scaleWord(scale);
    input.notes.push({
      facet: 'scale',
      passed: null,
      code: 'scale_table_units',
      why: `the claim writes ${q.raw} without a scale and the table states ${word}: computed in the table's units; whether the claim means ${word} is left to a person`,
    });
    return {
      verdict: t.verdict,
      computed: value,
      tolerance: t.tolerance,
      formula: `${shown}; in the table's stated units (${word}) that is ${num(value, 6)}`,
      text: `${shown}; in the table's stated units (${word}) that is ${num(value, 6)}; ${says(null)} (${t.rule}): ${t.verdict} in ${word}${t.rounding ? ' only within rounding' : ''}`,
      rounding: t.rounding,
      bounded: t.bounded,
      code: null,
    };
  }
  if (q !== null && rule.amount) {
    const gap = scaleGap(stated, computed);
    if (gap !== null)
      input.notes.push({
        facet: 'scale',
        passed: false,
        code: 'scale_gap',
        why: `the claim's ${q.raw} differs from the computed value by a factor of about 10^${gap}`,
      });
  }
  return {
    verdict: c.verdict,
    computed,
    tolerance: c.tolerance,
    formula: shown,
    text: `${shown}; ${says(unit)} (${c.rule}): ${c.verdict}${c.rounding ? ' only within rounding' : ''}`,
    rounding: c.rounding,
    bounded: c.bounded,
    code: null,
  };
}

/** Decimals to show a computed rate or multiple with: one more than the claim wrote, at least two. */
const places = (q: Quantity | null) => Math.max(2, (q?.decimals ?? 1) + 1);

function needTwo(input: CheckInput, what: string): Computation | null {
  return input.ops.length < 2
    ? notComputable('operands_missing', `${what} needs two operands; ${input.ops.length} given`)
    : null;
}

/**
 * The start every two-operand relation shares: two operands given, units that combine (and, for an amount
 * the claim states, the claim's unit too). Answers the unit to show values in, or why it cannot go on.
 */
function pairStart(
  input: CheckInput,
  what: string,
  withClaim = false,
): Computation | { unit: string | null } {
  const missing = needTwo(input, what);
  if (missing) return missing;
  const [A, B] = input.ops as [EngineOperand, EngineOperand];
  const bad = pairUnits(input) ?? (withClaim ? claimUnit(input, A) : null);
  if (bad) return bad;
  return { unit: withClaim ? (unitOf(A) ?? unitOf(B) ?? input.check.quantity?.unit ?? null) : unitOf(A) };
}

const stopped = (r: Computation | { unit: string | null }): r is Computation => 'verdict' in r;

/**
 * Run `run` on the reading the signs have; when the labels leave the signs open and the other reading
 * gives a different verdict, the check is left to a person with both shown.
 */
function withSigns(input: CheckInput, run: (a: number, b: number, why: string) => Computation): Computation {
  const v = values(input);
  const main = run(v.a, v.b, v.why);
  if (v.other === null || main.verdict === 'not_computable') {
    if (v.other !== null && main.verdict === 'not_computable') {
      const notes = input.notes.length;
      const alt = run(v.other[0], v.other[1], ' (sizes)');
      input.notes.length = notes;
      if (alt.verdict !== 'not_computable')
        return notComputable(
          'sign_unclear',
          `${main.text}; read as sizes (a loss or cost printed negative) it ${alt.verdict}: ${alt.text}; the row's label does not say which reading the report means, so it is left to a person`,
        );
    }
    return main;
  }
  const notes = input.notes.length;
  const alt = run(v.other[0], v.other[1], ' (sizes)');
  input.notes.length = notes;
  if (alt.verdict !== main.verdict)
    return notComputable(
      'sign_unclear',
      `${main.text}; read as sizes (a loss or cost printed negative) it ${alt.verdict}: the row's label does not say which reading the report means, so it is left to a person`,
    );
  return main;
}

// --- the relations ---------------------------------------------------------------------------------

const always = () => true;
const never = () => false;

function equals(input: CheckInput): Computation {
  const { ops, reading, check } = input;
  const q = check.quantity;
  if (ops[0] === undefined) return notComputable('operands_missing', 'no operand given');
  // "from X" restates A: the figure the claim states is then B's.
  const op = reading.restated.some((r) => r.operand === 0) && ops[1] !== undefined ? ops[1] : ops[0];
  const bad = claimUnit(input, op);
  if (bad) return bad;
  const u = unitOf(op) ?? q?.unit ?? null;
  let v = op.figure.value;
  let note = '';
  if (q !== null && v !== 0 && q.value !== 0 && Math.sign(q.value) !== Math.sign(v)) {
    const sign = labelSign(op.context.rowLabel);
    if (v < 0 && q.value > 0 && (sign === 'loss' || (reading.loss && sign !== 'signed'))) {
      v = Math.abs(v);
      note = ' (a loss, deficit, expense or cost printed negative: its size is compared)';
    } else if (sign !== 'signed')
      return notComputable(
        'sign_unclear',
        `the claim's ${q.raw} and the source's ${op.figure.raw} have opposite signs and the row's label does not say what the sign means`,
      );
  }
  return finish(input, RELATIONS.equals, v, `source figure ${op.figure.raw} = ${amount(v, u)}${note}`, u);
}

function changePercent(input: CheckInput): Computation {
  const { ops, check } = input;
  const A = ops[0];
  if (A !== undefined && ops.length === 1 && A.figure.unitClass === 'percent') {
    input.notes.push({
      facet: 'entity',
      passed: null,
      code: 'rate_as_change',
      why: 'the one operand is read as the rate itself; code cannot tell it is that rate',
    });
    return finish(
      input,
      RELATIONS.change_percent,
      A.figure.value,
      `the source figure ${A.figure.raw} is read as the rate itself = ${amount(A.figure.value, '%')}`,
      '%',
    );
  }
  const start = pairStart(input, 'a percent change');
  if (stopped(start)) return start;
  const u = start.unit;
  return withSigns(input, (a, b, why) => {
    const fa = amount(a, u);
    const fb = amount(b, u);
    if (a === 0)
      return notComputable('zero_base', `the base ${fa} is zero: a percent change cannot be computed`);
    if (a < 0)
      return notComputable('negative_base', `the base ${fa} is negative: a percent change is not defined`);
    if (b < 0)
      return notComputable(
        'negative_later',
        `the later value ${fb} is negative: the percent change's meaning is unclear`,
      );
    const computed = ((b - a) / a) * 100;
    const gap = scaleGap(a, b);
    if (gap !== null)
      input.notes.push({
        facet: 'scale',
        passed: false,
        code: 'scale_gap',
        why: `one operand differs from the other by a factor of about 10^${gap}`,
      });
    const out = finish(
      input,
      RELATIONS.change_percent,
      computed,
      `(${input.name(1, fb)} − ${input.name(0, fa)}) / ${fa} × 100 = ${num(computed, places(check.quantity), true)}%${why}`,
      '%',
    );
    if (
      out.verdict === 'fails' &&
      ops[0]?.figure.unitClass === 'percent' &&
      ops[1]?.figure.unitClass === 'percent'
    ) {
      const pts = compare(
        b - a,
        statedOf(check),
        check.quantity?.precision ?? 0,
        check.modifier,
        check.direction,
      );
      if (pts.verdict === 'holds')
        return notComputable(
          'points_or_percent',
          `${out.text}; but read as percentage points (${fb} − ${fa} = ${num(b - a, 4)} pp) it holds: which the claim means is left to a person`,
        );
    }
    return out;
  });
}

function changeAbsolute(input: CheckInput): Computation {
  const start = pairStart(input, 'a change', true);
  if (stopped(start)) return start;
  const u = start.unit;
  return withSigns(input, (a, b, why) => {
    const computed = b - a;
    const sizes = why !== '';
    const expr = sizes
      ? `|${input.name(1, amount(b, u))}| − |${input.name(0, amount(a, u))}|`
      : `${input.name(1, amount(b, u))} − ${input.name(0, amount(a, u))}`;
    return finish(input, RELATIONS.change_absolute, computed, `${expr} = ${amount(computed, u)}${why}`, u);
  });
}

function changePoints(input: CheckInput): Computation {
  const { ops, check } = input;
  const q = check.quantity;
  const toClaim = (x: number, from: string | null) => {
    const inPp = from === 'bp' ? x / 100 : x;
    return q?.unit === 'bp' ? inPp * 100 : inPp;
  };
  const A = ops[0];
  if (
    A !== undefined &&
    ops.length === 1 &&
    (A.figure.unitClass === 'percentage_point' || A.figure.unitClass === 'basis_point')
  ) {
    input.notes.push({
      facet: 'entity',
      passed: null,
      code: 'rate_as_change',
      why: 'the one operand is read as the change itself; code cannot tell it is that change',
    });
    const v = toClaim(A.figure.value, A.figure.unit);
    return finish(
      input,
      RELATIONS.change_points,
      v,
      `the source figure ${A.figure.raw} is read as the change itself = ${amount(v, q?.unit ?? 'pp')}`,
      q?.unit ?? 'pp',
    );
  }
  const missing = needTwo(input, 'a change in points');
  if (missing) return missing;
  const bad = pairUnits(input);
  if (bad) return bad;
  for (const op of ops.slice(0, 2)) {
    if (op.figure.unitClass === 'currency') {
      input.notes.push({
        facet: 'unit',
        passed: false,
        code: 'unit_mismatch',
        why: `${op.figure.raw} is in ${op.figure.unit}, not a rate`,
      });
      return notComputable(
        'units_incompatible',
        `a change in points needs rates; ${op.figure.raw} is in ${op.figure.unit}`,
      );
    }
    if (op.figure.unitClass === 'none' && unitOf(op) === null)
      input.notes.push({
        facet: 'unit',
        passed: null,
        code: 'unit_missing',
        why: `${op.figure.raw} has no unit: a judge must say it is a rate`,
      });
  }
  const [a, b] = [ops[0]!.figure.value, ops[1]!.figure.value];
  const fa = input.name(0, amount(a, ops[0]!.figure.unit));
  const fb = input.name(1, amount(b, ops[1]!.figure.unit));
  const signed = check.order === 'AB' ? a - b : b - a;
  const raw = check.unsigned ? Math.abs(a - b) : signed;
  const computed = toClaim(raw, ops[0]!.figure.unit === 'bp' || ops[1]!.figure.unit === 'bp' ? 'bp' : 'pp');
  const expr = check.unsigned ? `|${fa} − ${fb}|` : check.order === 'AB' ? `${fa} − ${fb}` : `${fb} − ${fa}`;
  return finish(
    input,
    RELATIONS.change_points,
    computed,
    `${expr} = ${amount(computed, q?.unit ?? 'pp', places(q))}`,
    q?.unit ?? 'pp',
  );
}

function ratio(input: CheckInput): Computation {
  const start = pairStart(input, 'a multiple');
  if (stopped(start)) return start;
  const u = start.unit;
  return withSigns(input, (a, b, why) => {
    const over = input.check.order === 'BA';
    const [n, d] = over ? [b, a] : [a, b];
    if (d === 0) return notComputable('zero_base', `division by zero (${amount(d, u)})`);
    if (n < 0 || d < 0)
      return notComputable('negative_value', 'a multiple of a negative value is not checked');
    const computed = n / d;
    const shown = `${input.name(over ? 1 : 0, amount(n, u))} / ${input.name(over ? 0 : 1, amount(d, u))} = ${num(computed, places(input.check.quantity))}×${why}`;
    if (!input.check.timesMore) return finish(input, RELATIONS.ratio, computed, shown, null);
    return timesMore(input, computed, shown);
  });
}

/**
 * "N times more than": read as ×N and as ×(N + 1). Both hold: holds; both fail: fails (false under either
 * reading); one of each: which the claim means is left to a person.
 */
function timesMore(input: CheckInput, computed: number, shown: string): Computation {
  const q = input.check.quantity;
  const n = q?.value ?? 0;
  const precision = q?.precision ?? 0;
  const mod = input.check.modifier;
  const times = compare(computed, n, precision, mod, 0);
  const plusOne = compare(computed, n + 1, precision, mod, 0);
  const readings = `as ×${num(n)} (${times.rule}) it ${times.verdict}; as ×${num(n + 1)} ("${num(n)} times more" on top of the reference) it ${plusOne.verdict}`;
  if (times.verdict !== plusOne.verdict)
    return notComputable(
      'times_more',
      `${shown}; "${q?.raw ?? n} times more than" has two readings: ${readings}; which the claim means is left to a person`,
    );
  return {
    verdict: times.verdict,
    computed,
    tolerance: times.tolerance,
    formula: shown,
    text: `${shown}; "${q?.raw ?? n} times more than" read both ways: ${readings}`,
    rounding: times.rounding || plusOne.rounding,
    bounded: times.bounded,
    code: null,
  };
}

function share(input: CheckInput): Computation {
  const A = input.ops[0];
  if (A !== undefined && input.ops.length === 1 && A.figure.unitClass === 'percent')
    return finish(
      input,
      RELATIONS.share,
      A.figure.value,
      `the source figure ${A.figure.raw} is read as the share itself = ${amount(A.figure.value, '%')}`,
      '%',
    );
  const start = pairStart(input, 'a share');
  if (stopped(start)) return start;
  const u = start.unit;
  return withSigns(input, (a, b, why) => {
    if (b === 0) return notComputable('zero_base', `division by zero (${amount(b, u)})`);
    if (b < 0 || a < 0) return notComputable('negative_value', 'a share of a negative value is not checked');
    const computed = (a / b) * 100;
    const shown = `${input.name(0, amount(a, u))} / ${input.name(1, amount(b, u))} × 100 = ${num(computed, places(input.check.quantity), true)}%${why}`;
    // A part larger than its whole: the whole is more likely the wrong figure than the claim wrong.
    if (computed > 100 + EPS)
      return notComputable(
        'share_over_whole',
        `${shown}: a share over 100%, the part is larger than the whole; is the whole the right figure?`,
      );
    return finish(input, RELATIONS.share, computed, shown, '%');
  });
}

function sumOrDifference(sign: 1 | -1) {
  return (input: CheckInput): Computation => {
    const start = pairStart(input, sign > 0 ? 'a sum' : 'a difference', true);
    if (stopped(start)) return start;
    const u = start.unit;
    const rule = sign > 0 ? RELATIONS.sum : RELATIONS.difference;
    return withSigns(input, (a, b, why) => {
      const unsigned = sign < 0 && input.check.unsigned;
      const computed = unsigned ? Math.abs(a - b) : a + sign * b;
      const terms = `${input.name(0, amount(a, u))} ${sign > 0 ? '+' : '−'} ${input.name(1, amount(b, u))}`;
      return finish(
        input,
        rule,
        computed,
        `${unsigned ? `|${terms}|` : terms} = ${amount(computed, u)}${why}`,
        u,
      );
    });
  };
}

function differencePercent(input: CheckInput): Computation {
  const start = pairStart(input, 'a percent difference');
  if (stopped(start)) return start;
  const u = start.unit;
  return withSigns(input, (a, b, why) => {
    if (b === 0) return notComputable('zero_base', `the base ${amount(b, u)} is zero`);
    if (b < 0 || a < 0)
      return notComputable('negative_value', 'a percent difference with a negative value is not checked');
    const computed = ((a - b) / b) * 100;
    return finish(
      input,
      RELATIONS.difference_percent,
      computed,
      `(${input.name(0, amount(a, u))} − ${input.name(1, amount(b, u))}) / ${amount(b, u)} × 100 = ${num(computed, places(input.check.quantity), true)}%${why}`,
      '%',
    );
  });
}

function signOf(kind: 'comparison' | 'direction') {
  return (input: CheckInput): Computation => {
    const start = pairStart(input, kind === 'comparison' ? 'a comparison' : 'a change');
    if (stopped(start)) return start;
    const u = start.unit;
    return withSigns(input, (a, b, why) => {
      const diff = kind === 'comparison' ? a - b : b - a;
      const computed = close(a, b) ? 0 : Math.sign(diff);
      const [x, y] =
        kind === 'comparison'
          ? [input.name(0, amount(a, u)), input.name(1, amount(b, u))]
          : [input.name(1, amount(b, u)), input.name(0, amount(a, u))];
      const ok = computed === input.check.direction;
      const says =
        kind === 'comparison'
          ? `${input.title(0) ?? 'the first'} is ${input.check.direction > 0 ? 'larger' : 'smaller'}`
          : input.check.direction > 0
            ? 'a rise'
            : 'a fall';
      return {
        verdict: ok ? 'holds' : 'fails',
        computed,
        tolerance: 0,
        formula: `${x} ${computed > 0 ? '>' : computed < 0 ? '<' : '='} ${y}${why}`,
        text: `${x} ${computed > 0 ? '>' : computed < 0 ? '<' : '='} ${y}${why}; the claim says ${says}: ${ok ? 'holds' : 'fails'}`,
        rounding: false,
        bounded: false,
        code: null,
      };
    });
  };
}

/** The relation table. */
export const RELATIONS: Readonly<Record<Relation, RelationRule>> = {
  equals: { overTime: never, amount: true, compute: equals },
  change_percent: { overTime: always, amount: false, compute: changePercent },
  change_absolute: { overTime: always, amount: true, compute: changeAbsolute },
  // "rose 2 points" follows an item over time; "2 points higher than" compares two items.
  change_points: { overTime: (c) => c.order === 'BA', amount: false, compute: changePoints },
  // "doubled", "grew 3x" follow an item over time; "A is three times B" compares two.
  ratio: { overTime: (c) => c.order === 'BA', amount: false, compute: ratio },
  share: { overTime: never, amount: false, compute: share },
  sum: { overTime: never, amount: true, compute: sumOrDifference(1) },
  difference: { overTime: never, amount: true, compute: sumOrDifference(-1) },
  difference_percent: { overTime: never, amount: false, compute: differencePercent },
  comparison: { overTime: never, amount: false, compute: signOf('comparison') },
  direction: { overTime: always, amount: false, compute: signOf('direction') },
};

/** Values of figures as restated by a claim: a loss printed negative is restated by its size. */
export function restatedValue(op: EngineOperand, q: Quantity, reading: Reading): number {
  const v = op.figure.value;
  if (v < 0 && q.value > 0) {
    const sign = labelSign(op.context.rowLabel);
    if (sign === 'loss' || (reading.loss && sign !== 'signed')) return Math.abs(v);
  }
  return v;
}

export type { Figure };
