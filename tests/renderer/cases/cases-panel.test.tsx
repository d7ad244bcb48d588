// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../../shared/bridge';
import { CasesPanel } from '../../../renderer/src/cases/CasesPanel';
import { CheckColumn } from '../../../renderer/src/check/CheckColumn';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import {
  BridgeRefusal,
  bridgeStub,
  CASE_ID,
  checkedCase,
  ESCALATE,
  libraryEntryOf,
  OTHER_CASE_ID,
  PICKED_A,
  PICKED_B,
  renderWithQueries,
  representationOf,
  useComponentTestSetup,
} from '../check/fixtures';

// The cases in the sidebar: newest first with their outcomes; selecting one puts it back exactly as it
// was left (claim, figures, result, document); deleting asks first.

useComponentTestSetup();

const SUMMARIES: CaseSummary[] = [
  {
    id: OTHER_CASE_ID,
    title: 'Older claim, never checked',
    updatedAt: '2026-11-18T08:00:00.000Z',
    outcome: null,
    checks: { total: 0, kept: 0, settledByService: 0, byVerdict: 0, unresolved: 0 },
  },
  {
    id: CASE_ID,
    title: 'Revenue rose 12% in 2024',
    updatedAt: '2026-11-20T10:05:00.000Z',
    outcome: 'escalate',
    checks: { total: 1, kept: 0, settledByService: 0, byVerdict: 0, unresolved: 1 },
  },
];

function serveWorkbench() {
  bridgeStub.handlers['cases.list'] = () => SUMMARIES;
  bridgeStub.handlers['cases.get'] = () => checkedCase(ESCALATE);
  bridgeStub.handlers['library.list'] = () => [
    libraryEntryOf(PICKED_A, 'Annual report 2023'),
    libraryEntryOf(PICKED_B, 'Results 2024'),
  ];
  bridgeStub.handlers['documents.get'] = (input) => {
    const { representationId } = input as { representationId: string };
    if (representationId === PICKED_A.ref.representation_id) return representationOf(PICKED_A);
    if (representationId === PICKED_B.ref.representation_id) return representationOf(PICKED_B);
    throw new BridgeRefusal('not_found', `There is no representation ${representationId}.`);
  };
}

