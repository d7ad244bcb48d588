// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OperandTray } from '../../../renderer/src/check/OperandTray';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { PICKED_A, PICKED_B, useComponentTestSetup } from './fixtures';

// The operand tray holds figures picked from documents, A (the baseline) then B; it has no field to type
// a number into.

useComponentTestSetup();

const pick = (slot: 'A' | 'B', operand = slot === 'A' ? PICKED_A : PICKED_B) =>
  act(() => useWorkbenchUi.getState().pickOperand(slot, operand));

describe('OperandTray', () => {
  it('says how to fill an empty slot', () => {
    render(<OperandTray />);
    for (const slot of ['A', 'B']) {
      expect(screen.getByTestId(`operand-empty-${slot}`).textContent).toContain(
        'Click a figure in the document, or focus one and press 1 or 2',
      );
    }
    expect(screen.getByRole('button', { name: /swap a and b/i })).toHaveProperty('disabled', true);
  });

  it('shows A then B with their reading and where each comes from', () => {
    render(<OperandTray />);
    pick('A');
    const a = screen.getByTestId('operand-slot-A');
    expect(within(a).getByTestId('operand-raw-A').textContent).toBe('$1,000m');
    expect(within(a).getByTestId('operand-value-A').textContent).toBe('1,000,000,000');
    expect(a.textContent).toContain('USD');
    expect(a.textContent).toContain('millions (× 1,000,000)');
    expect(within(a).getByTestId('operand-source-A').textContent).toBe('Annual report 2023');
    expect(within(a).getByTestId('operand-where-A').textContent).toBe('page 3');
    expect(within(a).getByTestId('operand-method-A').textContent).toBe('text layer');
    expect(screen.getByTestId('operand-empty-B')).toBeTruthy();

    pick('B');
    const b = screen.getByTestId('operand-slot-B');
    expect(within(b).getByTestId('operand-raw-B').textContent).toBe('1,120');
    expect(within(b).getByTestId('operand-source-B').textContent).toBe('Results 2024.xlsx');
    expect(within(b).getByTestId('operand-where-B').textContent).toBe('sheet “Revenue”, cell C7');
    expect(within(b).getByTestId('operand-method-B').textContent).toBe('spreadsheet cells');
  });

  it('swaps A and B', async () => {
    const user = userEvent.setup();
    render(<OperandTray />);
    pick('A');
    pick('B');
    await user.click(screen.getByRole('button', { name: 'Swap A and B' }));
    expect(screen.getByTestId('operand-raw-A').textContent).toBe('1,120');
    expect(screen.getByTestId('operand-raw-B').textContent).toBe('$1,000m');
    expect(useWorkbenchUi.getState().operands.A?.ref).toEqual(PICKED_B.ref);
  });

  it('clears one slot, then both', async () => {
    const user = userEvent.setup();
    render(<OperandTray />);
    pick('A');
    pick('B');
    await user.click(screen.getByRole('button', { name: 'Clear operand A' }));
    expect(screen.getByTestId('operand-empty-A')).toBeTruthy();
    expect(screen.getByTestId('operand-raw-B').textContent).toBe('1,120');
    await user.click(screen.getByRole('button', { name: 'Clear both' }));
    expect(useWorkbenchUi.getState().operands).toEqual({ A: null, B: null });
  });

  it('works from the keyboard alone', async () => {
    const user = userEvent.setup();
    render(<OperandTray />);
    pick('A');
    pick('B');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Swap A and B' }));
    await user.keyboard('{Enter}');
    expect(useWorkbenchUi.getState().operands.A?.ref).toEqual(PICKED_B.ref);
  });

  it('has no field to type a number into', () => {
    render(<OperandTray />);
    pick('A');
    pick('B');
    const tray = screen.getByTestId('operand-tray');
    expect(tray.querySelector('input, textarea, select, [contenteditable]')).toBeNull();
    expect(within(tray).queryByRole('textbox')).toBeNull();
    expect(within(tray).queryByRole('spinbutton')).toBeNull();
  });

  it('warns about a figure that can be read more than one way', () => {
    render(<OperandTray />);
    pick('A', { ...PICKED_A, figure: { ...PICKED_A.figure, raw: '1,5', ambiguous: true } });
    expect(screen.getByTestId('operand-slot-A').textContent).toContain('can be read more than one way');
  });

  it('shows an error about the operands beside them', () => {
    render(<OperandTray error="figure_index 5 is not one of them" />);
    expect(screen.getByRole('alert').textContent).toBe('figure_index 5 is not one of them');
  });
});
