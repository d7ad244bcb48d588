// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Citation, SearchResponse } from '../../../shared/api';
import { EMPTY_FILTERS, filtersOf, searchRequestOf } from '../../../renderer/src/search/filters';
import { highlightParts, passageRange } from '../../../renderer/src/search/highlight';
import { SearchPanel } from '../../../renderer/src/search/SearchPanel';
import { SearchResult } from '../../../renderer/src/search/SearchResult';
import { useSearchDraft } from '../../../renderer/src/search/search-state';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { BridgeRefusal, bridgeStub, renderWithQueries, useComponentTestSetup } from '../check/fixtures';

// The search panel: results with their highlights on the right characters, the filters as the service
// reads them, and what it says when nothing is found, the query has no words or a filter is refused.

useComponentTestSetup();
const initialDraft = useSearchDraft.getState();
beforeEach(() => useSearchDraft.setState(initialDraft, true));

function citation(overrides: Partial<Citation> = {}): Citation {
  return {
    id: 'cit_unit_1',
    title: 'Labour market overview',
    url: 'https://www.ons.gov.uk/labour',
    snippet: 'Unemployment rose to 4.3% in the quarter.',
    author: 'ons.gov.uk',
    status: 'retained',
    credibility_score: 90,
    credibility_basis: 'heuristic',
    rank: 1,
    ranking_factors: { source_authority: 90, content_relevance: 100, recency: 80 },
    source_metadata: {
      domain: 'ons.gov.uk',
      domain_category: 'government',
      is_primary_source: false,
      is_fact_check_site: false,
    },
    publication_year: 2024,
    group_id: 'grp_1',
    is_group_primary: true,
    highlight_ranges: [[0, 12]],
    source_version_id: 'sv_1',
    representation_id: 'rep_1',
    source_unit_id: 'unit_1',
    ...overrides,
  };
}

function responseOf(citations: Citation[]): SearchResponse {
  return {
    claim_groups: [
      {
        claim_id: 'clm_1',
        claim_index: 1,
        claim: 'q',
        stance_summary: 'unverifiable',
        citation_count: citations.length,
        citations,
        domain_groups: [],
      },
    ],
    search_metadata: {
      total_sources_searched: 3,
      relevant_sources_found: citations.length,
      processing_time_ms: 1,
      analysis_model: 'local',
    },
  };
}

