import type { RoleSource } from '../../shared/api';
import { MONTHS } from '../../shared/figures/lexicon';
import { parsePeriod, periodOf, relate, order, type PeriodMention } from '../../shared/structure';
import { cleanLabelText, labelSpans, lower, type Reading } from './claim';
import { EPS, hedged } from './tolerance';
import type { EngineOperand } from './types';
import { DOWN_WORDS, TOTAL_CUE, TOTAL_LABEL, UP_WORDS } from './wording';

// Where a claim names each operand (service/numeric/RULES.md, "Roles"): what tells a figure apart from the
// other (the words of its labels the other's lack, the numbers its labels write, its period, a total it is,
// a number the claim restates), where the claim says it, and the claim's words as a person would quote them.

// --- label words ---------------------------------------------------------------------------------------

/**
 * Words a label may hold that name nothing: function words, and on a page line (whose label is the text
 * before its first figure: "Revenue was", "Sales rose from") the verbs and direction words of the sentence.
 */
const STOPWORDS = new Set([
  ...['the', 'and', 'for', 'from', 'with', 'per', 'its', 'our', 'all', 'of', 'in', 'on', 'to', 'a', 'an'],
  ...['at', 'by', 'as', 'or', 'than', 'this', 'that', 'these', 'those', 'their', 'there', 'year'],
  ...['was', 'were', 'is', 'are', 'has', 'have', 'had', 'been', 'will', 'would', 'stood', 'came', 'reached'],
  ...['amounted', 'totalled', 'totaled', 'about', 'around', 'some'],
  ...[...UP_WORDS, ...DOWN_WORDS].filter((w) => !w.includes(' ')),
]);

