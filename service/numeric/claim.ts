import type { UnitClass } from '../../shared/api';
import { findFigures } from '../../shared/figures';
import { bandPattern, cleanLabelText, claimPeriods, type ClaimPeriods } from '../../shared/structure';

export { cleanLabelText };
import { NO_MODIFIER, type Modifier, writtenDecimals } from './tolerance';
import type { Basis } from './types';
import {
  AS_AS,
  BASIS_WORDS,
  BETWEEN,
  BOUNDS,
  BY_BEFORE,
  COMPARE_VERB,
  COMPARISON,
  DIFFERENCE_ABOVE,
  DIFFERENCE_AFTER,
  DIFFERENCE_AFTER_COUNTED,
  DIRECTION_AFTER,
  DIRECTION_ANYWHERE,
  DIRECTION_BEFORE,
  HEDGES,
  LOSS,
  MAGNITUDE_WORDS,
  MINUS,
  MULTIPLE_AFTER,
  NEGATION,
  PASSIVE_AFTER,
  PASSIVE_BEFORE,
  SHARE_AFTER,
  SHARE_BEFORE,
  SHARE_OF_BEFORE,
  SUM,
  WORD_QUANTITIES,
  WHOLE_ENDS,
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
  /** Written in brackets ("(56,941)"): in a sentence that sets a number aside, not a negative one. */
  bracketed: boolean;
}

/**
 * How the claim places its figures: `ordered` names a subject, then (after `split`: "than", "exceeded",
 * "times") a reference, or the other way round when `passive` ("was exceeded by"); `part_whole` names the
 * whole between `split` ("of") and `end`, the part elsewhere; `over_time` follows one thing from an earlier
 * period to a later one; `symmetric` needs no roles (a sum, "the difference between"); `single` states one
 * figure's value.
 */
export type FrameKind = 'ordered' | 'part_whole' | 'over_time' | 'symmetric' | 'single';
export interface Frame {
  kind: FrameKind;
  split: number | null;
  end: number | null;
  passive: boolean;
}
const frame = (kind: FrameKind, split: number | null = null, end: number | null = null, passive = false) => ({
  kind,
  split,
  end,
  passive,
});

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
  /** Where the claim names each figure (see Frame). */
  frame: Frame;
  /** "The difference between A and B": the size of A − B, whichever is larger. */
  unsigned: boolean;
  /** "N times more than": read both as ×N and as ×(N+1). */
  timesMore: boolean;
}

/**
 * A number the claim states about an operand itself: "from" → the earlier (A), "to" → the later (B), a
 * number on one role's side of the claim → that role's figure, else any operand. `strict`: "from"/"to",
 * where a number that does not match fails the arithmetic.
 */
export interface Restated {
  quantity: Quantity;
  operand: 0 | 1 | null;
  modifier: Modifier;
  strict: boolean;
  /** Written in brackets or after "at" beside what it restates: plainly that figure's number. */
  attached?: boolean;
}

/** Why code cannot read the claim: a typed code, and the words shown to a person. */
export type ProblemCode = 'ambiguous_number' | 'negated' | 'range' | 'times_more' | 'base_unclear';
export interface Problem {
  code: ProblemCode;
  message: string;
}

