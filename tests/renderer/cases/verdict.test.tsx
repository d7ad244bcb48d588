// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import {
  caseSummary,
  type Case,
  type CaseSummary,
  type CaseVerdictInput,
  type KeptCheck,
} from '../../../shared/bridge';
import { CaseListItem } from '../../../renderer/src/cases/CaseListItem';
import { KeptChecks } from '../../../renderer/src/cases/KeptChecks';
import { useCase } from '../../../renderer/src/queries';
import {
  bridgeStub,
  CASE_ID,
  checkedCase,
  ESCALATE,
  REF_A,
  REF_B,
  renderWithQueries,
  SUPPORTED,
  useComponentTestSetup,
} from '../check/fixtures';

// The person's own verdict on a kept check: chosen by keyboard from a labelled radio group, saved with an
// optional note, shown as theirs ("Your verdict: False — …") and never in the service's success colours;
// the cases list says which checks the service settled and which the person's verdict resolved.

useComponentTestSetup();

const ESCALATED: KeptCheck = {
  id: 'check_bbbbbbbb2222',
  claim: 'Profit doubled over the period',
  operands: [REF_A, REF_B],
  check: ESCALATE,
  judgments: [],
  keptAt: '2026-11-20T10:15:00.000Z',
};

/** The case behind the bridge, with cases.setVerdict as the main process does it. */
function serve(initial: Case) {
  const state = { stored: initial, calls: [] as CaseVerdictInput[] };
  bridgeStub.handlers['cases.get'] = () => state.stored;
  bridgeStub.handlers['cases.list'] = (): CaseSummary[] => [caseSummary(state.stored)];
  bridgeStub.handlers['cases.setVerdict'] = (input) => {
    const call = input as CaseVerdictInput;
    state.calls.push(call);
    state.stored = {
      ...state.stored,
      kept: (state.stored.kept ?? []).map((k) => {
        if (k.id !== call.checkId) return k;
        const { verdict: _old, ...rest } = k;
        return call.verdict === null
          ? rest
          : {
              ...rest,
              verdict: {
                verdict: call.verdict,
                note: call.note ?? null,
                at: '2026-11-21T09:30:00.000Z',
                author: 'Ada Checker',
              },
            };
      }),
    };
    return state.stored;
  };
  return state;
}

/** The kept checks of the case as the app reads it, so a saved change shows as the main process answered. */
function LiveKeptChecks() {
  const theCase = useCase(CASE_ID);
  return theCase.data ? <KeptChecks theCase={theCase.data} /> : null;
}

