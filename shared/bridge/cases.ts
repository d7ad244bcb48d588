import { z } from 'zod';
import { ComparabilityFacetName, NumericResponse, OperandReference } from '../api';

// A case: one claim the fact-checker is working on, the figures they selected, the service's check as it
// answered, and their own judgments of what the service left to a person. A judgment is the person's,
// kept apart from the service's result and never merged into it (numeric-semantics.md, "The
// fact-checker's own judgment").

export const CaseId = z.string().regex(/^case_[a-z0-9]{16,40}$/, 'a case id');

/** A person's judgment of one facet the service left to a judge (or of the claim's meaning). */
export const Judgment = z.strictObject({
  facet: z.union([ComparabilityFacetName, z.literal('meaning')]),
  /** true: the facet holds ("same entity: yes"); false: it does not. */
  holds: z.boolean(),
  note: z.string().trim().min(1, 'a judgment says why').max(4000),
  at: z.iso.datetime(),
});
export type Judgment = z.infer<typeof Judgment>;

export const Case = z.strictObject({
  id: CaseId,
  title: z.string().trim().min(1).max(500),
  claim: z.string().min(1).max(10000),
  operands: z.array(OperandReference).max(2),
  /** The service's answer to the last check, exactly as it came; null until checked. */
  check: NumericResponse.nullable(),
  judgments: z.array(Judgment).max(100),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Case = z.infer<typeof Case>;

export const CaseSummary = Case.pick({ id: true, title: true, updatedAt: true }).extend({
  outcome: NumericResponse.shape.outcome.nullable(),
});
export type CaseSummary = z.infer<typeof CaseSummary>;

/** Create (no id) or change a case's title, claim and operands; a change of claim or operands clears the check. */
export const CaseSaveInput = z.strictObject({
  id: CaseId.optional(),
  title: z.string().trim().min(1).max(500),
  claim: z.string().min(1).max(10000),
  operands: z.array(OperandReference).max(2),
});
export type CaseSaveInput = z.infer<typeof CaseSaveInput>;

export const CaseJudgeInput = z.strictObject({
  id: CaseId,
  facet: Judgment.shape.facet,
  holds: z.boolean(),
  note: Judgment.shape.note,
});
export type CaseJudgeInput = z.infer<typeof CaseJudgeInput>;
