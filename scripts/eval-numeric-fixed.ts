/**
 * The "fixed wordings" section of `npm run eval:numeric`: TAT-QA arithmetic questions in the order the
 * engine expects their operands.
 *
 * For each arithmetic question whose derivation is a two-operand form the spec's relation table covers —
 * `(a-b)/b` (percent change), `a-b` (change, or difference across rows), `a+b` (sum), `a/b` (ratio, or
 * share when the answer is a percentage) — the table is published as csv (with a scale note from the
 * question when the table has none) and three claims are checked against the two cells: the true one (the
 * gold answer at its precision), one with the number moved beyond tolerance, and one with the direction
 * flipped, all three in the same wording. The wording names the operands' periods in one of several forms,
 * or names none, or a relative one; it is chosen from the question's uid (scripts/eval-numeric-wording.ts),
 * so every run words every claim the same way.
 */
import type { FigureWithPosition } from '../shared/api';
import type { Explained } from '../service/numeric/assess';
import type { OperandContext } from '../service/numeric/types';
import {
  decimalsOf,
  derivationOf,
  NOTE_OF_QUESTION,
  ownScaleNote,
  SCALE_OF_QUESTION,
  type Derivation,
  type Item,
  type Question,
} from './eval-numeric-corpus';
import { halfOf } from './eval-numeric-families';
import { operandOf, tableCsv, type EvalService, type Operand, type Published } from './eval-numeric-service';
import {
  changeWordings,
  pairWordings,
  pct,
  percentile,
  pick,
  seedOf,
  wordChange,
  wordingName,
  wordPair,
  type ChangeForm,
  type PairForm,
  type Wording,
} from './eval-numeric-wording';

export type Relation =
  | 'change (percent)'
  | 'change (absolute)'
  | 'difference'
  | 'difference (percent)'
  | 'sum'
  | 'share'
  | 'ratio';
export type Truth = 'true' | 'false-moved' | 'false-sign';
const RELATIONS: readonly Relation[] = [
  'change (percent)',
  'change (absolute)',
  'difference',
  'difference (percent)',
  'sum',
  'share',
  'ratio',
];
const TRUTHS: readonly Truth[] = ['true', 'false-moved', 'false-sign'];
const OUTCOMES = ['supported', 'contradicted', 'escalate', 'not_applicable'] as const;

const SCALE_WORD: Readonly<Record<number, string>> = { 1e3: 'thousand', 1e6: 'million', 1e9: 'billion' };
const CURRENCY_SYMBOL: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

type PlanWording =
  { kind: 'change'; wording: Wording<ChangeForm> } | { kind: 'pair'; wording: Wording<PairForm> };

export interface Plan {
  relation: Relation;
  /** Operands in the order the claim names them (A = operands[0]; for a change, A is the earlier). */
  operands: [Operand, Operand];
  /** The relation's value in the claim's terms (percent, or written units for amounts). */
  value: number;
  decimals: number;
  /** How the claim names the operands' periods (the same for the true claim and its false ones). */
  wording: PlanWording;
}

