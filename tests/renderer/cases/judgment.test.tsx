// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Case, CaseJudgeInput } from '../../../shared/bridge';
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
  SUPPORTED,
  useComponentTestSetup,
} from '../check/fixtures';

// A person settles a facet the service left to them, with a note; the judgment is shown as theirs, set
// apart from the service's result, which it never changes.

useComponentTestSetup();

function openCase(theCase: Case) {
  let stored = theCase;
  bridgeStub.handlers['cases.get'] = () => stored;
  bridgeStub.handlers['cases.list'] = () => [];
  bridgeStub.handlers['cases.judge'] = (input) => {
    const { id: _id, ...judgment } = input as CaseJudgeInput;
    stored = {
      ...stored,
      judgments: [
        ...stored.judgments.filter((j) => j.facet !== judgment.facet),
        { ...judgment, at: '2026-11-20T11:00:00.000Z' },
      ],
    };
    return stored;
  };
  act(() => {
    const ui = useWorkbenchUi.getState();
    ui.setActiveCase(theCase.id);
    ui.setClaimDraft(theCase.claim);
    ui.pickOperand('A', PICKED_A);
    ui.pickOperand('B', PICKED_B);
  });
  return renderWithQueries(<CheckColumn />);
}

describe('the person’s judgments', () => {
  it('offers a judgment for each facet left to a person, and none for facets code decided', async () => {
    openCase(checkedCase(ESCALATE));
    const panel = await screen.findByTestId('judgments');
    expect(within(panel).getByTestId('judgment-period')).toBeTruthy();
    expect(within(panel).getByTestId('judgment-entity')).toBeTruthy();
    expect(within(panel).queryByTestId('judgment-unit')).toBeNull();
    expect(within(panel).getByRole('group', { name: 'Same period?' })).toBeTruthy();
  });

  it('offers no judgment when the service decided everything', async () => {
    openCase(checkedCase(SUPPORTED));
    await screen.findByTestId('result-card');
    expect(screen.queryByTestId('judgments')).toBeNull();
  });

  it('requires an answer and a note before recording', async () => {
    const user = userEvent.setup();
    openCase(checkedCase(ESCALATE));
    const form = await screen.findByTestId('judgment-form-period');
    await user.click(within(form).getByRole('button', { name: 'Record your judgment' }));
    expect(form.textContent).toContain('Choose yes or no.');
    expect(form.textContent).toContain('Write a note saying why');
    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    await user.type(within(form).getByRole('textbox', { name: /Note/ }), '   ');
    await user.click(within(form).getByRole('button', { name: 'Record your judgment' }));
    expect(bridgeStub.calls.some((c) => c.channel === 'cases.judge')).toBe(false);
  });

  it('records yes with a note and shows it as the person’s, apart from the unchanged result', async () => {
    const user = userEvent.setup();
    openCase(checkedCase(ESCALATE));
    const form = await screen.findByTestId('judgment-form-period');
    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    await user.type(
      within(form).getByRole('textbox', { name: /Note/ }),
      'Both columns are fiscal years ending in March.',
    );
    await user.click(within(form).getByRole('button', { name: 'Record your judgment' }));

    const judgment = await screen.findByTestId('person-judgment');
    expect(bridgeStub.calls.find((c) => c.channel === 'cases.judge')?.input).toEqual({
      id: CASE_ID,
      facet: 'period',
      holds: true,
      note: 'Both columns are fiscal years ending in March.',
    });
    expect(judgment.textContent).toContain('Your judgment: same period — yes.');
    expect(judgment.textContent).toContain('Note: Both columns are fiscal years ending in March.');
    // Apart from the service's result, which still says what the service said.
    const card = screen.getByTestId('result-card');
    expect(card.contains(judgment)).toBe(false);
    expect(within(card).getByTestId('outcome-badge').textContent).toBe('Needs a person’s judgment');
    expect(within(card).getByTestId('undecided-facets').textContent).toContain('same period');
    expect(within(screen.getByTestId('facet-period')).getByText('? Left to a person')).toBeTruthy();
    expect(screen.getByTestId('judgments').textContent).toContain('Yours, not the service’s');
  });

  it('shows a "no" and lets the person change it', async () => {
    const user = userEvent.setup();
    openCase(
      checkedCase(ESCALATE, {
        judgments: [
          {
            facet: 'entity',
            holds: false,
            note: 'One row is the group, the other a subsidiary.',
            at: '2026-11-20T10:30:00.000Z',
            author: 'Ana Lima',
          },
        ],
      }),
    );
    const shown = await screen.findByTestId('person-judgment');
    expect(shown.textContent).toContain('Your judgment: same entity — no.');
    // Who made it, as kept with it.
    expect(shown.textContent).toMatch(/Recorded by Ana Lima, \S/);
    await user.click(screen.getByRole('button', { name: 'Change your judgment: Same entity?' }));
    const form = screen.getByTestId('judgment-form-entity');
    const no = within(form).getByRole('radio', { name: 'No' }) as HTMLInputElement;
    expect(no.checked).toBe(true);
    // Keyboard only: focus lands on the current answer; arrows change it; Tab to the button.
    expect(document.activeElement).toBe(no);
    await user.keyboard('{ArrowLeft}');
    expect((within(form).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    within(form).getByRole('button', { name: 'Record your judgment' }).focus();
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('person-judgment')).textContent).toContain('same entity — yes.');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Change your judgment: Same entity?' }),
    );
  });
});