export interface Reading {
  checks: Check[];
  /** Where the claim names each figure: the first check's frame, or the frame of its end points. */
  frame: Frame;
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
      // "added up to", "adds up to": a sum's verb, not the bound "up to".
      if (m && /up\s+to\s*$/.test(m[0]) && /\badd(?:s|ed|ing)?\s+$/.test(rest.slice(0, m.index))) continue;
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

/** "came to", "amounted to", "added up to": a verb that states a value, not an end point "to". */
const AMOUNTED_TO =
  /(?<![\p{L}])(?:c[ao]mes?|came|amount(?:s|ed)?|add(?:s|ed)?\s+up|total(?:l?ed|s)?|equal(?:l?ed|s)?)\s+to\s*$/u;

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
    const decimals = writtenDecimals(f.raw, f.magnitude);
    const after = low.slice(f.end, f.end + 40);
    // A sentence brackets a number to set it aside ("handgun checks (56,941)"), not to make it negative.
    const bracketed = f.accounting && /^\(/.test(f.raw);
    return {
      raw: f.raw,
      start: f.start,
      end: f.end,
      value: bracketed ? Math.abs(f.value) : f.value,
      unit: f.unit,
      unitClass: f.unitClass,
      precision: 0.5 * 10 ** -decimals * f.scale,
      decimals,
      word: false,
      ambiguous: f.ambiguous,
      multiple: f.unitClass === 'none' && MULTIPLE_AFTER.test(after),
      change: false,
      scaled: f.scale !== 1,
      bracketed,
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
      // "half as many … as", "a fifth as large as": a fraction written as a multiple.
      const fractionAs = w.as === 'percent' && /^\s+as\s+\p{L}/u.test(low.slice(end));
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
      const multiple = w.as === 'multiple' || fractionAs;
      const value = fractionAs ? w.value / 100 : w.value;
      out.push({
        raw: text.slice(start, end),
        start,
        end,
        value,
        unit: multiple ? null : '%',
        unitClass: multiple ? 'none' : 'percent',
        precision: WORD_TOLERANCE * value,
        decimals: null,
        word: true,
        ambiguous: false,
        multiple,
        change: w.change === true,
        scaled: false,
        bracketed: false,
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

const STOP_NEIGHBOURS = new Set(['to', 'and', 'of', 'in', 'on', 'at', 'the', 'a', 'an', 'by', 'for', 'or']);

/**
 * Numbers inside an operand's label where the claim repeats that label ("Level 2 assets", "the 90 nanometers
 * segment", "Net income (4)", "aged 21 to 64", "PK–8"): the label, each of its numbers with the word beside
 * it, and each range it writes are looked for in the claim; a claim number inside such a stretch is part of
 * the name, never a stated value, a range end or an end point.
 */
export function labelSpans(low: string, labels: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const flexible = (text: string) =>
    text
      .trim()
      .split(/\s+/)
      .map((w) => w.split(/[–—-]/).map(escape).join('\\s*[–—-]\\s*'))
      .join('\\s+');
  for (const label of labels) {
    const l = lower(cleanLabelText(label));
    if (!/\d/.test(l)) continue;
    const tokens =
      l.match(/[([]?[\p{L}\p{N}][\p{L}\p{N}.,'’]*(?:[–—-][\p{L}\p{N}][\p{L}\p{N}.,'’]*)*[)\]]?/gu) ?? [];
    const pieces = [l];
    const significant = (t: string | undefined) =>
      t !== undefined && /\p{L}/u.test(t) && !STOP_NEIGHBOURS.has(t.replace(/[^\p{L}]/gu, ''));
    tokens.forEach((t, i) => {
      const prev = tokens[i - 1];
      const next = tokens[i + 1];
      if (/\d/.test(t)) {
        // A number written with letters or a range in one token ("PK–8", "15–24", "FY2019").
        if (/\p{L}|[–—-]/u.test(t) && t.length >= 3) pieces.push(t);
        if (significant(prev)) pieces.push(`${prev} ${t}`);
        if (significant(next)) pieces.push(`${t} ${next}`);
        if (prev !== undefined && next !== undefined && (significant(prev) || significant(next)))
          pieces.push(`${prev} ${t} ${next}`);
      } else if (/^(?:to|and|through)$/.test(t) && prev !== undefined && next !== undefined) {
        // A range the label writes in words ("21 to 64").
        if (/\d/.test(prev) && /\d/.test(next)) pieces.push(`${prev} ${t} ${next}`);
      }
    });
    for (const piece of pieces) {
      if (piece.trim().length < 3) continue;
      const re = new RegExp(`(?<![\\p{L}\\p{N}])${flexible(piece)}(?![\\p{L}\\p{N}])`, 'gu');
      for (const m of low.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
    }
    // A band the claim writes its own way ("25 to 34" for "25-34", "50+" for "50 and over").
    const band = bandPattern(label);
    if (band !== null) for (const m of low.matchAll(band)) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

/** Where `pattern` (a global regex) last matches in `text` before `limit`, or null. */
function lastMatch(pattern: RegExp, text: string, limit: number): RegExpExecArray | null {
  pattern.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = pattern.exec(text); m !== null && m.index < limit; m = pattern.exec(text)) last = m;
  return last;
}

/** The end of a share's whole: the first verb or mark after "of" (or the end of the claim). */
function wholeEnd(low: string, from: number, names: readonly [number, number][]): number {
  const ends = new RegExp(WHOLE_ENDS.source, 'gu');
  ends.lastIndex = from;
  // A mark inside a label the claim repeats ("property, plant and equipment") does not end the whole.
  for (let m = ends.exec(low); m !== null; m = ends.exec(low))
    if (!names.some(([s, e]) => m!.index >= s && m!.index < e)) return m.index;
  return low.length;
}

/** Where the claim repeats an operand's label whole ("Property, plant and equipment", "Cash held at banks"). */
function labelsRepeated(low: string, labels: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const label of labels) {
    const words = lower(cleanLabelText(label)).match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length < 2) continue;
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'gu');
    for (const m of low.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

/** Whether a comparison cue at [start, end) is written in the passive ("was exceeded by"). */
function passiveAt(low: string, start: number, end: number): boolean {
  return PASSIVE_BEFORE.test(low.slice(0, start)) && PASSIVE_AFTER.test(low.slice(end));
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
    frame: frame('single'),
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
  const between = BETWEEN.exec(low);
  for (let i = 0; i < quantities.length; i++) {
    const q = quantities[i]!;
    const next = quantities[i + 1];
    const previous = quantities[i - 1];
    // Ranges: "10-12%", "between 5 and 6bn", "rose 10 to 12%".
    if (next && !q.word && !next.word) {
      const gap = low.slice(q.end, next.start);
      const fromBefore = /(?:^|[^\p{L}])from\s*$/u.test(modifierBefore(low.slice(0, q.start)).rest);
      const sameKind = q.unit === next.unit;
      if (
        /^\s*[-–—]\s*$/.test(gap) ||
        (/^\s+and\s+$/.test(gap) && /between\s+$/.test(low.slice(0, q.start))) ||
        (/^\s+to\s+$/.test(gap) && !fromBefore && sameKind)
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
    const after = low.slice(q.end, q.end + 120);
    // "or so" after the number is a hedge too.
    if (modifier.hedge === null && /^\s+or\s+so\b/.test(after)) modifier.hedge = 'or so';

    const dirBefore = DIRECTION_BEFORE.exec(before);
    const dirAfter = DIRECTION_AFTER.exec(after);
    const directionOf = (m: RegExpExecArray | null): 1 | -1 | 0 =>
      m === null ? 0 : m[1] ? 1 : m[2] ? -1 : 0;
    const magnitudeOf = (m: RegExpExecArray | null) =>
      m !== null && MAGNITUDE.test((m[1] ?? m[2] ?? '').trim());
    const check = (
      relation: Relation,
      direction: 1 | -1 | 0,
      order: 'BA' | 'AB',
      where: Frame,
      extra: { magnitude?: boolean; unsigned?: boolean; timesMore?: boolean } = {},
    ) => {
      reading.checks.push({
        relation,
        quantity: q,
        modifier,
        direction,
        order,
        magnitude: extra.magnitude ?? false,
        frame: where,
        unsigned: extra.unsigned ?? false,
        timesMore: extra.timesMore ?? false,
      });
      used.add(q);
    };
    /** Where "than" is in `after` (the end of a comparative's measure words). */
    const thanAt = (m: RegExpExecArray) => q.end + m.index + m[0].lastIndexOf('than');

    // "N times more than": ×N or ×(N+1); "N times less than" has no reading code can trust.
    if (q.multiple && (!q.word || /(?:times|fold)$/i.test(q.raw))) {
      const rest = q.word ? after : after.slice(MULTIPLE_AFTER.exec(after)?.[0].length ?? 0);
      const more = DIFFERENCE_AFTER.exec(rest);
      if (more !== null) {
        if (more[2] !== undefined) {
          reading.problem = {
            code: 'times_more',
            message: `"${q.raw} … less than" has no one reading (a fraction, or a fall of N times the reference); left to a person`,
          };
          return reading;
        }
        const than = q.end + (after.length - rest.length) + more.index + more[0].lastIndexOf('than');
        check('ratio', 0, 'AB', frame('ordered', than), { timesMore: true });
        continue;
      }
    }
    // Ratio / multiple.
    if (q.multiple) {
      if (q.change || dirBefore) check('ratio', 0, 'BA', frame('over_time'));
      else {
        // "A is three times B", "twice as many … as B": the reference follows "times" or the second "as".
        const as = AS_AS.exec(after);
        const times = MULTIPLE_AFTER.exec(after);
        const split = as ? q.end + as.index + as[0].length - 2 : q.end + (times ? times[0].length : 0);
        check('ratio', 0, 'AB', frame('ordered', split));
      }
      continue;
    }
    const percentLike = q.unitClass === 'percent';
    const points = q.unitClass === 'percentage_point' || q.unitClass === 'basis_point';
    // Share: "25% of", "a quarter of", "accounts for 40% of".
    const of = SHARE_AFTER.exec(after);
    const shareOf = percentLike && !of ? SHARE_OF_BEFORE.exec(before) : null;
    if (shareOf !== null) {
      const wholeStart = shareOf.index + shareOf[0].indexOf(shareOf[1]!, 'share of'.length);
      check('share', 0, 'AB', frame('part_whole', wholeStart - 3, wholeStart + shareOf[1]!.length));
      continue;
    }
    if (percentLike && (SHARE_BEFORE.test(before) || (of && !dirBefore))) {
      const split = of ? q.end + of.index + of[0].length - 2 : null;
      const end = split === null ? null : wholeEnd(low, split + 2, labelsRepeated(low, labels));
      check('share', 0, 'AB', frame('part_whole', split, end));
      continue;
    }
    // "The difference between A and B was N": the size of the difference, whichever is larger.
    if (between !== null && (q.start > between.index || /^\s*(?:difference|gap|spread)\b/.test(after))) {
      const afterBetween = low.slice(between.index + between[0].length);
      const and = /\s+and\s+/.exec(afterBetween);
      const split = and === null ? null : between.index + between[0].length + and.index + and[0].length;
      if (percentLike) {
        reading.problem = {
          code: 'base_unclear',
          message: `"${q.raw}" is a percentage gap between two figures, and the claim does not say which one it is a percentage of`,
        };
        return reading;
      }
      check(points ? 'change_points' : 'difference', 0, 'AB', frame('symmetric', split), { unsigned: true });
      continue;
    }
    // "A exceeded B by N", "A trailed B by 5%", "B was exceeded by A by N".
    if (BY_BEFORE.test(before) && dirBefore === null) {
      const verb = lastMatch(COMPARE_VERB, low, q.start);
      const between = verb === null ? '' : low.slice(verb.index + verb[0].length, q.start);
      if (verb !== null && !quantities.some((o) => o !== q && o.start >= verb.index && o.start < q.start)) {
        if (!/[.;]/.test(between)) {
          const passive = passiveAt(low, verb.index, verb.index + verb[0].length);
          const relation = percentLike ? 'difference_percent' : points ? 'change_points' : 'difference';
          // A comparative turns to the reference at its "than", a verb at itself.
          const split = /than$/.test(verb[0]) ? verb.index + verb[0].length - 4 : verb.index;
          check(relation, verb[1] ? 1 : -1, 'AB', frame('ordered', split, null, passive));
          continue;
        }
      }
    }
    // Difference: "$5m more than", "5,271 more handgun checks than", "12% higher than", "$5m above".
    const diff = DIFFERENCE_AFTER.exec(after) ?? DIFFERENCE_AFTER_COUNTED.exec(after);
    const above = diff === null ? DIFFERENCE_ABOVE.exec(after) : null;
    if ((diff ?? above) !== null && !points) {
      const m = (diff ?? above)!;
      const split = diff ? thanAt(diff) : q.end + m.index + m[0].length - m[0].trimStart().length;
      check(percentLike ? 'difference_percent' : 'difference', m[1] ? 1 : -1, 'AB', frame('ordered', split));
      continue;
    }
    // "A minus B is N".
    const minus = lastMatch(new RegExp(MINUS.source, 'gu'), low, q.start);
    if (minus !== null && (previous === undefined || previous.end <= minus.index)) {
      check(points ? 'change_points' : 'difference', 0, 'AB', frame('ordered', minus.index));
      continue;
    }
    // Positional restatements: "from $1.0bn", "to $1.12bn".
    if (/(?:^|[^\p{L}])from\s*$/u.test(before) && modifier.bound === null) {
      reading.restated.push({ quantity: q, operand: 0, modifier, strict: true });
      used.add(q);
      continue;
    }
    if (/(?:^|[^\p{L}])to\s*$/u.test(before) && !AMOUNTED_TO.test(before) && modifier.bound === null) {
      reading.restated.push({ quantity: q, operand: 1, modifier, strict: true });
      used.add(q);
      continue;
    }
    // Points: a pp or bp figure is a difference of rates.
    if (points) {
      if (diff) check('change_points', diff[1] ? 1 : -1, 'AB', frame('ordered', thanAt(diff)));
      else {
        const d = dirBefore ?? dirAfter;
        check('change_points', directionOf(d), 'BA', frame('over_time'), { magnitude: magnitudeOf(d) });
      }
      continue;
    }
    // Change: a direction word just before or just after.
    const d = dirBefore ?? dirAfter;
    if (d !== null) {
      check(percentLike ? 'change_percent' : 'change_absolute', directionOf(d), 'BA', frame('over_time'), {
        magnitude: magnitudeOf(d),
      });
      continue;
    }
    // Sum.
    if (sumCue && !q.word) {
      check('sum', 0, 'AB', frame('symmetric'));
      continue;
    }
  }

  // Numbers left: restatements, or the stated value of "equals".
  const left = quantities.filter((q) => !used.has(q));
  const fromTo = reading.restated.some((r) => r.operand !== null);
  if (reading.checks.length === 0) {
    const first = left[0];
    const dir = DIRECTION_ANYWHERE.exec(low);
    // A label the claim repeats is a name, never a cue: "aged more than 80" over "More than 80".
    const cmp = COMPARISON.exec(masked(low, spans));
    const bare = (relation: Relation, direction: 1 | -1 | 0, where: Frame, magnitude = false) =>
      reading.checks.push({
        relation,
        quantity: null,
        modifier: { ...NO_MODIFIER },
        direction,
        order: where.kind === 'over_time' ? 'BA' : 'AB',
        magnitude,
        frame: where,
        unsigned: false,
        timesMore: false,
      });
    if (fromTo && dir) {
      // "rose from $1.0bn to $1.12bn": the direction of B - A, and the end points as restatements.
      bare('direction', dir[1] ? 1 : -1, frame('over_time'), MAGNITUDE.test((dir[1] ?? dir[2] ?? '').trim()));
    } else if (cmp && !quantityAdjacent(low, cmp, quantities)) {
      // The reference follows "than" (after any measure words) or the comparing verb.
      const than = /\bthan$/.test(cmp[0]) ? cmp.index + cmp[0].lastIndexOf('than') : cmp.index;
      const passive = passiveAt(low, cmp.index, cmp.index + cmp[0].length);
      bare('comparison', cmp[1] ? 1 : -1, frame('ordered', than, null, passive));
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
        frame: frame(fromTo ? 'over_time' : 'single'),
        unsigned: false,
        timesMore: false,
      });
      used.add(first);
    } else if (dir && reading.restated.length > 0) {
      bare('direction', dir[1] ? 1 : -1, frame('over_time'));
    }
  }
  for (const q of quantities) {
    if (used.has(q)) continue;
    if (q.word) continue;
    const { modifier, rest } = modifierBefore(low.slice(0, q.start));
    reading.restated.push({
      quantity: q,
      operand: null,
      modifier,
      strict: false,
      // "handgun checks (56,941)", "net sales, at $8.9bn,": the number is given to the thing just named.
      attached: q.bracketed || /(?:^|[^\p{L}])at\s*$/u.test(rest),
    });
  }
  reading.frame = reading.checks[0]?.frame ?? frame(fromTo ? 'over_time' : 'single');
  return reading;
}

/** The text with each span written over as one word no cue holds (same length, so indices stay). */
function masked(text: string, spans: readonly (readonly [number, number])[]): string {
  let out = text;
  for (const [start, end] of spans) out = out.slice(0, start) + 'x'.repeat(end - start) + out.slice(end);
  return out;
}

/** A number right after a comparison cue makes it a bound on that number ("more than 50,000"). */
function quantityAdjacent(low: string, m: RegExpExecArray, quantities: readonly Quantity[]): boolean {
  const e = m.index + m[0].length;
  return quantities.some((q) => q.start >= e && /^\s*$/.test(low.slice(e, q.start)));
}
