import type { UnitClass } from '../../shared/api';
import { findFigures } from '../../shared/figures';
import { claimPeriods, type ClaimPeriods } from './periods';
import { decimalsOf, NO_MODIFIER, type Modifier } from './tolerance';
import type { Basis } from './types';
import {
  BASIS_WORDS,
  BOUNDS,
  COMPARISON,
  DIFFERENCE_AFTER,
  DIRECTION_AFTER,
  DIRECTION_ANYWHERE,
  DIRECTION_BEFORE,
  HEDGES,
  LOSS,
  MAGNITUDE_WORDS,
  MULTIPLE_AFTER,
  NEGATION,
  SHARE_AFTER,
  SHARE_BEFORE,
  SUM,
  TIMES_MORE_AFTER,
  WORD_QUANTITIES,
  WORD_TOLERANCE,
  anyOf,
  endingWith,
} from './wording';

// Claim reading (service/numeric/RULES.md, "Claim reading"): which relation the claim states over the
// operands, the value it states with its precision, hedge and bound, the numbers it restates about the
// operands, and the periods and basis it mentions. Numbers come only from shared/figures.

export type { Modifier };

export type Relation =
  | 'equals'
  | 'change_percent'
  | 'change_absolute'
  | 'change_points'
  | 'ratio'
  | 'share'
  | 'sum'
  | 'difference'
  | 'difference_percent'
  | 'comparison'
  | 'direction';

/** A number the claim states: a figure from shared/figures, or a quantity written as words. */
export interface Quantity {
  raw: string;
  start: number;
  end: number;
  /** Signed, in base units (percent for %, pp for pp, bp for bp, a plain multiple for "3x"). */
  value: number;
  unit: string | null;
  unitClass: UnitClass;
  /** Half a unit of the last digit written, in base units; for a word quantity, WORD_TOLERANCE of it. */
  precision: number;
  /** Digits after the decimal mark as written (null for words). */
  decimals: number | null;
  word: boolean;
  ambiguous: boolean;
  /** "times"/"x"/"fold" follows, or a multiple word. */
  multiple: boolean;
  /** A verb that already says "changed by this multiple" ("doubled", "halved"): ratio B / A. */
  change: boolean;
  /** The claim writes its scale ("$1.2bn", "4 million"): it is not a bare number in a table's units. */
  scaled: boolean;
}

/** One check the claim asks for: a relation and the value it states (null for comparison/direction). */
export interface Check {
  relation: Relation;
  quantity: Quantity | null;
  modifier: Modifier;
  /** +1 / -1 from a direction or comparison word; 0 when the quantity keeps its own sign. */
  direction: 1 | -1 | 0;
  /** Ratio order: 'BA' for a change ("doubled", "grew 3x"), 'AB' as worded ("A is three times B"). */
  order: 'BA' | 'AB';
  /** "widened"/"narrowed": computed on magnitudes. */
  magnitude: boolean;
}

/** A number the claim states about an operand itself: "from" → A, "to" → B, else any operand. */
export interface Restated {
  quantity: Quantity;
  operand: 0 | 1 | null;
  modifier: Modifier;
}

/** Why code cannot read the claim: a typed code, and the words shown to a person. */
export type ProblemCode = 'ambiguous_number' | 'negated' | 'range' | 'times_more';
export interface Problem {
  code: ProblemCode;
  message: string;
}

export interface Reading {
  checks: Check[];
  restated: Restated[];
  periods: ClaimPeriods;
  basis: Basis | null;
  /** The claim names a loss, deficit, shortfall or outflow. */
  loss: boolean;
  /** A reason the claim cannot be checked by code (negation, a range, "times more than"). */
  problem: Problem | null;
  quantities: Quantity[];
  /** Numbers inside an operand's label as the claim repeats it ("Level 2", "90 nanometers", "(4)"): not read. */
  labelNumbers: Quantity[];
}

/** Lower-case without changing length, so figure offsets stay valid; curly quotes straightened. */
export function lower(text: string): string {
  let out = '';
  for (const c of text) {
    const l = c.toLowerCase();
    const s = l.length === c.length ? l : c;
    out += s.replace(/[’‘]/g, "'");
  }
  return out;
}

const HEDGE_PATTERNS = HEDGES.map((h) => ({ ...h, pattern: endingWith(h.words) }));
const BOUND_PATTERNS = BOUNDS.map((b) => ({ ...b, pattern: endingWith(b.words) }));
const WORD_PATTERNS = WORD_QUANTITIES.map((w) => ({ ...w, pattern: anyOf(w.words) }));
const MAGNITUDE = new RegExp(`^(?:${MAGNITUDE_WORDS.join('|')})$`);

