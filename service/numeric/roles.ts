import type { OperandRole, OperandRoleName, RoleSource, RoleState } from '../../shared/api';
import { cleanLabelText, labelSpans, lower, type Frame, type FrameKind, type Reading } from './claim';
import { order, parsePeriod, periodOf, relate, type PeriodMention } from '../../shared/structure';
import { EPS, hedged } from './tolerance';
import type { EngineOperand } from './types';
import { DOWN_WORDS, TOTAL_CUE, TOTAL_LABEL, UP_WORDS } from './wording';

// Which figure is which (service/numeric/RULES.md, "Roles"): the claim's words, not the order the figures
// were picked in, give each operand its role. A figure is named by what tells it apart from the other: the
// words of its row and column labels the other's labels lack, its period, a total the claim names ("of all
// …"), or a number the claim restates. Where the claim names each (before or after "than", inside or
// outside "of …") gives its role; a change over time runs from the earlier period to the later. When
// nothing tells them apart, the roles are unclear: the check is left to a person, who is asked.

/** The two roles of each frame, first then second. */
export const FRAME_ROLES: Readonly<Record<FrameKind, readonly [OperandRoleName, OperandRoleName]>> = {
  ordered: ['subject', 'reference'],
  part_whole: ['part', 'whole'],
  over_time: ['from', 'to'],
  symmetric: ['term', 'term'],
  single: ['value', 'unused'],
};

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

interface Token {
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
 * "Amount", "%"): they neither name a figure nor tell two apart.
 */
