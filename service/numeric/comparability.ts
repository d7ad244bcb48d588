import type { Comparability, ComparabilityFacet } from '../../shared/api';
import { labelSpans, lower, type Reading, type Relation } from './claim';
import { isTotal, labelWords, tokensOf, totalCues } from './mentions';
import { countedUnnamed, measureNamed, otherBandSaid, titleSaid } from './measures';
import {
  bandPattern,
  order,
  parsePeriod,
  periodOf,
  previous,
  relate,
  type Period,
  type PeriodMention,
} from '../../shared/structure';
import { RELATIONS, type Note } from './relations';
import type { EngineOperand } from './types';

// Comparability (service/numeric/RULES.md, "Comparability"): facets in the order unit, scale, entity,
// period, basis. Code decides unit and scale always, and entity, period and basis where the claim names
// them and the operands' structure shows them; everything else is left to a judge (passed null, p null).
// Every decision carries a typed code (counted by `npm run eval:numeric`) and its reason in words.

/** Why a facet was decided as it was. */
export type FacetCode =
  | 'unit_agree'
  | 'scale_agree'
  | Note['code']
  | 'entity_no_operand'
  | 'entity_named'
  | 'entity_not_named'
  | 'entity_measure_not_named'
  | 'entity_rows_differ'
  | 'entity_structure_unclear'
  | 'period_not_shown'
  | 'period_not_named'
  | 'period_relative'
  | 'period_named'
  | 'period_named_other'
  | 'period_kind_differs'
  | 'period_no_change'
  | 'period_backwards'
  | 'period_base_implied'
  | 'period_base_not_named'
  | 'period_one_not_named'
  | 'period_order'
  | 'basis_differs'
  | 'basis_none_named'
  | 'basis_same'
  | 'basis_not_shown'
  | 'basis_partly_named';

/** Why each facet was decided as it was: a typed code per facet. */
export interface FacetReason {
  facet: ComparabilityFacet['facet'];
  passed: boolean | null;
  code: FacetCode;
  why: string;
}

const decided = (
  facet: FacetReason['facet'],
  passed: boolean,
  code: FacetCode,
  why: string,
): FacetReason => ({
  facet,
  passed,
  code,
  why,
});
const judge = (facet: FacetReason['facet'], code: FacetCode, why: string): FacetReason => ({
  facet,
  passed: null,
  code,
  why,
});

/** Every significant word of the label appears in the claim (plural- and possessive-insensitive). */
export function labelMentioned(label: string | null, claim: string): boolean {
  if (label === null || parsePeriod(label) !== null) return false;
  // A band has no words to name it by: the claim names it by saying the same band.
  const band = bandPattern(label);
  if (band !== null) return band.test(lower(claim));
  const significant = [...labelWords(label)].filter((w) => w.length >= 3);
  if (significant.length === 0) return false;
  const said = new Set(tokensOf(claim).map((t) => t.stem));
  return significant.every((w) => said.has(w));
}

/** Words that name no row on their own: an own label of only these ("Total", "Other") needs its headings. */
const GENERIC_LEAF = new Set(['total', 'subtotal', 'other', 'all', 'net', 'which', 'including', 'excluding']);

/**
 * The claim names the operand's row label: all its words, or its own label where that names the row
 * alone ("arrests for robbery": "Violent crime · Robbery" under "Table 324. Arrests by sex and age"). Only
 * where the claim names what the table's title says its figures count, so the headings are kinds of it
 * and not another measure ("Operating income · International" is not "International net sales"), and
 * names no heading other rows stand under ("property crime robbery" is not that row).
 */
function rowLabelNamed(op: EngineOperand, claim: string): boolean {
  const { rowLabel, rowLeaf, otherRowHeadings } = op.context;
  if (labelMentioned(rowLabel, claim)) return true;
  if (rowLeaf === null || [...labelWords(rowLeaf)].every((w) => GENERIC_LEAF.has(w))) return false;
  return (
    labelMentioned(rowLeaf, claim) &&
    titleSaid(op, claim) &&
    !otherRowHeadings.some((h) => labelMentioned(h, claim))
  );
}

