import type { Comparability, ComparabilityFacet } from '../../shared/api';
import type { Evidence } from './arithmetic';
import { lower, parsePeriod, type Period, type Reading, type Relation } from './claim';
import type { EngineOperand } from './types';

// Comparability (service/numeric/RULES.md, "Comparability"): facets in the order unit, scale, entity,
// period, basis. Code decides unit and scale always, and entity, period and basis only where the
// operands' context shows them; everything else is left to a judge (passed null, p null).

interface FacetResult {
  facet: ComparabilityFacet;
  why: string;
}

const code = (facet: ComparabilityFacet['facet'], passed: boolean, why: string): FacetResult => ({
  facet: { facet, decidedBy: 'code', passed, p: passed ? 1 : 0 },
  why,
});
const judge = (facet: ComparabilityFacet['facet'], why: string): FacetResult => ({
  facet: { facet, decidedBy: 'judge', passed: null, p: null },
  why,
});

/** Relations that follow one line item from an earlier period (A) to a later one (B). */
const CHANGES: ReadonlySet<Relation> = new Set([
  'change_percent',
  'change_absolute',
  'change_points',
  'direction',
]);

/** A change follows one item over time: change relations and "doubled"-type multiples, not "N pp higher than". */
function isChangeOf(relation: Relation, reading: Reading): boolean {
  const order = reading.checks[0]?.order;
  if (relation === 'ratio' || relation === 'change_points') return order === 'BA';
  return CHANGES.has(relation);
}

