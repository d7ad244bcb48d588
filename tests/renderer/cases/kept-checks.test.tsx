// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import {
  caseSummary,
  type Case,
  type CaseSaveInput,
  type CaseSummary,
  type KeptCheck,
} from '../../../shared/bridge';
import { CasesPanel } from '../../../renderer/src/cases/CasesPanel';
import { CheckColumn } from '../../../renderer/src/check/CheckColumn';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import {
  BridgeRefusal,
  bridgeStub,
  CASE_ID,
  checkedCase,
  ESCALATE,
  PICKED_A,
  PICKED_B,
  REF_A,
  REF_B,
  renderWithQueries,
  SUPPORTED,
  useComponentTestSetup,
} from '../check/fixtures';

// A case keeps many checks: the current one (with the person's judgments) is kept and the next claim
// starts; kept checks are listed with the service's outcome in words and the person's judgments as
// theirs, and removed only after a question. The case's notes are saved with the case as it is.

useComponentTestSetup();

const KEPT_SUPPORTED: KeptCheck = {
  id: 'check_aaaaaaaa1111',
  claim: 'Revenue rose 12% in 2024',
  operands: [REF_A, REF_B],
  check: SUPPORTED,
  judgments: [],
  keptAt: '2026-11-20T10:10:00.000Z',
};

const KEPT_ESCALATED: KeptCheck = {
  id: 'check_bbbbbbbb2222',
  claim: 'Profit doubled over the period',
  operands: [REF_A, REF_B],
  check: ESCALATE,
  judgments: [
    {
      facet: 'period',
      holds: true,
      note: 'Both columns are calendar years.',
      at: '2026-11-20T10:12:00.000Z',
    },
  ],
  keptAt: '2026-11-20T10:15:00.000Z',
};

