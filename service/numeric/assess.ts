import {
  NUMERIC_SCOPE,
  type NumericOutcome,
  type OperandRole,
  type OperandRoleName,
  type RoleBinding,
} from '../../shared/api';
import { computeArithmetic, type ArithmeticResult } from './arithmetic';
import { cleanLabelText, readClaim, type Reading } from './claim';
import { explainComparability, type FacetReason } from './comparability';
import type { ComputeCode, Naming } from './relations';
import { bindRoles, FRAME_ROLES, RolesDoNotFit, type Binding } from './roles';
import type { Assess, Assessment, EngineOperand } from './types';

// The numeric engine (numeric-semantics.md; rules in service/numeric/RULES.md): read the claim for one
// checkable relation, give each operand its role from the claim's words (never from the order the operands
// came in), compute the relation exactly over them, decide what code can of comparability, and combine
// them by the outcome table. Pure and deterministic; never throws on any claim text (roles a person gave
// that do not fit the claim are the one refusal: RolesDoNotFit).

export const LIMITATION =
  'Arithmetic only: this checks the computation over the selected figures. It does not certify that the ' +
  "right figures were selected, nor the claim's full meaning (what it is about, its context, causes or " +
  'implications); a person must judge those.';

const EMPTY_REASON = 'No checkable numeric relation was found in the claim; nothing was computed.';

/** An assessment with the typed reasons behind it (what `npm run eval:numeric` counts). */
export interface Explained {
  assessment: Assessment;
  /** Why the claim could not be read or computed by code (a typed code), or null. */
  problem: ComputeCode | null;
  /** One reason per comparability facet (none when comparability is null). */
  facets: FacetReason[];
  /** Each operand's role, in the order the operands came; null when no relation was read or roles are unclear. */
  operandRoles: OperandRole[] | null;
}

export interface AssessOptions {
  /** Roles a person gave the operands, in their order: the check is computed with them. */
  roles?: readonly OperandRoleName[] | null;
}

export const assess: Assess = (claim, operands) => assessWithReasons(claim, operands).assessment;

export function assessWithReasons(
  claim: string,
  operands: readonly EngineOperand[],
  options: AssessOptions = {},
): Explained {
  try {
    return assessUnsafe(claim, operands, options);
  } catch (error) {
    if (error instanceof RolesDoNotFit) throw error;
    // A bug must never look like a decision.
    const message = error instanceof Error ? error.message : String(error);
    return {
      problem: 'engine_failed',
      facets: [],
      operandRoles: null,
      assessment: {
        outcome: 'escalate',
        arithmetic: {
          verdict: 'not_computable',
          computed: null,
          tolerance: 0,
          reason: `Not computable: the engine failed (${message}).`,
          holds_only_by_rounding: false,
        },
        comparability: null,
        reason: 'The engine could not read this claim; left to a person.',
        scope: NUMERIC_SCOPE,
        limitation: LIMITATION,
      },
    };
  }
}

/** "equals" reads its one operand alone unless the claim restates the other; then both are in play. */
function compared(
  reading: Reading,
  operands: readonly EngineOperand[],
  roles: readonly OperandRole[] | null,
) {
  if (reading.checks[0]?.relation !== 'equals') return operands;
  const used = roles === null ? operands.length : roles.filter((r) => r.role !== 'unused').length;
  return operands.slice(0, Math.max(1, used));
}

/** How the arithmetic names each operand (role index → the claim's words), for operands in `order`. */
function namingOf(binding: Binding, order: readonly number[]): Naming {
  const named = (k: 0 | 1) => {
    const i = order[k];
    return i === undefined ? null : (binding.names[i] ?? null);
  };
  return {
    title: (k) => named(k)?.text ?? null,
    name: (k, shown) => {
      const n = named(k);
      if (n === null) return shown;
      // A period reads after the value ("1,120 in 2023", "1,000 last year"), a name before it ("handgun 56,941").
      if (n.period === 'named') return `${shown} in ${n.text}`;
      if (n.period === 'relative') return `${shown} ${n.text}`;
      return `${n.text} ${shown}`;
    },
  };
}

