/**
 * The report of the "wording families, both operand orders" section: every number for the dev half, the
 * held-out half and both; example claims from the dev half only, so whoever tunes the engine never reads
 * a held-out sentence.
 */
import { escalationReasons } from './eval-numeric-fixed';
import { FAMILIES, TRUTHS, wordingsOf, type Family, type Half } from './eval-numeric-families';
import {
  orderDependent,
  ORDERS,
  type Answer,
  type ClaimResult,
  type FamiliesResult,
  type Order,
} from './eval-numeric-families-run';
import type { Cell } from './eval-numeric-pairs';
import { NAMING_GROUPS } from './eval-numeric-plan';
import { percentile } from './eval-numeric-wording';

const OUTCOMES = ['supported', 'contradicted', 'escalate', 'not_applicable'] as const;
const SUPPORTED_TARGET = 85;
/** Examples listed per family in the longer lists, unless the whole list is asked for. */
const EXAMPLES_PER_FAMILY = 5;

export type Counts = Record<Half, number>;

export const zero = (): Counts => ({ dev: 0, 'held-out': 0 });
export const total = (c: Counts) => c.dev + c['held-out'];
export const mark = (ok: boolean) => (ok ? '✓' : '✗');
const percentOf = (n: number, of: number) => (of === 0 ? Number.NaN : (100 * n) / of);
const pctText = (n: number, of: number) => (of === 0 ? '–' : `${percentOf(n, of).toFixed(1)}%`);

/** "12 (7/5)": all, then dev / held-out. */
export function tri(c: Counts): string {
  return `${total(c)} (${c.dev}/${c['held-out']})`;
}

/** "85.0% (86.1%/83.9%)": of all, then of dev / of held-out. */
export function triPct(n: Counts, of: Counts): string {
  return `${pctText(total(n), total(of))} (${pctText(n.dev, of.dev)}/${pctText(n['held-out'], of['held-out'])})`;
}

export function count(results: readonly ClaimResult[], test: (r: ClaimResult) => boolean): Counts {
  const c = zero();
  for (const r of results) if (test(r)) c[r.half]++;
  return c;
}

export const isTrue = (r: ClaimResult) => r.claim.truth === 'true';
export const isFalse = (r: ClaimResult) => r.claim.truth.startsWith('false');
const answers = (r: ClaimResult) => ORDERS.map((o) => r.answers[o]);
const anyOutcome = (r: ClaimResult, outcome: string) => answers(r).some((a) => a.outcome === outcome);
export const supportedBoth = (r: ClaimResult) => answers(r).every((a) => a.outcome === 'supported');
export const named = (r: ClaimResult) => r.plan.group === 'names things and periods';

export const falseSupported = (r: ClaimResult) => isFalse(r) && anyOutcome(r, 'supported');
export const trueContradicted = (r: ClaimResult) => isTrue(r) && anyOutcome(r, 'contradicted');
/** A claim about another measure than the figures' column decided either way: the table says nothing of it. */
export const otherMeasureDecided = (r: ClaimResult) =>
  r.claim.truth === 'other-measure' && (anyOutcome(r, 'supported') || anyOutcome(r, 'contradicted'));
/** "N times more than" decided either way: one of its readings is true, so neither answer is right. */
const ambiguousDecided = (r: ClaimResult) =>
  r.claim.truth === 'ambiguous' && (anyOutcome(r, 'supported') || anyOutcome(r, 'contradicted'));

/** The arithmetic holds on a false claim or fails on a true one, in either order. */
export function misleadingOrders(r: ClaimResult): Order[] {
  return ORDERS.filter((o) => {
    const v = r.answers[o].verdict;
    return (isFalse(r) && v === 'holds') || (isTrue(r) && v === 'fails');
  });
}
export const misleading = (r: ClaimResult) => misleadingOrders(r).length > 0;

const SCALE_WORD: Readonly<Record<number, string>> = { 1e3: 'thousand', 1e6: 'million', 1e9: 'billion' };

/** "Revenue · 2019 · $5,234 (thousand)": a cell as the table shows it. */
function describe(c: Cell): string {
  const f = c.operand.figure;
  const scale = f.scale !== 1 && SCALE_WORD[f.scale] ? ` (${SCALE_WORD[f.scale]})` : '';
  return `${c.label} · ${c.period ?? 'no period'} · ${f.raw.trim()}${scale}`;
}

