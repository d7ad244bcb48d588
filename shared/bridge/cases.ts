import { z } from 'zod';
import {
  ComparabilityFacetName,
  isUnresolvedNumeric,
  MAX_QUERY_LENGTH,
  NumericResponse,
  OperandReference,
  OperandRoleName,
  settledOutcome,
} from '../api';
import { Id, Sha256Hex } from '../api/common';
import { CaseArticle, ClaimSpan } from './article';

// A case: one claim the fact-checker is working on, the figures they selected, the service's check as it
// answered, and their own judgments of what the service left to a person. A judgment is the person's,
// kept apart from the service's result and never merged into it (numeric-semantics.md, "The
// fact-checker's own judgment").

export const CaseId = z.string().regex(/^case_[a-z0-9]{16,40}$/, 'a case id');

/**
 * A person's name as the app keeps it, one line: set in Settings, printed on reports as their author and
 * kept with each judgment as who made it.
 */
export const PersonName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(
    (n) => ![...n].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f),
    'a name without control characters',
  );

/**
 * A person's judgment of one facet the service left to a judge (or of the claim's meaning), or their
 * answer to which figure is which (`roles`, one per operand in operand order) when the claim's words
 * could not tell the figures apart.
 */
export const Judgment = z.strictObject({
  facet: z.union([ComparabilityFacetName, z.literal('meaning'), z.literal('roles')]),
  /** true: the facet holds ("same entity: yes"); false: it does not. Always true for `roles`. */
  holds: z.boolean(),
  note: z.string().trim().min(1, 'a judgment says why').max(4000),
  at: z.iso.datetime(),
  /** For `roles`: the role the person gave each figure, in operand order. */
  roles: z.array(OperandRoleName).min(1).max(2).optional(),
  /**
   * Who made it: the name set in Settings when it was made, kept with it (a later change of name or an
   * export by someone else never changes it). null: unknown (no name was set); absent in judgments stored
   * before authors were kept, which the case store reads as null.
   */
  author: PersonName.nullable().optional(),
});
export type Judgment = z.infer<typeof Judgment>;

/** The roles a person gave the figures (their `roles` judgment), or null when they gave none. */
export function personRoles(judgments: readonly Judgment[]): OperandRoleName[] | null {
  const found = judgments.find((j) => j.facet === 'roles' && j.roles !== undefined);
  return found?.roles ?? null;
}

/**
 * A search result kept in a case: the exact unit it cites, the snippet as the service gave it, the query
 * that found it and when it was kept.
 */
export const CaseCitation = z.strictObject({
  sourceVersionId: Id,
  representationId: Id,
  sourceUnitId: Id,
  /** The unit's 1-based page or sheet index, when known (to reopen it). */
  unitIndex: z.number().int().min(1).optional(),
  /** The document's display-safe title when it was kept. */
  title: z.string().max(2000),
  snippet: z.string().max(2000),
  query: z.string().trim().min(1).max(MAX_QUERY_LENGTH),
  at: z.iso.datetime(),
});
export type CaseCitation = z.infer<typeof CaseCitation>;

export const KeptCheckId = z.string().regex(/^check_[a-z0-9]{8,40}$/, 'a kept check id');

/** The verdicts a person may give a kept check, in the order the UI offers them. */
export const VERDICTS = ['true', 'false', 'misleading', 'unproven'] as const;
export const VerdictValue = z.enum(VERDICTS, {
  error: 'A verdict is one of: true, false, misleading, unproven.',
});
export type VerdictValue = z.infer<typeof VerdictValue>;

/** A verdict in words, as the app and its reports show it ("Your verdict: False"). */
export const VERDICT_WORDING: Record<VerdictValue, string> = {
  true: 'True',
  false: 'False',
  misleading: 'Misleading',
  unproven: 'Unproven',
};

/** A verdict's optional note: why, in the person's words. */
export const VerdictNote = z.string().trim().max(4000, 'Shorten the note to 4,000 characters or fewer.');

/**
 * The fact-checker's own verdict on a kept check: theirs, stored beside the service's answer and never
 * merged into it (a "true" on an escalated check leaves the service's outcome escalated). Given again, it
 * replaces the last one; it carries who gave it (the name in Settings then) and when.
 */
