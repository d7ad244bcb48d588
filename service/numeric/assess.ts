import { NUMERIC_SCOPE, type NumericOutcome } from '../../shared/api';
import { computeArithmetic } from './arithmetic';
import type { ComputeCode } from './relations';
import { readClaim, type Reading } from './claim';
import { explainComparability, type FacetReason } from './comparability';
import type { Assess, Assessment } from './types';

// The numeric engine (numeric-semantics.md; rules in service/numeric/RULES.md): read the claim for one
// checkable relation, compute it exactly over the operands, decide what code can of comparability, and
// combine them by the outcome table. Pure and deterministic; never throws on any claim text.

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
}

export const assess: Assess = (claim, operands) => assessWithReasons(claim, operands).assessment;

export function assessWithReasons(claim: string, operands: Parameters<Assess>[1]): Explained {
  try {
    return assessUnsafe(claim, operands);
  } catch (error) {
    // A bug must never look like a decision.
    const message = error instanceof Error ? error.message : String(error);
    return {
      problem: 'engine_failed',
      facets: [],
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

/** "equals" reads operand A alone unless the claim restates other numbers; then both are in play. */
function compared(relation: string, reading: Reading, operands: Parameters<Assess>[1]) {
  return relation === 'equals' && reading.restated.length === 0 ? operands.slice(0, 1) : operands;
}

function assessUnsafe(claim: string, operands: Parameters<Assess>[1]): Explained {
  // Numbers the claim repeats from an operand's labels ("Level 2", "(4)", "90 nanometers") are names.
  const labels = operands
    .flatMap((o) => [o.context.rowLabel, o.context.columnLabel])
    .filter((l) => l !== null);
  const reading = readClaim(claim, labels);
  const { arithmetic, relation, notes, code } = computeArithmetic(reading, operands);
  if (arithmetic === null) {
    return {
      problem: null,
      facets: [],
      assessment: {
        outcome: 'not_applicable',
        arithmetic: null,
        comparability: null,
        reason: EMPTY_REASON,
        scope: NUMERIC_SCOPE,
        limitation: LIMITATION,
      },
    };
  }
  const explained =
    relation === null || operands.length === 0
      ? null
      : explainComparability(claim, relation, reading, compared(relation, reading, operands), notes);
  const comparability = explained?.comparability ?? null;
  let outcome: NumericOutcome;
  let reason: string;
  if (arithmetic.verdict === 'not_computable') {
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
  return {
    problem: code,
    facets: explained?.reasons ?? [],
    assessment: {
      outcome,
      arithmetic,
      comparability,
      reason: `${reason} ${arithmetic.reason}`,
      scope: NUMERIC_SCOPE,
      limitation: LIMITATION,
    },
  };
}