/** The claim names the operand's row: its words, or a total it names when the row is a total. */
function rowNamed(op: EngineOperand, claim: string): boolean {
  if (rowLabelNamed(op, claim)) return true;
  return isTotal(op) && totalCues(lower(claim)).length > 0;
}

const measureNotNamed = (op: EngineOperand, claim: string): FacetReason => {
  const column = op.context.columnPath ?? op.context.columnLabel;
  const band = otherBandSaid(op, claim);
  return judge(
    'entity',
    'entity_measure_not_named',
    band !== null
      ? `the claim names "${band}", another column's band; the figure stands under "${column}"`
      : `the claim does not name what the figure's column measures ("${column}")`,
  );
};

/** Column labels that tell two operands apart (not periods): each must be named too. */
function columnsNamed(a: EngineOperand, b: EngineOperand, claim: string): boolean {
  const [ca, cb] = [a.context.columnLabel, b.context.columnLabel];
  if (ca === null || cb === null || parsePeriod(ca) !== null || parsePeriod(cb) !== null) return true;
  if (lower(ca).trim() === lower(cb).trim()) return true;
  const named = (op: EngineOperand) =>
    labelMentioned(op.context.columnLabel, claim) || (isTotal(op) && totalCues(lower(claim)).length > 0);
  return named(a) && named(b);
}

function isOverTime(relation: Relation, reading: Reading): boolean {
  const check = reading.checks[0];
  if (check === undefined) return relation === 'direction';
  return RELATIONS[relation].overTime(check);
}

/**
 * Whether the claim names its figures' rows and things, and counts nothing their labels do not name ("735,000
 * deaths" over a column of births).
 */
function entityFacet(
  claim: string,
  relation: Relation,
  reading: Reading,
  ops: readonly EngineOperand[],
  notes: readonly Note[],
): FacetReason {
  const named = entityNamed(claim, relation, reading, ops, notes);
  if (named.passed !== true) return named;
  const unnamed = countedUnnamed(claim, reading, ops);
  if (unnamed === null) return named;
  const { rowLabel, columnLabel, columnPath, tableTitle } = unnamed.op.context;
  const column = columnPath ?? columnLabel;
  const labels = `the figure's labels ("${[rowLabel, column].filter((l) => l !== null).join(' · ')}")`;
  const where =
    unnamed.source !== null
      ? `the source counts "${unnamed.source}" where it writes the figure`
      : tableTitle === null
        ? `${labels} do not name it`
        : `neither ${labels} nor its table's title ("${tableTitle}") names it`;
  return judge(
    'entity',
    'entity_measure_not_named',
    `the claim counts "${unnamed.counted}", but ${where}: is the figure a count of it?`,
  );
}