export const PersonVerdict = z.strictObject({
  verdict: VerdictValue,
  /** null: no note was written. */
  note: VerdictNote.min(1).nullable(),
  at: z.iso.datetime(),
  /** The name set in Settings when it was given; null: none was set. */
  author: PersonName.nullable(),
});
export type PersonVerdict = z.infer<typeof PersonVerdict>;

/**
 * A check kept in the case (`cases.keepCheck`): the claim and figures as they were checked, the service's
 * answer verbatim, and the person's judgments of it, frozen when kept. A case holds many; the claim being
 * worked on (`claim`, `operands`, `check`, `judgments`) is the next one.
 */
export const KeptCheck = z.strictObject({
  id: KeptCheckId,
  claim: z.string().min(1).max(10000),
  operands: z.array(OperandReference).min(1).max(2),
  check: NumericResponse,
  judgments: z.array(Judgment).max(100),
  keptAt: z.iso.datetime(),
  /** The person's own verdict on the check (`cases.setVerdict`); absent: none given. */
  verdict: PersonVerdict.optional(),
  /** Where the claim stands in the case's article; absent: the claim was not read from one. */
  claimSpan: ClaimSpan.optional(),
});
export type KeptCheck = z.infer<typeof KeptCheck>;

/** The most checks a case keeps (a report's benchmark case has 50). */
export const MAX_KEPT_CHECKS = 500;

export const CaseNotes = z.string().max(20000);