export function answerText(a: Answer): string {
  const arithmetic =
    a.verdict === null
      ? 'no arithmetic'
      : `${a.verdict}${a.computed !== null ? ` ${Number(a.computed.toPrecision(6))}` : ''}` +
        (a.verdict === 'not_computable' && a.explained.problem ? `: ${a.explained.problem}` : '');
  return `${a.outcome} (${arithmetic})`;
}

export function head(r: ClaimResult): string {
  const reading = r.claim.reading ? ` (true as ${r.claim.reading})` : '';
  return `[${r.plan.family} · ${r.plan.wording} · ${r.claim.truth}${reading}] "${r.claim.text}"`;
}

function operandsText(r: ClaimResult): string {
  const [a, b] = r.operands['as worded'];
  return `operands as worded: A = ${describe(a)}; B = ${describe(b)}`;
}

/**
 * A list of claims: dev ones shown (all, or a few per family), held-out ones only counted.
 */
function listClaims(
  title: string,
  results: readonly ClaimResult[],
  line: (r: ClaimResult) => string,
  perFamily: number,
): string[] {
  const out = [`\n## ${title}: ${tri(count(results, () => true))}\n`];
  if (results.length === 0) return out;
  for (const family of FAMILIES) {
    const inFamily = results.filter((r) => r.plan.family === family);
    if (inFamily.length === 0) continue;
    const dev = inFamily.filter((r) => r.half === 'dev');
    const held = inFamily.length - dev.length;
    out.push(`**${family}**: ${tri(count(inFamily, () => true))}`);
    for (const r of dev.slice(0, perFamily)) out.push(`- ${line(r)}`);
    const hidden = dev.length - Math.min(dev.length, perFamily);
    if (hidden > 0) out.push(`- … ${hidden} more in dev (run with --full to list them)`);
    if (held > 0) out.push(`- … ${held} in held-out (not shown)`);
    out.push('');
  }
  return out;
}

/** The section's Targets line. */
export function familiesTargets(r: FamiliesResult): string {
  const rs = r.results;
  const fs = rs.filter(falseSupported).length;
  const tc = rs.filter(trueContradicted).length;
  const od = rs.filter(orderDependent).length;
  const ml = rs.filter(misleading).length;
  const om = rs.filter(otherMeasureDecided).length;
  const lowest = supportedByFamily(rs)
    .filter((f) => f.of > 0)
    .sort((a, b) => a.percent - b.percent)[0];
  const allMeet = lowest === undefined || lowest.percent >= SUPPORTED_TARGET;
  return (
    `**Targets (wording families, both operand orders):** ${mark(fs === 0)} false supported ${fs} (0) · ` +
    `${mark(tc === 0)} true contradicted ${tc} (0) · ${mark(od === 0)} order-dependent ${od} (0) · ` +
    `${mark(ml === 0)} misleading arithmetic ${ml} (0) · ${mark(om === 0)} another measure decided ${om} (0) · ` +
    `${mark(allMeet)} supported ≥ ${SUPPORTED_TARGET}% of ` +
    `true claims that name their rows/things and periods, in every family` +
    (lowest ? ` (lowest: ${lowest.family} ${lowest.percent.toFixed(1)}%)` : '')
  );
}

/** Per family: true claims naming their things and periods, and how many are supported in both orders. */
function supportedByFamily(rs: readonly ClaimResult[]) {
  return FAMILIES.filter((f) => f !== 'times more').map((family) => {
    const of = rs.filter((r) => r.plan.family === family && isTrue(r) && named(r));
    const n = of.filter(supportedBoth).length;
    return { family, of: of.length, n, percent: percentOf(n, of.length) };
  });
}

export interface ReportOptions {
  /** List every dev claim in the long lists, not a few per family. */
  full: boolean;
}

