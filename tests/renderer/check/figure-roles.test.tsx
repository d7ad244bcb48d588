// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { Case, CaseAssignRolesInput } from '../../../shared/bridge';
import { CheckColumn } from '../../../renderer/src/check/CheckColumn';
import { ResultCard } from '../../../renderer/src/check/ResultCard';
import { useWorkbenchUi, type PickedOperand } from '../../../renderer/src/ui-store';
import { bridgeStub, CASE_ID, renderWithQueries, useComponentTestSetup } from './fixtures';
import {
  answerRoles,
  BOUND_CLAIM,
  boundResponse,
  CHECKS_REPRESENTATION,
  checksCase,
  HANDGUN_REF,
  LONG_GUN_REF,
  PICKED_HANDGUN,
  PICKED_LONG_GUN,
  UNCLEAR,
} from './roles-fixtures';

// Which figure is which: after a run, each figure as the claim names it, with its role in plain words and
// the arithmetic in the claim's terms; when the claim's words cannot tell, the question to the person
// (both readings' computations shown, neither as holding or failing), answered through the bridge, and the
// check shown again with the person's roles and their answer kept as their judgment.

useComponentTestSetup();

/** Opens `theCase` in the check column with the figures in the tray; the bridge answers as main would. */
function openCase(
  theCase: Case,
  tray: readonly (PickedOperand | null)[] = [PICKED_HANDGUN, PICKED_LONG_GUN],
) {
  let stored = theCase;
  bridgeStub.handlers['cases.get'] = () => stored;
  bridgeStub.handlers['cases.list'] = () => [];
  bridgeStub.handlers['documents.get'] = () => CHECKS_REPRESENTATION;
  bridgeStub.handlers['cases.assignRoles'] = (input) => {
    stored = answerRoles(stored, input as CaseAssignRolesInput);
    return stored;
  };
  act(() => {
    const ui = useWorkbenchUi.getState();
    ui.setActiveCase(theCase.id);
    ui.setClaimDraft(theCase.claim);
    if (tray[0]) ui.pickOperand('A', tray[0]);
    if (tray[1]) ui.pickOperand('B', tray[1]);
  });
  return renderWithQueries(<CheckColumn />);
}

const assigned = () => bridgeStub.calls.filter((c) => c.channel === 'cases.assignRoles').map((c) => c.input);

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('figures as the claim names them', () => {
  it('lists each figure with the claim’s words, its labels, its value and its role in plain words', async () => {
    openCase(checksCase(boundResponse(), { claim: BOUND_CLAIM }));
    const roles = await screen.findByRole('region', { name: 'Which figure is which' });
    const items = within(roles).getAllByTestId('figure-role');
    expect(items.map((li) => li.dataset['role'])).toEqual(['subject', 'reference']);
    expect(items[0]?.textContent).toBe(
      'Compared · by the claim’s words“handgun checks”Texas · Handgun, 56941',
    );
    expect(items[1]?.textContent).toBe(
      'Compared with · by the claim’s words“long gun checks”Texas · Long Gun, 51670',
    );
    // Nothing in it is drawn as success: the outcome still needs a person.
    expect(screen.getByTestId('outcome-badge').dataset['tone']).toBe('warning');
  });

  it('lists them the same way whatever order the figures were picked in', async () => {
    openCase(checksCase(boundResponse(true), { claim: BOUND_CLAIM, operands: [LONG_GUN_REF, HANDGUN_REF] }), [
      PICKED_LONG_GUN,
      PICKED_HANDGUN,
    ]);
    const items = await screen.findAllByTestId('figure-role');
    expect(items.map((li) => li.dataset['role'])).toEqual(['subject', 'reference']);
    expect(items[0]?.textContent).toContain('“handgun checks”Texas · Handgun, 56941');
    expect(items[1]?.textContent).toContain('“long gun checks”Texas · Long Gun, 51670');
  });

  it('gives the arithmetic in the claim’s terms from the service’s line', async () => {
    openCase(checksCase(boundResponse(), { claim: BOUND_CLAIM }));
    expect((await screen.findByTestId('arithmetic-line')).textContent).toBe(
      'Handgun 56,941 − long gun 51,670 = 5,271; the claim says 5,271 (±0.5): holds',
    );
  });

  it('reads the labels from the representation when the tray no longer holds the figures', async () => {
    openCase(checksCase(boundResponse(), { claim: BOUND_CLAIM }), [null, null]);
    const items = await screen.findAllByTestId('figure-role');
    await waitFor(() => expect(items[0]?.textContent).toContain('Texas · Handgun, 56941'));
    expect(items[1]?.textContent).toContain('Texas · Long Gun, 51670');
  });

  it('says "the other figure" for a role given by elimination', () => {
    const response = boundResponse();
    response.operands[1]!.role = { role: 'reference', words: null, by: 'elimination' };
    render(
      <ResultCard
        response={response}
        claim={BOUND_CLAIM}
        sent={[HANDGUN_REF, LONG_GUN_REF]}
        picked={[PICKED_HANDGUN, PICKED_LONG_GUN]}
        labels={[PICKED_HANDGUN.labels, PICKED_LONG_GUN.labels]}
      />,
    );
    expect(screen.getAllByTestId('figure-role')[1]?.textContent).toBe(
      'Compared with · the other figureFigure 2Texas · Long Gun, 51670',
    );
  });
});

