import { describe, expect, it } from 'vitest';
import {
  Citation,
  ClaimGroup,
  SearchFilters,
  SearchRequest,
  SearchResponse,
  StanceBreakdown,
  Verdict,
} from '../../../shared/api';

const accepts = (body: unknown) => SearchRequest.safeParse(body).success;
const withFilters = (filters: unknown) => ({ query: 'unemployment 2024', filters });
const items = (n: number) => Array.from({ length: n }, (_, i) => `item${i}`);

describe('SearchRequest', () => {
  it('defaults limit to 10 and trims the query', () => {
    expect(SearchRequest.parse({ query: '  inflation  ' })).toEqual({ query: 'inflation', limit: 10 });
  });

  it.each([
    ['', false],
    ['   ', false],
    ['a', true],
    ['a'.repeat(10000), true],
    ['a'.repeat(10001), false],
  ])('query of length %#: accepted=%s', (query, accepted) => {
    expect(accepts({ query })).toBe(accepted);
  });

  it('requires query as a string', () => {
    expect(accepts({})).toBe(false);
    expect(accepts({ query: 7 })).toBe(false);
    expect(accepts({ query: null })).toBe(false);
  });

  it.each([
    [0, false],
    [1, true],
    [20, true],
    [21, false],
    [1.5, false],
    ['ten', false],
    ['10', false],
    [null, false],
  ])('limit %j: accepted=%s', (limit, accepted) => {
    expect(accepts({ query: 'q', limit })).toBe(accepted);
  });

  it('keeps an explicit limit', () => {
    expect(SearchRequest.parse({ query: 'q', limit: 20 }).limit).toBe(20);
  });

  it.each([
    [0, false],
    [1, true],
    [20, true],
    [21, false],
  ])('%i source_type and domain items: accepted=%s', (n, accepted) => {
    expect(accepts(withFilters({ source_type: items(n) }))).toBe(accepted);
    expect(accepts(withFilters({ domain: items(n) }))).toBe(accepted);
  });

  it('rejects empty or non-string filter items', () => {
    expect(accepts(withFilters({ source_type: [''] }))).toBe(false);
    expect(accepts(withFilters({ domain: [''] }))).toBe(false);
    expect(accepts(withFilters({ domain: [3] }))).toBe(false);
    expect(accepts(withFilters({ domain: 'gov.uk' }))).toBe(false);
  });

  it.each([
    [999, false],
    [1000, true],
    [9999, true],
    [10000, false],
    [2000.5, false],
  ])('publication_year bound %d: accepted=%s', (year, accepted) => {
    expect(accepts(withFilters({ publication_year: { from: year } }))).toBe(accepted);
    expect(accepts(withFilters({ publication_year: { to: year } }))).toBe(accepted);
  });

  it('requires from ≤ to when both are given', () => {
    const result = SearchRequest.safeParse(withFilters({ publication_year: { from: 2021, to: 2020 } }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['filters', 'publication_year', 'to']);
    expect(accepts(withFilters({ publication_year: { from: 2020, to: 2020 } }))).toBe(true);
    expect(accepts(withFilters({ publication_year: { from: 2019, to: 2020 } }))).toBe(true);
  });

  it('keeps an explicit is_primary_source false as a filter', () => {
    const parsed = SearchRequest.parse(withFilters({ is_primary_source: false }));
    expect(parsed.filters).toEqual({ is_primary_source: false });
    expect(parsed.filters).toHaveProperty('is_primary_source', false);
    expect(accepts(withFilters({ is_primary_source: 'false' }))).toBe(false);
    expect(accepts(withFilters({ is_primary_source: null }))).toBe(false);
  });

  it('rejects unknown members at every level', () => {
    expect(accepts({ query: 'q', stance: true })).toBe(false);
    expect(accepts(withFilters({ language: ['en'] }))).toBe(false);
    expect(accepts(withFilters({ publication_year: { from: 2000, until: 2001 } }))).toBe(false);
    expect(SearchFilters.safeParse({ extra: 1 }).success).toBe(false);
  });

  it('rejects null filters and accepts empty ones', () => {
    expect(accepts(withFilters(null))).toBe(false);
    expect(accepts(withFilters({}))).toBe(true);
  });
});

const citation = {
  id: 'c1',
  title: 'Labour market overview',
  url: 'https://www.ons.gov.uk/x',
  snippet: 'Unemployment was 4.2%',
  author: 'ons.gov.uk',
  status: 'verified',
  credibility_score: 90,
  rank: 1,
};
const breakdown = { supports: 2, partially_supports: 0, contradicts: 1, neutral: 0 };
const verdict = {
  claim: 'unemployment rose',
  result: 'mixed',
  confidence: 55,
  summary: 'sources disagree',
  stance_breakdown: breakdown,
};

describe('Citation', () => {
  it('accepts the required members alone, and with every optional one', () => {
    expect(Citation.parse(citation)).toEqual(citation);
    const full = {
      ...citation,
      credibility_basis: 'heuristic',
      ranking_factors: { source_authority: 100, content_relevance: 0, recency: 50 },
      source_type: 'Government Document',
      source_metadata: {
        domain: 'ons.gov.uk',
        domain_category: 'government',
        is_primary_source: true,
        is_fact_check_site: false,
      },
      publication_year: 2024,
      group_id: 'g1',
      is_group_primary: true,
      highlight_ranges: ['0-5', [6, 12]],
      stance: 'partially_supports',
      stance_confidence: 70,
      stance_explanation: 'close',
      evidence: {
        state: 'retained',
        originalUrl: 'https://x',
        replayable: true,
        publishedDate: '2024-01-01',
      },
      source_version_id: 'sv_1',
      representation_id: 'rep_1',
      source_unit_id: 'unit_1',
    };
    const parsed = Citation.parse(full);
    expect(parsed).toEqual(full);
    expect(parsed.evidence).toHaveProperty('publishedDate', '2024-01-01');
  });

  it.each(['id', 'title', 'url', 'snippet', 'author', 'status', 'credibility_score', 'rank'])(
    'requires %s',
    (key) => {
      const body: Record<string, unknown> = { ...citation };
      delete body[key];
      expect(Citation.safeParse(body).success).toBe(false);
    },
  );

  it.each([
    [0, false],
    [1, true],
    [100, true],
    [101, false],
  ])('credibility_score %d: accepted=%s', (score, accepted) => {
    expect(Citation.safeParse({ ...citation, credibility_score: score }).success).toBe(accepted);
  });

  it('bounds ranking factors and stance confidence to 0..100', () => {
    const factors = { source_authority: 0, content_relevance: 100, recency: 101 };
    expect(Citation.safeParse({ ...citation, ranking_factors: factors }).success).toBe(false);
    expect(Citation.safeParse({ ...citation, ranking_factors: { ...factors, recency: -1 } }).success).toBe(
      false,
    );
    expect(Citation.safeParse({ ...citation, stance_confidence: 101 }).success).toBe(false);
    expect(Citation.safeParse({ ...citation, stance_confidence: 0 }).success).toBe(true);
  });

  it('rejects values outside the enums and strips unknown members', () => {
    expect(Citation.safeParse({ ...citation, source_type: 'Blog' }).success).toBe(false);
    expect(Citation.safeParse({ ...citation, stance: 'agrees' }).success).toBe(false);
    expect(Citation.safeParse({ ...citation, credibility_basis: 'calibrated' }).success).toBe(false);
    expect(Citation.safeParse({ ...citation, rank: 0 }).success).toBe(false);
    expect(Citation.parse({ ...citation, novelty: 3 })).not.toHaveProperty('novelty');
  });
});

describe('Verdict and its parts', () => {
  it('accepts the required members, and a full verdict', () => {
    expect(Verdict.safeParse(verdict).success).toBe(true);
    const side = { citation_id: 'c1', source: 'ons.gov.uk', quote: 'rose' };
    const full = {
      ...verdict,
      aggregation_score: 55,
      calibrated_confidence: null,
      confidence_available: false,
      confidence_basis: 'heuristic',
      document_breakdown: { ...breakdown, inconclusive: 1, irrelevant: 2, unknown: 0 },
      document_count: 5,
      origin_count: 3,
      insufficient_evidence: false,
      conflict: { supporting: side, contradicting: { ...side, citation_id: 'c2' } },
      correction_status: 'not_needed',
      corrections: [
        {
          claimed: 'a',
          corrected_statement: 'b',
          actual: 'b',
          citation_ids: ['c1'],
          proof: [{ citation_id: 'c1', quote: 'q' }],
        },
      ],
      key_findings: [{ finding: 'f', citation_ids: ['c1'], confidence: 40, confidence_basis: 'unknown' }],
      unverified_claims: ['part'],
    };
    expect(Verdict.parse(full)).toEqual(full);
    expect(Verdict.safeParse({ ...verdict, conflict: null }).success).toBe(true);
  });

  it('rejects bad members', () => {
    expect(Verdict.safeParse({ ...verdict, result: 'true' }).success).toBe(false);
    expect(Verdict.safeParse({ ...verdict, confidence: 101 }).success).toBe(false);
    expect(Verdict.safeParse({ ...verdict, correction_status: 'done' }).success).toBe(false);
    expect(Verdict.safeParse({ ...verdict, conflict: { supporting: { citation_id: 'c1' } } }).success).toBe(
      false,
    );
    for (const key of ['claim', 'result', 'confidence', 'summary', 'stance_breakdown']) {
      const body: Record<string, unknown> = { ...verdict };
      delete body[key];
      expect(Verdict.safeParse(body).success, key).toBe(false);
    }
  });

  it('requires the four stance counts', () => {
    for (const key of ['supports', 'partially_supports', 'contradicts', 'neutral']) {
      const body: Record<string, unknown> = { ...breakdown };
      delete body[key];
      expect(StanceBreakdown.safeParse(body).success, key).toBe(false);
    }
    expect(StanceBreakdown.safeParse({ ...breakdown, supports: -1 }).success).toBe(false);
  });

  it('checks claim groups', () => {
    const group = {
      claim_id: 'k1',
      claim_index: 1,
      claim: 'x',
      stance_summary: 'mixed',
      citation_count: 1,
      citations: [citation],
    };
    expect(ClaimGroup.safeParse(group).success).toBe(true);
    expect(ClaimGroup.safeParse({ ...group, claim_index: 0 }).success).toBe(false);
    expect(ClaimGroup.safeParse({ ...group, stance_summary: 'supports' }).success).toBe(false);
    const domainGroup = {
      group_id: 'g1',
      domain: 'ons.gov.uk',
      domain_category: 'government',
      group_stance: 'mixed',
      primary_citation_id: 'c1',
    };
    expect(ClaimGroup.safeParse({ ...group, domain_groups: [domainGroup], verdict }).success).toBe(true);
    expect(
      ClaimGroup.safeParse({ ...group, domain_groups: [{ ...domainGroup, group_stance: 'unverifiable' }] })
        .success,
    ).toBe(false);
  });
});

describe('SearchResponse', () => {
  it('has no required member', () => {
    expect(SearchResponse.parse({})).toEqual({});
  });

  it('accepts every top-level member the spec lists', () => {
    const body = {
      claim_groups: [],
      citations: [citation],
      domain_groups: [],
      verdict,
      content: '',
      generated_prompts: ['p'],
      operation_id: null,
      search_metadata: {
        total_sources_searched: 10,
        relevant_sources_found: 1,
        processing_time_ms: 12.5,
        analysis_model: 'none',
      },
      thread_id: 't1',
      totalResults: 1,
      usage: { credits: 0 },
    };
    expect(SearchResponse.parse(body)).toEqual(body);
  });

  it('takes null credits and a null operation id, but requires credits in usage', () => {
    expect(SearchResponse.safeParse({ usage: { credits: null }, operation_id: null }).success).toBe(true);
    expect(SearchResponse.safeParse({ usage: {} }).success).toBe(false);
    expect(SearchResponse.safeParse({ thread_id: null }).success).toBe(false);
    expect(SearchResponse.safeParse({ search_metadata: { analysis_model: 'x' } }).success).toBe(false);
  });

  it('strips unknown top-level members', () => {
    expect(SearchResponse.parse({ thread_id: 't', next_page: 2 })).toEqual({ thread_id: 't' });
  });
});