function entityNamed(
  claim: string,
  relation: Relation,
  reading: Reading,
  ops: readonly EngineOperand[],
  notes: readonly Note[],
): FacetReason {
  const open = notes.filter((n) => n.facet === 'entity');
  if (open.length > 0) return judge('entity', open[0]!.code, open.map((n) => n.why).join('; '));
  const [A, B] = ops;
  if (A === undefined) return judge('entity', 'entity_no_operand', 'no operand');
  if (B === undefined) {
    if (!rowLabelNamed(A, claim))
      return judge('entity', 'entity_not_named', "the claim does not name the operand's row label");
    if (!measureNamed(A, claim)) return measureNotNamed(A, claim);
    return decided('entity', true, 'entity_named', `the claim names the row "${A.context.rowLabel}"`);
  }
  const a = A.context;
  const b = B.context;
  if (isOverTime(relation, reading)) {
    const sameRow = a.rowKey !== null && a.rowKey === b.rowKey;
    const unnamed = [A, B].find((op) => !measureNamed(op, claim));
    if (sameRow && rowLabelNamed(A, claim) && unnamed !== undefined) return measureNotNamed(unnamed, claim);
    if (sameRow && rowLabelNamed(A, claim))
      return decided(
        'entity',
        true,
        'entity_named',
        `both operands are in the row the claim names ("${a.rowLabel}")`,
      );
    // A column key is only set where a grid shows columns: a sheet, or a table read on a page.
    const periodRows =
      a.columnKey !== null &&
      a.columnKey === b.columnKey &&
      parsePeriod(a.rowLabel) !== null &&
      parsePeriod(b.rowLabel) !== null;
    if (periodRows && labelMentioned(a.columnLabel, claim))
      return decided(
        'entity',
        true,
        'entity_named',
        `both operands are in the column the claim names ("${a.columnLabel}") under period rows`,
      );
    if (
      !sameRow &&
      !periodRows &&
      a.rowLabel !== null &&
      b.rowLabel !== null &&
      parsePeriod(a.rowLabel) === null &&
      parsePeriod(b.rowLabel) === null &&
      lower(a.rowLabel).trim() !== lower(b.rowLabel).trim()
    )
      return decided(
        'entity',
        false,
        'entity_rows_differ',
        `a change from one line item to another ("${a.rowLabel}" → "${b.rowLabel}")`,
      );
    if (sameRow || periodRows)
      return judge(
        'entity',
        'entity_not_named',
        'both operands are one line item, but the claim does not name it',
      );
    return judge(
      'entity',
      'entity_structure_unclear',
      'the structure does not show that both operands are the same line item',
    );
  }
  if (rowNamed(A, claim) && rowNamed(B, claim) && columnsNamed(A, B, claim)) {
    const unnamed = [A, B].find((op) => !measureNamed(op, claim));
    if (unnamed !== undefined) return measureNotNamed(unnamed, claim);
    return decided(
      'entity',
      true,
      'entity_named',
      `the claim names both figures ("${[a.rowLabel, a.columnLabel].filter((l) => l !== null && parsePeriod(l) === null).join(' · ')}", "${[b.rowLabel, b.columnLabel].filter((l) => l !== null && parsePeriod(l) === null).join(' · ')}")`,
    );
  }
  return judge('entity', 'entity_not_named', "the claim does not name both figures' labels");
}

/**
 * The periods the claim names, without those it only repeats inside an operand's label when that label's
 * date is not the operand's period ("Outstanding at September 30, 2017" in a 2018 column).
 */
function namedPeriods(claim: string, reading: Reading, ops: readonly EngineOperand[]): PeriodMention[] {
  const low = lower(claim);
  const foreign: [number, number][] = [];
  for (const op of ops)
    for (const label of [op.context.rowLabel, op.context.columnLabel]) {
      if (label === null) continue;
      // A label that is only a period names that period; one with words names an item ("Outstanding at
      // September 30, 2017", "Final dividend for the year ended 30 June 2018 (2017: 12 cents)") unless
      // the operand's period was read from it.
      if (parsePeriod(label) !== null || periodOf(label) === op.context.period) continue;
      foreign.push(...labelSpans(low, [label]).filter(([s, e]) => e - s >= label.trim().length - 1));
    }
  return reading.periods.named.filter((m) => !foreign.some(([s, e]) => m.start >= s && m.end <= e));
}

const listed = (ps: readonly { label: string }[]) => [...new Set(ps.map((p) => p.label))].join(', ');

