import { z } from 'zod';
import { Id } from './common';

// Source search (service-api.md, "Search request" / "Search response"). The request is strict; every
// response object strips members it does not know (the search response is a moving, versioned shape),
// except the evidence receipt, which passes unknown members through (its typed publisher dates are not
// named by the spec).

export const SOURCE_TYPES = [
  'Government Document',
  'Dataset',
  'Journal',
  'Report',
  'Trusted Media',
  'Article',
  'Reddit',
  'Social Media',
] as const;
export const DOMAIN_CATEGORIES = [
  'government',
  'academic',
  'news',
  'organization',
  'encyclopedia',
  'social',
  'other',
] as const;
export const CREDIBILITY_BASES = ['measured', 'heuristic', 'unknown'] as const;
export const CITATION_STANCES = [
  'supports',
  'contradicts',
  'partially_supports',
  'neutral',
  'inconclusive',
] as const;
export const GROUP_STANCES = ['supports', 'contradicts', 'mixed', 'neutral'] as const;
export const STANCE_SUMMARIES = ['supported', 'contradicted', 'mixed', 'unverifiable'] as const;
export const VERDICT_RESULTS = [
  'supported',
  'partially_supported',
  'contradicted',
  'mixed',
  'unverifiable',
] as const;
export const CONFIDENCE_BASES = ['unknown', 'heuristic', 'calibrated'] as const;
export const CORRECTION_STATUSES = ['available', 'not_established', 'conflicted', 'not_needed'] as const;

export const MAX_QUERY_LENGTH = 10000;
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 20;
export const MAX_FILTER_ITEMS = 20;

export const SourceType = z.enum(SOURCE_TYPES);
export type SourceType = z.infer<typeof SourceType>;
export const DomainCategory = z.enum(DOMAIN_CATEGORIES);
export type DomainCategory = z.infer<typeof DomainCategory>;
export const CredibilityBasis = z.enum(CREDIBILITY_BASES);
export type CredibilityBasis = z.infer<typeof CredibilityBasis>;
export const CitationStance = z.enum(CITATION_STANCES);
export type CitationStance = z.infer<typeof CitationStance>;
export const GroupStance = z.enum(GROUP_STANCES);
export type GroupStance = z.infer<typeof GroupStance>;
export const StanceSummary = z.enum(STANCE_SUMMARIES);
export type StanceSummary = z.infer<typeof StanceSummary>;
export const VerdictResult = z.enum(VERDICT_RESULTS);
export type VerdictResult = z.infer<typeof VerdictResult>;
export const ConfidenceBasis = z.enum(CONFIDENCE_BASES);
export type ConfidenceBasis = z.infer<typeof ConfidenceBasis>;
export const CorrectionStatus = z.enum(CORRECTION_STATUSES);
export type CorrectionStatus = z.infer<typeof CorrectionStatus>;

// ---------------------------------------------------------------------------------------------------
// Request

const Year = z.number().int().min(1000).max(9999);

/** `filters.publication_year`: both bounds inclusive, each optional; `from` may not exceed `to`. */
export const PublicationYearRange = z
  .strictObject({
    from: Year.optional(),
    to: Year.optional(),
  })
  .superRefine((range, ctx) => {
    if (range.from !== undefined && range.to !== undefined && range.from > range.to)
      ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['to'] });
  });
export type PublicationYearRange = z.infer<typeof PublicationYearRange>;

/**
 * `filters`: an explicit `is_primary_source: false` is a filter, not an omitted value. A source whose
 * metadata is unknown does not match a filter on that metadata (the service's rule, not the schema's).
 */
export const SearchFilters = z.strictObject({
  source_type: z.array(z.string().min(1).max(100)).min(1).max(MAX_FILTER_ITEMS).optional(),
  is_primary_source: z.boolean().optional(),
  publication_year: PublicationYearRange.optional(),
  domain: z.array(z.string().min(1).max(253)).min(1).max(MAX_FILTER_ITEMS).optional(),
});
export type SearchFilters = z.infer<typeof SearchFilters>;

