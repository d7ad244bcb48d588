import type { OperandRole, OperandRoleName, RoleSource, RoleState } from '../../shared/api';
import { order, parsePeriod, relate, type PeriodMention } from '../../shared/structure';
import { lower, type Frame, type FrameKind, type Reading } from './claim';
import {
  claimPeriodMentions,
  clauseOf,
  describe,
  distinctWords,
  FEATURE_SOURCE,
  isTotal,
  mentionsOf,
  nameSpan,
  phraseAfter,
  phraseAt,
  phraseBefore,
  restates,
  tokensOf,
  unreadable,
  type Feature,
  type Mention,
  type Token,
} from './mentions';
import { hedged } from './tolerance';
import type { EngineOperand } from './types';

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

/** Words before a period that make it where a change runs from, or to. */
const FROM_BEFORE =
  /(?:^|[^\p{L}])(?:from|since|over|on|versus|vs\.?|against|compared\s+(?:with|to)|relative\s+to)\s+(?:the\s+)?(?:(?:fiscal|financial|calendar)\s+)?(?:year\s+)?$/u;
const TO_BEFORE =
  /(?:^|[^\p{L}])(?:to|into|through|until|in)\s+(?:the\s+)?(?:(?:fiscal|financial|calendar)\s+)?(?:year\s+)?$/u;

/** Between an end point and its period: "$60.45 million in 2019", "1,000 for fiscal 2018". */
const NUMBER_IN =
  /^\s*(?:\p{L}+\s+)?(?:in|for|during|at|as\s+of)\s+(?:the\s+)?(?:(?:fiscal|financial|calendar)\s+)?(?:year\s+)?$/u;

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

/** Everything the binding reads once: the claim, its frame, the operands and where the claim names each. */
interface Scene {
  claim: string;
  low: string;
  reading: Reading;
  frame: Frame;
  ops: readonly EngineOperand[];
  roles: readonly [OperandRoleName, OperandRoleName];
  tokens: Token[];
  periods: PeriodMention[];
  /** Per operand (request order), where the claim names what sets it apart. */
  mentions: Mention[][];
}

/** Which role's side of the claim a position is on (ordered and part/whole claims); null: neither. */
function sideOf(scene: Scene): (pos: number) => 0 | 1 | null {
  const { frame, low } = scene;
  if (frame.kind === 'ordered')
    return (pos) => (frame.split === null ? null : pos < frame.split !== frame.passive ? 0 : 1);
  if (frame.kind === 'part_whole')
    return (pos) =>
      frame.split === null ? 0 : pos >= frame.split && pos < (frame.end ?? low.length) ? 1 : 0;
  return () => null;
}

/** The claim's words for operand `i`, from its mention nearest `near`. */
function wordsFor(scene: Scene, i: number, near: number | null): string | null {
  const list = scene.mentions[i] ?? [];
  if (list.length === 0) return null;
  const best =
    near === null
      ? list[0]!
      : list.reduce((a, b) => (Math.abs(b.start - near) < Math.abs(a.start - near) ? b : a));
  return phraseAt(scene.claim, scene.tokens, best, list);
}

/** What the claim calls each operand (request order), for the arithmetic in its terms. */
function namesOf(scene: Scene): (OperandName | null)[] {
  return scene.ops.map((_, i) => {
    const list = scene.mentions[i] ?? [];
    // A restated number names nothing: the value is shown beside the name anyway.
    const m = list.find((x) => x.feature !== 'value');
    if (m === undefined) return null;
    if (m.feature === 'period')
      return {
        text: scene.claim.slice(m.start, m.end),
        period: scene.periods.some((p) => p.start === m.start) ? 'named' : 'relative',
      };
    const [s, e] = nameSpan(
      scene.claim,
      m,
      list.filter((x) => x.feature === m.feature),
    );
    return { text: scene.claim.slice(s, e), period: null };
  });
}

/** A binding with the operands in `order` (request indexes, role order). */
function bound(
  scene: Scene,
  state: RoleState,
  order: number[],
  by: RoleSource[],
  reason: string,
  options: { roles?: readonly OperandRoleName[]; words?: (string | null)[] } = {},
): Binding {
  const roleNames = options.roles ?? scene.roles;
  const words = options.words ?? order.map((i) => wordsFor(scene, i, scene.frame.split));
  const roles: OperandRole[] = scene.ops.map(() => ({ role: 'unused', words: null, by: 'elimination' }));
  order.forEach((opIndex, k) => {
    roles[opIndex] = { role: roleNames[k]!, words: words[k] ?? null, by: by[k]! };
  });
  return {
    state,
    order,
    roles,
    reason,
    question: null,
    names: namesOf(scene),
    restated: placeRestated(scene, order),
  };
}

