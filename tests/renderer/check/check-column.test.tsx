// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CaseSaveInput } from '../../../shared/bridge';
import { CheckColumn } from '../../../renderer/src/check/CheckColumn';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import {
  BridgeRefusal,
  bridgeStub,
  CASE_ID,
  checkedCase,
  PICKED_A,
  PICKED_B,
  REF_A,
  REF_B,
  renderWithQueries,
  SUPPORTED,
  useComponentTestSetup,
} from './fixtures';

// The claim, its counter and limit, when Run can run, what a run saves and checks, and where a refusal
// is shown.

useComponentTestSetup();

const runButton = () => screen.getByTestId('run-check') as HTMLButtonElement;
const claimField = () => screen.getByRole('textbox', { name: 'Claim' }) as HTMLTextAreaElement;
const pickBoth = () =>
  act(() => {
    useWorkbenchUi.getState().pickOperand('A', PICKED_A);
    useWorkbenchUi.getState().pickOperand('B', PICKED_B);
  });

/** cases.save answers the case as saved; cases.check answers it with SUPPORTED. */
function serveCases() {
  let saved = checkedCase(null);
  bridgeStub.handlers['cases.save'] = (input) => {
    const { id: _id, ...rest } = input as CaseSaveInput;
    saved = checkedCase(null, rest);
    return saved;
  };
  bridgeStub.handlers['cases.check'] = () => {
    saved = { ...saved, check: SUPPORTED };
    return saved;
  };
  bridgeStub.handlers['cases.get'] = () => saved;
  bridgeStub.handlers['cases.list'] = () => [];
}

describe('the claim field', () => {
  it('counts characters as they are typed', async () => {
    const user = userEvent.setup();
    renderWithQueries(<CheckColumn />);
    expect(screen.getByTestId('claim-count').textContent).toBe('0 / 10,000 characters');
    await user.type(claimField(), 'Revenue rose 12%');
    expect(screen.getByTestId('claim-count').textContent).toBe('16 / 10,000 characters');
  });

  it('says clearly when the claim is over 10,000 characters, and does not run', () => {
    renderWithQueries(<CheckColumn />);
    pickBoth();
    fireEvent.change(claimField(), { target: { value: 'a'.repeat(10_000) } });
    expect(screen.queryByTestId('claim-too-long')).toBeNull();
    expect(runButton().disabled).toBe(false);
    fireEvent.change(claimField(), { target: { value: 'a'.repeat(10_003) } });
    expect(screen.getByTestId('claim-too-long').textContent).toContain(
      'The claim is 3 characters over the limit: a claim can have at most 10,000 characters.',
    );
    expect(claimField().getAttribute('aria-invalid')).toBe('true');
    expect(runButton().disabled).toBe(true);
  });
});

