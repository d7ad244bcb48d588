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
  /**
   * Local extension: the computation in the claim's terms, each figure named by the words that bound it
   * ("handgun 56,941 − long gun 51,670 = 5,271; the claim says 5,271: holds"); absent when nothing was
   * computed or the roles are unclear.
   */
  line: z.string().optional(),
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

/**
 * What a figure is in the claim (local extension): subject and reference of a difference, comparison,
 * ratio or percentage difference; from and to of a change over time; part and whole of a share; a term of
 * a sum or of "the difference between"; the value an "equals" claim states; unused when the claim states
 * nothing about it.
 */
export const OPERAND_ROLES = [
  'subject',
  'reference',
  'from',
  'to',
  'part',
  'whole',
  'term',
  'value',
  'unused',
] as const;
export const OperandRoleName = z.enum(OPERAND_ROLES);
export type OperandRoleName = z.infer<typeof OperandRoleName>;

/**
 * Body of `POST /api/v2/verify/numeric/roles` (local extension): the same check, computed with the roles a
 * person gave the figures (in operand order) when the claim's words could not tell them apart.
 */
export const NumericRolesRequest = z
  .strictObject({
    ...NumericRequest.shape,
    roles: z.array(OperandRoleName).min(1).max(2),
  })
  .refine((r) => r.roles.length === r.operands.length, {
    message: 'one role per operand, in the same order',
    path: ['roles'],
  });
export type NumericRolesRequest = z.infer<typeof NumericRolesRequest>;

/**
 * How a role was given: the claim's words matched the figure's labels, its periods (a change runs from the
 * earlier to the later), the numbers it restates, a total it names ("of all …"), the one figure left once
 * the other was bound, a person's answer, or a relation whose figures need no roles (a sum).
 */
export const ROLE_SOURCES = [
  'claim_words',
  'periods',
  'restated_numbers',
  'total',
  'elimination',
  'only_operand',
  'person',
  'no_roles_needed',
] as const;
export const RoleSource = z.enum(ROLE_SOURCES);
export type RoleSource = z.infer<typeof RoleSource>;

/** One operand's role in the claim (local extension), with the claim's words that bound it. */
export const OperandRole = z.object({
  role: OperandRoleName,
  /** The claim's words naming this figure ("handgun checks", "2019", "all handgun checks"); null when none. */
  words: z.string().nullable(),
  by: RoleSource,
});
export type OperandRole = z.infer<typeof OperandRole>;

export const AssessedOperand = z.object({
  binding: z.enum(OPERAND_BINDINGS),
  source: OperandSource,
  figure: Figure,
  /** Local extension: the figure's role in the claim; absent when no relation was read. */
  role: OperandRole.optional(),
});
export type AssessedOperand = z.infer<typeof AssessedOperand>;

/** Whether the claim's words told the figures apart (local extension). */
export const ROLE_STATES = ['bound', 'unclear', 'person', 'not_needed'] as const;
export const RoleState = z.enum(ROLE_STATES);
export type RoleState = z.infer<typeof RoleState>;

/**
 * One way to read the figures when their roles are unclear: the roles in request order, its computation
 * (`reason`, without a verdict) and what it would give. A client shows the computation, never the verdict
 * as an answer: which reading the claim means is a person's call.
 */
export const RoleReading = z.object({
  roles: z.array(OperandRoleName),
  verdict: ArithmeticVerdict,
  computed: z.number().nullable(),
  reason: z.string(),
});
export type RoleReading = z.infer<typeof RoleReading>;

/**
 * The roles of the figures (local extension). `unclear`: the claim's words cannot tell the figures apart;
 * the arithmetic is not computed, every reading is listed, and `question` is what a person is asked
 * ("Which figure is ‹handgun checks›?") before the check is run again with their roles (`person`, which
 * keeps the question they answered).
 */
export const RoleBinding = z.object({
  state: RoleState,
  reason: z.string(),
  question: z.object({ role: OperandRoleName, words: z.string() }).nullable(),
  readings: z.array(RoleReading),
});
export type RoleBinding = z.infer<typeof RoleBinding>;

/** 201 of `POST /api/v2/verify/numeric`. */
export const NumericResponse = z.object({
  outcome: NumericOutcome,
  arithmetic: Arithmetic.nullable(),
  comparability: Comparability.nullable(),
  reason: z.string(),
  scope: z.literal(NUMERIC_SCOPE),
  limitation: z.string(),
  operands: z.array(AssessedOperand),
  /** Local extension: which figure is which in the claim; absent when no relation was read. */
  roles: RoleBinding.optional(),
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
