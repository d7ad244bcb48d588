/**
 * The "wording families, both operand orders" section of `npm run eval:numeric`: pairs of cells from every
 * TAT-QA table (its questions' derivations and its structure), worded by each family's wordings with their
 * false variants, each claim checked with its operands in the order its words give them and reversed —
 * in process through the engine, and through HTTP.
 */
import type { NumericOutcome } from '../shared/api';
import type { Explained } from '../service/numeric/assess';
import { tableNote, type Item } from './eval-numeric-corpus';
import { choose, FAMILIES, halfOf, mix, wordingsOf, type Family, type Half } from './eval-numeric-families';
import { pairsOf, type Cell, type Pair } from './eval-numeric-pairs';
import { planClaims, SHAPES_OF, type Plan, type PlannedClaim } from './eval-numeric-plan';
import { tableCsv, type EvalService, type Operand } from './eval-numeric-service';
import { seedOf } from './eval-numeric-wording';

/** True claims wanted per family, spread over its wordings (each gets at least MIN_PER_WORDING). */
const FAMILY_TARGET: Readonly<Record<Family, number>> = {
  difference: 240,
  'percent difference': 200,
  ratio: 200,
  'times more': 120,
  share: 200,
  comparison: 240,
  change: 240,
  restated: 200,
  sum: 160,
};
const MIN_PER_WORDING = 20;

/** The operand orders every claim is sent in. */
export const ORDERS = ['as worded', 'reversed'] as const;
export type Order = (typeof ORDERS)[number];

/** One check of one claim in one operand order. */
export interface Answer {
  outcome: NumericOutcome;
  verdict: string | null;
  computed: number | null;
  explained: Explained;
  /** The HTTP outcome ("http 400" when it failed), or null when not sent. */
  http: string | null;
  /** How the HTTP response bound the figures' roles, when it says. */
  roles: string | null;
}

export interface ClaimResult {
  plan: Plan<Cell>;
  claim: PlannedClaim;
  half: Half;
  /** The operands as the claim's words give them (first role first), and reversed. */
  operands: Record<Order, [Cell, Cell]>;
  answers: Record<Order, Answer>;
}

export interface FamiliesResult {
  tables: number;
  halves: Record<Half, number>;
  pairs: { derivation: number; structure: number };
  results: ClaimResult[];
  engineMs: number[];
  httpMs: number[];
  /** Claims whose HTTP outcome differed from the engine's, per order. */
  mismatches: { result: ClaimResult; order: Order }[];
  unpublished: number;
}

/** A table-spread order of a wording's candidate pairs: each table's best first, questions' pairs first. */
function ranked(pairs: readonly Pair[], salt: string): Pair[] {
  const byTable = new Map<string, { pair: Pair; seed: number }[]>();
  for (const pair of pairs) {
    const seed = mix(
      seedOf(`${salt}|${pair.table}|${pair.a.operand.figure.index}|${pair.b.operand.figure.index}`),
    );
    byTable.set(pair.table, [...(byTable.get(pair.table) ?? []), { pair, seed }]);
  }
  const out: { pair: Pair; round: number; seed: number }[] = [];
  for (const list of byTable.values()) {
    list.sort(
      (p, q) =>
        Number(p.pair.source === 'structure') - Number(q.pair.source === 'structure') || p.seed - q.seed,
    );
    list.forEach(({ pair, seed }, round) => out.push({ pair, round, seed }));
  }
  return out.sort((p, q) => p.round - q.round || p.seed - q.seed).map((p) => p.pair);
}

/** The plans of every family's wordings: each wording over the first pairs it can word truly. */
export function selectPlans(pairs: readonly Pair[]): Plan<Cell>[] {
  const plans: Plan<Cell>[] = [];
  for (const family of FAMILIES) {
    const wordings = wordingsOf(family);
    const quota = Math.max(MIN_PER_WORDING, Math.ceil(FAMILY_TARGET[family] / wordings.length));
    const eligible = pairs.filter((p) => SHAPES_OF[family].includes(p.shape));
    for (const w of wordings) {
      let taken = 0;
      for (const pair of ranked(eligible, `${family}|${w.id}`)) {
        const key = `${pair.table}|${family}|${w.id}|${pair.a.operand.figure.index}|${pair.b.operand.figure.index}`;
        const plan = planClaims(pair, family, w.id, key);
        if (plan === null) continue;
        plans.push(plan);
        if (++taken >= quota) break;
      }
    }
  }
  return plans;
}

