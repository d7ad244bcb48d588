import { describe, expect, it } from 'vitest';
import type { Citation, SearchResponse } from '../../../shared/api';
import {
  AnnotateInput,
  readRating,
  readYear,
  type SearchAnnotations,
} from '../../../shared/bridge/annotations';
import { combinedRankScore, recencyOf } from '../../../shared/search/credibility';
import { personRankFactors, rankWithPersonRatings } from '../../../shared/search/person-ratings';

// A person's own rating counts in place of the publisher's authority when results are ranked, and a year
// they gave in place of an unknown one; the service's scores are kept as it gave them. What they type is
// read strictly: a whole number from 0 to 100 or a level's name, and a four-digit year.

const NOW = new Date('2026-06-01T00:00:00Z');

function cite(id: string, rank: number, factors: [number, number, number], year?: number): Citation {
  const [content_relevance, source_authority, recency] = factors;
  return {
    id: `cit_${id}`,
    title: id,
    url: `evidence://${id}`,
    snippet: 'budget',
    author: 'local',
    status: 'retained',
    credibility_score: source_authority,
    credibility_basis: 'heuristic',
    rank,
    ranking_factors: { content_relevance, source_authority, recency },
    ...(year !== undefined ? { publication_year: year } : {}),
    source_version_id: id,
    representation_id: `rep_${id}`,
    source_unit_id: `unit_${id}`,
  };
}

function responseOf(citations: Citation[]): SearchResponse {
  return { citations };
}

const rating = (score: number, reason: string | null = null) => ({
  credibility: { score, reason, setAt: '2026-06-01T00:00:00.000Z' },
  year: null,
});

describe('rankWithPersonRatings', () => {
  // A news article (authority 75, 2026) just ahead of a city's budget PDF (authority 40, year unknown).
  const news = cite('sv_news', 1, [100, 75, 100], 2026);
  const city = cite('sv_city', 2, [100, 40, 0]);

  it('ranks by the service’s factors when the person said nothing', () => {
    const response = responseOf([news, city]);
    expect(rankWithPersonRatings(response, {}, NOW)).toBe(response);
  });

  it('uses the person’s rating in place of the publisher authority, and renumbers the ranks', () => {
    const annotations: SearchAnnotations = { sv_city: rating(100, 'the city’s own budget office') };
    // city: 75 + 15 + 0 = 90 < news: 75 + 11.25 + 10 = 96.25, so a rating alone does not lift it here…
    expect(
      rankWithPersonRatings(responseOf([news, city]), annotations, NOW).citations?.map((c) => c.id),
    ).toEqual(['cit_sv_news', 'cit_sv_city']);
    // …but the news article rated low by the person falls below it: 75 + 0 + 10 = 85 < 90.
    const both = { ...annotations, sv_news: rating(0) };
    const ranked = rankWithPersonRatings(responseOf([news, city]), both, NOW).citations ?? [];
    expect(ranked.map((c) => [c.id, c.rank])).toEqual([
      ['cit_sv_city', 1],
      ['cit_sv_news', 2],
    ]);
    // The service's own score and factors are kept as it gave them.
    expect(ranked[0]?.credibility_score).toBe(40);
    expect(ranked[0]?.ranking_factors?.source_authority).toBe(40);
  });

  it('counts a year the person gave when the service knows none, never over the service’s year', () => {
    const given = { sv_city: { credibility: null, year: 2026 } };
    expect(personRankFactors(city, given.sv_city, NOW)).toEqual({
      relevance: 100,
      authority: 40,
      recency: 100,
    });
    expect(personRankFactors(news, { credibility: null, year: 1990 }, NOW)?.recency).toBe(100);
    expect(recencyOf(2026, NOW)).toBe(100);
    const lifted = cite('sv_city', 2, [100, 75, 0]);
    expect(
      rankWithPersonRatings(
        responseOf([cite('sv_news', 1, [100, 75, 50], 2021), lifted]),
        given,
        NOW,
      ).citations?.map((c) => c.id),
    ).toEqual(['cit_sv_city', 'cit_sv_news']);
  });

  it('ranks the claim group’s list too, which the search panel draws', () => {
    const group = {
      claim_id: 'clm_1',
      claim_index: 1,
      claim: 'budget',
      stance_summary: 'unverifiable' as const,
    };
    const response: SearchResponse = {
      claim_groups: [{ ...group, citation_count: 2, citations: [news, city] }],
      citations: [news, city],
    };
    const ranked = rankWithPersonRatings(response, { sv_city: rating(100), sv_news: rating(0) }, NOW);
    expect(ranked.claim_groups?.[0]?.citations.map((c) => [c.id, c.rank])).toEqual([
      ['cit_sv_city', 1],
      ['cit_sv_news', 2],
    ]);
    expect(ranked.citations?.map((c) => c.id)).toEqual(['cit_sv_city', 'cit_sv_news']);
  });

  it('ranks nothing again when a citation lacks its factors (no guessing)', () => {
    const bare = { ...city, ranking_factors: undefined };
    const response = responseOf([news, bare]);
    expect(rankWithPersonRatings(response, { sv_city: rating(100) }, NOW)).toBe(response);
  });

  it('weighs the factors as the service does', () => {
    expect(combinedRankScore({ relevance: 100, authority: 40, recency: 0 })).toBeCloseTo(81);
  });
});

describe('what a person types', () => {
  it('reads a whole number from 0 to 100, or a level', () => {
    expect(readRating('80')).toEqual({ ok: true, score: 80 });
    expect(readRating(' 0 ')).toEqual({ ok: true, score: 0 });
    expect(readRating('100')).toEqual({ ok: true, score: 100 });
    expect(readRating('high')).toEqual({ ok: true, score: 80 });
    expect(readRating('Low')).toEqual({ ok: true, score: 20 });
  });

  it('says clearly what is wrong with 140, “abc”, 7.5, −3 or nothing', () => {
    expect(readRating('140')).toEqual({
      ok: false,
      message: '140 is outside the scale: a rating runs from 0 to 100.',
    });
    expect(readRating('abc')).toEqual({
      ok: false,
      message: '“abc” is not a number: type a whole number from 0 to 100.',
    });
    expect(readRating('7.5')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a whole number'),
    });
    expect(readRating('-3')).toMatchObject({
      ok: false,
      message: expect.stringContaining('outside the scale'),
    });
    expect(readRating('  ')).toMatchObject({ ok: false, message: expect.stringContaining('0 to 100') });
  });

  it('reads a four-digit year, or none', () => {
    expect(readYear('2024')).toEqual({ ok: true, year: 2024 });
    expect(readYear('')).toEqual({ ok: true, year: null });
    expect(readYear('24')).toMatchObject({ ok: false, message: expect.stringContaining('four digits') });
  });

  it('the bridge refuses what the form would: 140, a fraction, a string, a year of two digits', () => {
    const base = { sourceVersionId: 'sv_1' };
    expect(
      AnnotateInput.safeParse({ ...base, credibility: { score: 80, reason: ' budget office ' } }).data,
    ).toEqual({ ...base, credibility: { score: 80, reason: 'budget office' } });
    for (const credibility of [{ score: 140 }, { score: 7.5 }, { score: 'abc' }, { score: -1 }]) {
      const parsed = AnnotateInput.safeParse({ ...base, credibility });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/rating (runs from|is a whole number from) 0 to 100/);
    }
    expect(AnnotateInput.safeParse({ ...base, year: 24 }).success).toBe(false);
    expect(AnnotateInput.safeParse({ ...base, credibility: null, year: null }).success).toBe(true);
  });
});