export const Case = z.strictObject({
  id: CaseId,
  title: z.string().trim().min(1).max(500),
  claim: z.string().min(1).max(10000),
  operands: z.array(OperandReference).max(2),
  /** The service's answer to the last check, exactly as it came; null until checked. */
  check: NumericResponse.nullable(),
  judgments: z.array(Judgment).max(100),
  /** Search results kept as evidence; absent in cases stored before citations existed. */
  citations: z.array(CaseCitation).max(500).optional(),
  /** The person's notes on the case, printed in reports; absent in cases stored before notes existed. */
  notes: CaseNotes.optional(),
  /** Checks kept in the case, oldest first; absent in cases stored before they existed. */
  kept: z.array(KeptCheck).max(MAX_KEPT_CHECKS).optional(),
  /** The article the case checks, claim by claim; absent: a case not made from an article. */
  article: CaseArticle.optional(),
  /** Where the claim being worked on stands in the article; absent: it was not read from it. */
  claimSpan: ClaimSpan.optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Case = z.infer<typeof Case>;

/**
 * The article whose case is looked for among all cases: the hash of the text its claims' spans index, and
 * where it came from (its document of the library, the web address it was given as). Without a hash (a
 * web address not read yet), the case of the same document or address.
 */
export const CaseOfArticleInput = z.strictObject({
  sha256: Sha256Hex.nullable(),
  sourceVersionId: Id.nullable(),
  url: z.string().max(2000).nullable(),
});
export type CaseOfArticleInput = z.infer<typeof CaseOfArticleInput>;

/**
 * The case that keeps an article's checks: one made from this very text (its spans index it), the one of
 * the same document or address first, else the one changed last; null when there is none. `otherTexts`:
 * cases of the same document or address made from another text of it (the page changed, the document was
 * read another way), whose spans do not fit this text, so their checks are not shown on its claims.
 */
export const CaseOfArticle = z.strictObject({
  case: Case.nullable(),
  otherTexts: z.array(Case.pick({ id: true, title: true })).max(20),
});
export type CaseOfArticle = z.infer<typeof CaseOfArticle>;

export const CaseSummary = Case.pick({ id: true, title: true, updatedAt: true }).extend({
  /**
   * The latest check's outcome as it may be shown (the current one, else the last kept; settledOutcome: a
   * decision its own answer does not back is `inconsistent`); null: never checked.
   */
  outcome: z.union([NumericResponse.shape.outcome, z.literal('inconsistent')]).nullable(),
  /**
   * Every check of the case (kept ones and the current one when checked), and how each is resolved: by the
   * service (supported or contradicted, as settledOutcome allows), else by the person's verdict, else not.
   * total = settledByService + byVerdict + unresolved.
   */
  checks: z.strictObject({
    total: z.number().int().nonnegative(),
    kept: z.number().int().nonnegative(),
    settledByService: z.number().int().nonnegative(),
    byVerdict: z.number().int().nonnegative(),
    unresolved: z.number().int().nonnegative(),
  }),
});
export type CaseSummary = z.infer<typeof CaseSummary>;

/** A case as the cases list sums it up: its latest outcome as it may be shown, and its checks counted. */
export function caseSummary(c: Case): CaseSummary {
  const kept = c.kept ?? [];
  // The claim being worked on takes no verdict: only a kept check does.
  const checks = [
    ...kept.map((k) => ({ response: k.check, verdict: k.verdict })),
    ...(c.check ? [{ response: c.check, verdict: undefined }] : []),
  ];
  const latest = checks.at(-1)?.response ?? null;
  const settled = checks.filter((k) => !isUnresolvedNumeric(k.response)).length;
  const byVerdict = checks.filter((k) => isUnresolvedNumeric(k.response) && k.verdict !== undefined).length;
  return {
    id: c.id,
    title: c.title,
    updatedAt: c.updatedAt,
    outcome: latest === null ? null : settledOutcome(latest),
    checks: {
      total: checks.length,
      kept: kept.length,
      settledByService: settled,
      byVerdict,
      unresolved: checks.length - settled - byVerdict,
    },
  };
}

/** Create (no id) or change a case's title, claim and operands; a change of claim or operands clears the check. */
export const CaseSaveInput = z
  .strictObject({
    id: CaseId.optional(),
    /** The person's name for the case; absent: unchanged (a new case needs one). */
    title: z.string().trim().min(1).max(500).optional(),
    claim: z.string().min(1).max(10000),
    operands: z.array(OperandReference).max(2),
    /** The case's notes; absent: unchanged. */
    notes: CaseNotes.optional(),
    /** The article the case is made from: given when it is created, and never changed after. */
    article: CaseArticle.optional(),
    /** Where the claim stands in the case's article; absent: kept while the claim is unchanged. */
    claimSpan: ClaimSpan.optional(),
  })
  .refine((input) => input.id !== undefined || input.title !== undefined, {
    message: 'A new case needs a title.',
    path: ['title'],
  });
export type CaseSaveInput = z.infer<typeof CaseSaveInput>;

export const CaseJudgeInput = z.strictObject({
  id: CaseId,
  facet: z.union([ComparabilityFacetName, z.literal('meaning')]),
  holds: z.boolean(),
  note: Judgment.shape.note,
});
export type CaseJudgeInput = z.infer<typeof CaseJudgeInput>;

/**
 * Say which figure is which (`cases.assignRoles`) when the check could not tell: the role of each figure in
 * operand order, kept as the person's judgment, and the check run again with them.
 */
export const CaseAssignRolesInput = z.strictObject({
  id: CaseId,
  roles: z.array(OperandRoleName).min(1).max(2),
  /** The person's words on why; the app says which figure they named otherwise. */
  note: z.string().trim().max(4000).optional(),
});
export type CaseAssignRolesInput = z.infer<typeof CaseAssignRolesInput>;

/** Keep a search result in a case (`cases.cite`); the same unit found by the same query is kept once. */
export const CaseCiteInput = z.strictObject({
  id: CaseId,
  citation: CaseCitation.omit({ at: true }),
});
export type CaseCiteInput = z.infer<typeof CaseCiteInput>;

/** Keep the case's current check (with its judgments) in the case, and start the next claim. */
export const CaseKeepInput = z.strictObject({ id: CaseId });
export type CaseKeepInput = z.infer<typeof CaseKeepInput>;

/**
 * Give, replace (`verdict`) or clear (`verdict: null`) the person's own verdict on a kept check, with an
 * optional note; its author and time are the app's, set when it is given.
 */
export const CaseVerdictInput = z.strictObject({
  id: CaseId,
  checkId: KeptCheckId,
  verdict: VerdictValue.nullable(),
  /** Why, in the person's words; absent or blank: no note. Refused with `verdict: null`. */
  note: VerdictNote.optional(),
});
export type CaseVerdictInput = z.infer<typeof CaseVerdictInput>;

/** Remove a kept check from the case. */
export const CaseUnkeepInput = z.strictObject({ id: CaseId, checkId: KeptCheckId });
export type CaseUnkeepInput = z.infer<typeof CaseUnkeepInput>;