function unclear(scene: Scene, reason: string, question: Binding['question']): Binding {
  return {
    state: 'unclear',
    order: null,
    roles: null,
    reason,
    question,
    names: namesOf(scene),
    restated: new Map(),
  };
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
  const periods = claimPeriodMentions(low, reading, ops);
  const tokens = tokensOf(claim);
  const scene: Scene = {
    claim,
    low,
    reading,
    frame: reading.frame,
    ops,
    roles: FRAME_ROLES[reading.frame.kind],
    tokens,
    periods,
    mentions: ops.map((op, i) => mentionsOf(low, tokens, reading, periods, op, ops[1 - i] ?? null)),
  };
  if (ops.length === 0)
    return {
      state: 'not_needed',
      order: [],
      roles: [],
      reason: 'no operand',
      question: null,
      names: [],
      restated: new Map(),
    };
  if (person !== null) return byPerson(scene, person);
  if (ops.length === 1) return bound(scene, 'not_needed', [0], ['only_operand'], 'one figure');
  switch (scene.frame.kind) {
    case 'symmetric':
      return symmetric(scene);
    case 'over_time':
      return overTime(scene);
    case 'single':
      return single(scene);
    default:
      return bySides(scene);
  }
}

/** The roles a person gave, when they fit the claim's relation. */
function byPerson(scene: Scene, person: readonly OperandRoleName[]): Binding {
  const { ops, frame } = scene;
  const [first, second] = scene.roles;
  const wanted = ops.length === 1 ? [first] : [first, second];
  const fits =
    person.length === ops.length &&
    [...person].sort().join() === [...wanted].sort().join() &&
    !(frame.kind === 'symmetric' && ops.length === 2);
  if (!fits)
    throw new RolesDoNotFit(
      frame.kind === 'symmetric'
        ? 'this claim names its figures as terms of a sum or of a difference between them: it needs no roles'
        : `this claim's figures take the roles ${wanted.join(' and ')}; got ${person.join(' and ')}`,
    );
  const order = wanted.map((r) => person.indexOf(r));
  return bound(
    scene,
    'person',
    order,
    order.map(() => 'person' as const),
    'a person said which figure is which',
  );
}

/** No roles; the terms are shown in the order the claim names them, else the larger first. */
function symmetric(scene: Scene): Binding {
  const { ops, mentions } = scene;
  const at = mentions.map((m) => m[0]?.start ?? Infinity);
  const byValue = ops[0]!.figure.value >= ops[1]!.figure.value ? [0, 1] : [1, 0];
  const order = at[0] !== at[1] && at.every(Number.isFinite) ? (at[0]! < at[1]! ? [0, 1] : [1, 0]) : byValue;
  return bound(
    scene,
    'not_needed',
    order,
    ['no_roles_needed', 'no_roles_needed'],
    'the relation needs no roles',
  );
}

/**
 * A change over time: the claim's own "from 2018 to 2019", "in 2019 compared with 2018" first (a claim
 * that runs from the later period to the earlier is computed as it says, and its period facet fails); else
 * the operands' periods in order of time; else the end points the claim states.
 */
