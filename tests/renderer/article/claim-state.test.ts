import { describe, expect, it } from 'vitest';
import { claimState, claimStateWords } from '../../../renderer/src/article/claim-state';
import { checkedCase, CONTRADICTED, ESCALATE, NOT_APPLICABLE, REF_B, SUPPORTED } from '../check/fixtures';

// Where a claim stands: its candidates until it is checked, then its newest check in the article's case
// (the one being worked on, else the last kept) with the person's verdict, unresolved never as success.

const span = { start: 0, end: 49 };
const found = (count: number) => ({ status: 'success' as const, count, error: null });
const kept = (check = SUPPORTED, verdict?: 'false') => ({
  id: 'check_0123456789',
  claim: 'Texas ran 56,941 handgun checks.',
  operands: [REF_B],
  check,
  judgments: [],
  keptAt: '2026-11-20T10:06:00.000Z',
  claimSpan: span,
  ...(verdict ? { verdict: { verdict, note: null, at: '2026-11-20T10:07:00.000Z', author: null } } : {}),
});

describe('claimState', () => {
  it('counts candidates, or says there is none, before a check', () => {
    expect(claimStateWords(claimState(null, { span }, found(0)))).toBe('No candidate in your library');
    expect(claimStateWords(claimState(null, { span }, found(3)))).toBe('3 candidates');
    expect(claimState(null, { span }, { status: 'pending', count: 0, error: null })).toEqual({
      kind: 'looking',
    });
  });

  it('shows the kept check and the person’s verdict beside the service’s outcome', () => {
    const theCase = checkedCase(null, { kept: [kept(ESCALATE, 'false')] });
    expect(claimStateWords(claimState(theCase, { span }, found(1)))).toBe(
      'Checked: Needs a person’s judgment · Your verdict: False',
    );
  });

  it('shows the check being worked on before the kept one, as not kept yet', () => {
    const theCase = checkedCase(CONTRADICTED, { claimSpan: span, kept: [kept()] });
    expect(claimStateWords(claimState(theCase, { span }, found(1)))).toBe(
      'Checked: Contradicted by the figures (not kept yet)',
    );
  });

  it('never reads a not-checkable answer as checked true', () => {
    const theCase = checkedCase(NOT_APPLICABLE, { claimSpan: span });
    expect(claimState(theCase, { span }, found(1))).toMatchObject({
      kind: 'checked',
      outcome: 'not_applicable',
    });
  });

  it('leaves a claim at another place in the article to its own checks', () => {
    const theCase = checkedCase(SUPPORTED, { claimSpan: { start: 50, end: 80 } });
    expect(claimState(theCase, { span }, found(2))).toEqual({ kind: 'candidates', count: 2 });
  });
});