/** A word as labels and claims are compared: lower case, no possessive, singular. */
export function stem(word: string): string {
  const w = lower(word).replace(/['’]s?$/u, '');
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

export interface Token {
  stem: string;
  start: number;
  end: number;
}

/** The words of a text with where they are. */
export function tokensOf(text: string): Token[] {
  return [...text.matchAll(/\p{L}[\p{L}'’]*/gu)].map((m) => ({
    stem: stem(m[0]),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * Words of a column header that say how figures are written, not what they are ("U.S. $ in thousands",
 * "Amount", "%", "Number of employees" counts employees): they neither name a figure nor tell two apart.
 */
const NOTATION = new Set([
  ...['thousand', 'million', 'billion', 'trillion', 'lakh', 'crore', 'usd', 'eur', 'gbp', 'jpy', 'chf'],
  ...['dollar', 'euro', 'pound', 'yen', 'percent', 'percentage', 'pct', 'amount', 'number'],
  ...['unaudited', 'audited'],
  ...['except', 'otherwise', 'noted', 'indicated', 'stated'],
]);

/** The significant words of a label: at least two letters, not a function word or a notation. */
export function labelWords(label: string | null): Set<string> {
  if (label === null) return new Set();
  return new Set(
    tokensOf(cleanLabelText(label))
      .map((t) => t.stem)
      .filter((w) => w.length >= 2 && !STOPWORDS.has(w) && !NOTATION.has(w)),
  );
}

/** A label that is only a period ("2019", "Year ended December 31, 2019") names a period, not a thing. */
export const isPeriodLabel = (label: string | null) => label !== null && parsePeriod(label) !== null;

/** A total row or column: "Total", "Total revenue", "All states". */
export function isTotal(op: EngineOperand): boolean {
  const { rowLabel, columnLabel } = op.context;
  return [rowLabel, columnLabel].some((l) => l !== null && TOTAL_LABEL.test(cleanLabelText(l)));
}

/** The words of the claim that name a total ("of all …", "the total", "nationwide"). */
export function totalCues(low: string): [number, number][] {
  return [...low.matchAll(TOTAL_CUE)].map((m) => [m.index, m.index + m[0].length]);
}

// --- mentions ------------------------------------------------------------------------------------------

export type Feature = 'row' | 'column' | 'period' | 'total' | 'value';
export const FEATURE_SOURCE: Readonly<Record<Feature, RoleSource>> = {
  row: 'claim_words',
  column: 'claim_words',
  period: 'periods',
  total: 'total',
  value: 'restated_numbers',
};

export interface Mention {
  feature: Feature;
  start: number;
  end: number;
}

/** Periods said relative to the other figure's: "than last year" names the earlier of two. */
const EARLIER =
  /(?<![\p{L}\p{N}])(?:(?:last|previous|prior|preceding)\s+(?:fiscal\s+|financial\s+)?(?:year|quarter|half|period|month)|(?:a|one)\s+year\s+(?:earlier|ago|before)|years?[\s-]+ago|the\s+(?:year|quarter|month)\s+before)(?![\p{L}\p{N}])/gu;
const LATER =
  /(?<![\p{L}\p{N}])(?:this|the\s+current|current)\s+(?:fiscal\s+|financial\s+)?(?:year|quarter|half|period|month)(?![\p{L}\p{N}])/gu;

/** The periods the claim names, without those that are part of an operand's label it repeats. */
export function claimPeriodMentions(
  low: string,
  reading: Reading,
  ops: readonly EngineOperand[],
): PeriodMention[] {
  const foreign: [number, number][] = [];
  for (const op of ops)
    for (const label of [op.context.rowLabel, op.context.columnLabel]) {
      if (label === null || isPeriodLabel(label) || periodOf(label) === op.context.period) continue;
      foreign.push(...labelSpans(low, [label]).filter(([s, e]) => e - s >= label.trim().length - 1));
    }
  return reading.periods.named.filter((m) => !foreign.some(([s, e]) => m.start >= s && m.end <= e));
}

/** Whether the claim's number `q` restates operand `op`'s figure (a bracketed one by its size). */
export function restates(q: Reading['quantities'][number], op: EngineOperand, tolerance: number): boolean {
  const v = op.figure.value;
  const within = (x: number) => Math.abs(q.value - x) <= tolerance + EPS * Math.max(1, Math.abs(x));
  return within(v) || ((q.bracketed || v < 0) && within(Math.abs(v)));
}

/**
 * Header words that say no measure: mere values and totals, the words of dates and periods ("52 weeks
 * ended", "As of December 31", "Fiscal 2019"), of units ("RMB'Million", "in thousands"), of notes ("Note
 * 3") and of changes and balances. "Actual" beside "Budget", "Final" beside "Estimated" and "Restated"
 * beside "As reported" are measures of their own.
 */
const NO_MEASURE = new Set([
  ...['value', 'number', 'total', 'count', 'figure', 'data'],
  ...['week', 'month', 'year', 'quarter', 'day', 'fiscal', 'ended', 'ending', 'end', 'period', 'as', 'at'],
  ...MONTHS.split('|').map((m) => m.toLowerCase()),
  ...['note', 'million', 'thousand', 'billion', 'inthousand', 'rmb'],
  // A column of changes beside its periods ("% Inc (Dec)", "Change") and balances at dates measure the
  // same thing as the columns they stand beside.
  ...['inc', 'increase', 'decrease', 'change', 'variance', 'balance', 'opening', 'closing'],
]);

/** A currency and scale written as one word: "RMB'Million", "US$'000" read as "rmb'million". */
const CURRENCY_SCALE = /^[a-z$]{1,4}['’](?:million|thousand|billion|mn|bn|m|k)$/;

/** A label's word that can say what is measured: no number, period, unit, note or change. */
export const isMeasureWord = (w: string) =>
  w.length >= 3 && !/\d/.test(w) && parsePeriod(w) === null && !NO_MEASURE.has(w) && !CURRENCY_SCALE.test(w);

/** What a header says its column measures: its words that are no period, number, unit or note. */
export function measureWords(label: string | null): string[] {
  if (label === null || parsePeriod(label) !== null || /:\s*$/.test(label)) return [];
  return [...labelWords(label)].filter(isMeasureWord);
}

/**
 * What the column's headers say that is no period, as one label: its nearest header, and the headers over
 * it that name a measure ("Male · Juveniles" under "2009"); null when they only name periods.
 */
export function columnText(op: EngineOperand): string | null {
  const { columnPath, columnLabel } = op.context;
  const own = isPeriodLabel(columnLabel) ? null : columnLabel;
  // Headers over the nearest that say what the column measures ("Male"); their dates and units say none.
  const over = (columnPath ?? '')
    .split(' · ')
    .filter((h) => h !== '' && h !== columnLabel && measureWords(h).length > 0);
  const said = [...over, ...(own === null ? [] : [own])];
  return said.length === 0 ? null : said.join(' · ');
}

/** The words of `op`'s labels that `other`'s lack: what a claim must say to name `op` and not `other`. */
export function distinctWords(op: EngineOperand, other: EngineOperand | null): string[] {
  const otherWords = new Set([
    ...labelWords(other?.context.rowLabel ?? null),
    ...labelWords(other === null ? null : columnText(other)),
  ]);
  const mine = [...labelWords(op.context.rowLabel), ...labelWords(columnText(op))];
  return mine.filter((w) => !otherWords.has(w));
}

/**
 * Whether two figures' labels differ (row label, and column header unless it is a period): words that
 * set them apart, or marks the words here do not read ("Class A", "Class B").
 */
export function labelsDiffer(a: EngineOperand, b: EngineOperand): boolean {
  const text = (op: EngineOperand) =>
    [op.context.rowLabel, columnText(op)]
      .map((l) =>
        l === null
          ? ''
          : lower(cleanLabelText(l))
              .replace(/[^\p{L}\p{N}]+/gu, ' ')
              .trim(),
      )
      .join('|');
  return text(a) !== text(b);
}

/** Labels that differ only in what the words here do not read: neither has a word the other lacks. */
export function unreadable(a: EngineOperand, b: EngineOperand): boolean {
  return (
    labelsDiffer(a, b) &&
    distinctWords(a, b).length === 0 &&
    distinctWords(b, a).length === 0 &&
    !numbered(a, b)
  );
}

/** The stretches of the claim that repeat a label's numbers with their words ("aged 21 to 64", "PK–8"). */
export function numberSpans(low: string, op: EngineOperand): [number, number][] {
  const labels = [op.context.rowLabel, columnText(op)];
  return labelSpans(
    low,
    labels.filter((l) => l !== null),
  );
}

/** The labels tell the figures apart by their numbers ("aged 21 to 64", "aged 65 and over"). */
export function numbered(a: EngineOperand, b: EngineOperand): boolean {
  const digits = (op: EngineOperand) =>
    [op.context.rowLabel, columnText(op)]
      .map((l) => (l === null ? '' : (cleanLabelText(l).match(/\d+/g) ?? []).join(' ')))
      .join('|');
  return digits(a) !== digits(b) && /\d/.test(digits(a) + digits(b));
}

/** Where the claim names what sets `op` apart from `other` (null when there is no other operand). */
export function mentionsOf(
  low: string,
  tokens: readonly Token[],
  reading: Reading,
  periods: readonly PeriodMention[],
  op: EngineOperand,
  other: EngineOperand | null,
): Mention[] {
  const out: Mention[] = [];
  const own = op.context;
  const otherWords = new Set([
    ...labelWords(other?.context.rowLabel ?? null),
    ...labelWords(other === null ? null : columnText(other)),
  ]);
  const wordsOf = (feature: 'row' | 'column', label: string | null) => {
    if (label === null || isPeriodLabel(label)) return;
    const distinct = [...labelWords(label)].filter((w) => !otherWords.has(w));
    for (const t of tokens) if (distinct.includes(t.stem)) out.push({ feature, start: t.start, end: t.end });
  };
  wordsOf('row', own.rowLabel);
  wordsOf('column', columnText(op));
  // A label's numbers with their words ("aged 21 to 64"), where the other label does not say the same.
  if (other !== null) {
    const theirSpans = numberSpans(low, other);
    for (const [start, end] of numberSpans(low, op))
      if (!theirSpans.some(([s, e]) => s === start && e === end)) out.push({ feature: 'row', start, end });
  }
  const mine = parsePeriod(own.period);
  const yours = parsePeriod(other?.context.period ?? null);
  if (mine !== null && (yours === null || relate(mine, yours) !== 'same'))
    for (const m of periods)
      if (relate(m, mine) === 'same' && (yours === null || relate(m, yours) !== 'same'))
        out.push({ feature: 'period', start: m.start, end: m.end });
  const sequence = mine !== null && yours !== null ? order(mine, yours) : null;
  if (sequence === -1 || sequence === 1)
    for (const m of low.matchAll(sequence === -1 ? EARLIER : LATER))
      out.push({ feature: 'period', start: m.index, end: m.index + m[0].length });
  if (isTotal(op) && (other === null || !isTotal(other)))
    for (const [start, end] of totalCues(low))
      if (!out.some((m) => m.start === start)) out.push({ feature: 'total', start, end });
  const stated = new Set(reading.checks.map((c) => c.quantity));
  for (const r of reading.restated) {
    if (stated.has(r.quantity)) continue;
    const tol = hedged(r.quantity.precision, r.modifier, r.quantity.value);
    if (restates(r.quantity, op, tol) && (other === null || !restates(r.quantity, other, tol)))
      out.push({ feature: 'value', start: r.quantity.start, end: r.quantity.end });
  }
  return out.sort((a, b) => a.start - b.start);
}

// --- phrases -------------------------------------------------------------------------------------------

/** Words that end a naming phrase: verbs, comparatives, function words. */
const PHRASE_STOP = new Set([
  ...STOPWORDS,
  ...['more', 'less', 'fewer', 'higher', 'lower', 'greater', 'larger', 'bigger', 'smaller', 'than'],
  ...['ran', 'run', 'runs', 'had', 'recorded', 'reported', 'notified', 'saw', 'posted', 'made', 'did'],
  ...['accounted', 'represented', 'comprised', 'exceeded', 'trailed', 'lagged', 'outnumbered', 'times'],
  ...['each', 'both', 'while', 'whereas', 'but', 'which', 'who', 'it', 'they', 'we'],
]);

/** The text between two words that still joins them into one name ("cost of sales", "Parks & Resorts"). */
const JOINS = /^(?:[\s\-&/]|(?:of|and|the|for|in|on|at)(?![\p{L}]))*$/u;

/** The stretch of the claim a mention and its operand's neighbouring mentions cover ("long gun"). */
export function nameSpan(text: string, mention: Mention, cluster: readonly Mention[]): [number, number] {
  let [s, e] = [mention.start, mention.end];
  const sorted = [...cluster].sort((a, b) => a.start - b.start);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of sorted) {
      if (c.start >= e && c.start - e <= 12 && JOINS.test(lower(text.slice(e, c.start)))) {
        e = c.end;
        grew = true;
      } else if (c.end <= s && s - c.end <= 12 && JOINS.test(lower(text.slice(c.end, s)))) {
        s = c.start;
        grew = true;
      }
    }
  }
  return [s, e];
}

/** The claim's words around a mention, as a person would quote them ("long gun checks"). */
export function phraseAt(
  text: string,
  tokens: readonly Token[],
  mention: Mention,
  cluster: readonly Mention[],
): string {
  if (mention.feature === 'period' || mention.feature === 'value')
    return text.slice(mention.start, mention.end);
  const [s, e] = nameSpan(
    text,
    mention,
    cluster.filter((m) => m.feature === mention.feature),
  );
  let j = tokens.findIndex((t) => t.end === e);
  if (j === -1) return text.slice(s, e);
  // One or two words more that say what is counted ("handgun" → "handgun checks").
  for (let k = 0; k < 2; k++) {
    const next = tokens[j + 1];
    if (next === undefined || !/^[\s-]*$/.test(text.slice(tokens[j]!.end, next.start))) break;
    if (PHRASE_STOP.has(next.stem) || next.stem.length < 2) break;
    j++;
  }
  return text.slice(s, tokens[j]!.end);
}

/** The words before `split` that name the first role, without the number, verbs and comparatives. */
export function phraseBefore(
  text: string,
  tokens: readonly Token[],
  from: number,
  split: number,
): string | null {
  const inside = tokens.filter((t) => t.start >= from && t.end <= split);
  let end = inside.length;
  while (end > 0 && PHRASE_STOP.has(inside[end - 1]!.stem)) end--;
  let start = end;
  while (start > 0 && !PHRASE_STOP.has(inside[start - 1]!.stem) && end - start < 5) start--;
  if (start === end) return null;
  return text.slice(inside[start]!.start, inside[end - 1]!.end);
}

/** The words from `from` to `to` that name the second role ("all handgun checks"). */
export function phraseAfter(text: string, tokens: readonly Token[], from: number, to: number): string | null {
  const inside = tokens.filter((t) => t.start >= from && t.end <= to);
  let start = 0;
  while (start < inside.length && inside[start]!.stem !== 'all' && PHRASE_STOP.has(inside[start]!.stem))
    start++;
  let end = start + (inside[start]?.stem === 'all' ? 1 : 0);
  while (end < inside.length && end - start < 5 && !PHRASE_STOP.has(inside[end]!.stem)) end++;
  if (start >= end) return null;
  return text.slice(inside[start]!.start, inside[end - 1]!.end);
}

export const describe = (op: EngineOperand): string => {
  const parts = [op.context.rowLabel, op.context.columnLabel].filter((l) => l !== null).map(cleanLabelText);
  return parts.length > 0 ? `${parts.join(' · ')} (${op.figure.raw})` : op.figure.raw;
};

/** Clause boundaries: where a claim turns to another statement ("…, while …", "… and …"). */
export function clauseOf(low: string, at: number): [number, number] {
  const marks = [
    ...low.matchAll(
      /(?<!\d),|,(?!\d)|;|\s(?:and|while|whereas|but|compared\s+with|against|versus|vs\.?)\s/gu,
    ),
  ];
  let start = 0;
  let end = low.length;
  for (const m of marks) {
    if (m.index + m[0].length <= at) start = m.index + m[0].length;
    else if (m.index >= at) {
      end = m.index;
      break;
    }
  }
  return [start, end];
}