const STOPWORDS = new Set([
  'the',
  'and',
  'for',
  'from',
  'with',
  'per',
  'its',
  'our',
  'all',
  'of',
  'in',
  'on',
  'to',
  'a',
  'an',
]);
const stem = (w: string) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w);
const wordsOf = (text: string) => (lower(text).match(/\p{L}[\p{L}'-]*/gu) ?? []).map(stem);

/** Every significant word of the row label appears in the claim (plural-insensitive). */
export function labelMentioned(label: string | null, claim: string): boolean {
  if (label === null || parsePeriod(label) !== null) return false;
  const significant = wordsOf(label).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  if (significant.length === 0) return false;
  const said = new Set(wordsOf(claim));
  return significant.every((w) => said.has(w));
}

function order(p: Period, q: Period): number | null {
  if (p.kind !== q.kind) return null;
  return p.year !== q.year ? Math.sign(p.year - q.year) : Math.sign(p.n - q.n);
}

function entityFacet(
  claim: string,
  relation: Relation,
  reading: Reading,
  ops: readonly EngineOperand[],
  ev: Evidence,
): FacetResult {
  if (ev.unrelated.length > 0) return judge('entity', ev.unrelated.join('; '));
  if (ev.rateAsChange)
    return judge('entity', 'the one operand is read as the rate itself; code cannot tell it is that rate');
  const [A, B] = ops;
  if (A === undefined) return judge('entity', 'no operand');
  if (B === undefined) {
    return labelMentioned(A.context.rowLabel, claim)
      ? code('entity', true, `the claim names the row "${A.context.rowLabel}"`)
      : judge('entity', "the claim does not name the operand's row label");
  }
  const a = A.context;
  const b = B.context;
  const isChange = isChangeOf(relation, reading);
  if (isChange) {
    if (a.rowKey !== null && a.rowKey === b.rowKey && (a.unitKind === 'sheet' || a.rowLabel !== null))
      return code('entity', true, `both operands are in the same row (${a.rowKey})`);
    if (
      a.unitKind === 'sheet' &&
      b.unitKind === 'sheet' &&
      a.columnKey !== null &&
      a.columnKey === b.columnKey &&
      parsePeriod(a.rowLabel) !== null &&
      parsePeriod(b.rowLabel) !== null
    )
      return code('entity', true, `both operands are in the same column (${a.columnKey}) under period rows`);
    if (
      a.rowLabel !== null &&
      b.rowLabel !== null &&
      parsePeriod(a.rowLabel) === null &&
      parsePeriod(b.rowLabel) === null &&
      lower(a.rowLabel).trim() !== lower(b.rowLabel).trim()
    )
      return code(
        'entity',
        false,
        `a change from one line item to another ("${a.rowLabel}" → "${b.rowLabel}")`,
      );
    return judge('entity', 'the structure does not show that both operands are the same line item');
  }
  if (labelMentioned(a.rowLabel, claim) && labelMentioned(b.rowLabel, claim))
    return code('entity', true, `the claim names both rows ("${a.rowLabel}", "${b.rowLabel}")`);
  return judge('entity', "the claim does not name both operands' row labels");
}

function periodFacet(relation: Relation, reading: Reading, ops: readonly EngineOperand[]): FacetResult {
  const [A, B] = ops;
  if (A === undefined) return judge('period', 'no operand');
  const pa = parsePeriod(A.context.period);
  const claimed = reading.periods;
  if (B === undefined) {
    if (pa === null) return judge('period', 'the structure shows no period beside the operand');
    if (claimed.length === 0)
      return judge('period', `the claim names no period (the source shows ${A.context.period})`);
    const orders = claimed.map((c) => order(c, pa));
    if (orders.some((o) => o !== null && o !== 0))
      return code(
        'period',
        false,
        `the claim names ${claimed.map((c) => c.label).join(', ')}; the source shows ${A.context.period}`,
      );
    if (orders.every((o) => o === 0))
      return code('period', true, `the claim and the source both name ${A.context.period}`);
    return judge(
      'period',
      `the claim's ${claimed.map((c) => c.label).join(', ')} and the source's ${A.context.period} are different kinds of period`,
    );
  }
  const pb = parsePeriod(B.context.period);
  if (pa === null || pb === null)
    return judge('period', "the structure does not show both operands' periods");
  const o = order(pa, pb);
  if (o === null)
    return judge('period', `${A.context.period} and ${B.context.period} are different kinds of period`);
  // A claim period must be one of the operands' periods.
  for (const c of claimed) {
    const oa = order(c, pa);
    const ob = order(c, pb);
    if (oa === 0 || ob === 0) continue;
    if (oa !== null && ob !== null)
      return code(
        'period',
        false,
        `the claim names ${c.label}; the operands are ${A.context.period} and ${B.context.period}`,
      );
    return judge('period', `the claim's ${c.label} is a different kind of period from the source's`);
  }
  const isChange = isChangeOf(relation, reading);
  if (isChange) {
    if (o < 0) return code('period', true, `a change from ${A.context.period} to ${B.context.period}`);
    if (o === 0) return code('period', false, `both operands are ${A.context.period}: no change over time`);
    return code(
      'period',
      false,
      `operand A (${A.context.period}) is later than B (${B.context.period}): the change would run backwards`,
    );
  }
  if (o === 0) return code('period', true, `both operands are ${A.context.period}`);
  if (relation === 'share')
    return code('period', false, `a share across periods (${A.context.period}, ${B.context.period})`);
  return judge(
    'period',
    `the operands are ${A.context.period} and ${B.context.period}; whether the claim compares them is left to a judge`,
  );
}

function basisFacet(reading: Reading, ops: readonly EngineOperand[]): FacetResult {
  const bases = ops.map((o) => o.context.basis);
  const stated = [reading.basis, ...bases].filter((b) => b !== null);
  if (new Set(stated).size > 1)
    return code(
      'basis',
      false,
      `bases differ (claim: ${reading.basis ?? 'none'}; operands: ${bases.map((b) => b ?? 'none').join(', ')})`,
    );
  if (stated.length === 0) {
    if (ops.length > 0 && ops.every((o) => o.context.rowLabel !== null))
      return code('basis', true, "neither the claim nor the operands' labels name a basis");
    return judge('basis', "no label shows the operands' basis");
  }
  if (
    bases.every((b) => b !== null) &&
    (reading.basis !== null || bases.length > 0) &&
    reading.basis !== null
  )
    return code('basis', true, `all on the ${reading.basis} basis`);
  return judge(
    'basis',
    `only some sides name a basis (claim: ${reading.basis ?? 'none'}; operands: ${bases.map((b) => b ?? 'none').join(', ')})`,
  );
}

export function computeComparability(
  claim: string,
  relation: Relation,
  reading: Reading,
  ops: readonly EngineOperand[],
  ev: Evidence,
): Comparability {
  return explainComparability(claim, relation, reading, ops, ev).comparability;
}

/** Why each facet was decided as it was: a typed code per facet (for `npm run eval:numeric`). */
export interface FacetReason {
  facet: ComparabilityFacet['facet'];
  passed: boolean | null;
  code: string;
  why: string;
}

export function explainComparability(
  claim: string,
  relation: Relation,
  reading: Reading,
  ops: readonly EngineOperand[],
  ev: Evidence,
): { comparability: Comparability; reasons: FacetReason[] } {
  const unit =
    ev.unitFailed.length > 0
      ? code('unit', false, ev.unitFailed.join('; '))
      : ev.unitJudge.length > 0
        ? judge('unit', ev.unitJudge.join('; '))
        : code('unit', true, 'units agree');
  const scale =
    ev.scaleFailed.length > 0
      ? code('scale', false, ev.scaleFailed.join('; '))
      : code('scale', true, 'no scale gap');
  const facets = [
    unit,
    scale,
    entityFacet(claim, relation, reading, ops, ev),
    periodFacet(relation, reading, ops),
    basisFacet(reading, ops),
  ];
  const passed = facets.map((f) => f.facet.passed);
  const verdict = passed.every((p) => p === true)
    ? 'comparable'
    : passed.some((p) => p === false)
      ? 'not_comparable'
      : 'unknown';
  const reason = facets
    .map(
      (f) =>
        `${f.facet.facet}: ${f.facet.passed === null ? 'left to a judge' : f.facet.passed ? 'passed' : 'failed'} (${f.why})`,
    )
    .join('; ');
  return {
    comparability: { verdict, facets: facets.map((f) => f.facet), reason: `${reason}.` },
    reasons: facets.map((f) => ({
      facet: f.facet.facet,
      passed: f.facet.passed,
      code: f.why.split(/[("]/)[0]!.trim(),
      why: f.why,
    })),
  };
}