/** A stand-in case store behind the bridge, with keepCheck, unkeep and save as the main process does them. */
function serveCase(initial: Case) {
  const state = { stored: initial, saves: [] as CaseSaveInput[] };
  bridgeStub.handlers['cases.get'] = () => state.stored;
  // As the main process sums a case up.
  bridgeStub.handlers['cases.list'] = (): CaseSummary[] => [caseSummary(state.stored)];
  bridgeStub.handlers['cases.keepCheck'] = () => {
    const { stored } = state;
    if (stored.check === null) throw new BridgeRefusal('not_checked', 'The claim has not been checked.');
    const kept: KeptCheck = {
      id: 'check_cccccccc3333',
      claim: stored.claim,
      operands: stored.operands,
      check: stored.check,
      judgments: stored.judgments,
      keptAt: '2026-11-20T11:00:00.000Z',
    };
    state.stored = {
      ...stored,
      kept: [...(stored.kept ?? []), kept],
      operands: [],
      check: null,
      judgments: [],
    };
    return state.stored;
  };
  bridgeStub.handlers['cases.unkeep'] = (input) => {
    const { checkId } = input as { checkId: string };
    state.stored = { ...state.stored, kept: (state.stored.kept ?? []).filter((k) => k.id !== checkId) };
    return state.stored;
  };
  bridgeStub.handlers['cases.save'] = (input) => {
    const save = input as CaseSaveInput;
    state.saves.push(save);
    state.stored = { ...state.stored, notes: save.notes ?? state.stored.notes };
    return state.stored;
  };
  act(() => {
    const ui = useWorkbenchUi.getState();
    ui.setActiveCase(initial.id);
    ui.setClaimDraft(initial.claim);
    ui.pickOperand('A', PICKED_A);
    ui.pickOperand('B', PICKED_B);
  });
  return state;
}

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('checks kept in a case', () => {
  it('keeps the current check with its judgments, and the figures and the claim for the next one', async () => {
    const user = userEvent.setup();
    const state = serveCase(
      checkedCase(ESCALATE, {
        judgments: [KEPT_ESCALATED.judgments[0]!],
      }),
    );
    renderWithQueries(<CheckColumn />);
    const keep = await screen.findByRole('button', { name: 'Keep this check and check another claim' });
    // One facet left to the person is still unjudged: said before keeping.
    expect(screen.getByTestId('keep-check').textContent).toContain('Not judged yet: same entity');
    await user.click(keep);

    const list = await screen.findByTestId('kept-checks');
    expect(within(list).getByRole('heading').textContent).toBe('Checks kept in this case (1)');
    const [item] = within(list).getAllByTestId('kept-check');
    expect(within(item!).getByTestId('kept-check-claim').textContent).toContain('Revenue rose 12% in 2024');
    const badge = within(item!).getByTestId('outcome-badge');
    expect(badge.textContent).toBe('Needs a person’s judgment');
    expect(badge.dataset['tone']).toBe('warning');
    expect(within(item!).getByTestId('person-judgment').textContent).toContain('Your judgment:');
    expect(within(item!).getByTestId('kept-check-unjudged').textContent).toContain('same entity');
    expect(item!.textContent).toContain('Kept');

    expect(state.stored.kept).toHaveLength(1);
    const ui = useWorkbenchUi.getState();
    // Another claim is often checked over the same figures: the tray keeps them.
    expect(ui.operands).toEqual({ A: PICKED_A, B: PICKED_B });
    expect(screen.getByRole('region', { name: 'Figure 1' }).textContent).toContain(PICKED_A.figure.raw);
    expect(screen.getByRole('region', { name: 'Figure 2' }).textContent).toContain(PICKED_B.figure.raw);
    expect(ui.claimDraft).toBe('Revenue rose 12% in 2024');
    expect(screen.getByTestId('result-unchecked').textContent).toContain('One check is kept in this case');
    expect(screen.queryByRole('button', { name: /^Keep this check/ })).toBeNull();
  });

  it('never draws an unresolved kept check as success, and labels judgments as the person’s', async () => {
    serveCase(checkedCase(null, { kept: [KEPT_SUPPORTED, KEPT_ESCALATED] }));
    const { container } = renderWithQueries(<CheckColumn />);
    const items = await screen.findAllByTestId('kept-check');
    expect(items.map((i) => within(i).getByTestId('outcome-badge').dataset['tone'])).toEqual([
      'success',
      'warning',
    ]);
    expect(within(items[0]!).queryByTestId('person-judgment')).toBeNull();
    const theirs = within(items[1]!).getByRole('list', { name: 'Your judgments on check 2' });
    expect(within(theirs).getByTestId('person-judgment').textContent).toMatch(
      /^Your judgment: same period — yes\./,
    );
    expect(await violations(container)).toEqual([]);
  });

  it('says why a check was not kept', async () => {
    const user = userEvent.setup();
    serveCase(checkedCase(SUPPORTED));
    bridgeStub.handlers['cases.keepCheck'] = () => {
      throw new BridgeRefusal('not_checked', 'The claim has not been checked.');
    };
    renderWithQueries(<CheckColumn />);
    await user.click(await screen.findByRole('button', { name: /^Keep this check/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The check was not kept: this claim has not been checked yet',
    );
  });

  it('removes a kept check only after the question is answered', async () => {
    const user = userEvent.setup();
    const state = serveCase(checkedCase(null, { kept: [KEPT_SUPPORTED, KEPT_ESCALATED] }));
    renderWithQueries(<CheckColumn />);
    await screen.findAllByTestId('kept-check');
    await user.click(screen.getByRole('button', { name: /^Remove check 1:/ }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove this kept check?' });
    expect(dialog.textContent).toContain('This cannot be undone');
    expect(await violations(dialog)).toEqual([]);
    // Escape, then "Keep it": nothing removed.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bridgeStub.calls.some((c) => c.channel === 'cases.unkeep')).toBe(false);

    await user.click(screen.getByRole('button', { name: /^Remove check 1:/ }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove this kept check?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove check' }));
    await waitFor(() => expect(screen.getAllByTestId('kept-check')).toHaveLength(1));
    expect(bridgeStub.calls.find((c) => c.channel === 'cases.unkeep')?.input).toEqual({
      id: CASE_ID,
      checkId: KEPT_SUPPORTED.id,
    });
    expect(state.stored.kept?.map((k) => k.id)).toEqual([KEPT_ESCALATED.id]);
    expect(screen.getByTestId('kept-checks').querySelector('h3')?.textContent).toBe(
      'Checks kept in this case (1)',
    );
  });

  it('shows the number of checks of each case in the list, and how many are unresolved', async () => {
    serveCase(checkedCase(SUPPORTED, { kept: [KEPT_SUPPORTED, KEPT_ESCALATED] }));
    renderWithQueries(<CasesPanel />);
    const item = await screen.findByTestId('case-item');
    await waitFor(() =>
      expect(within(item).getByTestId('case-checks').textContent).toBe(
        '⚠ 3 checks (2 kept): 2 settled by the service, 1 unresolved',
      ),
    );
    expect(item.textContent).toContain('Latest check:');
  });

  it('selects several cases for one report', async () => {
    const user = userEvent.setup();
    serveCase(checkedCase(SUPPORTED));
    renderWithQueries(<CasesPanel />);
    await user.click(await screen.findByRole('checkbox', { name: /^Select “Revenue rose 12% in 2024”/ }));
    expect(screen.getByTestId('cases-selection').textContent).toContain('1 case selected');
    await user.click(screen.getByRole('button', { name: 'Export selected…' }));
    expect(useWorkbenchUi.getState().overlay).toBe('export');
    expect(useWorkbenchUi.getState().reportCaseIds).toEqual([CASE_ID]);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('cases-selection')).toBeNull();
  });
});

describe('the case’s notes', () => {
  it('saves the notes when the field is left, with the case’s title, claim and figures as stored', async () => {
    const user = userEvent.setup();
    const state = serveCase(checkedCase(SUPPORTED));
    // The claim being typed is not the saved one: saving notes must not send it (that would clear the check).
    act(() => useWorkbenchUi.getState().setClaimDraft('A claim being edited'));
    renderWithQueries(<CheckColumn />);
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'Called the press office on Monday.');
    expect(screen.getByTestId('case-notes-state').textContent).toBe('Not saved yet');
    await user.tab();
    await waitFor(() => expect(screen.getByTestId('case-notes-state').textContent).toBe('Saved'));
    expect(state.saves).toEqual([
      {
        id: CASE_ID,
        title: 'Revenue rose 12% in 2024',
        claim: 'Revenue rose 12% in 2024',
        operands: [REF_A, REF_B],
        notes: 'Called the press office on Monday.',
      },
    ]);
    // Leaving it again unchanged saves nothing more.
    await user.click(notes);
    await user.tab();
    expect(state.saves).toHaveLength(1);
  });

  it('saves with the button too, counts near the limit and refuses notes over it', async () => {
    const user = userEvent.setup();
    const state = serveCase(checkedCase(SUPPORTED, { notes: 'Earlier note.' }));
    renderWithQueries(<CheckColumn />);
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect((notes as HTMLTextAreaElement).value).toBe('Earlier note.');
    expect(screen.queryByTestId('case-notes-count')).toBeNull();
    fireEvent.change(notes, { target: { value: 'x'.repeat(19_000) } });
    expect(screen.getByTestId('case-notes-count').textContent).toBe('19,000 / 20,000 characters');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(state.saves).toHaveLength(1));
    fireEvent.change(notes, { target: { value: 'x'.repeat(20_001) } });
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('case-notes-state').textContent).toContain('1 character over the limit');
    expect((screen.getByRole('button', { name: 'Save notes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.blur(notes);
    expect(state.saves).toHaveLength(1);
  });

  it('says when the notes were not saved', async () => {
    const user = userEvent.setup();
    serveCase(checkedCase(SUPPORTED));
    bridgeStub.handlers['cases.save'] = () => {
      throw new BridgeRefusal('case_unwritable', 'The cases folder is read-only.');
    };
    renderWithQueries(<CheckColumn />);
    await user.type(await screen.findByRole('textbox', { name: 'Notes' }), 'A note');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not saved: The cases folder is read-only.');
  });
});