function overTime(scene: Scene): Binding {
  const { ops, mentions, reading, low, claim, periods } = scene;
  const endOf = (m: Mention): 'from' | 'to' | null => {
    // "from $60.45 million in 2019": the period of the number the claim runs from.
    const end = reading.restated.find(
      (r) => r.strict && r.quantity.end <= m.start && NUMBER_IN.test(low.slice(r.quantity.end, m.start)),
    );
    if (end !== undefined) return end.operand === 0 ? 'from' : 'to';
    const before = low.slice(0, m.start);
    return FROM_BEFORE.test(before) ? 'from' : TO_BEFORE.test(before) ? 'to' : null;
  };
  const ends = ops.map((_, i) => (mentions[i] ?? []).filter((m) => m.feature === 'period').map(endOf));
  const only = (i: number, end: 'from' | 'to') =>
    ends[i]!.includes(end) && ends[i]!.length === ends[i]!.filter((e) => e === end).length;
  const said = only(0, 'from') && only(1, 'to') ? [0, 1] : only(1, 'from') && only(0, 'to') ? [1, 0] : null;
  if (said !== null) {
    const words = said
      .map((i) => (mentions[i] ?? []).find((m) => m.feature === 'period'))
      .map((m) => (m === undefined ? null : claim.slice(m.start, m.end)));
    return bound(
      scene,
      'bound',
      said,
      ['periods', 'periods'],
      `the claim runs from ${words[0]} to ${words[1]}`,
      {
        words,
      },
    );
  }
  const [pa, pb] = ops.map((o) => parsePeriod(o.context.period));
  const o = pa && pb ? order(pa, pb) : null;
  if (o === -1 || o === 1) {
    const ord = o === -1 ? [0, 1] : [1, 0];
    const earlier = parsePeriod(ops[ord[0]!]!.context.period)!;
    const words = ord.map((i) => {
      const p = parsePeriod(ops[i]!.context.period)!;
      return periods.find((m) => relate(m, p) === 'same')?.text ?? null;
    });
    return bound(
      scene,
      'bound',
      ord,
      ['periods', 'periods'],
      `a change runs from the earlier period (${earlier.label}) to the later`,
      { words },
    );
  }
  // No periods to order them: the end points the claim states ("from 1,000 to 1,120").
  const stated = reading.restated.filter((r) => r.strict);
  const hits = (k: 0 | 1) => {
    const r = stated.find((x) => x.operand === k);
    if (r === undefined) return undefined;
    const found = ops.flatMap((op, i) =>
      restates(r.quantity, op, hedged(r.quantity.precision, r.modifier, r.quantity.value)) ? [i] : [],
    );
    return found.length === 1 ? found[0] : undefined;
  };
  const fromOp = hits(0);
  const toOp = hits(1);
  const chosen = fromOp ?? (toOp === undefined ? undefined : 1 - toOp);
  if (chosen !== undefined && toOp !== chosen) {
    const raw = (k: 0 | 1) => stated.find((r) => r.operand === k)?.quantity.raw ?? null;
    return bound(
      scene,
      'bound',
      [chosen, 1 - chosen],
      ['restated_numbers', 'restated_numbers'],
      'the claim states the figures it runs from and to',
      { words: [raw(0), raw(1)] },
    );
  }
  const why =
    pa && pb && relate(pa, pb) === 'same'
      ? `both figures are ${pa.label}: which one is earlier is not shown`
      : 'the figures show no periods that say which one is earlier, and the claim does not state them';
  return unclear(scene, why, { role: 'from', words: periods[0]?.text ?? 'the earlier figure' });
}

/** "Equals" with two operands: the figure the claim names with its number (in its clause, else anywhere). */
function single(scene: Scene): Binding {
  const { low, mentions, ops, reading } = scene;
  const q = reading.checks[0]?.quantity ?? null;
  const [cs, ce] = clauseOf(low, q?.start ?? 0);
  const inClause = mentions.map((list) => list.some((m) => m.start >= cs && m.end <= ce));
  const anywhere = mentions.map((list) => list.length > 0);
  const pick = (flags: boolean[]) => (flags[0] !== flags[1] ? (flags[0] ? 0 : 1) : null);
  const chosen = pick(inClause) ?? pick(anywhere);
  if (chosen === null)
    return unclear(
      scene,
      anywhere.every(Boolean)
        ? `the claim names both figures, and its ${q?.raw ?? 'number'} could state either`
        : `the claim's words do not say which figure its ${q?.raw ?? 'number'} states`,
      { role: 'value', words: q?.raw ?? 'the number' },
    );
  const order = [chosen, 1 - chosen];
  const restated = placeRestated(scene, order);
  const otherUsed = [...restated.values()].includes(1);
  const named = mentions[chosen]!.find((m) => m.start >= cs && m.end <= ce) ?? mentions[chosen]![0]!;
  return bound(
    scene,
    'bound',
    order,
    [FEATURE_SOURCE[named.feature], otherUsed ? 'restated_numbers' : 'elimination'],
    `the claim names ${describe(ops[chosen]!)} with its number`,
    { roles: ['value', otherUsed ? 'value' : 'unused'] },
  );
}

/**
 * Ordered and part/whole claims: which side of the claim names each figure. Each figure counts the kinds
 * of names it has on each side; the one with more on the first side takes the first role.
 */