/** The reading with each restated number the binding placed on a role's side given to that role. */
function placed(reading: Reading, binding: Binding): Reading {
  if (binding.restated.size === 0) return reading;
  return {
    ...reading,
    restated: reading.restated.map((r, i) => {
      const role = binding.restated.get(i);
      return role === undefined ? r : { ...r, operand: role };
    }),
  };
}

/** The verdict of the arithmetic, comparability and outcome over operands in role order. */
function decide(
  claim: string,
  reading: Reading,
  ops: readonly EngineOperand[],
  computed: ArithmeticResult,
  roles: readonly OperandRole[] | null,
) {
  const { arithmetic, relation, notes } = computed;
  const explained =
    relation === null || ops.length === 0
      ? null
      : explainComparability(claim, relation, reading, compared(reading, ops, roles), notes);
  const comparability = explained?.comparability ?? null;
  let outcome: NumericOutcome;
  let reason: string;
  if (arithmetic === null) {
    outcome = 'not_applicable';
    reason = EMPTY_REASON;
  } else if (arithmetic.verdict === 'not_computable') {
    outcome = 'escalate';
    reason = 'The arithmetic could not be computed; left to a person.';
  } else if (comparability === null || comparability.verdict !== 'comparable') {
    outcome = 'escalate';
    const failed = comparability?.facets.filter((f) => f.passed === false).map((f) => f.facet) ?? [];
    const open = comparability?.facets.filter((f) => f.passed === null).map((f) => f.facet) ?? [];
    reason =
      `The arithmetic ${arithmetic.verdict}, but comparability is ${comparability?.verdict ?? 'unknown'}` +
      (failed.length > 0 ? ` (failed: ${failed.join(', ')})` : '') +
      (open.length > 0 ? ` (left to a judge: ${open.join(', ')})` : '') +
      '; left to a person.';
  } else if (arithmetic.verdict === 'holds') {
    outcome = 'supported';
    reason = `The arithmetic holds${arithmetic.holds_only_by_rounding ? ' (only within rounding)' : ''} and every comparability facet passed.`;
  } else {
    outcome = 'contradicted';
    reason = 'The arithmetic fails and every comparability facet passed.';
  }
  return { outcome, reason, comparability, facets: explained?.reasons ?? [] };
}

/** A stable order of two operands that does not depend on the order they came in. */
function canonical(ops: readonly EngineOperand[]): number[] {
  if (ops.length < 2) return ops.map((_, i) => i);
  const key = (o: EngineOperand) =>
    [o.context.rowLabel, o.context.columnLabel, o.context.period, o.context.rowKey, o.context.columnKey]
      .map((x) => x ?? '')
      .join('\u0000') + `\u0000${o.figure.value}\u0000${o.figure.raw}`;
  return key(ops[0]!) <= key(ops[1]!) ? [0, 1] : [1, 0];
}

const describe = (op: EngineOperand): string => {
  const parts = [op.context.rowLabel, op.context.columnLabel].filter((l) => l !== null).map(cleanLabelText);
  return parts.length > 0 ? `${parts.join(' · ')}, ${op.figure.raw}` : op.figure.raw;
};

/** A column's headers, each alone and each read on into the next ("Under 18" and "years"). */
function headerLines(path: string | null): string[] {
  const parts = path === null ? [] : path.split(' · ');
  return [...parts, ...parts.slice(1).map((part, i) => `${parts[i]} ${part}`)];
}