function periodFacet(
  claim: string,
  relation: Relation,
  reading: Reading,
  ops: readonly EngineOperand[],
): FacetReason {
  const [A, B] = ops;
  if (A === undefined) return judge('period', 'period_not_shown', 'no operand');
  const shown = ops.slice(0, 2).map((o) => parsePeriod(o.context.period));
  if (shown.some((p) => p === null))
    return judge(
      'period',
      'period_not_shown',
      ops.length === 1
        ? 'the structure shows no period beside the operand'
        : "the structure does not show both operands' periods",
    );
  const periods = shown as Period[];
  const overTime = B !== undefined && isOverTime(relation, reading);
  if (overTime) {
    // What the structure alone shows of a change over time: the same period, or backwards.
    const [pa, pb] = periods as [Period, Period];
    if (relate(pa, pb) === 'same')
      return decided(
        'period',
        false,
        'period_no_change',
        `both operands are ${pa.label}: no change over time`,
      );
    if (order(pa, pb) === 1)
      return decided(
        'period',
        false,
        'period_backwards',
        `operand A (${pa.label}) is later than B (${pb.label}): the change would run backwards`,
      );
  }
  const named = namedPeriods(claim, reading, ops);
  const { relative } = reading.periods;
  if (named.length === 0)
    return relative !== null
      ? judge(
          'period',
          'period_relative',
          `the claim's "${relative}" is relative; which period it means is left to a person (the source shows ${listed(periods)})`,
        )
      : judge(
          'period',
          'period_not_named',
          `the claim names no period (the source shows ${listed(periods)})`,
        );

  // Every period the claim names must be one of the operands'.
  const matches = (m: Period) => periods.map((p) => relate(m, p));
  for (const m of named) {
    const r = matches(m);
    if (r.includes('same')) continue;
    if (r.every((x) => x === 'different'))
      return decided(
        'period',
        false,
        'period_named_other',
        `the claim names ${m.text}; the source shows ${listed(periods)}`,
      );
    return judge(
      'period',
      'period_kind_differs',
      `the claim's ${m.text} and the source's ${listed(periods)} are periods of different kinds`,
    );
  }
  const namedFor = (p: Period) => named.filter((m) => relate(m, p) === 'same');

  if (B === undefined)
    return decided('period', true, 'period_named', `the claim and the source both name ${periods[0]!.label}`);
  const [pa, pb] = periods as [Period, Period];
  const o = order(pa, pb);
  const same = relate(pa, pb) === 'same';
  if (isOverTime(relation, reading)) {
    if (same)
      return decided(
        'period',
        false,
        'period_no_change',
        `both operands are ${pa.label}: no change over time`,
      );
    if (o === null)
      return judge(
        'period',
        'period_kind_differs',
        `${pa.label} and ${pb.label} are periods of different kinds`,
      );
    if (o > 0)
      return decided(
        'period',
        false,
        'period_backwards',
        `operand A (${pa.label}) is later than B (${pb.label}): the change would run backwards`,
      );
    const hasA = namedFor(pa).length > 0;
    const hasB = namedFor(pb).length > 0;
    if (hasA && hasB)
      return decided(
        'period',
        true,
        'period_named',
        `the claim names both periods: a change from ${pa.label} to ${pb.label}`,
      );
    if (hasB && !hasA) {
      if (relative !== null)
        return judge(
          'period',
          'period_relative',
          `the claim names ${pb.label} and "${relative}"; which base it means is left to a person`,
        );
      const { yearOnYear, sequential } = reading.periods;
      const yearly = pb.kind === 'year' || pb.kind === 'fiscal' || pb.kind === 'split';
      const base = yearly || yearOnYear ? previous(pb, 'year') : sequential ? previous(pb, 'step') : null;
      if (base !== null && relate(base, pa) === 'same')
        return decided(
          'period',
          true,
          'period_base_implied',
          `the claim names ${pb.label}; the change is from the ${yearly ? 'year' : yearOnYear ? 'same period a year' : 'period'} before (${pa.label})`,
        );
      return judge(
        'period',
        'period_base_not_named',
        `the claim names ${pb.label} but not the base ${pa.label}`,
      );
    }
    return judge('period', 'period_one_not_named', `the claim names ${pa.label} but not ${pb.label}`);
  }
  // Two operands compared, summed or divided: each operand's period must be named (once, when the same).
  const hasA = namedFor(pa);
  const hasB = namedFor(pb);
  if (hasA.length === 0 || hasB.length === 0)
    return judge(
      'period',
      'period_one_not_named',
      `the operands are ${pa.label} and ${pb.label}; the claim names only ${listed(named)}`,
    );
  if (same) return decided('period', true, 'period_named', `the claim and both operands name ${pa.label}`);
  // Each figure's period must be named on its own side of the claim ("revenue in 2019 was more than in
  // 2018"), not only on the other figure's.
  const { frame } = reading;
  if ((frame.kind === 'ordered' || frame.kind === 'part_whole') && frame.split !== null) {
    const side = (pos: number): 0 | 1 =>
      frame.kind === 'ordered'
        ? pos < frame.split! !== frame.passive
          ? 0
          : 1
        : pos >= frame.split! && pos < (frame.end ?? claim.length)
          ? 1
          : 0;
    const onlyOther = (ms: readonly PeriodMention[], own: 0 | 1) =>
      ms.length > 0 && ms.every((m) => side(m.start) !== own);
    if (onlyOther(hasA, 0) && onlyOther(hasB, 1))
      return decided(
        'period',
        false,
        'period_order',
        `the claim puts ${pb.label} with the first figure and ${pa.label} with the second, but they are ${pa.label} and ${pb.label}`,
      );
  }
  return decided(
    'period',
    true,
    'period_named',
    `the claim names both periods (${pa.label}, ${pb.label}) as the operands show them`,
  );
}