/** Hedge and bound written just before a quantity ("by about", "more than", "nearly"). */
function modifierBefore(before: string): { modifier: Modifier; rest: string } {
  const modifier: Modifier = { ...NO_MODIFIER };
  let rest = before;
  for (let i = 0; i < 2; i++) {
    let found = false;
    for (const h of HEDGE_PATTERNS) {
      const m = h.pattern.exec(rest);
      if (m && modifier.hedge === null) {
        modifier.hedge = m[0].trim();
        modifier.side = h.side;
        rest = rest.slice(0, m.index);
        found = true;
        break;
      }
    }
    if (found) continue;
    for (const b of BOUND_PATTERNS) {
      const m = b.pattern.exec(rest);
      if (m && modifier.bound === null) {
        modifier.bound = b.kind;
        modifier.boundWords = m[0].trim();
        rest = rest.slice(0, m.index);
        found = true;
        break;
      }
    }
    if (!found) break;
  }
  // "12% or so": a hedge after the number.
  return { modifier, rest };
}

/** A percent sign or word written in the number itself (not carried over from a neighbour). */
const OWN_PERCENT = /%|per\s?cent|percent|pct/i;

function figureQuantities(text: string, low: string): Quantity[] {
  const found = findFigures(text);
  return found.map((figure, i) => {
    // "rose 12% to 1,120": a rate, then the end point it reached. shared/figures carries the "%" over the
    // "to" as it would in "from 10% to 12"; after a change word the second number keeps its own reading.
    const before = found[i - 1];
    const carried =
      before !== undefined &&
      figure.unitClass === 'percent' &&
      !OWN_PERCENT.test(figure.raw) &&
      OWN_PERCENT.test(before.raw) &&
      /^\s+to\s+$/.test(low.slice(before.end, figure.start)) &&
      DIRECTION_BEFORE.test(low.slice(0, before.start));
    const own = carried ? findFigures(figure.raw)[0] : undefined;
    const f = own !== undefined ? { ...own, start: figure.start, end: figure.end } : figure;
    const decimals = decimalsOf(f.raw, f.magnitude);
    const after = low.slice(f.end, f.end + 40);
    return {
      raw: f.raw,
      start: f.start,
      end: f.end,
      value: f.value,
      unit: f.unit,
      unitClass: f.unitClass,
      precision: 0.5 * 10 ** -decimals * f.scale,
      decimals,
      word: false,
      ambiguous: f.ambiguous,
      multiple: f.unitClass === 'none' && MULTIPLE_AFTER.test(after),
      change: false,
      scaled: f.scale !== 1,
    };
  });
}

function wordQuantities(text: string, low: string, taken: readonly Quantity[]): Quantity[] {
  const out: Quantity[] = [];
  const overlaps = (s: number, e: number) => [...taken, ...out].some((q) => s < q.end && q.start < e);
  for (const w of WORD_PATTERNS) {
    w.pattern.lastIndex = 0;
    for (const m of low.matchAll(w.pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(start, end)) continue;
      // "half" only as a quantity where it is one: "half of", "by half", "half as", "half the".
      if (
        w.value === 50 &&
        /^half$/.test(m[0]) &&
        !/^\s+(?:of|as|the)\b/.test(low.slice(end)) &&
        !/\bby\s+$/.test(low.slice(0, start))
      )
        continue;
      // "double"/"triple" only as "double the"/"double that of".
      if (/^(?:double|triple)$/.test(m[0]) && !/^\s+(?:the|that)\b/.test(low.slice(end))) continue;
      const multiple = w.as === 'multiple';
      out.push({
        raw: text.slice(start, end),
        start,
        end,
        value: w.value,
        unit: multiple ? null : '%',
        unitClass: multiple ? 'none' : 'percent',
        precision: WORD_TOLERANCE * w.value,
        decimals: null,
        word: true,
        ambiguous: false,
        multiple,
        change: w.change === true,
        scaled: false,
      });
    }
  }
  return out;
}