function fmt(value: number, decimals: number): string {
  return Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** "$12.6 million", "2.1 percentage points", "12.6" (or "-12.6"): an amount worded as the operands are written. */
function amount(value: number, decimals: number, A: Operand, B: Operand, negative = false): string {
  const [a, b] = [A.figure, B.figure];
  const minus = negative ? '-' : '';
  if (a.unitClass === 'percent' && b.unitClass === 'percent')
    return `${minus}${fmt(value, decimals)} percentage points`;
  // The currency as the table shows it: the figure's own, or the one its sheet writes on a first row.
  const ua = a.unit ?? A.context.tableCurrency;
  const ub = b.unit ?? B.context.tableCurrency;
  const currency = ua !== null && ua === ub ? (CURRENCY_SYMBOL[ua] ?? `${ua} `) : '';
  const scale = a.scale === b.scale ? SCALE_WORD[a.scale] : undefined;
  return `${minus}${currency}${fmt(value, decimals)}${scale ? ` ${scale}` : ''}`;
}

function subjectOf(a: OperandContext, b: OperandContext): string {
  if (a.rowKey !== null && a.rowKey === b.rowKey && a.rowLabel) return a.rowLabel;
  if (a.columnKey !== null && a.columnKey === b.columnKey && a.columnLabel) return a.columnLabel;
  return a.rowLabel ?? 'The figure';
}

/** Orders "2018" < "Q1 2019" < "H2 2019" < "FY2020" roughly: year, then the part of it. */
export function periodKey(period: string | null): number {
  const year = Number(/\d{4}/.exec(period ?? '')?.[0] ?? NaN);
  const part = Number(/^[QH](\d)/.exec(period ?? '')?.[1] ?? 9);
  return year * 10 + part;
}

/** The wording of `relation` over `operands` for question `uid`: the same on every run. */
function wordingFor(uid: string, relation: Relation, operands: [Operand, Operand]): PlanWording {
  const [A, B] = operands;
  const seed = seedOf(uid);
  return relation.startsWith('change')
    ? { kind: 'change', wording: pick(seed, changeWordings(A.context.period, B.context.period)) }
    : { kind: 'pair', wording: pick(seed, pairWordings(A.context.period, B.context.period)) };
}

/** The claim for `plan` with the value `value` (already moved or not) and direction `sign`. */
function word(plan: Plan, value: number, sign: 1 | -1): string {
  const [A, B] = plan.operands;
  const n = fmt(value, plan.decimals);
  if (plan.wording.kind === 'change') {
    const percent = plan.relation === 'change (percent)';
    return wordChange(
      {
        subject: subjectOf(A.context, B.context),
        amount: percent ? `${n}%` : amount(value, plan.decimals, A, B),
        percent,
        up: sign > 0,
        earlier: A.context.period,
        later: B.context.period,
      },
      plan.wording.wording,
    );
  }
  const a = { label: A.context.rowLabel ?? 'the figure', period: A.context.period };
  const b = { label: B.context.rowLabel ?? 'the figure', period: B.context.period };
  const body = (x: string, y: string): string => {
    switch (plan.relation) {
      case 'difference':
        return `${x} was ${amount(value, plan.decimals, A, B)} ${sign > 0 ? 'more' : 'less'} than ${y}`;
      case 'sum':
        // A sum has no direction: a negative stated value is its flipped claim.
        return `${x} and ${y} together totalled ${amount(value, plan.decimals, A, B, sign < 0)}`;
      case 'difference (percent)':
        return `${x} was ${n}% ${sign > 0 ? 'higher' : 'lower'} than ${y}`;
      case 'share':
        return `${x} was ${n}% of ${y}`;
      default:
        return `${x} was ${n} times ${y}`;
    }
  };
  return wordPair(a, b, plan.wording.wording, body);
}

/**
 * The operands in the order the claim names them: a change's earlier period first, except in the relative
 * wording ("X was 5% higher than last year"), a comparison whose subject is the later period.
 */
export function claimOperands(plan: Plan): [Operand, Operand] {
  const [A, B] = plan.operands;
  return plan.wording.kind === 'change' && plan.wording.wording.form === 'relative' ? [B, A] : [A, B];
}

/** A row of costs or losses ("Interest expense", "Net loss"), not one that names the other side too. */
export function isCostRow(label: string | null): boolean {
  if (label === null) return false;
  return (
    /\b(?:loss(?:es)?|deficits?|expenses?|costs?|outflows?)\b/i.test(label) &&
    !/\b(?:income|profits?|gains?|earnings|revenues?|benefits?|inflows?)\b/i.test(label)
  );
}

/** Whether a true claim's wording names the periods its operands show. */
type PeriodGroup = 'names periods' | 'periods shown, not named' | 'an operand shows no period';
const PERIOD_GROUPS: readonly PeriodGroup[] = [
  'names periods',
  'periods shown, not named',
  'an operand shows no period',
];

function periodGroup(plan: Plan): PeriodGroup {
  if (plan.operands.some((o) => o.context.period === null)) return 'an operand shows no period';
  return plan.wording.wording.namesPeriods ? 'names periods' : 'periods shown, not named';
}

/** What one true claim came to, for the report. */
interface TrueResult {
  uid: string;
  /** Its table is in the dev half: its text may be shown. */
  dev: boolean;
  relation: Relation;
  claim: string;
  wording: string;
  group: PeriodGroup;
  explained: Explained;
}

/** Why an escalated claim escalated: one line per open or failed facet, or the arithmetic's problem. */
export function escalationReasons(explained: Explained): string[] {
  const { assessment } = explained;
  const reasons: string[] = [];
  if (assessment.arithmetic?.verdict === 'not_computable')
    reasons.push(`arithmetic not computable: ${explained.problem ?? '(no code)'}`);
  for (const f of explained.facets)
    if (f.passed !== true)
      reasons.push(`${f.facet} ${f.passed === null ? 'left to judge' : 'failed'}: ${f.code}`);
  if (reasons.length === 0)
    reasons.push(`comparability ${assessment.comparability?.verdict ?? 'absent'} (no facet says why)`);
  return reasons;
}

/** A line about one claim; `dev` when its table is in the dev half (only those are shown). */
interface Line {
  text: string;
  dev: boolean;
}

/** What the fixed-wordings run came to. */
export interface FixedResult {
  tables: number;
  arithmetic: number;
  planned: number;
  checks: number;
  goldDisagrees: number;
  onSizes: number;
  skipped: Map<string, number>;
  confusion: Map<string, number>;
  falseSupported: Line[];
  trueContradicted: Line[];
  mismatches: Line[];
  trueResults: TrueResult[];
  engineMs: number[];
  httpMs: number[];
  /** Dev claims whose outcome was not the intended one, a few per relation, claim and outcome. */
  samples: Map<string, string[]>;
}

/** A question's derivation, gold answer and the note its table is published with; or why it is not planned. */
export function fixedQuestion(
  q: Question,
  ownNote: ReturnType<typeof ownScaleNote>,
): { skip: string } | { d: Derivation; gold: number; note: string | null } {
  const d = derivationOf(q.derivation);
  if (!d) return { skip: 'derivation is not a two-operand form (a-b)/b, a-b, a+b, a/b' };
  const gold = typeof q.answer === 'number' ? q.answer : Number(q.answer);
  if (!Number.isFinite(gold)) return { skip: 'answer is not a number' };
  const questionScale = SCALE_OF_QUESTION[q.scale];
  if (ownNote && questionScale !== undefined && ownNote.scale !== questionScale)
    return { skip: 'the table’s own scale note differs from the question’s scale' };
  const note = !ownNote && q.scale in NOTE_OF_QUESTION ? (NOTE_OF_QUESTION[q.scale] ?? null) : null;
  return { d, gold, note };
}

/** A planned question: its relation over two cells, the true claim and its false ones, in one wording. */
export interface FixedPlan {
  plan: Plan;
  claims: [Truth, string][];
  /** A cost row printed negative in both periods, whose change is worded on its sizes. */
  sizes: boolean;
  /** The gold answer differs from the derivation computed at its precision. */
  goldDisagrees: boolean;
}

/** The claims of one arithmetic question over its table as published; or why it has none. */
export function planFixed(
  q: Question,
  { d, gold }: { d: Derivation; gold: number },
  pub: Published,
): { skip: string; goldDisagrees: boolean } | FixedPlan {
  const { unit } = pub;

  // The cells holding a and b: one figure each, written with that magnitude and sign.
  const find = (value: number): FigureWithPosition | null | 'many' => {
    const hits = unit.figures.filter(
      (f) =>
        Math.abs(f.magnitude - Math.abs(value)) < 1e-9 &&
        (value === 0 || f.sign === Math.sign(value)) &&
        f.position.kind === 'cell',
    );
    return hits.length === 1 ? hits[0]! : hits.length === 0 ? null : 'many';
  };
  const fa = find(d.a);
  const fb = find(d.b);
  if (fa === null || fb === null)
    return { skip: 'an operand is not in the table (or not with that sign)', goldDisagrees: false };
  if (fa === 'many' || fb === 'many')
    return { skip: 'an operand value is in more than one cell', goldDisagrees: false };
  if (fa === fb) return { skip: 'both operands are the same cell', goldDisagrees: false };
  if (fa.ambiguous || fb.ambiguous)
    return { skip: 'an operand cell is an ambiguous number', goldDisagrees: false };
  const oa = operandOf(pub, fa);
  const ob = operandOf(pub, fb);
  // The same line item in two periods: a change over time; anything else: a difference.
  const overTime =
    oa.context.rowKey === ob.context.rowKey &&
    oa.context.period !== null &&
    ob.context.period !== null &&
    oa.context.period !== ob.context.period;

  // A change runs from the earlier period to the later one, whichever way the derivation subtracts.
  const later = overTime && periodKey(oa.context.period) < periodKey(ob.context.period);
  const sameRow = oa.context.rowKey !== null && oa.context.rowKey === ob.context.rowKey;
  // A row of costs or losses printed negative in both periods: a fact-checker speaks of its size
  // ("interest expense fell by 1,258" from (3,343) to (2,085)), so the true change is on magnitudes.
  const sizes = sameRow && d.a < 0 && d.b < 0 && isCostRow(oa.context.rowLabel);
  let shape: Omit<Plan, 'wording'>;
  let computed: number;
  const decimals = decimalsOf(gold);
  if (d.form === 'pct') {
    if (d.b === 0) {
      return { skip: 'percent change from zero', goldDisagrees: false };
    }
    computed = ((d.a - d.b) / Math.abs(d.b)) * 100;
    // Across two rows it is no change but a difference: "A was 4% higher than B".
    shape =
      !sameRow && oa.context.rowKey !== null && ob.context.rowKey !== null
        ? { relation: 'difference (percent)', operands: [oa, ob], value: computed, decimals }
        : {
            relation: 'change (percent)',
            operands: [ob, oa],
            value: sizes ? ((Math.abs(d.a) - Math.abs(d.b)) / Math.abs(d.b)) * 100 : computed,
            decimals,
          };
  } else if (d.form === 'sub') {
    computed = d.a - d.b;
    shape = overTime
      ? {
          relation: 'change (absolute)',
          operands: later ? [oa, ob] : [ob, oa],
          value: (later ? -1 : 1) * (sizes ? Math.abs(d.a) - Math.abs(d.b) : computed),
          decimals,
        }
      : { relation: 'difference', operands: [oa, ob], value: computed, decimals };
  } else if (d.form === 'add') {
    computed = d.a + d.b;
    shape = { relation: 'sum', operands: [oa, ob], value: computed, decimals };
  } else {
    if (d.b === 0) {
      return { skip: 'ratio over zero', goldDisagrees: false };
    }
    const ratio = d.a / d.b;
    const share = q.scale === 'percent' && Math.abs(gold - ratio * 100) <= Math.abs(gold - ratio);
    computed = share ? ratio * 100 : ratio;
    shape = { relation: share ? 'share' : 'ratio', operands: [oa, ob], value: computed, decimals };
  }
  const plan: Plan = { ...shape, wording: wordingFor(q.uid, shape.relation, shape.operands) };
  const goldDisagrees = Math.abs(Number(computed.toFixed(decimals)) - gold) > 0.5 * 10 ** -decimals + 1e-9;
  const rounded = Number(plan.value.toFixed(decimals));
  if (rounded === 0) return { skip: 'the answer rounds to zero (no direction to word)', goldDisagrees };

  const tolerance = 0.5 * 10 ** -decimals;
  const direction: 1 | -1 = rounded > 0 ? 1 : -1;
  const moved = Math.abs(rounded) + Math.max(0.5 * Math.abs(rounded), 4 * tolerance);
  const directional = plan.relation.startsWith('change') || plan.relation.startsWith('difference');
  const claims: [Truth, string][] = [
    ['true', word(plan, Math.abs(rounded), direction)],
    ['false-moved', word(plan, moved, direction)],
  ];
  if (directional) claims.push(['false-sign', word(plan, Math.abs(rounded), direction > 0 ? -1 : 1)]);
  // Shares and ratios have no direction; a sum's flipped claim states a negative total.
  else if (plan.relation === 'sum') claims.push(['false-sign', word(plan, Math.abs(rounded), -1)]);
  return { plan, claims, sizes, goldDisagrees };
}

export async function runFixed(items: readonly Item[], service: EvalService): Promise<FixedResult> {
  const r: FixedResult = {
    tables: items.length,
    arithmetic: 0,
    planned: 0,
    checks: 0,
    goldDisagrees: 0,
    onSizes: 0,
    skipped: new Map(),
    confusion: new Map(),
    falseSupported: [],
    trueContradicted: [],
    mismatches: [],
    trueResults: [],
    engineMs: [],
    httpMs: [],
    samples: new Map(),
  };
  const skip = (why: string) => r.skipped.set(why, (r.skipped.get(why) ?? 0) + 1);

  for (const item of items) {
    const rows = item.table.table;
    const ownNote = ownScaleNote(rows);
    const dev = halfOf(item.table.uid) === 'dev';
    for (const q of item.questions) {
      if (q.answer_type !== 'arithmetic') continue;
      r.arithmetic++;
      const read = fixedQuestion(q, ownNote);
      if ('skip' in read) {
        skip(read.skip);
        continue;
      }
      const pub = await service.publish(tableCsv(rows, read.note));
      if (!pub) {
        skip('the table could not be published as a sheet');
        continue;
      }
      const planned = planFixed(q, read, pub);
      if (planned.goldDisagrees) r.goldDisagrees++;
      if ('skip' in planned) {
        skip(planned.skip);
        continue;
      }
      const { plan, claims } = planned;
      r.planned++;
      if (planned.sizes && plan.relation.startsWith('change')) r.onSizes++;

      for (const [truth, claim] of claims) {
        r.checks++;
        const cell = `${plan.relation}|${truth}`;
        const count = (key: string) => r.confusion.set(key, (r.confusion.get(key) ?? 0) + 1);

        const operands = claimOperands(plan);
        const { explained, ms } = service.assess(claim, operands);
        r.engineMs.push(ms);
        const { assessment } = explained;

        const answer = await service.verify(claim, operands);
        r.httpMs.push(answer.ms);
        if (!answer.ok) {
          count(`${cell}|http ${answer.status}`);
          r.mismatches.push({
            text: `${claim}  [${q.uid}; http ${answer.status}; engine ${assessment.outcome}]`,
            dev,
          });
          continue;
        }
        const body = answer.body;
        if (body.outcome !== assessment.outcome)
          r.mismatches.push({
            text: `${claim}  [${q.uid}; http ${body.outcome}; engine ${assessment.outcome}]`,
            dev,
          });

        count(`${cell}|${body.outcome}`);
        if (truth !== 'true' && body.outcome === 'supported')
          r.falseSupported.push({ text: `${claim}  [${q.uid}; ${body.reason}]`, dev });
        if (truth === 'true') {
          if (body.outcome === 'contradicted')
            r.trueContradicted.push({ text: `${claim}  [${q.uid}; ${body.reason}]`, dev });
          r.trueResults.push({
            uid: q.uid,
            dev,
            relation: plan.relation,
            claim,
            wording: `${plan.wording.kind}: ${wordingName(plan.wording.wording)}`,
            group: periodGroup(plan),
            explained,
          });
        }
        const wanted = truth === 'true' ? 'supported' : 'contradicted';
        if (body.outcome !== wanted && dev) {
          const list = r.samples.get(`${cell}|${body.outcome}`) ?? [];
          if (list.length < 3) list.push(`${claim}  → ${body.reason}`);
          r.samples.set(`${cell}|${body.outcome}`, list);
        }
      }
    }
  }
  return r;
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const shareOf = (n: number, of: number) => (of === 0 ? 0 : (100 * n) / of);
const outcomeOf = (r: TrueResult) => r.explained.assessment.outcome;

/** The fixed-wordings section's Targets line. */
export function fixedTargets(r: FixedResult): string {
  // These wordings name only row labels: where two figures share them ("EBITDA was $11 million more than
  // EBITDA", two columns of one row) the claim cannot say which is which, and a person is asked.
  const told = r.trueResults.filter((t) => t.explained.problem !== 'roles_unclear');
  const asked = r.trueResults.length - told.length;
  const trues = told.length;
  const holds = told.filter((t) => t.explained.assessment.arithmetic?.verdict === 'holds').length;
  const named = r.trueResults.filter((t) => t.group === 'names periods');
  const namedSupported = named.filter((t) => outcomeOf(t) === 'supported').length;
  const p50 = percentile(r.engineMs, 50);
  return (
    `**Targets (fixed wordings):** ${mark(r.falseSupported.length === 0)} false supported ${r.falseSupported.length} (0) · ` +
    `${mark(r.trueContradicted.length === 0)} true contradicted ${r.trueContradicted.length} (0) · ` +
    `${mark(shareOf(holds, trues) >= 95)} arithmetic holds ${pct(holds, trues)} (≥95%) of true claims whose words tell their figures apart (${asked} more ask a person which figure is which) · ` +
    `${mark(shareOf(namedSupported, named.length) >= 70)} supported with named periods ${pct(namedSupported, named.length)} (≥70%) · ` +
    `${mark(p50 <= 5)} numeric check p50 ${p50.toFixed(2)} ms (≤5 ms)`
  );
}

/** Up to `limit` dev lines, and how many were left out (held-out ones are only counted). */
function listLines(lines: readonly Line[], limit: number): string[] {
  const dev = lines.filter((l) => l.dev);
  const out = dev.slice(0, limit).map((l) => `  - ${l.text}`);
  const more = dev.length - Math.min(dev.length, limit);
  if (more > 0) out.push(`  - … ${more} more in dev`);
  if (lines.length > dev.length) out.push(`  - … ${lines.length - dev.length} in held-out (not shown)`);
  return out;
}

/** The fixed-wordings section of the report, as markdown lines. */
export function reportFixed(r: FixedResult): string[] {
  const out: string[] = [];
  const log = (line = '') => out.push(line);
  const trues = r.trueResults.length;
  const supported = r.trueResults.filter((t) => outcomeOf(t) === 'supported').length;
  const holds = r.trueResults.filter((t) => t.explained.assessment.arithmetic?.verdict === 'holds').length;
  const p50 = percentile(r.engineMs, 50);
  const p95 = percentile(r.engineMs, 95);

  log(`# Fixed wordings: TAT-QA dev (${r.tables} tables), operands in the order the engine expects\n`);
  log(fixedTargets(r) + '\n');
  log(
    'Counts are over all tables; example claims are from dev tables only (see the held-out split above).\n',
  );
  log(
    `${r.arithmetic} arithmetic questions; ${r.planned} checked (${r.checks} claims); ${r.arithmetic - r.planned} skipped.`,
  );
  log(
    `gold answers that disagree with their own derivation at their precision: ${r.goldDisagrees} (the true claim uses the derivation's value)`,
  );
  log(`changes in a cost or loss row printed negative in both periods, worded on their size: ${r.onSizes}`);
  log(
    `numeric check in process (assessWithReasons): p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms; ` +
      `over HTTP (inject, incl. store reads): p50 ${percentile(r.httpMs, 50).toFixed(2)} ms, p95 ${percentile(r.httpMs, 95).toFixed(2)} ms`,
  );
  log(
    `HTTP outcome ≠ engine outcome: ${r.mismatches.length}${r.mismatches.length > 0 ? ' (a bug: the service and the engine must agree)' : ''}\n`,
  );
  listLines(r.mismatches, 20).forEach((line) => log(line));

  log(`| relation | claim | ${OUTCOMES.join(' | ')} | other |`);
  log(`|---|---|${OUTCOMES.map(() => '---|').join('')}---|`);
  for (const relation of RELATIONS)
    for (const truth of TRUTHS) {
      const counts = OUTCOMES.map((o) => r.confusion.get(`${relation}|${truth}|${o}`) ?? 0);
      const other = [...r.confusion]
        .filter(([k]) => k.startsWith(`${relation}|${truth}|http`))
        .reduce((n, [, v]) => n + v, 0);
      if (counts.every((c) => c === 0) && other === 0) continue;
      log(`| ${relation} | ${truth} | ${counts.join(' | ')} | ${other} |`);
    }
  const totals = (truth: Truth) =>
    OUTCOMES.map((o) => RELATIONS.reduce((n, rel) => n + (r.confusion.get(`${rel}|${truth}|${o}`) ?? 0), 0));
  for (const truth of TRUTHS) log(`| **all** | ${truth} | ${totals(truth).join(' | ')} | |`);

  log(`\n**false supported: ${r.falseSupported.length}** (the bar is 0)`);
  listLines(r.falseSupported, 20).forEach((line) => log(line));

  log(`\n**true claims contradicted: ${r.trueContradicted.length}** (the bar is 0)`);
  listLines(r.trueContradicted, Number.POSITIVE_INFINITY).forEach((line) => log(line));

  log(`\n**true claims supported: ${supported} of ${trues} (${pct(supported, trues)})**`);
  for (const group of PERIOD_GROUPS) {
    const inGroup = r.trueResults.filter((t) => t.group === group);
    const n = inGroup.filter((t) => outcomeOf(t) === 'supported').length;
    const target = group === 'names periods' ? ' (target ≥ 70%)' : '';
    log(`  - wording ${group}: ${n} of ${inGroup.length} (${pct(n, inGroup.length)})${target}`);
  }

  log(`\n**arithmetic holds for true claims: ${holds} of ${trues} (${pct(holds, trues)})** (target ≥ 95%)`);
  const notHolding = new Map<string, { n: number; sample: string | null }>();
  for (const t of r.trueResults) {
    const arith = t.explained.assessment.arithmetic;
    if (arith?.verdict === 'holds') continue;
    const why =
      arith === null
        ? 'no arithmetic (not applicable)'
        : arith.verdict === 'not_computable'
          ? `not computable: ${t.explained.problem ?? '(no code)'}`
          : arith.verdict;
    const entry = notHolding.get(why) ?? { n: 0, sample: null };
    entry.n++;
    if (entry.sample === null && t.dev) entry.sample = `"${t.claim}" [${t.uid}] → ${arith?.reason ?? '–'}`;
    notHolding.set(why, entry);
  }
  for (const [why, { n, sample }] of [...notHolding].sort((x, y) => y[1].n - x[1].n))
    log(`  - ${why} × ${n}${sample ? ` — e.g. ${sample}` : ''}`);

  log('\n## Fixed wordings: true claims by wording\n');
  log('| wording | true claims | supported | contradicted | escalate | not_applicable | arithmetic holds |');
  log('|---|---|---|---|---|---|---|');
  const wordings = new Map<string, TrueResult[]>();
  for (const t of r.trueResults) wordings.set(t.wording, [...(wordings.get(t.wording) ?? []), t]);
  for (const [wording, list] of [...wordings].sort((x, y) => x[0].localeCompare(y[0]))) {
    const by = (o: string) => list.filter((t) => outcomeOf(t) === o).length;
    const h = list.filter((t) => t.explained.assessment.arithmetic?.verdict === 'holds').length;
    const named = list[0]!.group === 'names periods' ? ' ✎' : '';
    log(
      `| ${wording}${named} | ${list.length} | ${by('supported')} (${pct(by('supported'), list.length)}) | ` +
        `${by('contradicted')} | ${by('escalate')} | ${by('not_applicable')} | ${pct(h, list.length)} |`,
    );
  }
  log('\n(✎: a wording that names every operand’s period)');

  const escalated = r.trueResults.filter((t) => outcomeOf(t) === 'escalate');
  log(`\n## Fixed wordings: why escalated true claims escalated (${escalated.length} of ${trues})\n`);
  log(
    'Each line: facet and code (or the arithmetic’s problem code) × claims; how many had it as their only ' +
      'reason; how many of them name their periods; one sample.\n',
  );
  const reasons = new Map<string, { n: number; sole: number; named: number; sample: string | null }>();
  for (const t of escalated) {
    const whys = escalationReasons(t.explained);
    for (const why of whys) {
      const entry = reasons.get(why) ?? { n: 0, sole: 0, named: 0, sample: null };
      entry.n++;
      if (entry.sample === null && t.dev) entry.sample = `"${t.claim}" [${t.uid}]`;
      if (whys.length === 1) entry.sole++;
      if (t.group === 'names periods') entry.named++;
      reasons.set(why, entry);
    }
  }
  for (const [why, e] of [...reasons].sort((x, y) => y[1].n - x[1].n || x[0].localeCompare(y[0])))
    log(
      `- ${why} × ${e.n} (only reason ${e.sole}; naming periods ${e.named})${e.sample ? ` — e.g. ${e.sample}` : ''}`,
    );

  const unread = r.trueResults.filter((t) => outcomeOf(t) === 'not_applicable');
  if (unread.length > 0) {
    log(`\n## Fixed wordings: true claims the engine did not read (${unread.length})\n`);
    for (const t of unread.filter((u) => u.dev).slice(0, 10)) log(`- "${t.claim}" [${t.uid}]`);
  }

  log('\n## Fixed wordings: skipped questions\n');
  for (const [why, n] of [...r.skipped].sort((a, b) => b[1] - a[1])) log(`- ${n} × ${why}`);

  log('\n## Fixed wordings: samples of outcomes other than the intended one\n');
  for (const [cell, list] of [...r.samples].sort()) {
    log(`- ${cell.replace(/\|/g, ' / ')}`);
    for (const line of list) log(`    - ${line}`);
  }
  return out;
}