function basisFacet(reading: Reading, ops: readonly EngineOperand[]): FacetReason {
  const bases = ops.map((o) => o.context.basis);
  const stated = [reading.basis, ...bases].filter((b) => b !== null);
  const said = `claim: ${reading.basis ?? 'none'}; operands: ${bases.map((b) => b ?? 'none').join(', ')}`;
  if (new Set(stated).size > 1) return decided('basis', false, 'basis_differs', `bases differ (${said})`);
  if (stated.length === 0) {
    if (ops.length > 0 && ops.every((o) => o.context.rowLabel !== null))
      return decided(
        'basis',
        true,
        'basis_none_named',
        "neither the claim nor the operands' labels name a basis",
      );
    return judge('basis', 'basis_not_shown', "no label shows the operands' basis");
  }
  if (bases.every((b) => b !== null) && reading.basis !== null)
    return decided('basis', true, 'basis_same', `all on the ${reading.basis} basis`);
  return judge('basis', 'basis_partly_named', `only some sides name a basis (${said})`);
}

function noteFacet(facet: 'unit' | 'scale', notes: readonly Note[]): FacetReason {
  const mine = notes.filter((n) => n.facet === facet);
  const failed = mine.filter((n) => n.passed === false);
  if (failed.length > 0) return decided(facet, false, failed[0]!.code, failed.map((n) => n.why).join('; '));
  if (mine.length > 0) return judge(facet, mine[0]!.code, mine.map((n) => n.why).join('; '));
  return facet === 'unit'
    ? decided('unit', true, 'unit_agree', 'units agree')
    : decided('scale', true, 'scale_agree', 'no scale gap');
}

export function explainComparability(
  claim: string,
  relation: Relation,
  reading: Reading,
  ops: readonly EngineOperand[],
  notes: readonly Note[],
): { comparability: Comparability; reasons: FacetReason[] } {
  const reasons = [
    noteFacet('unit', notes),
    noteFacet('scale', notes),
    entityFacet(claim, relation, reading, ops, notes),
    periodFacet(claim, relation, reading, ops),
    basisFacet(reading, ops),
  ];
  const passed = reasons.map((f) => f.passed);
  const verdict = passed.every((p) => p === true)
    ? 'comparable'
    : passed.some((p) => p === false)
      ? 'not_comparable'
      : 'unknown';
  const reason = reasons
    .map(
      (f) =>
        `${f.facet}: ${f.passed === null ? 'left to a judge' : f.passed ? 'passed' : 'failed'} (${f.why})`,
    )
    .join('; ');
  return {
    comparability: {
      verdict,
      facets: reasons.map((f) => ({
        facet: f.facet,
        decidedBy: f.passed === null ? 'judge' : 'code',
        passed: f.passed,
        p: f.passed === null ? null : f.passed ? 1 : 0,
      })),
      reason: `${reason}.`,
    },
    reasons,
  };
}
