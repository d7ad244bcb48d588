import { findFigures } from '../../shared/figures';
import type { PeriodMention } from '../../shared/structure';
import { lower, readClaim, type Problem, type Quantity, type Reading, type Relation } from '../numeric/claim';
import { NO_MODIFIER, type Modifier } from '../numeric/tolerance';
import { namingNumbers, type NamingNumber } from './names';

export type { NamingKind, NamingNumber } from './names';
import { sentenceSpans, type TextSpan } from './sentences';

// The numeric claims of an article, speech or press release: every sentence that states a number measuring
// something, split into its claims, each read exactly as the numeric check reads a claim (readClaim), with
// what it names and how checkable it is. Numbers come only from shared/figures, through readClaim.

export type { TextSpan };

/** The relation a claim states, in a fact-checker's words. */
export type ClaimRelation = 'level' | 'change' | 'difference' | 'share' | 'ratio' | 'comparison';

/** The engine's relation as a fact-checker names it: a sum states the level of a total. */
export const RELATION_OF: Readonly<Record<Relation, ClaimRelation>> = {
  equals: 'level',
  sum: 'level',
  change_percent: 'change',
  change_absolute: 'change',
  change_points: 'change',
  direction: 'change',
  difference: 'difference',
  difference_percent: 'difference',
  ratio: 'ratio',
  share: 'share',
  comparison: 'comparison',
};

/** A number the claim states, as the numeric check reads it, placed in the whole text. */
export interface ClaimNumber extends Quantity {
  /** The scale the claim writes (1e6 for "$1.2m", "4 million"); 1 when none. */
  scale: number;
  /** Its hedge ("almost", "about") and bound ("more than", "at least"). */
  modifier: Modifier;
}

/** One relation the claim states, with the number it states (null for a comparison or a direction). */
export interface ClaimStatement {
  relation: ClaimRelation;
  /** The numeric engine's own relation, for the check that runs it. */
  engine: Relation;
  number: ClaimNumber | null;
  /** +1 up or more, -1 down or less, 0 as the number's own sign says. */
  direction: 1 | -1 | 0;
}

/** What a claim names: the words for its things and measures, and its periods. */
export interface ClaimNames {
  /** Words for things and measures, as written, in order ("handgun", "checks"). */
  words: string[];
  /** Periods named ("2019", "fiscal 2019", "Q3 2019"), placed in the whole text. */
  periods: PeriodMention[];
  /** A period named relative to another ("last year", "the first half"): left to a person. */
  relativePeriod: string | null;
}

export interface ListedClaim {
  /** Its place in the article: 0 for the first claim written. */
  order: number;
  /** The sentence it is in. */
  sentence: TextSpan;
  /** The claim itself: the sentence, or its part when a compound sentence states several claims. */
  span: TextSpan;
  /** `text.slice(span.start, span.end)`. */
  text: string;
  /** Its numbers as the numeric check reads them, in the order written. */
  numbers: ClaimNumber[];
  /** The relation it states first (a level when it only states a figure). */
  relation: ClaimRelation;
  statements: ClaimStatement[];
  names: ClaimNames;
  /** Why code cannot check it as written (negated, a range, an ambiguous number), or null. */
  problem: Problem | null;
  /** How checkable it is, from 0 to 1: a figure with a unit, a period and a named measure score highest. */
  checkability: number;
}

/** Joins where a compound sentence may state a second claim. */
const JOINS = /\s*;\s*|,?\s+(?:and|but|while|whereas|although|though|as)\s+|,\s+(?:with|and\s+with)\s+/giu;

/** Function words and the relation's own words: what a claim says about a number, not what it names. */
const NOT_NAMES = new Set(
  (
    'a an the of in on at to from by for with and or but as than that this these those its their our his her ' +
    'it they we he she which who whom whose was were is are be been being had has have having will would ' +
    'could should may might can did do does also about around approximately almost nearly roughly some ' +
    'over under more less fewer most least just only up down rose rise rises rising risen grew grow grows ' +
    'growing grown increased increase increases increasing decreased decrease decreases decreasing declined ' +
    'decline declines declining fell fall falls falling fallen dropped drop drops jumped jump jumps climbed ' +
    'climb gained gain slipped slid surged soared plunged plummeted tumbled reached reach reaching totaled ' +
    'totalled total totals amounted amount amounts came compared comparing comparison respectively ' +
    'primarily mainly due partially partly offset while whereas although though year years period ' +
    'percent per cent million billion thousand trillion times nearly around some where when there here ' +
    'not no never all each every both other such same so then into out much many said says say ran run ' +
    'sold made saw between gap difference exceeded exceeds since according january february march april ' +
    'may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec'
  ).split(' '),
);

