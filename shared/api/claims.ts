import { z } from 'zod';
import { Id } from './common';
import { ExtractionState } from './extract';
import { FigureCell } from './figures';
import { OperandReference, OperandRoleName, RoleState, UnitClass } from './numeric';
import { SearchFilters } from './search';

// Claims from what was said (local extensions): `POST /api/v2/claims/list` lists the checkable numeric
// claims of a text or of a document in the library, each with its span, its numbers as the numeric check
// reads them, the relation it states and what it names; `POST /api/v2/claims/candidates` answers, for one
// claim, the operand sets of the caller's library that could back it. A candidate is a suggestion: the
// numeric check (`/api/v2/verify/numeric`) decides, with the same claim and the candidate's operands.

export const MAX_ARTICLE_CHARACTERS = 200_000;
export const MAX_CLAIM_CHARACTERS = 2_000;
export const DEFAULT_CLAIM_CANDIDATES = 5;
export const MAX_CLAIM_CANDIDATES = 20;

/** `[start, end)` in the article's text, in UTF-16 code units. */
export const TextSpan = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type TextSpan = z.infer<typeof TextSpan>;

/** Body of `POST /api/v2/claims/list`: the text itself, or a source version whose text is read. */
export const ClaimListRequest = z.union([
  z.strictObject({ text: z.string().min(1).max(MAX_ARTICLE_CHARACTERS) }),
  z.strictObject({ source_version_id: Id }),
]);
export type ClaimListRequest = z.infer<typeof ClaimListRequest>;

export const CLAIM_RELATIONS = ['level', 'change', 'difference', 'share', 'ratio', 'comparison'] as const;
export const ClaimRelation = z.enum(CLAIM_RELATIONS);
export type ClaimRelation = z.infer<typeof ClaimRelation>;

/** A number the claim states, as the numeric check reads it. */
export const ClaimNumber = z.object({
  raw: z.string(),
  span: TextSpan,
  /** Signed, in base units (percent for %, the scale applied: "$1.2bn" is 1200000000). */
  value: z.number(),
  unit: z.string().nullable(),
  unitClass: UnitClass,
  /** The scale the claim writes: 1000000 for "$1.2m"; 1 when none. */
  scale: z.number(),
  /** Half a unit of its last digit, in base units. */
  precision: z.number(),
  /** "almost", "about", "roughly"…, or null. */
  hedge: z.string().nullable(),
  /** "more than", "at least"…, or null. */
  bound: z.string().nullable(),
});
export type ClaimNumber = z.infer<typeof ClaimNumber>;

/** One checkable numeric claim of the article. */
export const ListedClaim = z.object({
  /** Its place in the article: 0 for the first written. */
  order: z.number().int().min(0),
  sentence: TextSpan,
  /** The claim: its sentence, or the part of a compound sentence that states it. */
  span: TextSpan,
  text: z.string(),
  numbers: z.array(ClaimNumber),
  relation: ClaimRelation,
  names: z.object({
    /** Words for its things and measures, as written. */
    words: z.array(z.string()),
    /** Periods named, as written ("2019", "fiscal 2019"). */
    periods: z.array(z.string()),
    /** A period named relative to another ("last year"): left to a person. */
    relative_period: z.string().nullable(),
  }),
  /** Why code cannot check it as written (negated, a range, an ambiguous number), or null. */
  problem: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** 0 to 1: a number with a unit, a period and a named measure is the most checkable. */
  checkability: z.number().min(0).max(1),
});
export type ListedClaim = z.infer<typeof ListedClaim>;

/** 200 of `POST /api/v2/claims/list`. */
export const ClaimListResponse = z.object({
  article: z.object({
    /** Where the text came from. */
    kind: z.enum(['text', 'source']),
    source_version_id: Id.nullable(),
    /** sha256 of the text's UTF-8 bytes, so a claim's span can be found again in the same text. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The text the spans index: as given, or as read from the source's newest representation. */
    text: z.string(),
    /**
     * How the document was read (`partial`: some of it was not, so some of its claims may be missing);
     * null for a text given as it is.
     */
    state: ExtractionState.nullable(),
  }),
  /** Most checkable first; `order` gives the article's order. */
  claims: z.array(ListedClaim),
});
export type ClaimListResponse = z.infer<typeof ClaimListResponse>;

/** Body of `POST /api/v2/claims/candidates`: one claim's text (a listed claim's `text`). */
export const ClaimCandidatesRequest = z.strictObject({
  claim: z.string().trim().min(1).max(MAX_CLAIM_CHARACTERS),
  /** Source versions never to answer from: the article itself, when it is in the library. */
  exclude: z.array(Id).max(MAX_CLAIM_CANDIDATES).optional(),
  /**
   * The text the claim was said in (the article, or its other claims' words): a document that backs the
   * article's other numbers and uses its words ranks above another printing the same value.
   */
  context: z.string().max(MAX_ARTICLE_CHARACTERS).optional(),
  filters: SearchFilters.optional(),
  limit: z.number().int().min(1).max(MAX_CLAIM_CANDIDATES).default(DEFAULT_CLAIM_CANDIDATES),
});
export type ClaimCandidatesRequest = z.output<typeof ClaimCandidatesRequest>;
export type ClaimCandidatesRequestInput = z.input<typeof ClaimCandidatesRequest>;

/** One figure of a candidate: the operand reference a check takes, its role, and where it stands. */
export const CandidateFigure = z.object({
  ref: OperandReference,
  role: OperandRoleName,
  raw: z.string(),
  /** In base units. */
  value: z.number(),
  unit: z.string().nullable(),
  row_labels: z.array(z.string()),
  column_headers: z.array(z.string()),
  table_title: z.string().nullable(),
  period: z.string().nullable(),
  cell: FigureCell.nullable(),
});
export type CandidateFigure = z.infer<typeof CandidateFigure>;

/**
 * A level's figure near the claim's number but outside its precision, under labels the claim names: the
 * figure a false number may misstate. Not a match: only the numeric check says what it makes of the claim.
 */
export const NearValue = z.object({
  /** The claim's number, in base units. */
  claim_value: z.number(),
  /** (figure − claim) / |claim|: −0.051 for 56,941 against 60,000. */
  relative_difference: z.number(),
});
export type NearValue = z.infer<typeof NearValue>;

export const ClaimCandidate = z.object({
  rank: z.number().int().min(1),
  /** 0 to 1, comparable among one claim's candidates only. */
  score: z.number().min(0).max(1),
  relation: ClaimRelation,
  /** One figure for a level, two for a derived claim, in role order. */
  figures: z.array(CandidateFigure).min(1).max(2),
  /** `unclear`: the claim's words cannot tell the figures apart; the check will ask a person. */
  roles: RoleState,
  /** What the figures give in the claim's terms (a level: the figure's value); null when not computed. */
  computed: z.number().nullable(),
  matched: z.object({ words: z.array(z.string()), periods: z.array(z.string()) }),
  /** Null when the figures give the claim's number within its precision; set for a near figure of a level. */
  near: NearValue.nullable(),
});
export type ClaimCandidate = z.infer<typeof ClaimCandidate>;

/** 200 of `POST /api/v2/claims/candidates`. */
export const ClaimCandidatesResponse = z.object({
  /** The claim as read; null when the text states no checkable number (then no candidates). */
  claim: ListedClaim.nullable(),
  candidates: z.array(ClaimCandidate),
});
export type ClaimCandidatesResponse = z.infer<typeof ClaimCandidatesResponse>;