describe('highlight ranges', () => {
  it('draws each range as a <mark> on exactly its characters', () => {
    renderWithQueries(
      <SearchResult
        citation={citation({
          highlight_ranges: [
            [0, 12],
            [21, 25],
          ],
        })}
      />,
    );
    const snippet = screen.getByTestId('result-snippet');
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Unemployment', '4.3%']);
    expect(snippet.textContent).toBe('Unemployment rose to 4.3% in the quarter.');
  });

  it('counts in UTF-16 code units: accented, CJK and astral (emoji) text lit on the right characters', () => {
    const snippet = 'Le chômage 📈 a atteint 7,3 % — 失业率 上升 😀 fin';
    const at = (s: string) => [snippet.indexOf(s), snippet.indexOf(s) + s.length] as [number, number];
    renderWithQueries(
      <SearchResult
        citation={citation({
          snippet,
          highlight_ranges: [at('chômage'), at('7,3 %'), at('失业率'), at('😀 fin')],
        })}
      />,
    );
    const drawn = [...screen.getByTestId('result-snippet').querySelectorAll('mark')].map(
      (m) => m.textContent,
    );
    expect(drawn).toEqual(['chômage', '7,3 %', '失业率', '😀 fin']);
  });

  it('never splits an emoji, merges overlaps, ignores ranges outside the snippet and reads string ranges', () => {
    const text = 'a😀b c';
    // [1, 2) would be half of the emoji: it is widened to the whole emoji.
    expect(
      highlightParts(text, [[1, 2]])
        .filter((p) => p.marked)
        .map((p) => p.text),
    ).toEqual(['😀']);
    expect(
      highlightParts('abcdef', [
        [0, 3],
        [2, 5],
        [40, 50],
      ])
        .filter((p) => p.marked)
        .map((p) => p.text),
    ).toEqual(['abcde']);
    expect(
      highlightParts('abcdef', ['1,3'])
        .filter((p) => p.marked)
        .map((p) => p.text),
    ).toEqual(['bc']);
    expect(highlightParts('abc', undefined)).toEqual([{ text: 'abc', start: 0, marked: false }]);
  });

  it('finds the snippet’s passage in the unit text', () => {
    expect(passageRange('Intro. Le chômage 😀 monte.', 'chômage 😀')).toEqual({ start: 10, end: 20 });
    expect(passageRange('other text', 'chômage')).toBeNull();
  });

  it('shows the title display-safe, domain, year, credibility with its basis, and factors in a disclosure', () => {
    renderWithQueries(<SearchResult citation={citation({ title: 'Report\u202Egnp.exe' })} />);
    const card = screen.getByTestId('search-result');
    expect(within(card).getByRole('heading').textContent).toBe('Reportgnp.exe');
    expect(screen.getByTestId('result-domain').textContent).toBe('ons.gov.uk');
    expect(screen.getByTestId('result-year').textContent).toContain('2024');
    expect(screen.getByTestId('result-credibility').textContent).toMatch(
      /90 of 100 \(estimated .*not measured\)/,
    );
    const factors = screen.getByTestId('ranking-factors');
    expect(factors.closest('details')).not.toBeNull();
    expect(factors.textContent).toContain('Relevance to the query100 of 100');
  });
});

describe('what a credibility score is made of', () => {
  it('says it in words: a document added without an address is scored for an unknown publisher', async () => {
    const user = userEvent.setup();
    renderWithQueries(
      <SearchResult
        citation={citation({
          title: 'County budget 2023',
          author: 'local',
          url: 'evidence://sv_1',
          credibility_score: 40,
          ranking_factors: { source_authority: 40, content_relevance: 100, recency: 0 },
          source_metadata: {
            domain: 'local',
            domain_category: 'other',
            is_primary_source: false,
            is_fact_check_site: false,
          },
          publication_year: undefined,
        })}
      />,
    );
    expect(screen.getByTestId('result-year').textContent).toContain('year unknown');
    await user.click(screen.getByText('What the credibility score is made of'));
    const parts = screen.getByRole('list', { name: 'What the credibility score is made of' });
    const lines = within(parts)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines[0]).toBe(
      '40 for the publisher: added without a web address, so its publisher is not known.',
    );
    expect(lines[1]).toContain('not registered as a primary source (+10 when it is)');
    await user.click(screen.getByText(/^Why it ranks/));
    expect(screen.getByTestId('ranking-factors').textContent).toContain(
      '0 of 100 (no publication year is known)',
    );
  });

  it('adds a primary source’s and a fact-check site’s parts, and guesses no make-up that does not add up', () => {
    const metadata = {
      domain: 'fullfact.org',
      domain_category: 'organization' as const,
      is_primary_source: true,
      is_fact_check_site: true,
    };
    const { unmount } = renderWithQueries(
      <SearchResult
        citation={citation({
          credibility_score: 75,
          ranking_factors: { source_authority: 60, content_relevance: 100, recency: 80 },
          source_metadata: metadata,
        })}
      />,
    );
    const parts = screen.getByRole('list', { name: 'What the credibility score is made of', hidden: true });
    expect(parts.textContent).toContain('60 for the publisher: fullfact.org');
    expect(parts.textContent).toContain('+10: registered as a primary source.');
    expect(parts.textContent).toContain('+5: a fact-checking site.');
    unmount();

    // A score its parts do not make (another service's heuristic): said to be unexplained.
    renderWithQueries(
      <SearchResult
        citation={citation({
          credibility_score: 83,
          ranking_factors: { source_authority: 60, content_relevance: 100, recency: 80 },
          source_metadata: metadata,
        })}
      />,
    );
    expect(
      screen.queryByRole('list', { name: 'What the credibility score is made of', hidden: true }),
    ).toBeNull();
    expect(screen.getByTestId('credibility-unexplained').textContent).toContain('does not say');
  });
});