/** Body of `POST /api/v1/sources/search`. `limit` is a ceiling, not a promise. */
export const SearchRequest = z.strictObject({
  query: z.string().trim().min(1, 'query must not be blank').max(MAX_QUERY_LENGTH),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(DEFAULT_SEARCH_LIMIT),
  filters: SearchFilters.optional(),
});
/** The request after parsing: `query` trimmed, `limit` defaulted. */
export type SearchRequest = z.output<typeof SearchRequest>;
/** The request as a client writes it. */
export type SearchRequestInput = z.input<typeof SearchRequest>;

// ---------------------------------------------------------------------------------------------------
// Response

const Score = z.number().min(0).max(100);
const Count = z.number().int().min(0);

/** Each factor 0 to 100; `recency` is 100 for the current year and falls with age. */
export const RankingFactors = z.object({
  source_authority: Score,
  content_relevance: Score,
  recency: Score,
});
export type RankingFactors = z.infer<typeof RankingFactors>;

/** A citation's `source_metadata` (not the registration metadata of sources.ts). */
export const CitationSourceMetadata = z.object({
  domain: z.string(),
  domain_category: DomainCategory,
  is_primary_source: z.boolean(),
  is_fact_check_site: z.boolean(),
});
export type CitationSourceMetadata = z.infer<typeof CitationSourceMetadata>;

/**
 * Publisher evidence receipt v1. The spec names its members but not their types, nor which are
 * required, nor the names of the "typed publisher dates": every named member is optional and untyped,
 * and members the spec does not name pass through. A citation without one has unknown provenance.
 */
export const EvidenceReceipt = z.looseObject({
  state: z.unknown().optional(),
  originalUrl: z.unknown().optional(),
  finalUrl: z.unknown().optional(),
  contentHash: z.unknown().optional(),
  retrievedAt: z.unknown().optional(),
  quoteMatch: z.unknown().optional(),
  retention: z.unknown().optional(),
  replayable: z.unknown().optional(),
  failureReason: z.unknown().optional(),
});
export type EvidenceReceipt = z.infer<typeof EvidenceReceipt>;

/**
 * A character range `[start, end]` in the snippet. The spec types the items as strings in its schema,
 * so a string is accepted as well as the pair it describes.
 */
export const HighlightRange = z.union([z.string(), z.tuple([Count, Count])]);
export type HighlightRange = z.infer<typeof HighlightRange>;

export const Citation = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
  author: z.string(),
  /** Verification status of the citation; allowed values are not shown by the spec. */
  status: z.string(),
  credibility_score: z.number().min(1).max(100),
  /** Absent on older citations, where it means `measured`. */
  credibility_basis: CredibilityBasis.optional(),
  rank: z.number().int().min(1),
  ranking_factors: RankingFactors.optional(),
  source_type: SourceType.optional(),
  source_metadata: CitationSourceMetadata.optional(),
  publication_year: z.number().optional(),
  group_id: z.string().optional(),
  is_group_primary: z.boolean().optional(),
  highlight_ranges: z.array(HighlightRange).optional(),
  stance: CitationStance.optional(),
  stance_confidence: Score.optional(),
  stance_explanation: z.string().optional(),
  evidence: EvidenceReceipt.optional(),
  /** Local extension: the retained source behind this citation, when the local store holds it. */
  source_version_id: Id.optional(),
  /** Local extension. */
  representation_id: Id.optional(),
  /** Local extension. */
  source_unit_id: Id.optional(),
});
export type Citation = z.infer<typeof Citation>;

export const DomainGroup = z.object({
  group_id: z.string(),
  domain: z.string(),
  domain_category: DomainCategory,
  group_stance: GroupStance,
  primary_citation_id: z.string(),
});
export type DomainGroup = z.infer<typeof DomainGroup>;

/**
 * Stance counts. `neutral`: took no side; `inconclusive`: could not tell; `irrelevant`: off-topic,
 * excluded from every denominator; `unknown`: no stance recorded, never agreement nor neutral.
 */
export const StanceBreakdown = z.object({
  supports: Count,
  partially_supports: Count,
  contradicts: Count,
  neutral: Count,
  inconclusive: Count.optional(),
  irrelevant: Count.optional(),
  unknown: Count.optional(),
});
export type StanceBreakdown = z.infer<typeof StanceBreakdown>;

export const ConflictSide = z.object({
  citation_id: z.string(),
  /** The url where known, else the domain. */
  source: z.string(),
  quote: z.string(),
});
export type ConflictSide = z.infer<typeof ConflictSide>;