export function reportFamilies(r: FamiliesResult, options: ReportOptions): string[] {
  const out: string[] = [];
  const log = (line = '') => out.push(line);
  const rs = r.results;
  const perFamily = options.full ? Number.POSITIVE_INFINITY : EXAMPLES_PER_FAMILY;

  log(`# Wording families, both operand orders: TAT-QA dev (${r.tables} tables)\n`);
  log(familiesTargets(r));
  const timesMore = rs.filter(ambiguousDecided);
  log(
    `\n"N times more than" (×N or ×(N+1)) decided — supported or contradicted — in either order: ` +
      `${tri(count(timesMore, () => true))} (should be 0: one reading is true, the other false)\n`,
  );
  const otherMeasure = rs.filter((x) => x.claim.truth === 'other-measure');
  log(
    `"had N more <another measure> than" over a column of net sales or revenue, decided in either order: ` +
      `${tri(count(otherMeasure.filter(otherMeasureDecided), () => true))} of ` +
      `${tri(count(otherMeasure, () => true))} (should be 0: the table does not count patients or deaths)\n`,
  );
  log(
    `**Held-out split:** each table is \`dev\` or \`held-out\` by a stable hash of its uid ` +
      `(${r.halves.dev} dev / ${r.halves['held-out']} held-out tables). Every number below is written ` +
      '"all (dev/held-out)"; example claims are from dev tables only, so whoever tunes the engine never ' +
      'reads a held-out sentence. Tune on dev; held-out numbers show whether it generalises.\n',
  );
  log(
    'Each true claim is worded from two cells of one table (a pair a TAT-QA question derives, or two line ' +
      'items of one period column, one line item in two period columns, a line item and its total) in one ' +
      'wording of its family, with its false variants in the same wording: false-moved (its number well ' +
      'beyond tolerance), false-direction (more ↔ less, exceeded ↔ trailed, rose ↔ fell), false-roles ' +
      '(the two things’ names swapped, numbers in place; not where swapping keeps it true); and, for "had N ' +
      'more <measure> than", other-measure (a measure the table does not hold: never to be decided). Every claim is ' +
      'sent twice: operands as its words give them (subject, from, part first) and reversed. A claim is ' +
      'order-dependent when the two answers differ in outcome, arithmetic verdict or computed value ' +
      '(relative 1e-9). Supported means supported in both orders. Misleading arithmetic: the verdict holds ' +
      'on a false claim or fails on a true one, in either order, whatever the outcome.\n',
  );
  const trues = rs.filter(isTrue);
  log(
    `${r.pairs.derivation + r.pairs.structure} candidate pairs (${r.pairs.derivation} from questions’ ` +
      `derivations, ${r.pairs.structure} from table structure); ${tri(count(rs, () => true))} claims ` +
      `(${tri(count(trues, () => true))} true, ${tri(count(rs, isFalse))} false, ` +
      `${tri(count(rs, (x) => x.claim.truth === 'ambiguous'))} ambiguous, ` +
      `${tri(count(rs, (x) => x.claim.truth === 'other-measure'))} about another measure), each in both orders.`,
  );
  log(
    `numeric check in process (assessWithReasons): p50 ${percentile(r.engineMs, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(r.engineMs, 95).toFixed(2)} ms; over HTTP: p50 ${percentile(r.httpMs, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(r.httpMs, 95).toFixed(2)} ms (${r.httpMs.length} requests: every claim in one order ` +
      'drawn from its key; the engine checks every claim in both)',
  );
  log(
    `HTTP outcome ≠ engine outcome: ${r.mismatches.length}` +
      (r.mismatches.length > 0 ? ' (a bug: the service and the engine must agree)' : ''),
  );
  for (const { result, order } of r.mismatches.filter((m) => m.result.half === 'dev').slice(0, 10))
    log(
      `  - ${head(result)} (${order}): http ${result.answers[order].http}, engine ${result.answers[order].outcome}`,
    );
  if (r.unpublished > 0) log(`tables that could not be published as a sheet: ${r.unpublished}`);

  // --- true claims per family ---
  log('\n## True claims per family\n');
  log(`| family | true claims | ${NAMING_GROUPS.join(' | ')} | tables |`);
  log(`|---|---|${NAMING_GROUPS.map(() => '---|').join('')}---|`);
  for (const family of FAMILIES) {
    const list = rs.filter((x) => x.plan.family === family && (isTrue(x) || x.claim.truth === 'ambiguous'));
    const groups = NAMING_GROUPS.map((g) => tri(count(list, (x) => x.plan.group === g)));
    log(
      `| ${family} | ${tri(count(list, () => true))} | ${groups.join(' | ')} | ${new Set(list.map((x) => x.plan.table)).size} |`,
    );
  }
  log('\n("times more" claims are ambiguous, not true: counted here for coverage, never in the target.)');

  // --- supported target ---
  log(
    `\n## Supported in both orders, true claims that name their things and periods (target ≥ ${SUPPORTED_TARGET}% in every family)\n`,
  );
  log('| family | claims | supported in both orders | supported as worded | supported reversed |');
  log('|---|---|---|---|---|');
  for (const family of FAMILIES) {
    if (family === 'times more') continue;
    const list = rs.filter((x) => x.plan.family === family && isTrue(x) && named(x));
    const all = count(list, () => true);
    const both = count(list, supportedBoth);
    const by = (o: Order) => count(list, (x) => x.answers[o].outcome === 'supported');
    const ok = percentOf(total(both), total(all)) >= SUPPORTED_TARGET;
    log(
      `| ${family} | ${tri(all)} | ${mark(ok)} ${triPct(both, all)} | ${triPct(by('as worded'), all)} | ${triPct(by('reversed'), all)} |`,
    );
  }
  log('\nTrue claims by how they name their periods (supported in both orders):\n');
  log(`| family | ${NAMING_GROUPS.join(' | ')} |`);
  log(`|---|${NAMING_GROUPS.map(() => '---|').join('')}`);
  for (const family of FAMILIES) {
    if (family === 'times more') continue;
    const cells = NAMING_GROUPS.map((g) => {
      const list = rs.filter((x) => x.plan.family === family && isTrue(x) && x.plan.group === g);
      return `${triPct(
        count(list, supportedBoth),
        count(list, () => true),
      )} of ${total(count(list, () => true))}`;
    });
    log(`| ${family} | ${cells.join(' | ')} |`);
  }

  // --- confusion ---
  log('\n## Outcomes by family and claim (each claim counted once per operand order)\n');
  log(`| family | claim | claims | ${OUTCOMES.join(' | ')} | order-dependent | misleading arithmetic |`);
  log(`|---|---|---|${OUTCOMES.map(() => '---|').join('')}---|---|`);
  const checks = (list: readonly ClaimResult[], outcome: string): Counts => {
    const c = zero();
    for (const x of list) for (const a of answers(x)) if (a.outcome === outcome) c[x.half]++;
    return c;
  };
  for (const family of FAMILIES)
    for (const truth of TRUTHS) {
      const list = rs.filter((x) => x.plan.family === family && x.claim.truth === truth);
      if (list.length === 0) continue;
      log(
        `| ${family} | ${truth} | ${tri(count(list, () => true))} | ${OUTCOMES.map((o) => tri(checks(list, o))).join(' | ')} | ` +
          `${tri(count(list, orderDependent))} | ${tri(count(list, misleading))} |`,
      );
    }
  for (const truth of TRUTHS) {
    const list = rs.filter((x) => x.claim.truth === truth);
    if (list.length === 0) continue;
    log(
      `| **all** | ${truth} | ${tri(count(list, () => true))} | ${OUTCOMES.map((o) => tri(checks(list, o))).join(' | ')} | ` +
        `${tri(count(list, orderDependent))} | ${tri(count(list, misleading))} |`,
    );
  }

  // --- by wording ---
  log('\n## By wording within family\n');
  log(
    'True claims: how many, how many name their things and periods, and of those supported in both orders; ' +
      'then over every claim of the wording (true, false and ambiguous): order-dependent and misleading ' +
      'arithmetic; false claims contradicted in both orders.\n',
  );
  log(
    '| family | wording | true | naming | naming supported | true contradicted | order-dependent | misleading | false | false contradicted |',
  );
  log('|---|---|---|---|---|---|---|---|---|---|');
  for (const family of FAMILIES)
    for (const w of wordingsOf(family)) {
      const list = rs.filter((x) => x.plan.family === family && x.plan.wording === w.id);
      if (list.length === 0) {
        log(`| ${family} | ${w.id} | 0 | | | | | | | |`);
        continue;
      }
      const t = list.filter((x) => isTrue(x) || x.claim.truth === 'ambiguous');
      const n = t.filter(named);
      const f = list.filter(isFalse);
      const fc = count(f, (x) => answers(x).every((a) => a.outcome === 'contradicted'));
      log(
        `| ${family} | ${w.id} | ${tri(count(t, () => true))} | ${tri(count(n, () => true))} | ` +
          `${triPct(
            count(n, supportedBoth),
            count(n, () => true),
          )} | ${tri(count(t, trueContradicted))} | ` +
          `${tri(count(list, orderDependent))} | ${tri(count(list, misleading))} | ${tri(count(f, () => true))} | ` +
          `${triPct(
            fc,
            count(f, () => true),
          )} |`,
      );
    }

  // --- lists ---
  const withReason = (x: ClaimResult, test: (a: Answer) => boolean) =>
    `${head(x)} — ${operandsText(x)} — ` +
    ORDERS.filter((o) => test(x.answers[o]))
      .map((o) => `${o}: ${answerText(x.answers[o])}: ${x.answers[o].explained.assessment.reason}`)
      .join(' | ');
  out.push(
    ...listClaims(
      'False claims supported (the bar is 0)',
      rs.filter(falseSupported),
      (x) => withReason(x, (a) => a.outcome === 'supported'),
      Number.POSITIVE_INFINITY,
    ),
  );
  out.push(
    ...listClaims(
      'True claims contradicted (the bar is 0)',
      rs.filter(trueContradicted),
      (x) => withReason(x, (a) => a.outcome === 'contradicted'),
      Number.POSITIVE_INFINITY,
    ),
  );
  out.push(
    ...listClaims(
      'Claims about another measure decided (the bar is 0)',
      rs.filter(otherMeasureDecided),
      (x) => withReason(x, (a) => a.outcome === 'supported' || a.outcome === 'contradicted'),
      Number.POSITIVE_INFINITY,
    ),
  );
  out.push(
    ...listClaims(
      '"N times more than" decided',
      timesMore,
      (x) => withReason(x, (a) => a.outcome === 'supported' || a.outcome === 'contradicted'),
      perFamily,
    ),
  );
  out.push(
    ...listClaims(
      'Order-dependent claims (both answers)',
      rs.filter(orderDependent),
      (x) =>
        `${head(x)} — ${operandsText(x)} — as worded: ${answerText(x.answers['as worded'])} · reversed: ${answerText(x.answers.reversed)}`,
      perFamily,
    ),
  );
  out.push(
    ...listClaims(
      'Misleading arithmetic (holds on a false claim, fails on a true one)',
      rs.filter(misleading),
      (x) =>
        `${head(x)} — ${operandsText(x)} — ` +
        misleadingOrders(x)
          .map(
            (o) =>
              `${o}: ${answerText(x.answers[o])}: ${x.answers[o].explained.assessment.arithmetic?.reason ?? ''}`,
          )
          .join(' | '),
      perFamily,
    ),
  );

  // --- why true naming claims escalated ---
  const namedTrue = rs.filter((x) => isTrue(x) && named(x));
  const escalatedChecks = namedTrue.flatMap((x) =>
    ORDERS.filter((o) => x.answers[o].outcome !== 'supported' && x.answers[o].outcome !== 'contradicted').map(
      (o) => ({ x, o }),
    ),
  );
  log(
    `\n## Why true claims that name their things and periods were not supported (${escalatedChecks.length} checks of ${namedTrue.length * 2})\n`,
  );
  log(
    'Each line: facet and code (or the arithmetic’s problem code) × checks (claim × order), all (dev/held-out); ' +
      'how many had it as their only reason; by family; one dev sample.\n',
  );
  const reasons = new Map<
    string,
    { n: Counts; sole: number; families: Map<Family, number>; sample: string | null }
  >();
  for (const { x, o } of escalatedChecks) {
    const a = x.answers[o];
    const whys =
      a.outcome === 'not_applicable' ? ['not read: no relation found'] : escalationReasons(a.explained);
    for (const why of whys) {
      const e = reasons.get(why) ?? { n: zero(), sole: 0, families: new Map(), sample: null };
      e.n[x.half]++;
      if (whys.length === 1) e.sole++;
      e.families.set(x.plan.family, (e.families.get(x.plan.family) ?? 0) + 1);
      if (e.sample === null && x.half === 'dev') e.sample = `"${x.claim.text}" (${o})`;
      reasons.set(why, e);
    }
  }
  for (const [why, e] of [...reasons].sort(
    (p, q) => total(q[1].n) - total(p[1].n) || p[0].localeCompare(q[0]),
  )) {
    const families = [...e.families]
      .sort((p, q) => q[1] - p[1])
      .map(([f, n]) => `${f} ${n}`)
      .join(', ');
    log(
      `- ${why} × ${tri(e.n)} (only reason ${e.sole}; ${families})${e.sample ? ` — e.g. ${e.sample}` : ''}`,
    );
  }

  // --- roles, as the HTTP response states them ---
  const roleStates = new Map<string, Counts>();
  for (const x of rs)
    for (const a of answers(x)) {
      if (a.http === null) continue;
      const state = a.roles ?? '(not stated)';
      const c = roleStates.get(state) ?? zero();
      c[x.half]++;
      roleStates.set(state, c);
    }
  log('\n## Roles as the HTTP response states them (requests)\n');
  for (const [state, c] of [...roleStates].sort((p, q) => total(q[1]) - total(p[1])))
    log(`- ${state}: ${tri(c)}`);

  return out;
}

/** Whether the section fails its bars (false supported, true contradicted, another measure decided). */
export function familiesFail(r: FamiliesResult): boolean {
  return (
    r.results.some(falseSupported) || r.results.some(trueContradicted) || r.results.some(otherMeasureDecided)
  );
}