describe('filters', () => {
  it('keeps an explicit false for primary sources, and true; "any" sends no filter', () => {
    expect(filtersOf({ ...EMPTY_FILTERS, primary: 'not_primary' })).toEqual({
      ok: true,
      filters: { is_primary_source: false },
    });
    expect(filtersOf({ ...EMPTY_FILTERS, primary: 'primary' })).toEqual({
      ok: true,
      filters: { is_primary_source: true },
    });
    expect(filtersOf(EMPTY_FILTERS)).toEqual({ ok: true, filters: undefined });
  });

  it('year range: four-digit years, bounds inclusive and optional, from no later than to', () => {
    expect(filtersOf({ ...EMPTY_FILTERS, yearFrom: '2020', yearTo: '2020' })).toEqual({
      ok: true,
      filters: { publication_year: { from: 2020, to: 2020 } },
    });
    expect(filtersOf({ ...EMPTY_FILTERS, yearTo: '2019' })).toEqual({
      ok: true,
      filters: { publication_year: { to: 2019 } },
    });
    const reversed = filtersOf({ ...EMPTY_FILTERS, yearFrom: '2021', yearTo: '2019' });
    expect(reversed.ok).toBe(false);
    if (!reversed.ok) expect(reversed.problems).toEqual([expect.objectContaining({ field: 'yearTo' })]);
    for (const bad of ['21', '20211', '0999', 'abcd'])
      expect(filtersOf({ ...EMPTY_FILTERS, yearFrom: bad }).ok).toBe(false);
  });

  it('source types and domains as written; the request trims the query', () => {
    expect(
      searchRequestOf('  jobs ', {
        ...EMPTY_FILTERS,
        sourceTypes: ['Dataset'],
        domains: 'gov.uk, www.bbc.co.uk\nons.gov.uk',
      }),
    ).toEqual({
      ok: true,
      request: {
        query: 'jobs',
        limit: 20,
        filters: { source_type: ['Dataset'], domain: ['gov.uk', 'www.bbc.co.uk', 'ons.gov.uk'] },
      },
    });
  });

  it('sends an explicit false through the panel, and says what to fix for a reversed year range', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['search.query'] = () => responseOf([citation()]);
    useWorkbenchUi.getState().openOverlay('search');
    renderWithQueries(<SearchPanel />);
    await user.type(screen.getByTestId('search-query'), 'unemployment');
    await user.click(screen.getByTestId('toggle-search-filters'));
    await user.selectOptions(screen.getByLabelText('Primary sources'), 'not_primary');
    await waitFor(() =>
      expect(bridgeStub.calls.at(-1)?.input).toEqual({
        query: 'unemployment',
        limit: 20,
        filters: { is_primary_source: false },
      }),
    );
    const calls = bridgeStub.calls.length;
    await user.type(screen.getByLabelText('From year'), '2022');
    await user.type(screen.getByLabelText('To year'), '2020');
    expect(await screen.findByTestId('search-filter-problem')).toHaveProperty(
      'textContent',
      expect.stringContaining('swap them'),
    );
    expect(screen.getByLabelText('To year').getAttribute('aria-invalid')).toBe('true');
    // Nothing was sent with the reversed range.
    expect(
      bridgeStub.calls.slice(calls).some((c) => JSON.stringify(c.input).includes('"from":2022,"to":2020')),
    ).toBe(false);
  });
});

