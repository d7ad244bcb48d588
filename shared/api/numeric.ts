import { z } from 'zod';
import { Id } from './common';

// Numeric verification (service-api.md, "Numeric request" / "Numeric response"; meaning in
// numeric-semantics.md). Requests are strict: no member other than those listed is allowed. Responses
// strip members they do not know, so a newer service can add some without breaking this client.

export const NUMERIC_OUTCOMES = ['supported', 'contradicted', 'escalate', 'not_applicable'] as const;
/** Outcomes that are never a decision: a client must not treat them as supported (service-api.md). */
export const UNRESOLVED_NUMERIC_OUTCOMES = ['escalate', 'not_applicable'] as const;
export const ARITHMETIC_VERDICTS = ['holds', 'fails', 'not_computable'] as const;
export const COMPARABILITY_VERDICTS = ['comparable', 'not_comparable', 'unknown'] as const;
export const COMPARABILITY_FACETS = ['unit', 'scale', 'entity', 'period', 'basis'] as const;
export const FACET_DECIDERS = ['code', 'judge'] as const;
export const UNIT_CLASSES = ['percent', 'percentage_point', 'basis_point', 'currency', 'none'] as const;
export const OPERAND_BINDINGS = ['retained_source_slice'] as const;
export const NUMERIC_SCOPE = 'arithmetic_only';

export const MAX_CLAIM_LENGTH = 10000;
export const MAX_FIGURE_INDEX = 10000;

export const NumericOutcome = z.enum(NUMERIC_OUTCOMES);
export type NumericOutcome = z.infer<typeof NumericOutcome>;
export const ArithmeticVerdict = z.enum(ARITHMETIC_VERDICTS);
export type ArithmeticVerdict = z.infer<typeof ArithmeticVerdict>;
export const ComparabilityVerdict = z.enum(COMPARABILITY_VERDICTS);
export type ComparabilityVerdict = z.infer<typeof ComparabilityVerdict>;
export const ComparabilityFacetName = z.enum(COMPARABILITY_FACETS);
export type ComparabilityFacetName = z.infer<typeof ComparabilityFacetName>;
export const FacetDecider = z.enum(FACET_DECIDERS);
export type FacetDecider = z.infer<typeof FacetDecider>;
export const UnitClass = z.enum(UNIT_CLASSES);
export type UnitClass = z.infer<typeof UnitClass>;

/** One figure selected from retained source evidence: all four members required, nothing else allowed. */
export const OperandReference = z.strictObject({
  source_version_id: Id,
  representation_id: Id,
  source_unit_id: Id,
  figure_index: z.number().int().min(0).max(MAX_FIGURE_INDEX),
});
export type OperandReference = z.infer<typeof OperandReference>;

/** Body of `POST /api/v2/verify/numeric`. */
export const NumericRequest = z.strictObject({
  claim: z.string().min(1).max(MAX_CLAIM_LENGTH),
  operands: z.array(OperandReference).min(1).max(2),
});
export type NumericRequest = z.infer<typeof NumericRequest>;

/**
 * A number as written in a source unit, with its reading (numeric-semantics.md, Figures):
 * `value` = `sign` x `magnitude` x `scale`; `accounting` when the minus came from parentheses.
 */
export const Figure = z.object({
  index: z.number().int().min(0),
  raw: z.string(),
  value: z.number(),
  magnitude: z.number(),
  sign: z.literal([-1, 1]),
  scale: z.number(),
  unit: z.string().nullable(),
  unitClass: UnitClass,
  accounting: z.boolean(),
});
export type Figure = z.infer<typeof Figure>;

export const Arithmetic = z.object({
  verdict: ArithmeticVerdict,
  computed: z.number().nullable(),
  tolerance: z.number(),
  reason: z.string(),
  /** Local extension: the claim holds only because of the rounding its stated precision allows. */
  holds_only_by_rounding: z.boolean().optional(),
});
export type Arithmetic = z.infer<typeof Arithmetic>;

export const ComparabilityFacet = z.object({
  facet: ComparabilityFacetName,
  decidedBy: FacetDecider,
  passed: z.boolean().nullable(),
  p: z.number().nullable(),
});
export type ComparabilityFacet = z.infer<typeof ComparabilityFacet>;

export const Comparability = z.object({
  verdict: ComparabilityVerdict,
  facets: z.array(ComparabilityFacet),
  reason: z.string(),
});
export type Comparability = z.infer<typeof Comparability>;

export const OperandSource = z.object({
  representation_id: z.string(),
  source_unit_id: z.string(),
  source_version_id: z.string(),
});
export type OperandSource = z.infer<typeof OperandSource>;

export const AssessedOperand = z.object({
  binding: z.enum(OPERAND_BINDINGS),
  source: OperandSource,
  figure: Figure,
});
export type AssessedOperand = z.infer<typeof AssessedOperand>;

/** 201 of `POST /api/v2/verify/numeric`. */
export const NumericResponse = z.object({
  outcome: NumericOutcome,
  arithmetic: Arithmetic.nullable(),
  comparability: Comparability.nullable(),
  reason: z.string(),
  scope: z.literal(NUMERIC_SCOPE),
  limitation: z.string(),
  operands: z.array(AssessedOperand),
});
export type NumericResponse = z.infer<typeof NumericResponse>;

/**
 * True unless the response is a decision a client may present as one. Unresolved (service-api.md,
 * General rules): outcome `escalate` or `not_applicable`, a null arithmetic block, an `unknown`
 * comparability verdict. Conservatively also: a null comparability block, an arithmetic verdict of
 * `not_computable`, a comparability verdict other than `comparable`, and an outcome that disagrees
 * with its own arithmetic (supported without `holds`, contradicted without `fails`).
 */
export function isUnresolvedNumeric(response: NumericResponse): boolean {
  const { outcome, arithmetic, comparability } = response;
  if (outcome === 'escalate' || outcome === 'not_applicable') return true;
  if (arithmetic === null || comparability === null) return true;
  if (comparability.verdict !== 'comparable') return true;
  if (outcome === 'supported') return arithmetic.verdict !== 'holds';
  return arithmetic.verdict !== 'fails';
}

/** An outcome as a client may present it: the service's four, or a decision its own blocks do not back. */
export type SettledOutcome = NumericOutcome | 'inconsistent';

/**
 * The outcome to present: a `supported` or `contradicted` that isUnresolvedNumeric does not back is
 * `inconsistent`, never that decision. The one rule the UI, the cases list and reports share.
 */
export function settledOutcome(response: NumericResponse): SettledOutcome {
  const { outcome } = response;
  if ((outcome === 'supported' || outcome === 'contradicted') && isUnresolvedNumeric(response))
    return 'inconsistent';
  return outcome;
}