describe('Run', () => {
  it('is disabled without a claim', () => {
    renderWithQueries(<CheckColumn />);
    pickBoth();
    expect(runButton().disabled).toBe(true);
    expect(screen.getByTestId('run-hint').textContent).toBe('Write the claim to check.');
    fireEvent.change(claimField(), { target: { value: '   ' } });
    expect(runButton().disabled).toBe(true);
  });

  it('is disabled without a figure', () => {
    renderWithQueries(<CheckColumn />);
    fireEvent.change(claimField(), { target: { value: 'Revenue rose 12%' } });
    expect(runButton().disabled).toBe(true);
    expect(screen.getByTestId('run-hint').textContent).toContain('Pick at least one figure');
  });

  it('is enabled with a figure in Figure 2 alone (the order of the figures is no role)', () => {
    renderWithQueries(<CheckColumn />);
    fireEvent.change(claimField(), { target: { value: 'Revenue rose 12%' } });
    act(() => useWorkbenchUi.getState().pickOperand('B', PICKED_B));
    expect(runButton().disabled).toBe(false);
    expect(screen.queryByTestId('run-hint')).toBeNull();
  });

  it('is enabled with a claim and one figure in A', () => {
    renderWithQueries(<CheckColumn />);
    fireEvent.change(claimField(), { target: { value: 'Revenue was $1bn' } });
    act(() => useWorkbenchUi.getState().pickOperand('A', PICKED_A));
    expect(runButton().disabled).toBe(false);
    expect(screen.queryByTestId('run-hint')).toBeNull();
  });

  it('saves the case (title from the claim, Figure 1 then Figure 2), checks it and shows the result', async () => {
    const user = userEvent.setup();
    serveCases();
    renderWithQueries(<CheckColumn />);
    pickBoth();
    await user.type(claimField(), 'Revenue rose 12% in 2024');
    await user.click(runButton());
    await screen.findByTestId('result-card');
    const [save, check] = bridgeStub.calls.filter(
      (c) => c.channel.startsWith('cases.') && c.channel !== 'cases.get',
    );
    expect(save).toEqual({
      channel: 'cases.save',
      input: {
        title: 'Revenue rose 12% in 2024',
        claim: 'Revenue rose 12% in 2024',
        operands: [REF_A, REF_B],
      },
    });
    expect(check).toEqual({ channel: 'cases.check', input: { id: CASE_ID } });
    expect(useWorkbenchUi.getState().activeCaseId).toBe(CASE_ID);
    expect(screen.getByTestId('outcome-badge').textContent).toBe('Supported by the figures');
  });

  it('brings the result card into view when the check answers', async () => {
    const user = userEvent.setup();
    serveCases();
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record what is brought into view.
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    try {
      renderWithQueries(<CheckColumn />);
      pickBoth();
      await user.type(claimField(), 'Revenue rose 12% in 2024');
      expect(scrolled).toEqual([]);
      await user.click(runButton());
      const card = await screen.findByRole('article', { name: 'Result of the check' });
      await waitFor(() => expect(scrolled.some((element) => element.contains(card))).toBe(true));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('keeps the result when a read of the case begun before the check answers after it', async () => {
    const user = userEvent.setup();
    serveCases();
    // The case opened on save is read again (its query mounts); that read sees the case before its check
    // and, on a loaded machine, answers only after the check has.
    let checked: () => void = () => {};
    const checkAnswered = new Promise<void>((resolve) => (checked = resolve));
    const save = bridgeStub.handlers['cases.save']!;
    const check = bridgeStub.handlers['cases.check']!;
    let beforeCheck: unknown = null;
    bridgeStub.handlers['cases.save'] = async (input) => (beforeCheck = await save(input));
    bridgeStub.handlers['cases.check'] = async (input) => {
      const answer = await check(input);
      setTimeout(checked, 0);
      return answer;
    };
    bridgeStub.handlers['cases.get'] = async () => {
      const before = beforeCheck;
      await checkAnswered;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return before;
    };
    renderWithQueries(<CheckColumn />);
    pickBoth();
    await user.type(claimField(), 'Revenue rose 12% in 2024');
    await user.click(runButton());
    await screen.findByTestId('result-card');
    // Past the stale read's answer: the result is still there.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('result-unchecked')).toBeNull();
    expect(screen.getByTestId('outcome-badge').textContent).toBe('Supported by the figures');
  });

  it('runs with Ctrl+Enter in the claim, and a re-run updates the same case', async () => {
    const user = userEvent.setup();
    serveCases();
    renderWithQueries(<CheckColumn />);
    pickBoth();
    await user.type(claimField(), 'Revenue rose 12%');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByTestId('result-card');
    await user.type(claimField(), ' in 2024');
    expect(screen.getByTestId('result-stale')).toBeTruthy();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(bridgeStub.calls.filter((c) => c.channel === 'cases.save')).toHaveLength(2));
    const second = bridgeStub.calls.filter((c) => c.channel === 'cases.save')[1]?.input as CaseSaveInput;
    expect(second.id).toBe(CASE_ID);
    expect(second.claim).toBe('Revenue rose 12% in 2024');
    // The case is named after its first claim once; the next claim never renames it.
    const first = bridgeStub.calls.find((c) => c.channel === 'cases.save')?.input as CaseSaveInput;
    expect(first.title).toBe('Revenue rose 12%');
    expect(second).not.toHaveProperty('title');
    await waitFor(() => expect(screen.queryByTestId('result-stale')).toBeNull());
  });
});

describe('a refused run', () => {
  async function runRefused(
    code: string,
    message: string,
    service: { serviceCode?: string; fields?: string[] } = {},
  ) {
    const user = userEvent.setup();
    serveCases();
    bridgeStub.handlers['cases.check'] = () => {
      throw new BridgeRefusal(code, message, service);
    };
    renderWithQueries(<CheckColumn />);
    pickBoth();
    await user.type(claimField(), 'Revenue rose 12%');
    await user.click(runButton());
  }

  it('shows an unavailable figure beside the operands', async () => {
    await runRefused(
      'invalid_request',
      'source unit unit_p3 has 1 figure(s); figure_index 5 is not one of them (operands.0.figure_index: expected 0 to 0)',
      { serviceCode: 'figure_index_unavailable', fields: ['operands.0.figure_index'] },
    );
    expect((await screen.findByTestId('operand-error')).textContent).toContain('figure_index 5');
    expect(screen.queryByTestId('run-error')).toBeNull();
  });

  it('shows an ambiguous source number beside the operands', async () => {
    await runRefused(
      'invalid_request',
      '"1,5" has more than one reading in the source; it cannot be checked as one number (operands.1.figure_index: "1,5" is ambiguous)',
      { serviceCode: 'ambiguous_source_number' },
    );
    expect((await screen.findByTestId('operand-error')).textContent).toContain('"1,5"');
  });

  it('shows a refused claim beside the claim', async () => {
    await runRefused(
      'invalid_request',
      'the request is not valid (claim: Too big: expected string to have <=10000 characters)',
      { serviceCode: 'invalid_request', fields: ['claim'] },
    );
    expect((await screen.findByTestId('claim-error')).textContent).toContain('claim: Too big');
    expect(claimField().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows any other failure in an alert with its message, and keeps the saved case for a re-run', async () => {
    await runRefused('unreachable', 'The evidence service at https://evidence.example cannot be reached.');
    const alert = await screen.findByTestId('run-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('cannot be reached');
    expect(useWorkbenchUi.getState().activeCaseId).toBe(CASE_ID);
    expect(screen.getByTestId('outcome-badge').textContent).toBe('Not checked');
  });
});