describe('the panel', () => {
  it('opens with Ctrl+K, focuses the query, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderWithQueries(
      <>
        <button type="button">Before</button>
        <SearchPanel />
      </>,
    );
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Search your evidence' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('search-query'));
    // Pressing it again does not close it (open only).
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('collapses a domain group to its primary with the mirrors listed, and shows the stance as given', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['search.query'] = () =>
      responseOf([
        citation(),
        citation({
          id: 'cit_2',
          rank: 2,
          title: 'Mirror copy',
          is_group_primary: false,
          source_unit_id: 'u2',
        }),
        citation({
          id: 'cit_3',
          rank: 3,
          title: 'Other domain',
          group_id: 'grp_2',
          source_metadata: { ...citation().source_metadata!, domain: 'bbc.co.uk', domain_category: 'news' },
        }),
      ]);
    useWorkbenchUi.getState().openOverlay('search');
    renderWithQueries(<SearchPanel />);
    await user.type(screen.getByTestId('search-query'), 'unemployment');
    const results = await screen.findAllByTestId('search-result');
    expect(results.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Labour market overview',
      'Other domain',
    ]);
    expect(within(results[0]!).getByTestId('result-mirrors').textContent).toContain('Mirror copy');
    const stance = screen.getByTestId('search-stance').textContent ?? '';
    expect(stance).toContain('unverifiable');
    expect(stance).not.toMatch(/\b(true|false|verified|supported)\b/i);
  });

  it('says what to do when nothing is found, with a way to clear the filters', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['search.query'] = () => responseOf([]);
    useWorkbenchUi.getState().openOverlay('search');
    renderWithQueries(<SearchPanel />);
    await user.type(screen.getByTestId('search-query'), 'zebra');
    await user.click(screen.getByTestId('toggle-search-filters'));
    await user.type(screen.getByLabelText('Domains'), 'gov.uk');
    const empty = await screen.findByTestId('search-empty');
    await waitFor(() => expect(empty.textContent).toContain('with these filters'));
    expect(empty.textContent).toMatch(/Try fewer or other words/);
    await user.click(within(empty).getByRole('button', { name: 'Clear the filters' }));
    expect((screen.getByLabelText('Domains') as HTMLInputElement).value).toBe('');
  });

  it('says a query without words has nothing to search, without asking the service', async () => {
    const user = userEvent.setup();
    useWorkbenchUi.getState().openOverlay('search');
    renderWithQueries(<SearchPanel />);
    await user.type(screen.getByTestId('search-query'), '*** ---');
    expect((await screen.findByTestId('search-no-words')).textContent).toMatch(/Type a word or a number/);
    expect(bridgeStub.calls.filter((c) => c.channel === 'search.query')).toEqual([]);
  });

  it('says so when the service finds no words in the query', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['search.query'] = () => {
      throw new BridgeRefusal('invalid_request', 'the query holds no word to search for', {
        serviceCode: 'query_without_words',
        fields: ['query'],
      });
    };
    useWorkbenchUi.getState().openOverlay('search');
    renderWithQueries(<SearchPanel />);
    await user.type(screen.getByTestId('search-query'), 'AND');
    expect((await screen.findByTestId('search-refused')).textContent).toMatch(/no words to search for/);
  });

  it('names a refused domain filter, marks it and offers to clear the filters', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['search.query'] = () => {
      throw new BridgeRefusal('invalid_request', 'a domain filter entry is not a domain name', {
        serviceCode: 'invalid_request',
        fields: ['filters.domain.1'],
      });
    };
    useWorkbenchUi.getState().openOverlay('search');
    renderWithQueries(<SearchPanel />);
    await user.type(screen.getByTestId('search-query'), 'jobs');
    await user.click(screen.getByTestId('toggle-search-filters'));
    await user.type(screen.getByLabelText('Domains'), 'gov.uk, https://bbc.co.uk/news');
    const refused = await screen.findByTestId('search-refused');
    await waitFor(() =>
      expect(refused.textContent).toContain('“https://bbc.co.uk/news” is not a domain name'),
    );
    expect(refused.textContent).toMatch(/Fix the marked filter or clear it/);
    expect(screen.getByLabelText('Domains').getAttribute('aria-invalid')).toBe('true');
  });
});