const NOTATION = new Set([
  ...['thousand', 'million', 'billion', 'trillion', 'lakh', 'crore', 'usd', 'eur', 'gbp', 'jpy', 'chf'],
  ...['dollar', 'euro', 'pound', 'yen', 'percent', 'percentage', 'pct', 'amount', 'unaudited', 'audited'],
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
const isPeriodLabel = (label: string | null) => label !== null && parsePeriod(label) !== null;

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

type Feature = 'row' | 'column' | 'period' | 'total' | 'value';
const FEATURE_SOURCE: Readonly<Record<Feature, RoleSource>> = {
  row: 'claim_words',
  column: 'claim_words',
  period: 'periods',
  total: 'total',
  value: 'restated_numbers',
};

interface Mention {
  feature: Feature;
  start: number;
  end: number;
}

/** Words before a period that make it where a change runs from, or to. */
const FROM_BEFORE =
  /(?:^|[^\p{L}])(?:from|since|over|on|versus|vs\.?|against|compared\s+(?:with|to)|relative\s+to)\s+(?:the\s+)?(?:(?:fiscal|financial|calendar)\s+)?(?:year\s+)?$/u;
const TO_BEFORE =
  /(?:^|[^\p{L}])(?:to|into|through|until|in)\s+(?:the\s+)?(?:(?:fiscal|financial|calendar)\s+)?(?:year\s+)?$/u;

/** Between an end point and its period: "$60.45 million in 2019", "1,000 for fiscal 2018". */
const NUMBER_IN =
  /^\s*(?:\p{L}+\s+)?(?:in|for|during|at|as\s+of)\s+(?:the\s+)?(?:(?:fiscal|financial|calendar)\s+)?(?:year\s+)?$/u;

/** Periods said relative to the other figure's: "than last year" names the earlier of two. */
const EARLIER =
  /(?<![\p{L}\p{N}])(?:(?:last|previous|prior|preceding)\s+(?:fiscal\s+|financial\s+)?(?:year|quarter|half|period|month)|(?:a|one)\s+year\s+(?:earlier|ago|before)|years?[\s-]+ago|the\s+(?:year|quarter|month)\s+before)(?![\p{L}\p{N}])/gu;
const LATER =
  /(?<![\p{L}\p{N}])(?:this|the\s+current|current)\s+(?:fiscal\s+|financial\s+)?(?:year|quarter|half|period|month)(?![\p{L}\p{N}])/gu;

/** The periods the claim names, without those that are part of an operand's label it repeats. */
function claimPeriodMentions(low: string, reading: Reading, ops: readonly EngineOperand[]): PeriodMention[] {
  const foreign: [number, number][] = [];
  for (const op of ops)
    for (const label of [op.context.rowLabel, op.context.columnLabel]) {
      if (label === null || isPeriodLabel(label) || periodOf(label) === op.context.period) continue;
      foreign.push(...labelSpans(low, [label]).filter(([s, e]) => e - s >= label.trim().length - 1));
    }
  return reading.periods.named.filter((m) => !foreign.some(([s, e]) => m.start >= s && m.end <= e));
}

/** Whether the claim's number `q` restates operand `op`'s figure (a bracketed one by its size). */
function restates(q: Reading['quantities'][number], op: EngineOperand, tolerance: number): boolean {
  const v = op.figure.value;
  const within = (x: number) => Math.abs(q.value - x) <= tolerance + EPS * Math.max(1, Math.abs(x));
  return within(v) || ((q.bracketed || v < 0) && within(Math.abs(v)));
}

/** The words of `op`'s labels that `other`'s lack: what a claim must say to name `op` and not `other`. */
function distinctWords(op: EngineOperand, other: EngineOperand | null): string[] {
  const own = op.context;
  const theirs = other?.context ?? null;
  const otherWords = new Set([
    ...labelWords(theirs?.rowLabel ?? null),
    ...(isPeriodLabel(theirs?.columnLabel ?? null) ? [] : labelWords(theirs?.columnLabel ?? null)),
  ]);
  const mine = [
    ...labelWords(own.rowLabel),
    ...(isPeriodLabel(own.columnLabel) ? [] : labelWords(own.columnLabel)),
  ];
  return mine.filter((w) => !otherWords.has(w));
}

/**
 * Whether two figures' labels differ (row label, and column header unless it is a period): words that
 * set them apart, or marks the words here do not read ("Class A", "Class B").
 */
function labelsDiffer(a: EngineOperand, b: EngineOperand): boolean {
  const text = (op: EngineOperand) =>
    [op.context.rowLabel, isPeriodLabel(op.context.columnLabel) ? null : op.context.columnLabel]
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
function unreadable(a: EngineOperand, b: EngineOperand): boolean {
  return (
    labelsDiffer(a, b) &&
    distinctWords(a, b).length === 0 &&
    distinctWords(b, a).length === 0 &&
    !numbered(a, b)
  );
}

/** The stretches of the claim that repeat a label's numbers with their words ("aged 21 to 64", "PK–8"). */
function numberSpans(low: string, op: EngineOperand): [number, number][] {
  const labels = [op.context.rowLabel, isPeriodLabel(op.context.columnLabel) ? null : op.context.columnLabel];
  return labelSpans(
    low,
    labels.filter((l) => l !== null),
  );
}

/** The labels tell the figures apart by their numbers ("aged 21 to 64", "aged 65 and over"). */
function numbered(a: EngineOperand, b: EngineOperand): boolean {
  const digits = (op: EngineOperand) =>
    [op.context.rowLabel, isPeriodLabel(op.context.columnLabel) ? null : op.context.columnLabel]
      .map((l) => (l === null ? '' : (cleanLabelText(l).match(/\d+/g) ?? []).join(' ')))
      .join('|');
  return digits(a) !== digits(b) && /\d/.test(digits(a) + digits(b));
}

/** Where the claim names what sets `op` apart from `other` (null when there is no other operand). */
function mentionsOf(
  low: string,
  tokens: readonly Token[],
  reading: Reading,
  periods: readonly PeriodMention[],
  op: EngineOperand,
  other: EngineOperand | null,
): Mention[] {
  const out: Mention[] = [];
  const own = op.context;
  const theirs = other?.context ?? null;
  const otherWords = new Set([
    ...labelWords(theirs?.rowLabel ?? null),
    ...(isPeriodLabel(theirs?.columnLabel ?? null) ? [] : labelWords(theirs?.columnLabel ?? null)),
  ]);
  const wordsOf = (feature: 'row' | 'column', label: string | null) => {
    if (label === null || isPeriodLabel(label)) return;
    const distinct = [...labelWords(label)].filter((w) => !otherWords.has(w));
    for (const t of tokens) if (distinct.includes(t.stem)) out.push({ feature, start: t.start, end: t.end });
  };
  wordsOf('row', own.rowLabel);
  wordsOf('column', own.columnLabel);
  // A label's numbers with their words ("aged 21 to 64"), where the other label does not say the same.
  if (other !== null) {
    const theirSpans = numberSpans(low, other);
    for (const [start, end] of numberSpans(low, op))
      if (!theirSpans.some(([s, e]) => s === start && e === end)) out.push({ feature: 'row', start, end });
  }
  const mine = parsePeriod(own.period);
  const yours = parsePeriod(theirs?.period ?? null);
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
    const tol = hedged(r.quantity.precision, r.modifier);
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
function nameSpan(text: string, mention: Mention, cluster: readonly Mention[]): [number, number] {
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
function phraseAt(
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
function phraseBefore(text: string, tokens: readonly Token[], from: number, split: number): string | null {
  const inside = tokens.filter((t) => t.start >= from && t.end <= split);
  let end = inside.length;
  while (end > 0 && PHRASE_STOP.has(inside[end - 1]!.stem)) end--;
  let start = end;
  while (start > 0 && !PHRASE_STOP.has(inside[start - 1]!.stem) && end - start < 5) start--;
  if (start === end) return null;
  return text.slice(inside[start]!.start, inside[end - 1]!.end);
}

/** The words from `from` to `to` that name the second role ("all handgun checks"). */
function phraseAfter(text: string, tokens: readonly Token[], from: number, to: number): string | null {
  const inside = tokens.filter((t) => t.start >= from && t.end <= to);
  let start = 0;
  while (start < inside.length && inside[start]!.stem !== 'all' && PHRASE_STOP.has(inside[start]!.stem))
    start++;
  let end = start + (inside[start]?.stem === 'all' ? 1 : 0);
  while (end < inside.length && end - start < 5 && !PHRASE_STOP.has(inside[end]!.stem)) end++;
  if (start >= end) return null;
  return text.slice(inside[start]!.start, inside[end - 1]!.end);
}

// --- binding -------------------------------------------------------------------------------------------

/** What the claim calls an operand: words ("long gun"), or a period it names ("2019", "last year"). */
export interface OperandName {
  text: string;
  period: 'named' | 'relative' | null;
}

/** The roles of the operands, or why the claim's words cannot give them. */
export interface Binding {
  state: RoleState;
  /** Request indexes in role order (first role, second role); null when unclear. */
  order: number[] | null;
  /** Each operand's role, in request order; null when unclear. */
  roles: OperandRole[] | null;
  reason: string;
  /** What a person is asked when unclear: which figure is the first role's. */
  question: { role: OperandRoleName; words: string } | null;
  /** Short names of the operands in the claim's words, in request order ("handgun", "2019"); null: none. */
  names: (OperandName | null)[];
  /** Unpositioned restated numbers bound to a role by where the claim states them: index → role index. */
  restated: Map<number, 0 | 1>;
}

const describe = (op: EngineOperand): string => {
  const parts = [op.context.rowLabel, op.context.columnLabel].filter((l) => l !== null).map(cleanLabelText);
  return parts.length > 0 ? `${parts.join(' · ')} (${op.figure.raw})` : op.figure.raw;
};

/** Clause boundaries: where a claim turns to another statement ("…, while …", "… and …"). */
function clauseOf(low: string, at: number): [number, number] {
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

/**
 * Bind the operands to the roles the claim's relation gives them. `person`: roles a person gave, in
 * request order (the check is then computed with them).
 */
export function bindRoles(
  claim: string,
  reading: Reading,
  ops: readonly EngineOperand[],
  person: readonly OperandRoleName[] | null = null,
): Binding {
  const low = lower(claim);
  const frame: Frame = reading.frame;
  const [first, second] = FRAME_ROLES[frame.kind];
  const tokens = tokensOf(claim);
  const periods = claimPeriodMentions(low, reading, ops);
  const mentions = ops.map((op, i) => mentionsOf(low, tokens, reading, periods, op, ops[1 - i] ?? null));
  const name = (i: number, near: number | null = null): string | null => {
    const list = mentions[i] ?? [];
    if (list.length === 0) return null;
    const best =
      near === null
        ? list[0]!
        : list.reduce((a, b) => (Math.abs(b.start - near) < Math.abs(a.start - near) ? b : a));
    return phraseAt(claim, tokens, best, list);
  };
  const names = ops.map((_, i): OperandName | null => {
    const list = mentions[i] ?? [];
    // A restated number names nothing: the value is shown beside the name anyway.
    const m = list.find((x) => x.feature !== 'value');
    if (m === undefined) return null;
    if (m.feature === 'period')
      return {
        text: claim.slice(m.start, m.end),
        period: periods.some((p) => p.start === m.start) ? 'named' : 'relative',
      };
    const [s, e] = nameSpan(
      claim,
      m,
      list.filter((x) => x.feature === m.feature),
    );
    return { text: claim.slice(s, e), period: null };
  });
  const restated = new Map<number, 0 | 1>();
  const done = (
    state: RoleState,
    order: number[],
    by: RoleSource[],
    reason: string,
    roleNames: readonly OperandRoleName[] = [first, second],
    words: (string | null)[] = order.map((i) => name(i, frame.split)),
  ): Binding => {
    const roles: OperandRole[] = ops.map(() => ({ role: 'unused', words: null, by: 'elimination' }));
    order.forEach((opIndex, k) => {
      roles[opIndex] = { role: roleNames[k]!, words: words[k] ?? null, by: by[k]! };
    });
    return { state, order, roles, reason, question: null, names, restated };
  };

  if (ops.length === 0)
    return {
      state: 'not_needed',
      order: [],
      roles: [],
      reason: 'no operand',
      question: null,
      names,
      restated,
    };

  if (person !== null) {
    const wanted = ops.length === 1 ? [first] : [first, second];
    const given = [...person].sort();
    if (
      given.length !== ops.length ||
      given.join() !== [...wanted].sort().join() ||
      (frame.kind === 'symmetric' && ops.length === 2)
    )
      throw new RolesDoNotFit(
        frame.kind === 'symmetric'
          ? 'this claim names its figures as terms of a sum or of a difference between them: it needs no roles'
          : `this claim's figures take the roles ${wanted.join(' and ')}; got ${person.join(' and ')}`,
      );
    const order = wanted.map((r) => person.indexOf(r));
    if (frame.kind === 'single' && ops.length === 2) order[1] = 1 - order[0]!;
    bindRestated(low, reading, frame, order, ops, mentions, restated);
    return done(
      'person',
      order,
      order.map(() => 'person' as const),
      'a person said which figure is which',
    );
  }

  if (ops.length === 1) {
    bindRestated(low, reading, frame, [0], ops, mentions, restated);
    return done('not_needed', [0], ['only_operand'], 'one figure');
  }

  const unclear = (reason: string, question: Binding['question']): Binding => ({
    state: 'unclear',
    order: null,
    roles: null,
    reason,
    question,
    names,
    restated,
  });

  if (frame.kind === 'symmetric') {
    // No roles; the terms are shown in the order the claim names them, else the larger first.
    const at = mentions.map((m) => m[0]?.start ?? Infinity);
    const byValue = ops[0]!.figure.value >= ops[1]!.figure.value ? [0, 1] : [1, 0];
    const order =
      at[0] !== at[1] && at.every(Number.isFinite) ? (at[0]! < at[1]! ? [0, 1] : [1, 0]) : byValue;
    return done('not_needed', order, ['no_roles_needed', 'no_roles_needed'], 'the relation needs no roles');
  }

  if (frame.kind === 'over_time') {
    const [pa, pb] = ops.map((o) => parsePeriod(o.context.period));
    // The claim's own "from 2018 to 2019", "in 2019 compared with 2018" first: a claim that runs from the
    // later period to the earlier is computed as it says, and its period facet fails.
    const endOf = (m: Mention): 'from' | 'to' | null => {
      // "from $60.45 million in 2019": the period of the number the claim runs from.
      const end = reading.restated.find(
        (r) => r.strict && r.quantity.end <= m.start && NUMBER_IN.test(low.slice(r.quantity.end, m.start)),
      );
      if (end !== undefined) return end.operand === 0 ? 'from' : 'to';
      const before = low.slice(0, m.start);
      return FROM_BEFORE.test(before) ? 'from' : TO_BEFORE.test(before) ? 'to' : null;
    };
    const claimed = ops.map((_, i) => {
      const list = (mentions[i] ?? []).filter((m) => m.feature === 'period').map(endOf);
      return { from: list.includes('from'), to: list.includes('to') };
    });
    const [ea, eb] = claimed as [{ from: boolean; to: boolean }, { from: boolean; to: boolean }];
    const said =
      ea.from && !ea.to && eb.to && !eb.from
        ? [0, 1]
        : eb.from && !eb.to && ea.to && !ea.from
          ? [1, 0]
          : null;
    if (said !== null) {
      const words = said
        .map((i) => (mentions[i] ?? []).find((m) => m.feature === 'period'))
        .map((m) => (m === undefined ? null : claim.slice(m.start, m.end)));
      bindRestated(low, reading, frame, said, ops, mentions, restated);
      return done(
        'bound',
        said,
        ['periods', 'periods'],
        `the claim runs from ${words[0]} to ${words[1]}`,
        [first, second],
        words,
      );
    }
    const o = pa !== null && pa !== undefined && pb !== null && pb !== undefined ? order(pa, pb) : null;
    if (o === -1 || o === 1) {
      const ord = o === -1 ? [0, 1] : [1, 0];
      const words = ord.map((i) => {
        const p = parsePeriod(ops[i]!.context.period)!;
        return periods.find((m) => relate(m, p) === 'same')?.text ?? null;
      });
      bindRestated(low, reading, frame, ord, ops, mentions, restated);
      return done(
        'bound',
        ord,
        ['periods', 'periods'],
        `a change runs from the earlier period (${pa!.label === ops[ord[0]!]!.context.period ? pa!.label : pb!.label}) to the later`,
        [first, second],
        words,
      );
    }
    // No periods to order them: the end points the claim states ("from 1,000 to 1,120").
    const ends = reading.restated.filter((r) => r.strict);
    const matches = ends.map((r) => ({
      r,
      hits: ops.flatMap((op, i) =>
        restates(r.quantity, op, hedged(r.quantity.precision, r.modifier)) ? [i] : [],
      ),
    }));
    const fromOp = matches.find((m) => m.r.operand === 0 && m.hits.length === 1)?.hits[0];
    const toOp = matches.find((m) => m.r.operand === 1 && m.hits.length === 1)?.hits[0];
    const chosen = fromOp ?? (toOp === undefined ? undefined : 1 - toOp);
    if (chosen !== undefined && (toOp === undefined || toOp !== chosen)) {
      const ord = [chosen, 1 - chosen];
      const raw = (k: 0 | 1) => ends.find((r) => r.operand === k)?.quantity.raw ?? null;
      bindRestated(low, reading, frame, ord, ops, mentions, restated);
      return done(
        'bound',
        ord,
        ['restated_numbers', 'restated_numbers'],
        'the claim states the figures it runs from and to',
        [first, second],
        [raw(0), raw(1)],
      );
    }
    const why =
      pa && pb && relate(pa, pb) === 'same'
        ? `both figures are ${pa.label}: which one is earlier is not shown`
        : 'the figures show no periods that say which one is earlier, and the claim does not state them';
    return unclear(why, { role: 'from', words: periods[0]?.text ?? 'the earlier figure' });
  }

  if (frame.kind === 'single') {
    const check = reading.checks[0];
    const q = check?.quantity ?? null;
    const at = q?.start ?? 0;
    const [cs, ce] = clauseOf(low, at);
    const inClause = mentions.map((list) => list.some((m) => m.start >= cs && m.end <= ce));
    const anywhere = mentions.map((list) => list.length > 0);
    const pick = (flags: boolean[]) => (flags[0] !== flags[1] ? (flags[0] ? 0 : 1) : null);
    const chosen = pick(inClause) ?? pick(anywhere);
    if (chosen === null)
      return unclear(
        anywhere.every(Boolean)
          ? `the claim names both figures, and its ${q?.raw ?? 'number'} could state either`
          : `the claim's words do not say which figure its ${q?.raw ?? 'number'} states`,
        { role: 'value', words: q?.raw ?? 'the number' },
      );
    const ord = [chosen, 1 - chosen];
    bindRestated(low, reading, frame, ord, ops, mentions, restated);
    const otherUsed = [...restated.entries()].some(([, role]) => role === 1);
    const b = done(
      'bound',
      ord,
      [
        FEATURE_SOURCE[
          mentions[chosen]!.find((m) => m.start >= cs && m.end <= ce)?.feature ??
            mentions[chosen]![0]!.feature
        ],
        'elimination',
      ],
      `the claim names ${describe(ops[chosen]!)} with its number`,
      ['value', otherUsed ? 'value' : 'unused'],
    );
    return b;
  }

  // Ordered and part/whole: which side of the claim names each figure.
  const side = (pos: number): 0 | 1 | null => {
    if (frame.kind === 'ordered') {
      if (frame.split === null) return null;
      return pos < frame.split !== frame.passive ? 0 : 1;
    }
    if (frame.split === null) return 0;
    return pos >= frame.split && pos < (frame.end ?? low.length) ? 1 : 0;
  };
  const evidence = mentions.map((list) => {
    const per: [Set<Feature>, Set<Feature>] = [new Set(), new Set()];
    for (const m of list) {
      // Without "of", only a total the claim names marks the whole.
      const s =
        frame.kind === 'part_whole' && frame.split === null ? (m.feature === 'total' ? 1 : 0) : side(m.start);
      if (s !== null) per[s].add(m.feature);
    }
    return per;
  });
  // Names first: a number the claim restates is checked against the figure its words name, and binds a
  // figure only where no word does ("the figure of 56,941 was 10% higher than 51,670").
  const balance = (withValues: boolean) =>
    evidence.map(([a, b]) => {
      const count = (set: Set<Feature>) => [...set].filter((f) => withValues || f !== 'value').length;
      return count(a) - count(b);
    });
  const named = balance(false);
  // Restated numbers decide only where the labels are the same: labels that differ in ways the words
  // here do not read ("Class A", "Class B") may be named by the claim, and numbers would then override it.
  const d = named[0] !== named[1] || unreadable(ops[0]!, ops[1]!) ? named : balance(true);
  if (d[0] === d[1]) {
    const named = mentions.map((l) => l.length > 0);
    const reason = !named.some(Boolean)
      ? `the claim's words do not name either figure (${describe(ops[0]!)}; ${describe(ops[1]!)})`
      : named.every(Boolean)
        ? 'the claim names both figures on the same side of its comparison'
        : 'the claim names only one figure, and not on a side that tells its role';
    const from = frame.kind === 'part_whole' ? (frame.split ?? 0) : clauseOf(low, frame.split ?? 0)[0];
    const words =
      frame.kind === 'part_whole'
        ? phraseAfter(claim, tokens, (frame.split ?? 0) + 2, frame.end ?? low.length)
        : phraseBefore(claim, tokens, from, frame.split ?? low.length);
    return unclear(reason, {
      role: frame.kind === 'part_whole' ? 'whole' : first,
      words: words ?? (frame.kind === 'part_whole' ? 'the whole' : 'the figure the claim compares'),
    });
  }
  const ord = d[0]! > d[1]! ? [0, 1] : [1, 0];
  // A figure the claim never names is its role's only by elimination, and only where the claim could not
  // have named it: no label word sets it apart (the same row in another period), or it is the total a
  // share's whole needs. A figure whose own words the claim never says is not what the claim is about.
  const unnamed = ord.findIndex((opIndex, k) => {
    if (evidence[opIndex]![k]!.size > 0) return false;
    const op = ops[opIndex]!;
    if (frame.kind === 'part_whole' && k === 1 && isTotal(op)) return false;
    const other = ops[1 - opIndex]!;
    return distinctWords(op, other).length > 0 || unreadable(op, other);
  });
  if (unnamed !== -1) {
    const op = ops[ord[unnamed]!]!;
    const role = unnamed === 0 ? first : second;
    return unclear(`the claim does not name ${describe(op)}, so it cannot be its ${role}`, {
      role,
      words:
        (unnamed === 1 && frame.kind === 'part_whole'
          ? phraseAfter(claim, tokens, (frame.split ?? 0) + 2, frame.end ?? low.length)
          : unnamed === 0
            ? phraseBefore(claim, tokens, clauseOf(low, frame.split ?? 0)[0], frame.split ?? low.length)
            : phraseAfter(claim, tokens, frame.split ?? 0, low.length)) ?? `the ${role}`,
    });
  }
  const by = ord.map((opIndex, k) => {
    const kinds = [...evidence[opIndex]![k]!];
    const best = (['row', 'column', 'total', 'period', 'value'] as const).find((f) => kinds.includes(f));
    return best === undefined ? ('elimination' as const) : FEATURE_SOURCE[best];
  });
  const words = ord.map((opIndex, k) => {
    const list = (mentions[opIndex] ?? []).filter((m) => side(m.start) === k);
    if (list.length === 0) return null;
    const near = frame.split ?? 0;
    const best = list.reduce((a, b) => (Math.abs(b.start - near) < Math.abs(a.start - near) ? b : a));
    return phraseAt(claim, tokens, best, list);
  });
  bindRestated(low, reading, frame, ord, ops, mentions, restated, side);
  const said = ord
    .map((opIndex, k) => `${words[k] ? `“${words[k]}”` : 'the other figure'} is ${describe(ops[opIndex]!)}`)
    .join('; ');
  return done('bound', ord, by, `the claim's words bind them: ${said}`, [first, second], words);
}

/**
 * Restated numbers without "from"/"to": on an ordered claim, the side the number is on says whose it is
 * ("handgun checks (56,941) exceeded long gun checks (51,670)"); elsewhere the figure named in its clause.
 */
function bindRestated(
  low: string,
  reading: Reading,
  frame: Frame,
  ord: readonly number[],
  ops: readonly EngineOperand[],
  mentions: readonly Mention[][],
  out: Map<number, 0 | 1>,
  side: ((pos: number) => 0 | 1 | null) | null = null,
): void {
  reading.restated.forEach((r, index) => {
    if (r.strict) return;
    if (ops.length < 2) return;
    if (side !== null && (frame.kind === 'ordered' || frame.kind === 'part_whole')) {
      const s = side(r.quantity.start);
      if (s !== null) out.set(index, s);
      return;
    }
    const [cs, ce] = clauseOf(low, r.quantity.start);
    const named = ord.map((opIndex) =>
      (mentions[opIndex] ?? []).some((m) => m.feature !== 'value' && m.start >= cs && m.end <= ce),
    );
    if (named[0] !== named[1]) out.set(index, named[0] ? 0 : 1);
  });
}

/** Roles a person gave that do not fit the claim's relation: a 400 for the caller. */
export class RolesDoNotFit extends Error {
  override readonly name = 'RolesDoNotFit';
}
