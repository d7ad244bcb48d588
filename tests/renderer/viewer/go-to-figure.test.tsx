// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { GoToFigureOverlay } from '../../../renderer/src/viewer/GoToFigure';
import { gridEntry, gridRepresentation, gridValue } from './fixtures';
import { renderViewer, stubLayout } from './render-viewer';

// "Go to figure…": a figure of the open document found by its number as printed or by words of its row and
// column, and the keyboard's focus taken to it in the text, on its own page.

vi.mock('react-pdf', async () => (await import('./stand-ins')).reactPdfStandIn(2));

vi.mock('../../../renderer/src/bridge', async () => (await import('./stand-ins')).idleBridge());

beforeAll(stubLayout);
afterEach(cleanup);

function openGoTo() {
  renderViewer([gridEntry()], [gridRepresentation(12, 6)], 'sv-grid', 1, <GoToFigureOverlay />);
  act(() => useWorkbenchUi.getState().openOverlay('goToFigure'));
  return screen.getByRole('dialog', { name: 'Go to figure' });
}

const field = () => screen.getByRole('combobox', { name: 'Its number, or its row and column' });
const options = () =>
  within(screen.getByRole('listbox', { name: 'Matching figures' }))
    .queryAllByRole('option')
    .map((option) => option.textContent);
const focused = () => document.activeElement?.getAttribute('aria-label') ?? null;

describe('Go to figure', () => {
  it('finds a figure by words of its row and column, and takes the focus to its chip in the text', async () => {
    openGoTo();
    expect(document.activeElement).toBe(field());
    await userEvent.keyboard('d3 c5');
    expect(options()[0]).toBe(`${gridValue(3, 5)} — D3 · C5 · 2015, page 1`);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(`Figure ${gridValue(3, 5)} (page 1)`);
    expect(document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label')).toBe(
      'Extracted text',
    );
    // The figure is the text's Tab stop now: the arrows go on from it.
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toBe(`Figure ${gridValue(4, 5)} (page 1)`);
  });

  it('finds a figure by its number, with or without its separators, on another page too', async () => {
    openGoTo();
    await userEvent.keyboard('11006');
    expect(options()).toEqual([`${gridValue(11, 6)} — D11 · C6 · 2015, page 1`]);
    await userEvent.clear(field());
    await userEvent.keyboard('4,200{Enter}');
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(2);
    expect(focused()).toBe('Figure 4,200 (page 2)');
  });

  it('lists whole words before words begun, then in reading order, and goes to the one chosen', async () => {
    openGoTo();
    await userEvent.keyboard('d1');
    const listed = options();
    expect(listed).toHaveLength(12);
    expect(listed.slice(0, 6)).toEqual(
      [1, 2, 3, 4, 5, 6].map((col) => `${gridValue(1, col)} — D1 · C${col} · 2015, page 1`),
    );
    expect(listed[6]).toBe(`${gridValue(10, 1)} — D10 · C1 · 2015, page 1`);
    expect(screen.getByTestId('go-to-figure-status').textContent).toBe(
      '24 figures match; the first 12 are listed.',
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(field().getAttribute('aria-activedescendant')).toBe(
      screen.getAllByRole('option')[2]?.getAttribute('id'),
    );
    await userEvent.keyboard('{Enter}');
    expect(focused()).toBe(`Figure ${gridValue(1, 3)} (page 1)`);
  });

  it('says when nothing matches, and Escape gives the focus back', async () => {
    renderViewer([gridEntry()], [gridRepresentation(3, 3)], 'sv-grid', 1, <GoToFigureOverlay />);
    const opener = within(screen.getByRole('region', { name: 'Extracted text' })).getAllByRole('button')[0]!;
    act(() => opener.focus());
    act(() => useWorkbenchUi.getState().openOverlay('goToFigure'));
    await userEvent.keyboard('texas{Enter}');
    expect(options()).toEqual([]);
    expect(screen.getByTestId('go-to-figure-status').textContent).toMatch(/^No figure matches/);
    expect(screen.getByRole('dialog', { name: 'Go to figure' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('has no serious or critical accessibility violations', async () => {
    const dialog = openGoTo();
    await userEvent.keyboard('d2');
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  });
});