function bySides(scene: Scene): Binding {
  const { frame, ops, mentions, claim, tokens, low } = scene;
  const [first, second] = scene.roles;
  const side = sideOf(scene);
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
  const phraseOfRole = (k: 0 | 1): string | null =>
    frame.kind === 'part_whole' && k === 1
      ? phraseAfter(claim, tokens, (frame.split ?? 0) + 2, frame.end ?? low.length)
      : k === 0
        ? phraseBefore(claim, tokens, clauseOf(low, frame.split ?? 0)[0], frame.split ?? low.length)
        : phraseAfter(claim, tokens, frame.split ?? 0, low.length);
  if (d[0] === d[1]) {
    const said = mentions.map((l) => l.length > 0);
    const reason = !said.some(Boolean)
      ? `the claim's words do not name either figure (${describe(ops[0]!)}; ${describe(ops[1]!)})`
      : said.every(Boolean)
        ? 'the claim names both figures on the same side of its comparison'
        : 'the claim names only one figure, and not on a side that tells its role';
    // A share asks for its whole, anything else for its first figure.
    const k = frame.kind === 'part_whole' ? 1 : 0;
    return unclear(scene, reason, {
      role: k === 1 ? second : first,
      words: phraseOfRole(k) ?? (k === 1 ? 'the whole' : 'the figure the claim compares'),
    });
  }
  const order = d[0]! > d[1]! ? [0, 1] : [1, 0];
  // A figure the claim never names is its role's only by elimination, and only where the claim could not
  // have named it: no label word sets it apart (the same row in another period), or it is the total a
  // share's whole needs. A figure whose own words the claim never says is not what the claim is about.
  const unnamed = order.findIndex((opIndex, k) => {
    if (evidence[opIndex]![k]!.size > 0) return false;
    const op = ops[opIndex]!;
    if (frame.kind === 'part_whole' && k === 1 && isTotal(op)) return false;
    const other = ops[1 - opIndex]!;
    return distinctWords(op, other).length > 0 || unreadable(op, other);
  });
  if (unnamed === 0 || unnamed === 1) {
    const role = unnamed === 0 ? first : second;
    return unclear(
      scene,
      `the claim does not name ${describe(ops[order[unnamed]!]!)}, so it cannot be its ${role}`,
      {
        role,
        words: phraseOfRole(unnamed) ?? `the ${role}`,
      },
    );
  }
  const by = order.map((opIndex, k) => {
    const kinds = [...evidence[opIndex]![k]!];
    const best = (['row', 'column', 'total', 'period', 'value'] as const).find((f) => kinds.includes(f));
    return best === undefined ? ('elimination' as const) : FEATURE_SOURCE[best];
  });
  const words = order.map((opIndex, k) => {
    const list = (mentions[opIndex] ?? []).filter((m) => side(m.start) === k);
    if (list.length === 0) return null;
    const near = frame.split ?? 0;
    const best = list.reduce((a, b) => (Math.abs(b.start - near) < Math.abs(a.start - near) ? b : a));
    return phraseAt(claim, tokens, best, list);
  });
  const said = order
    .map((opIndex, k) => `${words[k] ? `“${words[k]}”` : 'the other figure'} is ${describe(ops[opIndex]!)}`)
    .join('; ');
  return bound(scene, 'bound', order, by, `the claim's words bind them: ${said}`, { words });
}

/**
 * Restated numbers without "from"/"to": on an ordered or part/whole claim, the side the number is on says
 * whose it is ("handgun checks (56,941) exceeded long gun checks (51,670)"); elsewhere the figure named in
 * its clause. Answers restatement index → role index (0: the first role).
 */
function placeRestated(scene: Scene, order: readonly number[]): Map<number, 0 | 1> {
  const { reading, frame, ops, mentions, low } = scene;
  const out = new Map<number, 0 | 1>();
  if (ops.length < 2) return out;
  const side = sideOf(scene);
  reading.restated.forEach((r, index) => {
    if (r.strict) return;
    if (frame.kind === 'ordered' || frame.kind === 'part_whole') {
      const s = side(r.quantity.start);
      if (s !== null) out.set(index, s);
      return;
    }
    const [cs, ce] = clauseOf(low, r.quantity.start);
    const named = order.map((opIndex) =>
      (mentions[opIndex] ?? []).some((m) => m.feature !== 'value' && m.start >= cs && m.end <= ce),
    );
    if (named[0] !== named[1]) out.set(index, named[0] ? 0 : 1);
  });
  return out;
}

/** Roles a person gave that do not fit the claim's relation: a 400 for the caller. */
export class RolesDoNotFit extends Error {
  override readonly name = 'RolesDoNotFit';
}