/** The named pair behind a mixed verdict. */
export const NamedConflict = z.object({
  supporting: ConflictSide,
  contradicting: ConflictSide,
});
export type NamedConflict = z.infer<typeof NamedConflict>;

export const CorrectionProof = z.object({
  citation_id: z.string(),
  /** An exact passage from the cited source excerpt. */
  quote: z.string(),
});
export type CorrectionProof = z.infer<typeof CorrectionProof>;

export const Correction = z.object({
  claimed: z.string(),
  corrected_statement: z.string(),
  actual: z.string().optional().meta({ deprecated: true, description: 'Alias of corrected_statement.' }),
  citation_ids: z.array(z.string()),
  proof: z.array(CorrectionProof),
});
export type Correction = z.infer<typeof Correction>;

export const KeyFinding = z.object({
  finding: z.string(),
  citation_ids: z.array(z.string()),
  /** Legacy model score, not calibrated. */
  confidence: Score,
  confidence_available: z.boolean().optional(),
  confidence_basis: ConfidenceBasis.optional(),
});
export type KeyFinding = z.infer<typeof KeyFinding>;

export const Verdict = z.object({
  claim: z.string(),
  result: VerdictResult,
  /** Legacy aggregation score. */
  confidence: Score,
  aggregation_score: z.number().optional(),
  calibrated_confidence: z.number().nullable().optional(),
  /** True only when calibrated confidence is available. */
  confidence_available: z.boolean().optional(),
  confidence_basis: ConfidenceBasis.optional(),
  summary: z.string(),
  /** Counts over distinct origins; the verdict is computed from these. */
  stance_breakdown: StanceBreakdown,
  /** Counts over every analysed document, before copies of one telling are collapsed. */
  document_breakdown: StanceBreakdown.optional(),
  document_count: Count.optional(),
  /** Distinct origins; only this number votes. */
  origin_count: Count.optional(),
  insufficient_evidence: z.boolean().optional(),
  /** The named pair behind a mixed verdict; null for every other verdict. */
  conflict: NamedConflict.nullable().optional(),
  correction_status: CorrectionStatus.optional(),
  corrections: z.array(Correction).optional(),
  key_findings: z.array(KeyFinding).optional(),
  unverified_claims: z.array(z.string()).optional(),
});
export type Verdict = z.infer<typeof Verdict>;

export const ClaimGroup = z.object({
  claim_id: z.string(),
  claim_index: z.number().int().min(1),
  claim: z.string(),
  stance_summary: StanceSummary,
  citation_count: Count,
  citations: z.array(Citation),
  domain_groups: z.array(DomainGroup).optional(),
  verdict: Verdict.optional(),
});
export type ClaimGroup = z.infer<typeof ClaimGroup>;

export const SearchMetadata = z.object({
  total_sources_searched: z.number().min(0),
  relevant_sources_found: z.number().min(0),
  processing_time_ms: z.number().min(0),
  analysis_model: z.string(),
});
export type SearchMetadata = z.infer<typeof SearchMetadata>;

/** `credits` actually deducted; null when a priced operation was not metered; 0 for a free one. */
export const BillingUsage = z.object({
  credits: z.number().nullable(),
});
export type BillingUsage = z.infer<typeof BillingUsage>;

/** 200 of `POST /api/v1/sources/search`. The spec marks no member required. */
export const SearchResponse = z.object({
  claim_groups: z.array(ClaimGroup).optional(),
  citations: z
    .array(Citation)
    .optional()
    .meta({ deprecated: true, description: 'Use claim_groups[0].citations.' }),
  domain_groups: z
    .array(DomainGroup)
    .optional()
    .meta({ deprecated: true, description: 'Use claim_groups[n].domain_groups.' }),
  verdict: Verdict.optional().meta({ deprecated: true, description: 'Use claim_groups[n].verdict.' }),
  content: z.string().optional(),
  generated_prompts: z.array(z.string()).optional(),
  operation_id: z.string().nullable().optional(),
  search_metadata: SearchMetadata.optional(),
  thread_id: z.string().optional(),
  totalResults: Count.optional(),
  usage: BillingUsage.optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
