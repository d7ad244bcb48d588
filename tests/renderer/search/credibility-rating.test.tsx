// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Citation } from '../../../shared/api';
import type { AnnotateInput, DocumentAnnotation } from '../../../shared/bridge';
import { SearchResult } from '../../../renderer/src/search/SearchResult';
import { bridgeStub, renderWithQueries, useComponentTestSetup } from '../check/fixtures';

// A result's credibility with its reasons (each part and what it added, and the year when none is known,
// with how to give it), and the person's own rating: set as a number or a level with a reason, refused
// clearly when it is not 0 to 100, shown as theirs beside the service's estimate, and cleared.

useComponentTestSetup();

/** The local government PDF of the report: added without an address, no year, scored 40. */
const cityBudget: Citation = {
  id: 'cit_unit_1',
  title: 'City budget 2023–24',
  url: 'evidence://sv_city',
  snippet: 'General fund expenditure',
  author: 'local',
  status: 'retained',
  credibility_score: 40,
  credibility_basis: 'heuristic',
  rank: 1,
  ranking_factors: { source_authority: 40, content_relevance: 100, recency: 0 },
  source_metadata: {
    domain: 'local',
    domain_category: 'other',
    is_primary_source: false,
    is_fact_check_site: false,
  },
  highlight_ranges: [],
  source_version_id: 'sv_city',
  representation_id: 'rep_city',
  source_unit_id: 'unit_1',
};

const rated: DocumentAnnotation = {
  credibility: { score: 80, reason: 'the city’s own budget office', setAt: '2026-06-01T10:00:00.000Z' },
  year: null,
};

function stubAnnotate(): AnnotateInput[] {
  const sent: AnnotateInput[] = [];
  bridgeStub.handlers['library.annotate'] = (input) => {
    sent.push(input as AnnotateInput);
    const { credibility, year } = input as AnnotateInput;
    return {
      credibility: credibility
        ? { score: credibility.score, reason: credibility.reason ?? null, setAt: '2026-06-01T10:00:00.000Z' }
        : null,
      year: year ?? null,
    };
  };
  return sent;
}

describe('why a result has its credibility', () => {
  it('lists each part and what it added, and says the year is unknown and how to give it', async () => {
    const user = userEvent.setup();
    renderWithQueries(<SearchResult citation={cityBudget} />);
    expect(screen.getByTestId('result-credibility').textContent).toBe(
      'Credibility 40 of 100 (estimated from the publisher’s kind of domain, not measured)',
    );
    await user.click(screen.getByText('What the credibility score is made of'));
    const lines = within(screen.getByRole('list', { name: 'What the credibility score is made of' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      '40 for the publisher: added without a web address, so its publisher is not known.',
      '+0: not registered as a primary source (+10 when it is).',
      expect.stringMatching(
        /^\+0: year unknown\..*recency 0 of 100.*Give the document’s year under “Your own rating”/,
      ),
      'It says nothing of this document’s own accuracy, its year or its contents.',
    ]);
  });
});

describe('the person’s own rating', () => {
  it('is set with a level and a reason, by keyboard, and sent to be kept with the document', async () => {
    const user = userEvent.setup();
    const sent = stubAnnotate();
    renderWithQueries(<SearchResult citation={cityBudget} />);
    const summary = screen.getByText('Your own rating');
    summary.focus();
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'Your own credibility rating' });
    await user.click(within(form).getByRole('button', { name: 'High (80)' }));
    expect(within(form).getByRole('textbox', { name: 'Rating, 0 to 100' })).toHaveProperty('value', '80');
    await user.type(
      within(form).getByRole('textbox', { name: 'Why (optional)' }),
      'the city’s own budget office',
    );
    await user.type(within(form).getByRole('textbox', { name: /The document’s year/ }), '2023');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('rating-saved').textContent).toContain('80 of 100'));
    expect(sent).toEqual([
      {
        sourceVersionId: 'sv_city',
        credibility: { score: 80, reason: 'the city’s own budget office' },
        year: 2023,
      },
    ]);
  });

  it('refuses 140 and “abc” with a clear error beside the field, sending nothing', async () => {
    const user = userEvent.setup();
    const sent = stubAnnotate();
    renderWithQueries(<SearchResult citation={cityBudget} />);
    await user.click(screen.getByText('Your own rating'));
    const field = screen.getByRole('textbox', { name: 'Rating, 0 to 100' });
    for (const [typed, words] of [
      ['140', '140 is outside the scale: a rating runs from 0 to 100.'],
      ['abc', '“abc” is not a number: type a whole number from 0 to 100.'],
    ] as const) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe(words);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    }
    expect(sent).toEqual([]);
  });

  it('is shown as theirs beside the service’s estimate, counted in the ranking, and can be cleared', async () => {
    const user = userEvent.setup();
    const sent = stubAnnotate();
    renderWithQueries(<SearchResult citation={cityBudget} annotation={rated} />);
    const shown = screen.getByTestId('result-credibility');
    expect(shown.textContent).toBe('Credibility 80 of 100, set by you: the city’s own budget office');
    expect(shown.dataset['setBy']).toBe('person');
    expect(screen.getByTestId('service-credibility').textContent).toMatch(/service’s estimate: 40 of 100/);
    expect(screen.getByTestId('ranking-factors').textContent).toContain(
      'Your rating80 of 100 (in place of the publisher authority)',
    );
    await user.click(screen.getByText('Your own rating: 80 of 100'));
    await user.click(screen.getByRole('button', { name: 'Clear my rating' }));
    await waitFor(() => expect(screen.getByTestId('rating-saved').textContent).toContain('cleared'));
    expect(sent).toEqual([{ sourceVersionId: 'sv_city', credibility: null }]);
  });

  it('shows a year the person gave as theirs, counted for recency', () => {
    renderWithQueries(<SearchResult citation={cityBudget} annotation={{ credibility: null, year: 2026 }} />);
    expect(screen.getByTestId('result-year').textContent).toContain('2026 (given by you)');
    expect(screen.getByTestId('ranking-factors').textContent).toMatch(
      /Recency\d+ of 100 \(from the year you gave\)/,
    );
  });

  it('is not offered for a result outside the library', () => {
    const { source_version_id: _sv, source_unit_id: _u, ...remote } = cityBudget;
    renderWithQueries(<SearchResult citation={remote} />);
    expect(screen.queryByTestId('credibility-rating')).toBeNull();
  });
});
