// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OperandTray } from '../../../renderer/src/check/OperandTray';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { PICKED_A, PICKED_B, useComponentTestSetup } from './fixtures';

// The operand tray holds the figures picked from documents as Figure 1 and Figure 2, each with the labels
// its source shows beside it; their order is no role (the check reads that from the claim), and the tray
// has no field to type a number into.

useComponentTestSetup();

const pick = (slot: 'A' | 'B', operand = slot === 'A' ? PICKED_A : PICKED_B) =>
  act(() => useWorkbenchUi.getState().pickOperand(slot, operand));

describe('OperandTray', () => {
  it('titles the slots Figure 1 and Figure 2 and says how to fill each', () => {
    render(<OperandTray />);
    expect(screen.getByRole('region', { name: 'Figure 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Figure 2' })).toBeTruthy();
    expect(screen.getByTestId('operand-empty-A').textContent).toBe(
      'Empty. Click a figure in a document, or focus one and press Shift+1.',
    );
    expect(screen.getByTestId('operand-empty-B').textContent).toBe(
      'Empty. Click a figure in a document, or focus one and press Shift+2.',
    );
    const tray = screen.getByTestId('operand-tray');
    // The order is no role: nothing calls a slot the baseline, and nothing swaps them.
    expect(tray.textContent).not.toMatch(/baseline|compared with|swap/i);
    expect(screen.queryByRole('button', { name: /swap/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear both' })).toHaveProperty('disabled', true);
  });

  it('shows Figure 1 then Figure 2 with their labels, reading and where each comes from', () => {
    render(<OperandTray />);
    pick('A');
    const a = screen.getByRole('region', { name: 'Figure 1' });
    expect(within(a).getByTestId('operand-raw-A').textContent).toBe('$1,000m');
    // A page figure: the label its line starts with, and no column.
    expect(within(a).getByTestId('operand-labels-A').textContent).toBe('Revenue');
    expect(within(a).getByTestId('operand-value-A').textContent).toBe('1,000,000,000');
    expect(a.textContent).toContain('USD');
    expect(a.textContent).toContain('millions (× 1,000,000)');
    expect(within(a).getByTestId('operand-source-A').textContent).toBe('Annual report 2023');
    expect(within(a).getByTestId('operand-where-A').textContent).toBe('page 3');
    expect(within(a).getByTestId('operand-method-A').textContent).toBe('text layer');
    expect(screen.getByTestId('operand-empty-B')).toBeTruthy();

    pick('B');
    const b = screen.getByRole('region', { name: 'Figure 2' });
    expect(within(b).getByTestId('operand-raw-B').textContent).toBe('1,120');
    // A sheet figure: its row label and column header.
    expect(within(b).getByTestId('operand-labels-B').textContent).toBe('Revenue · 2024');
    expect(within(b).getByTestId('operand-source-B').textContent).toBe('Results 2024.xlsx');
    expect(within(b).getByTestId('operand-where-B').textContent).toBe('sheet “Revenue”, cell C7');
    expect(within(b).getByTestId('operand-method-B').textContent).toBe('spreadsheet cells');
  });

  it('says nothing rather than guess when the source shows no label', () => {
    render(<OperandTray />);
    pick('A', { ...PICKED_A, labels: { row: null, column: null, period: null } });
    pick('B', { ...PICKED_B, labels: { row: null, column: 'Handgun', period: null } });
    expect(screen.queryByTestId('operand-labels-A')).toBeNull();
    expect(screen.getByTestId('operand-labels-B').textContent).toBe('Handgun');
  });

  it('names a figure of a PDF table by its row, its column and the period, a month in words', () => {
    render(<OperandTray />);
    pick('A', { ...PICKED_A, labels: { row: 'Texas', column: 'Handgun', period: '2015-11' } });
    // A column that already names the period is not followed by it again.
    pick('B', { ...PICKED_B, labels: { row: 'Texas', column: 'Q4 2023', period: 'Q4 2023' } });
    expect(screen.getByTestId('operand-labels-A').textContent).toBe('Texas · Handgun · November 2015');
    expect(screen.getByTestId('operand-labels-B').textContent).toBe('Texas · Q4 2023');
  });

  it('clears one slot, then both', async () => {
    const user = userEvent.setup();
    render(<OperandTray />);
    pick('A');
    pick('B');
    await user.click(screen.getByRole('button', { name: 'Clear figure 1' }));
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
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear both' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear figure 1' }));
    await user.keyboard('{Enter}');
    expect(useWorkbenchUi.getState().operands.A).toBeNull();
    expect(useWorkbenchUi.getState().operands.B?.ref).toEqual(PICKED_B.ref);
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
