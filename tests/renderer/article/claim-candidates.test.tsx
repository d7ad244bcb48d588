// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { ClaimCandidate, ListedClaim } from '../../../shared/api';
import { ClaimCandidates, nearWords, relativeWords } from '../../../renderer/src/article/ClaimCandidates';
import { claimState, claimStateWords } from '../../../renderer/src/article/claim-state';
import { checkedCase, CONTRADICTED, texasCandidate, useComponentTestSetup } from '../check/fixtures';

// A near candidate: a figure outside the claim's precision under the labels the claim names, said as what
// it is ("Near: the claim says 60,000; this figure is 56,941 (−5.1%)"), never as a match or a success, and
// checked by the same button as any candidate.

useComponentTestSetup();

const TEXT = 'Texas ran 60,000 handgun checks in November 2015.';
const CLAIM: ListedClaim = {
  order: 0,
  sentence: { start: 0, end: TEXT.length },
  span: { start: 0, end: TEXT.length },
  text: TEXT,
  numbers: [
    {
      raw: '60,000',
      span: { start: 10, end: 16 },
      value: 60000,
      unit: null,
      unitClass: 'none',
      scale: 1,
      precision: 0.5,
      hedge: null,
      bound: null,
    },
  ],
  relation: 'level',
  names: { words: ['Texas', 'handgun', 'checks'], periods: ['November 2015'], relative_period: null },
  problem: null,
  checkability: 0.9,
};

const candidate = (rank: number, raw: string, value: number, near: ClaimCandidate['near']): ClaimCandidate =>
  texasCandidate(raw, value, { rank, figureIndex: rank, score: near === null ? 0.9 : 0.3, near });
// A sheet's cell, written without grouping: said as the claim writes its number.
const NEAR = candidate(1, '56941', 56941, { claim_value: 60000, relative_difference: -0.05098 });
const EXACT = candidate(1, '60,000', 60000, null);

function show(
  candidates: ClaimCandidate[],
  onCheck = vi.fn(),
  theCase = null as ReturnType<typeof checkedCase> | null,
) {
  // In a landmark, as the article view places it.
  render(
    <main>
      <ClaimCandidates
        claim={CLAIM}
        candidates={candidates}
        pending={false}
        failure={null}
        theCase={theCase}
        running={null}
        checkError={null}
        onCheck={onCheck}
        onShow={vi.fn()}
      />
    </main>,
  );
  return screen.getByRole('list', { name: 'Candidates for the claim' });
}

const axeViolations = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (v) => v.id,
  );

describe('a near candidate', () => {
  it('says what it is: the claim’s number, the figure’s, and how far apart, never a match', async () => {
    const onCheck = vi.fn();
    const list = show([NEAR], onCheck);
    const [item] = within(list).getAllByTestId('candidate');
    expect(item?.textContent).toContain('a near figure, not the claim’s number');
    expect(within(item!).getByTestId('candidate-near').textContent).toContain(
      'Near: the claim says 60,000; this figure is 56,941 (\u22125.1%).',
    );
    // Not said as the figures giving the claim's number.
    expect(item?.textContent).not.toContain('The figure reads');
    expect(screen.getByTestId('only-near').textContent).toContain(
      'No figure in your library has this claim’s number',
    );
    // Checked by the same button as any candidate: the check decides.
    await userEvent.click(within(item!).getByRole('button', { name: 'Check with these figures' }));
    expect(onCheck).toHaveBeenCalledWith(NEAR);
    expect(await axeViolations()).toEqual([]);
  });

  it('follows the exact candidates, each said as it is', async () => {
    const list = show([EXACT, { ...NEAR, rank: 2 }]);
    const items = within(list).getAllByTestId('candidate');
    expect(items.map((i) => i.dataset.near ?? 'exact')).toEqual(['exact', 'true']);
    expect(items[0]?.textContent).toContain('The figure reads 60,000.');
    expect(screen.queryByTestId('only-near')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows its check’s outcome as the check says it, a contradiction never as success', async () => {
    const theCase = checkedCase(CONTRADICTED, {
      claimSpan: CLAIM.span,
      operands: NEAR.figures.map((f) => f.ref),
    });
    show([NEAR], vi.fn(), theCase);
    const outcome = screen.getByTestId('candidate-outcome');
    expect(outcome.textContent).toMatch(/Contradicted/);
    expect(outcome.textContent).not.toMatch(/Supported/);
    expect(await axeViolations()).toEqual([]);
  });

  it('words a rise and a fall with their sign', () => {
    expect(relativeWords(-0.05098)).toBe('\u22125.1%');
    expect(relativeWords(0.125)).toBe('+12.5%');
    expect(nearWords(EXACT, CLAIM)).toBeNull();
  });
});

describe('a claim with only near figures', () => {
  it('says so in the list, never as candidates that match', () => {
    const found = { status: 'success' as const, count: 2, near: 2, error: null };
    expect(claimState(null, CLAIM, found)).toEqual({ kind: 'near', count: 2 });
    expect(claimStateWords(claimState(null, CLAIM, found))).toBe(
      'No figure with its number · 2 near figures',
    );
    expect(claimStateWords(claimState(null, CLAIM, { ...found, near: 1 }))).toBe('2 candidates');
  });
});
