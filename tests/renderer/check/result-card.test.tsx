// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NumericResponse } from '../../../shared/api';
import { OUTCOME_WORDING } from '../../../renderer/src/check/outcome-wording';
import { ResultCard } from '../../../renderer/src/check/ResultCard';
import {
  CONTRADICTED,
  ESCALATE,
  NOT_APPLICABLE,
  PICKED_A,
  PICKED_B,
  REF_A,
  REF_B,
  SUPPORTED,
  useComponentTestSetup,
} from './fixtures';

// The result card tells the four outcomes apart by colour, icon and words, and never draws an unresolved
// state (escalate, not checkable, no arithmetic, unknown comparability) as success.

useComponentTestSetup();

const PICKED_A_RAW = SUPPORTED.operands[0]!.figure.raw;
const PICKED_B_RAW = SUPPORTED.operands[1]!.figure.raw;

function showCard(response: NumericResponse, claim = 'Revenue rose 12% in 2024') {
  render(
    <ResultCard response={response} claim={claim} sent={[REF_A, REF_B]} picked={[PICKED_A, PICKED_B]} />,
  );
  return screen.getByTestId('result-card');
}

const badge = () => screen.getByTestId('outcome-badge');

describe('ResultCard', () => {
  it('draws supported as success, in words and with an icon', () => {
    showCard(SUPPORTED);
    expect(badge().dataset['tone']).toBe('success');
    expect(badge().textContent).toBe('Supported by the figures');
    expect(badge().querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('arithmetic-line').textContent).toBe(
      '12.0% computed; the claim says 12%, ±0.5 points',
    );
    expect(screen.getByTestId('result-reason').textContent).toContain('every comparability facet passed');
  });

  it('draws contradicted apart from supported: other tone, other icon, other words', () => {
    showCard(CONTRADICTED, 'Revenue rose 20% in 2024');
    expect(badge().dataset['tone']).toBe('danger');
    expect(badge().textContent).toBe('Contradicted by the figures');
    expect(badge().querySelector('path')?.getAttribute('d')).toBe(OUTCOME_WORDING.contradicted.icon);
    expect(OUTCOME_WORDING.contradicted.icon).not.toBe(OUTCOME_WORDING.supported.icon);
    expect(screen.getByTestId('arithmetic-verdict').textContent).toContain('The arithmetic fails');
    expect(screen.getByTestId('arithmetic-line').textContent).toBe(
      '12.0% computed; the claim says 20%, ±0.5 points',
    );
  });

  it('words escalate as needing a person and names each undecided facet', () => {
    showCard(ESCALATE);
    expect(badge().dataset['tone']).not.toBe('success');
    expect(badge().textContent).toBe('Needs a person’s judgment');
    expect(screen.getByTestId('undecided-facets').textContent).toBe(
      'Left to a person: same entity, same period.',
    );
    const period = screen.getByTestId('facet-period');
    expect(within(period).getByText('? Left to a person')).toBeTruthy();
    expect(within(period).getByText('a judge')).toBeTruthy();
    expect(within(screen.getByTestId('facet-unit')).getByText('✓ Passed')).toBeTruthy();
    expect(within(screen.getByTestId('facet-unit')).getByText('code')).toBeTruthy();
  });

  it('shows an unknown comparability verdict as unresolved', () => {
    showCard(ESCALATE);
    const verdict = screen.getByTestId('comparability-verdict');
    expect(verdict.dataset['resolved']).toBe('false');
    expect(verdict.textContent).toContain('Unresolved');
    expect(verdict.textContent).not.toMatch(/^✓/);
  });

  it('words not_applicable as not checkable, with the reason', () => {
    showCard(NOT_APPLICABLE, 'Revenue did well');
    expect(badge().dataset['tone']).toBe('neutral');
    expect(badge().textContent).toBe('Not checkable');
    expect(screen.getByTestId('result-reason').textContent).toBe(NOT_APPLICABLE.reason);
  });

  it('shows null arithmetic as "No arithmetic was possible", never as a pass', () => {
    // Even under an outcome that claims success, no arithmetic is not success.
    showCard({ ...SUPPORTED, arithmetic: null });
    expect(screen.getByTestId('arithmetic-none').textContent).toContain('No arithmetic was possible');
    expect(screen.queryByTestId('arithmetic-verdict')).toBeNull();
    expect(badge().dataset['tone']).not.toBe('success');
    expect(screen.getByTestId('result-card').dataset['outcome']).toBe('inconsistent');
  });

  it('never draws a "supported" whose comparability is unknown as success', () => {
    showCard({ ...SUPPORTED, comparability: ESCALATE.comparability });
    expect(badge().dataset['tone']).toBe('warning');
    expect(badge().textContent).not.toContain('Supported');
  });

  it('says when the claim holds only by rounding', () => {
    showCard({
      ...SUPPORTED,
      arithmetic: { ...SUPPORTED.arithmetic!, computed: 12.4, holds_only_by_rounding: true },
    });
    expect(screen.getByTestId('arithmetic-rounding').textContent).toContain('Holds only by rounding');
    expect(screen.getByTestId('arithmetic-line').textContent).toBe(
      '12.4% computed; the claim says 12%, ±0.5 points',
    );
  });

  it('does not mention rounding when the claim holds exactly', () => {
    showCard(SUPPORTED);
    expect(screen.queryByTestId('arithmetic-rounding')).toBeNull();
  });

  it('warns when the figure the service echoes is not the one picked', () => {
    const echoed = structuredClone(SUPPORTED);
    echoed.operands[1]!.figure.raw = '1,210';
    echoed.operands[1]!.figure.value = 1.21e9;
    showCard(echoed);
    const warning = screen.getByTestId('operand-echo-warning');
    expect(warning.textContent).toContain('other figures than the ones you picked');
    expect(warning.textContent).toContain('Figure 2: the service read “1,210” where you picked “1,120”');
  });

  it('warns when the echoed source differs from the one sent', () => {
    const echoed = structuredClone(SUPPORTED);
    echoed.operands[0]!.source.source_version_id = 'sv_other';
    showCard(echoed);
    expect(screen.getByTestId('operand-echo-warning').textContent).toContain(
      'Figure 1: the service assessed a figure from a different source',
    );
  });

  it('gives no echo warning when the service assessed the figures picked', () => {
    showCard(SUPPORTED);
    expect(screen.queryByTestId('operand-echo-warning')).toBeNull();
  });

  it.each([
    ['supported', SUPPORTED],
    ['contradicted', CONTRADICTED],
    ['escalate', ESCALATE],
    ['not_applicable', NOT_APPLICABLE],
  ] as const)('always shows "Arithmetic only" and the limitation (%s)', (_name, response) => {
    showCard(response);
    const scope = screen.getByTestId('result-scope');
    expect(scope.textContent).toContain('Arithmetic only');
    expect(screen.getByTestId('result-limitation').textContent).toBe(response.limitation);
  });

  it('gives the computed value alone when the claim holds several figures', () => {
    showCard(SUPPORTED, 'Revenue rose from $1.0bn to $1.12bn, up 12%');
    expect(screen.getByTestId('arithmetic-line').textContent).toBe('Computed: 12; tolerance ±0.5');
  });

  it('says a comparison’s computed truth value in words, naming the figures by their labels', () => {
    const comparison: NumericResponse = {
      ...SUPPORTED,
      arithmetic: { verdict: 'holds', computed: 1, tolerance: 0, reason: 'The first is larger: holds.' },
      operands: [
        { ...SUPPORTED.operands[0]!, role: { role: 'subject', words: 'handgun', by: 'claim_words' } },
        { ...SUPPORTED.operands[1]!, role: { role: 'reference', words: 'long gun', by: 'claim_words' } },
      ],
    };
    render(
      <ResultCard
        response={comparison}
        claim="Texas ran more handgun checks than long gun checks"
        sent={[REF_A, REF_B]}
        picked={[PICKED_A, PICKED_B]}
        labels={[
          { row: 'Texas', column: 'Handgun', period: null },
          { row: 'Texas', column: 'Long gun', period: null },
        ]}
      />,
    );
    const line = screen.getByTestId('arithmetic-line').textContent;
    expect(line).toBe(
      `Computed: Texas · Handgun ${PICKED_A_RAW} is more than Texas · Long gun ${PICKED_B_RAW}`,
    );
    expect(line).not.toContain('Computed: 1');
  });
});