describe('CasesPanel', () => {
  it('says so while loading, then lists the cases newest first with their outcome badges', async () => {
    serveWorkbench();
    renderWithQueries(<CasesPanel />);
    expect(screen.getByRole('status').textContent).toContain('Loading your cases');
    const items = await screen.findAllByTestId('case-item');
    expect(items.map((i) => within(i).getByTestId('case-title').textContent)).toEqual([
      'Revenue rose 12% in 2024',
      'Older claim, never checked',
    ]);
    const [first, second] = items.map((i) => within(i).getByTestId('outcome-badge'));
    expect(first?.textContent).toBe('Needs a person’s judgment');
    expect(first?.dataset['tone']).toBe('warning');
    expect(second?.textContent).toBe('Not checked');
    expect(second?.dataset['tone']).not.toBe('success');
  });

  it('shows a latest decision its own answer does not back as not settled; counts unresolved checks', async () => {
    serveWorkbench();
    bridgeStub.handlers['cases.list'] = (): CaseSummary[] => [
      {
        id: CASE_ID,
        title: 'Revenue rose 12% in 2024',
        updatedAt: '2026-11-20T10:05:00.000Z',
        outcome: 'inconsistent',
        checks: { total: 3, kept: 2, settledByService: 1, byVerdict: 0, unresolved: 2 },
      },
    ];
    renderWithQueries(<CasesPanel />);
    const [item] = await screen.findAllByTestId('case-item');
    const badge = within(item!).getByTestId('outcome-badge');
    expect(badge.textContent).not.toMatch(/Supported/);
    expect(badge.dataset['tone']).not.toBe('success');
    expect(within(item!).getByTestId('case-checks').textContent).toBe(
      '⚠ 3 checks (2 kept): 1 settled by the service, 2 unresolved',
    );
  });

  it('says when there are no cases yet', async () => {
    bridgeStub.handlers['cases.list'] = () => [];
    renderWithQueries(<CasesPanel />);
    expect((await screen.findByTestId('cases-empty')).textContent).toContain('No cases yet');
  });

  it('says when the cases cannot be listed, and tries again on request', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['cases.list'] = () => {
      throw new BridgeRefusal('case_unreadable', 'The cases folder cannot be read.');
    };
    renderWithQueries(<CasesPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('The cases folder cannot be read.');
    bridgeStub.handlers['cases.list'] = () => SUMMARIES;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('case-item')).toHaveLength(2);
  });

  it('reopens a case as it was left: claim, figures in the tray, result, and the document at its page', async () => {
    const user = userEvent.setup();
    serveWorkbench();
    renderWithQueries(
      <>
        <CasesPanel />
        <CheckColumn />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: /^Revenue rose 12% in 2024/ }));
    await waitFor(() => expect(useWorkbenchUi.getState().operands.B).not.toBeNull());
    const ui = useWorkbenchUi.getState();
    expect(ui.activeCaseId).toBe(CASE_ID);
    expect(ui.claimDraft).toBe('Revenue rose 12% in 2024');
    expect(ui.operands.A?.ref).toEqual(PICKED_A.ref);
    expect(ui.operands.A?.sourceTitle).toBe('Annual report 2023');
    expect(ui.operands.B?.sheetName).toBe('Revenue');
    expect(ui.openSourceVersionId).toBe(PICKED_A.ref.source_version_id);
    expect(ui.openUnitIndex).toBe(3);
    expect((screen.getByRole('textbox', { name: 'Claim' }) as HTMLTextAreaElement).value).toBe(
      'Revenue rose 12% in 2024',
    );
    expect(screen.getByTestId('operand-raw-A').textContent).toBe('$1,000m');
    expect(screen.getByTestId('operand-where-B').textContent).toBe('sheet “Revenue”, cell C7');
    expect(within(screen.getByTestId('result-card')).getByTestId('outcome-badge').textContent).toBe(
      'Needs a person’s judgment',
    );
    expect(screen.queryByTestId('result-stale')).toBeNull();
    expect(
      screen.getByRole('button', { name: /^Revenue rose 12% in 2024/ }).getAttribute('aria-current'),
    ).toBe('true');
  });

  it('says which figure could not be put back when its document is gone', async () => {
    const user = userEvent.setup();
    serveWorkbench();
    const served = bridgeStub.handlers['documents.get']!;
    bridgeStub.handlers['documents.get'] = (input) => {
      if ((input as { representationId: string }).representationId === PICKED_B.ref.representation_id)
        throw new BridgeRefusal('not_found', 'There is no representation rep_sheet2024.');
      return served(input);
    };
    renderWithQueries(<CasesPanel />);
    await user.click(await screen.findByRole('button', { name: /^Revenue rose 12% in 2024/ }));
    const problems = await screen.findByTestId('case-open-problems');
    expect(problems.textContent).toContain('Figure 2 could not be put back in the tray');
    expect(useWorkbenchUi.getState().operands.A?.ref).toEqual(PICKED_A.ref);
    expect(useWorkbenchUi.getState().operands.B).toBeNull();
  });

  it('asks before deleting a case, and deletes it only when confirmed', async () => {
    const user = userEvent.setup();
    serveWorkbench();
    let deleted: string | null = null;
    bridgeStub.handlers['cases.delete'] = (input) => {
      deleted = (input as { id: string }).id;
      return { deleted: true };
    };
    renderWithQueries(<CasesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Delete case “Older claim, never checked”' }));
    expect(screen.getByText(/This cannot be undone/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(deleted).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete case “Older claim, never checked”' }));
    bridgeStub.handlers['cases.list'] = () => SUMMARIES.filter((s) => s.id !== OTHER_CASE_ID);
    await user.click(screen.getByRole('button', { name: 'Delete case' }));
    await waitFor(() => expect(screen.getAllByTestId('case-item')).toHaveLength(1));
    expect(deleted).toBe(OTHER_CASE_ID);
  });
});