function namesOf(partText: string, reading: Reading, offset: number): ClaimNames {
  const skip: [number, number][] = [
    ...reading.quantities.map((q) => [q.start, q.end] as [number, number]),
    ...reading.labelNumbers.map((q) => [q.start, q.end] as [number, number]),
    ...reading.periods.named.map((p) => [p.start, p.end] as [number, number]),
  ];
  const words: string[] = [];
  for (const m of partText.matchAll(/\p{L}(?:[\p{L}'’-]*\p{L})?/gu)) {
    if (skip.some(([s, e]) => m.index < e && s < m.index + m[0].length)) continue;
    const w = lower(m[0]).replace(/['’]s$/, '');
    if (w.length < 2 || NOT_NAMES.has(w)) continue;
    words.push(m[0]);
  }
  return {
    words,
    periods: reading.periods.named.map((p) => ({ ...p, start: p.start + offset, end: p.end + offset })),
    relativePeriod: reading.periods.relative,
  };
}

/** The numbers written in `text` with their place, from the reading the numeric check makes. */
function written(text: string) {
  const scales = new Map(findFigures(text).map((f) => [f.start, f.scale]));
  const reading = readClaim(text);
  return reading.quantities.map((q) => ({
    start: q.start,
    end: q.end,
    value: q.value,
    bare: !q.word && q.unit === null && (scales.get(q.start) ?? 1) === 1,
  }));
}

/** Blank out the naming numbers so the claim reader never takes one for the claim's number. */
function blankOut(text: string, spans: readonly NamingNumber[]): string {
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + ' '.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

/** Trim blanks and joining marks (",", ";", ":") from both ends of [start, end) of `text`. */
function trimmed(text: string, start: number, end: number): TextSpan {
  let s = start;
  let e = end;
  while (s < e && /[\s,;:]/.test(text[s]!)) s++;
  while (e > s && /[\s,;:]/.test(text[e - 1]!)) e--;
  return { start: s, end: e };
}

/**
 * Where a compound sentence splits into its claims: at a join ("and", "but", ";") with a measured number
 * on each side, whose right side names something before its first number ("… and profit fell 3%", not
 * "… $5m and $6m" or "between 10 and 12%").
 */
function claimParts(masked: string, measured: readonly { start: number; end: number }[]): TextSpan[] {
  const parts: TextSpan[] = [];
  let from = 0;
  for (const j of masked.matchAll(JOINS)) {
    const at = j.index;
    const after = at + j[0].length;
    const left = measured.filter((n) => n.start >= from && n.end <= at);
    const right = measured.filter((n) => n.start >= after);
    const firstRight = right[0];
    if (left.length === 0 || firstRight === undefined) continue;
    const lead = masked.slice(after, firstRight.start);
    const lastLeft = left[left.length - 1]!;
    if (/(?<![\p{L}])between\s*$/iu.test(masked.slice(from, lastLeft.start))) continue;
    // The right side must name something of its own before its number, not only a preposition or a hedge.
    const leadWords = (lead.match(/\p{L}[\p{L}'’-]*/gu) ?? []).filter((w) => !NOT_NAMES.has(lower(w)));
    if (leadWords.length === 0 && !j[0].includes(';')) continue;
    // "as" only joins two clauses when a subject and verb follow ("as profit fell 3%"), never "as much as".
    if (/^\s*,?\s*as\s*$/iu.test(j[0]) && !/\p{L}+\s+\p{L}+/u.test(lead)) continue;
    parts.push(trimmed(masked, from, at));
    from = after;
  }
  parts.push(trimmed(masked, from, masked.length));
  return parts.filter((p) => p.end > p.start);
}

function statementsOf(reading: Reading, numberAt: (q: Quantity) => ClaimNumber | null): ClaimStatement[] {
  return reading.checks.map((c) => ({
    relation: RELATION_OF[c.relation],
    engine: c.relation,
    number: c.quantity === null ? null : numberAt(c.quantity),
    direction: c.direction,
  }));
}

/** How checkable a claim is: what it states, what it names, and whether code can read it. */
function checkabilityOf(claim: Omit<ListedClaim, 'checkability' | 'order'>): number {
  const figures = claim.numbers.filter((n) => !n.word);
  const stated = claim.statements.find((s) => s.number !== null)?.number ?? claim.numbers[0] ?? null;
  let score = figures.length > 0 ? 0.3 : 0.2;
  if (stated !== null && (stated.unit !== null || stated.scaled)) score += 0.2;
  if (stated !== null && !stated.word && stated.decimals !== null) {
    const digits = stated.raw.replace(/\D/g, '').replace(/^0+/, '').length;
    if (digits >= 2) score += 0.05;
  }
  if (claim.names.periods.length > 0) score += 0.15;
  else if (claim.names.relativePeriod !== null) score += 0.05;
  if (claim.names.words.length > 0) score += 0.15;
  if (claim.names.words.length > 1) score += 0.05;
  if (claim.statements.length > 0 && claim.statements.every((s) => s.engine !== 'comparison')) score += 0.1;
  if (stated !== null && stated.modifier.hedge !== null) score -= 0.05;
  if (claim.problem !== null) score *= 0.5;
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}

/** The claims of one sentence, in the order written. */
function sentenceClaims(text: string, sentence: TextSpan): Omit<ListedClaim, 'checkability' | 'order'>[] {
  const own = text.slice(sentence.start, sentence.end);
  const numbers = written(own);
  const naming = namingNumbers(own, numbers);
  const masked = blankOut(own, naming);
  const measured = numbers.filter((n) => !naming.some((m) => m.start === n.start));
  if (measured.length === 0) return [];
  const claims: Omit<ListedClaim, 'checkability' | 'order'>[] = [];
  for (const part of claimParts(masked, measured)) {
    const partText = masked.slice(part.start, part.end);
    const reading = readClaim(partText);
    if (reading.quantities.length === 0) continue;
    const offset = sentence.start + part.start;
    const scales = new Map(findFigures(partText).map((f) => [f.start, f.scale]));
    const modifiers = new Map<Quantity, Modifier>();
    for (const c of reading.checks) if (c.quantity !== null) modifiers.set(c.quantity, c.modifier);
    for (const r of reading.restated) modifiers.set(r.quantity, r.modifier);
    const placed = new Map<Quantity, ClaimNumber>();
    for (const q of reading.quantities)
      placed.set(q, {
        ...q,
        raw: text.slice(q.start + offset, q.end + offset),
        start: q.start + offset,
        end: q.end + offset,
        scale: scales.get(q.start) ?? 1,
        modifier: modifiers.get(q) ?? { ...NO_MODIFIER },
      });
    const statements = statementsOf(reading, (q) => placed.get(q) ?? null);
    const span = { start: offset, end: offset + partText.length };
    claims.push({
      sentence,
      span,
      text: text.slice(span.start, span.end),
      numbers: [...placed.values()],
      relation: statements[0]?.relation ?? 'level',
      statements,
      names: namesOf(partText, reading, offset),
      problem: reading.problem,
    });
  }
  return claims;
}

/**
 * Every numeric claim of `text`: each sentence stating a number that measures something, split into its
 * claims, most checkable first (ties in article order). `order` keeps each claim's place in the article.
 */
export function listClaims(text: string): ListedClaim[] {
  const claims = sentenceSpans(text)
    .flatMap((s) => sentenceClaims(text, s))
    .map((c, order) => ({ ...c, order, checkability: checkabilityOf(c) }));
  return claims.sort((a, b) => b.checkability - a.checkability || a.order - b.order);
}

/** The claims as the article writes them: by their place in the text. */
export function inArticleOrder(claims: readonly ListedClaim[]): ListedClaim[] {
  return [...claims].sort((a, b) => a.order - b.order);
}

/** The numbers of one sentence that name rather than measure (ages, addresses, references, titles…). */
export function namingNumbersOf(text: string, sentence: TextSpan): NamingNumber[] {
  const own = text.slice(sentence.start, sentence.end);
  return namingNumbers(own, written(own)).map((n) => ({
    ...n,
    start: n.start + sentence.start,
    end: n.end + sentence.start,
  }));
}