function assessUnsafe(claim: string, operands: readonly EngineOperand[], options: AssessOptions): Explained {
  // Numbers the claim repeats from an operand's labels ("Level 2", "(4)", "90 nanometers") are names,
  // and from the headers over its column, one header line or two read on ("18 years" over "and over"),
  // and over the other columns of its row: a band the claim writes from another column ("aged 18 and
  // over" over "Under 18 years") names that column, and the measure it names is the question.
  const labels = operands
    .flatMap((o) => [
      o.context.rowLabel,
      o.context.columnLabel,
      ...headerLines(o.context.columnPath),
      ...o.context.otherColumns.flatMap(headerLines),
    ])
    .filter((l) => l !== null);
  const reading = readClaim(claim, labels);
  const relates =
    reading.problem === null && (reading.checks.length > 0 || reading.restated.some((r) => r.strict));
  const binding = relates ? bindRoles(claim, reading, operands, options.roles ?? null) : null;

  if (binding !== null && binding.state === 'unclear') return unclear(claim, reading, operands, binding);

  const order = binding?.order ?? operands.map((_, i) => i);
  const ops = order.map((i) => operands[i]!);
  const read = binding === null ? reading : placed(reading, binding);
  const computed = computeArithmetic(read, ops, binding === null ? undefined : namingOf(binding, order));
  const roles = computed.arithmetic === null ? null : (binding?.roles ?? null);
  const { outcome, reason, comparability, facets } = decide(claim, read, ops, computed, roles);
  const { arithmetic } = computed;
  // A person's roles answer the question the claim's words left open: it stays with the answer, so a
  // person can be asked it again.
  const asked =
    binding?.state === 'person' ? bindRoles(claim, reading, operands).question : (binding?.question ?? null);
  const roleBinding: RoleBinding | undefined =
    binding === null || arithmetic === null
      ? undefined
      : { state: binding.state, reason: binding.reason, question: asked, readings: [] };
  return {
    problem: computed.code,
    facets,
    operandRoles: roles,
    assessment: {
      outcome,
      arithmetic:
        arithmetic === null
          ? null
          : { ...arithmetic, ...(computed.line !== null ? { line: computed.line } : {}) },
      comparability,
      reason: arithmetic === null ? reason : `${reason} ${arithmetic.reason}`,
      scope: NUMERIC_SCOPE,
      limitation: LIMITATION,
      ...(roleBinding !== undefined ? { roles: roleBinding } : {}),
    },
  };
}

/**
 * The claim's words cannot tell the figures apart: nothing is computed from the order they came in. Both
 * readings are computed and shown, and a person is asked which figure is which.
 */
function unclear(
  claim: string,
  reading: Reading,
  operands: readonly EngineOperand[],
  binding: Binding,
): Explained {
  const [first, second] = FRAME_ROLES[reading.frame.kind];
  const orders = [
    [0, 1],
    [1, 0],
  ];
  const readings = orders.map((order) => {
    const ops = order.map((i) => operands[i]!);
    const result = computeArithmetic(reading, ops, namingOf(binding, order));
    const roles: OperandRoleName[] = operands.map(() => second);
    roles[order[0]!] = first;
    return { order, ops, result, roles };
  });
  const base = canonical(operands);
  const main = readings.find((r) => r.order[0] === base[0])!;
  const bothStopped = readings.every((r) => r.result.arithmetic?.verdict === 'not_computable');
  const question = binding.question;
  const ask = question === null ? '' : ` Which figure is ‹${question.words}›?`;
  // Each reading's computation, never its verdict: which one the claim means is the person's answer.
  const shown = (r: (typeof readings)[number]) =>
    r.result.formula ?? r.result.arithmetic?.reason ?? 'nothing to compute';
  const told = readings.map((r) => `with ${describe(r.ops[0]!)} as the ${first}: ${shown(r)}`).join('; ');
  const stated = reading.checks[0]?.quantity?.raw;
  const says = stated === undefined ? '' : ` The claim says ${stated}.`;
  const computed: ArithmeticResult = bothStopped
    ? main.result
    : {
        ...main.result,
        line: null,
        code: 'roles_unclear',
        arithmetic: {
          verdict: 'not_computable',
          computed: null,
          tolerance: 0,
          reason: `Not computed: the claim's words do not say which figure is which (${binding.reason}).${ask} Read ${told}.${says}`,
          holds_only_by_rounding: false,
        },
      };
  const { outcome, reason, comparability, facets } = decide(claim, reading, main.ops, computed, null);
  return {
    problem: computed.code,
    facets,
    operandRoles: null,
    assessment: {
      outcome,
      arithmetic: computed.arithmetic,
      comparability,
      reason: `${reason} ${computed.arithmetic?.reason ?? ''}`.trim(),
      scope: NUMERIC_SCOPE,
      limitation: LIMITATION,
      roles: {
        state: 'unclear',
        reason: binding.reason,
        question,
        readings: readings.map((r) => ({
          roles: r.roles,
          verdict: r.result.arithmetic?.verdict ?? 'not_computable',
          computed:
            r.result.arithmetic?.verdict === 'not_computable'
              ? null
              : (r.result.arithmetic?.computed ?? null),
          reason: shown(r),
        })),
      },
    },
  };
}