function sameComputed(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1e-300);
}

/** The two orders disagree on the outcome, the arithmetic's verdict or what it computed. */
export function orderDependent(r: ClaimResult): boolean {
  const [p, q] = [r.answers['as worded'], r.answers.reversed];
  return p.outcome !== q.outcome || p.verdict !== q.verdict || !sameComputed(p.computed, q.computed);
}

/** The roles state an HTTP response states, read loosely (the field is an extension that may change). */
function rolesOf(body: unknown): string | null {
  const roles = (body as { roles?: { state?: unknown } } | null)?.roles;
  return typeof roles?.state === 'string' ? roles.state : null;
}

/**
 * One claim checked with its operands in both orders in process, and over HTTP in one order drawn from
 * `key` (the plan's key and the claim's truth): both orders are covered across claims, at half the cost of
 * sending every claim twice. Timings are added to `timings`.
 */
export async function checkOrders(
  service: EvalService,
  key: string,
  text: string,
  operandsIn: (order: Order) => Operand[],
  timings: { engineMs: number[]; httpMs: number[] },
): Promise<Record<Order, Answer>> {
  const overHttp = choose(`${key}|http`, ORDERS);
  const answers = {} as Record<Order, Answer>;
  for (const order of ORDERS) {
    const ops = operandsIn(order);
    const { explained, ms } = service.assess(text, ops);
    timings.engineMs.push(ms);
    const { assessment } = explained;
    let http: string | null = null;
    let roles: string | null = null;
    if (order === overHttp) {
      const answer = await service.verify(text, ops);
      timings.httpMs.push(answer.ms);
      http = answer.ok ? answer.body.outcome : `http ${answer.status}`;
      roles = answer.ok ? rolesOf(answer.body) : null;
    }
    answers[order] = {
      outcome: assessment.outcome,
      verdict: assessment.arithmetic?.verdict ?? null,
      computed: assessment.arithmetic?.computed ?? null,
      explained,
      http,
      roles,
    };
  }
  return answers;
}

export async function runFamilies(items: readonly Item[], service: EvalService): Promise<FamiliesResult> {
  const all: Pair[] = [];
  let unpublished = 0;
  for (const item of items) {
    const pub = await service.publish(tableCsv(item.table.table, tableNote(item)));
    if (!pub) {
      unpublished++;
      continue;
    }
    all.push(...pairsOf(item, pub));
  }
  const plans = selectPlans(all);
  const r: FamiliesResult = {
    tables: items.length,
    halves: { dev: 0, 'held-out': 0 },
    pairs: {
      derivation: all.filter((p) => p.source === 'derivation').length,
      structure: all.filter((p) => p.source === 'structure').length,
    },
    results: [],
    engineMs: [],
    httpMs: [],
    mismatches: [],
    unpublished,
  };
  for (const item of items) r.halves[halfOf(item.table.uid)]++;

  for (const plan of plans) {
    for (const claim of plan.claims) {
      const worded: [Cell, Cell] = claim.first === 'x' ? [plan.x, plan.y] : [plan.y, plan.x];
      const operands: Record<Order, [Cell, Cell]> = { 'as worded': worded, reversed: [worded[1], worded[0]] };
      const answers = await checkOrders(
        service,
        `${plan.key}|${claim.truth}`,
        claim.text,
        (order) => operands[order].map((c) => c.operand),
        r,
      );
      const result: ClaimResult = { plan, claim, half: halfOf(plan.table), operands, answers };
      r.results.push(result);
      for (const order of ORDERS)
        if (answers[order].http !== null && answers[order].http !== answers[order].outcome)
          r.mismatches.push({ result, order });
    }
  }
  return r;
}
