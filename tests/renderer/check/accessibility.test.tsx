// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../../shared/bridge';
import { CasesPanel } from '../../../renderer/src/cases/CasesPanel';
import { CheckColumn } from '../../../renderer/src/check/CheckColumn';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import {
  bridgeStub,
  CASE_ID,
  checkedCase,
  ESCALATE,
  PICKED_A,
  PICKED_B,
  renderWithQueries,
  useComponentTestSetup,
} from './fixtures';

// Every control of the check column and the cases list has an accessible name, and axe finds no
// violation (colour contrast is left to the browser journeys: jsdom does not lay out or paint).

useComponentTestSetup();

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of the check column and the cases', () => {
  it('has no axe violations when empty', async () => {
    bridgeStub.handlers['cases.list'] = () => [];
    const { container } = renderWithQueries(
      <>
        <CasesPanel />
        <CheckColumn />
      </>,
    );
    await screen.findByTestId('cases-empty');
    expect(await violations(container)).toEqual([]);
  });

  it('has no axe violations with figures, an escalated result and judgment forms', async () => {
    bridgeStub.handlers['cases.list'] = (): CaseSummary[] => [
      {
        id: CASE_ID,
        title: 'Revenue rose 12% in 2024',
        updatedAt: '2026-11-20T10:05:00.000Z',
        outcome: 'escalate',
        checks: { total: 1, kept: 0, settledByService: 0, byVerdict: 0, unresolved: 1 },
      },
    ];
    bridgeStub.handlers['cases.get'] = () => checkedCase(ESCALATE);
    act(() => {
      const ui = useWorkbenchUi.getState();
      ui.setActiveCase(CASE_ID);
      ui.setClaimDraft('Revenue rose 12% in 2024');
      ui.pickOperand('A', PICKED_A);
      ui.pickOperand('B', PICKED_B);
    });
    const { container } = renderWithQueries(
      <>
        <CasesPanel />
        <CheckColumn />
      </>,
    );
    await screen.findByTestId('judgments');
    await screen.findAllByTestId('case-item');
    expect(await violations(container)).toEqual([]);
    for (const control of container.querySelectorAll('button, textarea, input')) {
      const named =
        control.getAttribute('aria-label') ??
        (control.id ? container.querySelector(`label[for="${control.id}"]`)?.textContent : null) ??
        control.closest('label')?.textContent ??
        control.textContent;
      expect(named?.trim(), control.outerHTML).toBeTruthy();
    }
  });
});