describe('when the claim’s words cannot tell the figures apart', () => {
  it('asks which figure is the one the claim names, with both figures as the choices', async () => {
    openCase(checksCase(UNCLEAR));
    const question = await screen.findByRole('group', { name: 'Which figure is “one kind”?' });
    const choices = within(question).getAllByRole('radio');
    expect(choices).toHaveLength(2);
    expect(choices.every((c) => !(c as HTMLInputElement).checked)).toBe(true);
    const [first, second] = within(question).getAllByTestId('roles-choice');
    expect(first?.textContent).toBe('Figure 1Texas · Handgun, 56941');
    expect(second?.textContent).toBe('Figure 2Texas · Long Gun, 51670');
    expect(within(question).getByRole('radio', { name: /Figure 1/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Note \(optional/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Answer and check again' })).toBeTruthy();
    expect(screen.getByTestId('roles-unclear').textContent).toContain('the claim’s words do not say');
    expect(screen.getByTestId('outcome-badge').dataset['tone']).not.toBe('success');
  });

  it('shows both readings’ computations and marks neither as holding or failing', async () => {
    openCase(checksCase(UNCLEAR));
    const arithmetic = await screen.findByRole('region', { name: 'Arithmetic' });
    const readings = within(arithmetic).getAllByTestId('arithmetic-reading');
    expect(readings.map((r) => r.textContent)).toEqual([
      'If figure 1 (Texas · Handgun) is “one kind”:56,941 − 51,670 = 5,271',
      'If figure 2 (Texas · Long Gun) is “one kind”:51,670 − 56,941 = −5,271',
    ]);
    expect(arithmetic.textContent).toContain('The claim says 5,271.');
    expect(arithmetic.textContent).not.toMatch(/[✓✗]|\bholds?\b|\bfails?\b/i);
    expect(screen.queryByTestId('arithmetic-line')).toBeNull();
  });

  it.each([
    ['figure 1', 0, ['subject', 'reference']],
    ['figure 2', 1, ['reference', 'subject']],
  ] as const)('answers through the bridge when %s is chosen', async (_name, chosen, roles) => {
    const user = userEvent.setup();
    openCase(checksCase(UNCLEAR));
    const question = await screen.findByRole('group', { name: 'Which figure is “one kind”?' });
    await user.click(within(question).getAllByRole('radio')[chosen]!);
    await user.type(screen.getByRole('textbox', { name: /Note \(optional/ }), 'Column B is handguns.');
    await user.click(screen.getByRole('button', { name: 'Answer and check again' }));
    await screen.findByTestId('roles-by-person');
    expect(assigned()).toEqual([{ id: CASE_ID, roles, note: 'Column B is handguns.' }]);
  });

  it('asks for a figure before answering, and leaves the note out when none is written', async () => {
    const user = userEvent.setup();
    openCase(checksCase(UNCLEAR));
    const submit = await screen.findByRole('button', { name: 'Answer and check again' });
    await user.click(submit);
    expect(screen.getByTestId('roles-question').textContent).toContain('Choose one of the figures.');
    expect(assigned()).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /Figure 2/ }));
    await user.click(submit);
    await screen.findByTestId('roles-by-person');
    expect(assigned()).toEqual([{ id: CASE_ID, roles: ['reference', 'subject'] }]);
  });

  it('is answered with the keyboard alone, shows the result with the person’s roles, and lets them change it', async () => {
    const user = userEvent.setup();
    openCase(checksCase(UNCLEAR));
    const question = await screen.findByRole('group', { name: 'Which figure is “one kind”?' });
    const [first, second] = within(question).getAllByRole('radio') as HTMLInputElement[];
    act(() => first!.focus());
    await user.keyboard(' ');
    expect(first!.checked).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(second!.checked).toBe(true);
    await user.keyboard('{ArrowUp}');
    expect(first!.checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Note \(optional/ }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Answer and check again' }));
    await user.keyboard('{Enter}');

    // The check again, with the person's roles, said to be theirs; focus beside it.
    const change = await screen.findByRole('button', { name: 'Change your answer' });
    await waitFor(() => expect(document.activeElement).toBe(change));
    expect(assigned()).toEqual([{ id: CASE_ID, roles: ['subject', 'reference'] }]);
    const roles = screen.getByRole('region', { name: 'Which figure is which' });
    expect(roles.dataset['state']).toBe('person');
    const items = within(roles).getAllByTestId('figure-role');
    expect(items.map((li) => li.dataset['by'])).toEqual(['person', 'person']);
    // The figure the person named answers to the question's words.
    expect(items[0]?.textContent).toBe('Compared · set by you“one kind”Texas · Handgun, 56941');
    expect(items[1]?.textContent).toBe('Compared with · set by youFigure 2Texas · Long Gun, 51670');
    expect(screen.getByTestId('roles-by-person').textContent).toBe(
      'You said which figure is which; the check ran again with your answer.',
    );
    expect(screen.getByTestId('arithmetic-line').textContent).toBe(
      '56,941 − 51,670 = 5,271; the claim says 5,271 (±0.5): holds',
    );
    expect(screen.queryByTestId('arithmetic-readings')).toBeNull();

    // Changing it asks the same question again, the current answer chosen and focused.
    await user.keyboard('{Enter}');
    const again = screen.getByRole('group', { name: 'Which figure is “one kind”?' });
    const chosen = within(again).getByRole('radio', { name: /Figure 1/ }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect(document.activeElement).toBe(chosen);
    await user.keyboard('{ArrowDown}');
    screen.getByRole('button', { name: 'Answer and check again' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(assigned()).toEqual([
        { id: CASE_ID, roles: ['subject', 'reference'] },
        { id: CASE_ID, roles: ['reference', 'subject'] },
      ]),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change your answer' })),
    );
    expect(screen.getByTestId('arithmetic-line').textContent).toContain('51,670 − 56,941 = −5,271');
  });

  it('keeps the answer as the person’s judgment, worded as which figure is which with its note', async () => {
    const user = userEvent.setup();
    openCase(checksCase(UNCLEAR));
    await user.click(await screen.findByRole('radio', { name: /Figure 1/ }));
    await user.click(screen.getByRole('button', { name: 'Answer and check again' }));
    const panel = await screen.findByRole('region', { name: 'Your judgments' });
    const judgment = within(panel).getByTestId('person-judgment');
    expect(judgment.dataset['facet']).toBe('roles');
    expect(judgment.textContent).toContain(
      'Your judgment: which figure is which — Figure 1 (56941) is ‹one kind› (the subject); figure 2 (51670) is the reference.',
    );
    expect(judgment.textContent).not.toMatch(/— (yes|no)\b/);
    expect(judgment.textContent).not.toContain('Note:');
    // Apart from the service's result.
    expect(screen.getByTestId('result-card').contains(judgment)).toBe(false);
  });

  it('asks the same question again after the case is opened anew: the answer keeps it', async () => {
    const user = userEvent.setup();
    const answered = answerRoles(checksCase(UNCLEAR), { id: CASE_ID, roles: ['reference', 'subject'] });
    openCase(answered);
    await user.click(await screen.findByRole('button', { name: 'Change your answer' }));
    const question = screen.getByRole('group', { name: 'Which figure is “one kind”?' });
    expect((within(question).getByRole('radio', { name: /Figure 2/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getAllByTestId('figure-role')[0]?.textContent).toBe(
      'Compared · set by you“one kind”Texas · Long Gun, 51670',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('roles-question')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change your answer' }));
  });

  it('counts an unanswered question as not judged when the check is kept', async () => {
    const user = userEvent.setup();
    openCase(checksCase(UNCLEAR));
    const keep = await screen.findByTestId('keep-check');
    expect(keep.textContent).toContain('Not judged yet: which figure is which, same period.');
    await user.click(screen.getByRole('radio', { name: /Figure 1/ }));
    await user.click(screen.getByRole('button', { name: 'Answer and check again' }));
    await screen.findByTestId('roles-by-person');
    expect(screen.getByTestId('keep-check').textContent).toContain('Not judged yet: same period.');
  });

  it('has no axe violations with the question, or after it is answered', async () => {
    const user = userEvent.setup();
    const { container } = openCase(checksCase(UNCLEAR));
    await screen.findByTestId('roles-question');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /Figure 2/ }));
    await user.click(screen.getByRole('button', { name: 'Answer and check again' }));
    await screen.findByRole('button', { name: 'Change your answer' });
    expect(await violations(container)).toEqual([]);
  });
});