const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe("the person's verdict on a kept check", () => {
  it('is chosen with the arrow keys, saved with its note, and shown as theirs beside the service result', async () => {
    const user = userEvent.setup();
    const state = serve(checkedCase(null, { kept: [ESCALATED] }));
    const { container } = renderWithQueries(<LiveKeptChecks />);
    const item = await screen.findByTestId('kept-check');
    expect(within(item).getByTestId('kept-check-verdict').textContent).toContain('Your verdict: none given');

    // Keyboard only: Tab to the button, Enter opens the form with focus on the first verdict.
    within(item).getByRole('button', { name: 'Give your verdict on check 1' }).focus();
    await user.keyboard('{Enter}');
    const group = screen.getByRole('group', { name: 'Your verdict on check 1' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['true', 'false', 'misleading', 'unproven']);
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'True' }));
    expect(await violations(container)).toEqual([]);

    // Space chooses the focused verdict; an arrow moves to the next and chooses it.
    await user.keyboard(' ');
    expect(checked(within(group).getByRole('radio', { name: 'True' }))).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(checked(within(group).getByRole('radio', { name: 'False' }))).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note (optional)' }));
    await user.keyboard('The base year is wrong.');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save verdict' }));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(state.calls).toHaveLength(1));
    expect(state.calls[0]).toEqual({
      id: CASE_ID,
      checkId: ESCALATED.id,
      verdict: 'false',
      note: 'The base year is wrong.',
    });
    // Saved: shown as the person's, and focus is back on the button that opened the form.
    expect((await screen.findByTestId('person-verdict')).textContent).toMatch(
      /^Your verdict: False — The base year is wrong\. \(by Ada Checker, 21 Nov 2026, /,
    );
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Change your verdict on check 1' }),
    );
  });

  it("shows a saved verdict as the person's, never in the service's colours, and clears it", async () => {
    const user = userEvent.setup();
    const withVerdict: KeptCheck = {
      ...ESCALATED,
      verdict: { verdict: 'true', note: 'Checked by phone.', at: '2026-11-21T09:30:00.000Z', author: 'Ada' },
    };
    const state = serve(checkedCase(null, { kept: [withVerdict] }));
    const { container } = renderWithQueries(<LiveKeptChecks />);
    const item = await screen.findByTestId('kept-check');
    const shown = within(item).getByTestId('person-verdict');
    expect(shown.textContent).toMatch(/^Your verdict: True — Checked by phone\. \(by Ada, 21 Nov 2026, /);
    // The service's answer stays its own: escalated, amber, not success.
    const badge = within(item).getByTestId('outcome-badge');
    expect(badge.dataset['tone']).toBe('warning');
    expect(badge.textContent).toBe('Needs a person’s judgment');
    // The verdict is not drawn as the service's success (no green, no outcome badge of its own).
    expect(within(item).getAllByTestId('outcome-badge')).toHaveLength(1);
    expect(within(item).getByTestId('kept-check-verdict').className).not.toMatch(/emerald|green/);
    expect(await violations(container)).toEqual([]);

    // Change opens the form on the saved verdict and note.
    await user.click(within(item).getByRole('button', { name: 'Change your verdict on check 1' }));
    expect(checked(screen.getByRole('radio', { name: 'True' }))).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'True' }));
    expect((screen.getByRole('textbox', { name: 'Note (optional)' }) as HTMLTextAreaElement).value).toBe(
      'Checked by phone.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Change your verdict on check 1' }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear your verdict on check 1' }));
    await waitFor(() => expect(state.calls).toEqual([{ id: CASE_ID, checkId: ESCALATED.id, verdict: null }]));
    await waitFor(() => expect(screen.queryByTestId('person-verdict')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Give your verdict on check 1' }));
  });

  it('asks for a verdict before saving, and says when it was not saved', async () => {
    const user = userEvent.setup();
    serve(checkedCase(null, { kept: [ESCALATED] }));
    bridgeStub.handlers['cases.setVerdict'] = () => {
      throw new Error('The case file could not be written.');
    };
    renderWithQueries(<LiveKeptChecks />);
    await user.click(await screen.findByRole('button', { name: 'Give your verdict on check 1' }));
    await user.click(screen.getByRole('button', { name: 'Save verdict' }));
    const described = screen
      .getByRole('group', { name: 'Your verdict on check 1' })
      .getAttribute('aria-describedby');
    expect(document.getElementById(described ?? '')?.textContent).toBe(
      'Choose a verdict: true, false, misleading or unproven.',
    );
    expect(bridgeStub.calls.some((c) => c.channel === 'cases.setVerdict')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Misleading' }));
    await user.click(screen.getByRole('button', { name: 'Save verdict' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your verdict was not saved');
  });
});

describe('the cases list', () => {
  const item = (checks: CaseSummary['checks']) =>
    renderWithQueries(
      <ul>
        <CaseListItem
          summary={{
            id: CASE_ID,
            title: 'Budget',
            updatedAt: '2026-11-20T10:00:00.000Z',
            outcome: 'escalate',
            checks,
          }}
          active={false}
          opening={false}
          onOpen={() => undefined}
          onDelete={() => undefined}
          deleting={false}
          selected={false}
          onSelect={() => undefined}
        />
      </ul>,
    );

  it('says how many checks the service settled, how many your verdict resolved, and how many are open', () => {
    item({ total: 4, kept: 4, settledByService: 1, byVerdict: 2, unresolved: 1 });
    const checks = screen.getByTestId('case-checks');
    expect(checks.textContent).toBe('⚠ 4 checks: 1 settled by the service, 2 by your verdict, 1 unresolved');
  });

  it('all resolved: no warning; verdicts alone are named as such', () => {
    item({ total: 2, kept: 2, settledByService: 0, byVerdict: 2, unresolved: 0 });
    expect(screen.getByTestId('case-checks').textContent).toBe('2 checks: 2 settled by your verdict');
  });

  it('one check: how it was resolved, in words', () => {
    item({ total: 1, kept: 1, settledByService: 0, byVerdict: 1, unresolved: 0 });
    expect(screen.getByTestId('case-checks').textContent).toBe('1 check, settled by your verdict');
  });

  it('counts a case as the main process sums it: a verdict resolves a check the service left open', () => {
    const summary = caseSummary(
      checkedCase(SUPPORTED, {
        kept: [
          {
            ...ESCALATED,
            verdict: { verdict: 'false', note: null, at: '2026-11-21T09:30:00.000Z', author: null },
          },
        ],
      }),
    );
    item(summary.checks);
    expect(screen.getByTestId('case-checks').textContent).toBe(
      '2 checks (1 kept): 1 settled by the service, 1 by your verdict',
    );
  });
});