function basisIn(low: string): Basis | null {
  const found = new Set<Basis>();
  for (const b of BASIS_WORDS) if (b.pattern.test(low)) found.add(b.basis);
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

/**
 * Numbers inside an operand's label where the claim repeats that label ("Level 2 assets", "the 90 nanometers
 * segment", "Net income (4)"): each label's numbers with the word beside them are looked for in the claim,
 * and a claim number inside such a stretch is part of the name, never a stated value or an end point.
 */
export function labelSpans(low: string, labels: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  const flexible = (text: string) =>
    text
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+');
  for (const label of labels) {
    const l = lower(label);
    if (!/\d/.test(l)) continue;
    // The whole label, then each number with its neighbouring word ("level 2", "90 nanometers", "notes (4)").
    const pieces = [l];
    for (const m of l.matchAll(/(?:[\p{L}][\p{L}'-]*\s+)?[([]?\d[\d.,]*[)\]]?(?:\s*[\p{L}][\p{L}'-]*)?/gu))
      if (/\p{L}/u.test(m[0])) pieces.push(m[0]);
    for (const piece of pieces) {
      if (piece.trim().length < 3) continue;
      const re = new RegExp(`(?<![\\p{L}\\p{N}])${flexible(piece)}(?![\\p{L}\\p{N}])`, 'gu');
      for (const m of low.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
    }
  }
  return spans;
}

/**
 * Read the claim: its checks, restated numbers, periods, basis, or the problem that stops code. `labels`
 * are the operands' row and column labels: numbers the claim repeats from them are names, not values.
 */
export function readClaim(text: string, labels: readonly string[] = []): Reading {
  const low = lower(text);
  const spans = labelSpans(low, labels);
  const inLabel = (q: Quantity) => spans.some(([s, e]) => q.start >= s && q.end <= e);
  const all = figureQuantities(text, low);
  const figures = all.filter((q) => !inLabel(q));
  const periods = claimPeriods(
    text,
    all.map((f) => [f.start, f.end] as const),
  );
  // Words inside a period ("the first half of 2024") are not quantities.
  const inPeriod = (q: Quantity) => periods.named.some((p) => q.start < p.end && p.start < q.end);
  const words = wordQuantities(text, low, all).filter((q) => !inPeriod(q));
  const quantities = [...figures, ...words].sort((a, b) => a.start - b.start);
  const reading: Reading = {
    checks: [],
    restated: [],
    periods,
    basis: basisIn(low),
    loss: LOSS.test(low),
    problem: null,
    quantities,
    labelNumbers: all.filter(inLabel),
  };

  const ambiguous = quantities.find((q) => q.ambiguous);
  if (ambiguous) {
    reading.problem = {
      code: 'ambiguous_number',
      message: `the claim's number "${ambiguous.raw}" has more than one reading`,
    };
    return reading;
  }
  // Negation: bound phrases that contain "no"/"not" are removed first ("no more than").
  let scrubbed = low;
  for (const b of BOUNDS)
    for (const w of b.words) if (/\bno|not\b/.test(w)) scrubbed = scrubbed.split(w).join(' ');
  scrubbed = scrubbed.replace(/\bnot\s+quite\b/g, ' ');
  if (NEGATION.test(scrubbed)) {
    reading.problem = {
      code: 'negated',
      message: 'the claim is negated ("not", "never", "did not"…); code does not read negated relations',
    };
    return reading;
  }

  const used = new Set<Quantity>();
  const sumCue = SUM.test(low);
  for (let i = 0; i < quantities.length; i++) {
    const q = quantities[i]!;
    const next = quantities[i + 1];
    // Ranges: "10-12%", "between 5 and 6bn", "rose 10 to 12%".
    if (next && !q.word && !next.word) {
      const between = low.slice(q.end, next.start);
      const fromBefore = /(?:^|[^\p{L}])from\s*$/u.test(modifierBefore(low.slice(0, q.start)).rest);
      const sameKind = q.unit === next.unit;
      if (
        /^\s*[-–—]\s*$/.test(between) ||
        (/^\s+and\s+$/.test(between) && /between\s+$/.test(low.slice(0, q.start))) ||
        (/^\s+to\s+$/.test(between) && !fromBefore && sameKind)
      ) {
        reading.problem = {
          code: 'range',
          message: `the claim states a range ("${text.slice(q.start, next.end)}"); ranges are not checked by code`,
        };
        return reading;
      }
    }
    const beforeAll = low.slice(0, q.start);
    const { modifier, rest: before } = modifierBefore(beforeAll);
    const after = low.slice(q.end, q.end + 60);
    // "or so" after the number is a hedge too.
    if (modifier.hedge === null && /^\s+or\s+so\b/.test(after)) modifier.hedge = 'or so';

    const timesMore = q.word
      ? /times|fold$/.test(q.raw.toLowerCase()) &&
        /^\s*(?:more|higher|greater|bigger|larger|less|lower|smaller|fewer)\s+than(?![\p{L}\p{N}])/u.test(
          after,
        )
      : TIMES_MORE_AFTER.test(after);
    if (q.multiple && timesMore) {
      reading.problem = {
        code: 'times_more',
        message: `"${q.raw} … more than" reads as ×N or ×(N+1); left to a person`,
      };
      return reading;
    }
    const dirBefore = DIRECTION_BEFORE.exec(before);
    const dirAfter = DIRECTION_AFTER.exec(after);
    const directionOf = (m: RegExpExecArray | null): 1 | -1 | 0 =>
      m === null ? 0 : m[1] ? 1 : m[2] ? -1 : 0;
    const magnitudeOf = (m: RegExpExecArray | null) =>
      m !== null && MAGNITUDE.test((m[1] ?? m[2] ?? '').trim());
    const check = (
      relation: Relation,
      direction: 1 | -1 | 0,
      order: 'BA' | 'AB' = 'BA',
      magnitude = false,
    ) => {
      reading.checks.push({ relation, quantity: q, modifier, direction, order, magnitude });
      used.add(q);
    };

    // Ratio / multiple.
    if (q.multiple) {
      if (q.change) check('ratio', 0, 'BA');
      else if (dirBefore) check('ratio', 0, 'BA');
      else check('ratio', 0, 'AB');
      continue;
    }
    const percentLike = q.unitClass === 'percent';
    // Share: "25% of", "a quarter of", "accounts for 40% of".
    if (percentLike && (SHARE_BEFORE.test(before) || (SHARE_AFTER.test(after) && !dirBefore))) {
      check('share', 0);
      continue;
    }
    // Difference: "$5m more than", "12% higher than".
    const diff = DIFFERENCE_AFTER.exec(after);
    if (
      diff &&
      /than|above|below/.test(diff[0]) &&
      q.unitClass !== 'percentage_point' &&
      q.unitClass !== 'basis_point'
    ) {
      check(percentLike ? 'difference_percent' : 'difference', diff[1] ? 1 : -1, 'AB');
      continue;
    }
    // Positional restatements: "from $1.0bn", "to $1.12bn".
    if (/(?:^|[^\p{L}])from\s*$/u.test(before) && modifier.bound === null) {
      reading.restated.push({ quantity: q, operand: 0, modifier });
      used.add(q);
      continue;
    }
    if (/(?:^|[^\p{L}])to\s*$/u.test(before) && modifier.bound === null) {
      reading.restated.push({ quantity: q, operand: 1, modifier });
      used.add(q);
      continue;
    }
    // Points: a pp or bp figure is a difference of rates.
    if (q.unitClass === 'percentage_point' || q.unitClass === 'basis_point') {
      if (diff) check('change_points', diff[1] ? 1 : -1, 'AB');
      else {
        const d = dirBefore ?? dirAfter;
        check('change_points', directionOf(d), 'BA', magnitudeOf(d));
      }
      continue;
    }
    // Change: a direction word just before or just after.
    const d = dirBefore ?? dirAfter;
    if (d !== null) {
      check(percentLike ? 'change_percent' : 'change_absolute', directionOf(d), 'BA', magnitudeOf(d));
      continue;
    }
    // Sum.
    if (sumCue && !q.word) {
      check('sum', 0);
      continue;
    }
  }

  // Numbers left: restatements, or the stated value of "equals".
  const left = quantities.filter((q) => !used.has(q));
  if (reading.checks.length === 0) {
    const first = left[0];
    const fromTo = reading.restated.some((r) => r.operand !== null);
    const dir = DIRECTION_ANYWHERE.exec(low);
    const cmp = COMPARISON.exec(low);
    if (fromTo && dir) {
      // "rose from $1.0bn to $1.12bn": the direction of B - A, and the end points as restatements.
      reading.checks.push({
        relation: 'direction',
        quantity: null,
        modifier: { ...NO_MODIFIER },
        direction: dir[1] ? 1 : -1,
        order: 'BA',
        magnitude: MAGNITUDE.test((dir[1] ?? dir[2] ?? '').trim()),
      });
    } else if (cmp && !quantityAdjacent(low, cmp, quantities)) {
      reading.checks.push({
        relation: 'comparison',
        quantity: null,
        modifier: { ...NO_MODIFIER },
        direction: cmp[1] ? 1 : -1,
        order: 'AB',
        magnitude: false,
      });
    } else if (first !== undefined && !first.word) {
      const { modifier } = modifierBefore(low.slice(0, first.start));
      if (modifier.hedge === null && /^\s+or\s+so\b/.test(low.slice(first.end))) modifier.hedge = 'or so';
      reading.checks.push({
        relation: 'equals',
        quantity: first,
        modifier,
        direction: 0,
        order: 'AB',
        magnitude: false,
      });
      used.add(first);
    } else if (dir && reading.restated.length > 0) {
      reading.checks.push({
        relation: 'direction',
        quantity: null,
        modifier: { ...NO_MODIFIER },
        direction: dir[1] ? 1 : -1,
        order: 'BA',
        magnitude: false,
      });
    }
  }
  for (const q of quantities) {
    if (used.has(q)) continue;
    if (q.word) continue;
    reading.restated.push({
      quantity: q,
      operand: null,
      modifier: modifierBefore(low.slice(0, q.start)).modifier,
    });
  }
  return reading;
}

function quantityAdjacent(low: string, m: RegExpExecArray, quantities: readonly Quantity[]): boolean {
  const s = m.index;
  const e = s + m[0].length;
  return quantities.some(
    (q) =>
      (q.start >= e && /^\s*$/.test(low.slice(e, q.start))) ||
      (q.end <= s && /^\s*$/.test(low.slice(q.end, s))),
  );
}
