// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passageRange } from '../../../renderer/src/search/highlight';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import {
  gridEntry,
  gridRepresentation,
  gridValue,
  libraryEntry,
  pdfRepresentation,
  sheetEntry,
  sheetRepresentation,
} from './fixtures';
import { renderViewer, stubLayout } from './render-viewer';

// A page of figures by the keyboard alone: the text's figures and the page's are one Tab stop each, the
// arrows walk them (by row and column in a table), typed digits jump to a number, and the page's boxes
// stay faint on a dense page. pdf.js cannot draw in jsdom: react-pdf is replaced by a stand-in that reports
// two pages, each drawn as an empty canvas.

vi.mock('react-pdf', async () => (await import('./stand-ins')).reactPdfStandIn(2));

vi.mock('../../../renderer/src/bridge', async () => (await import('./stand-ins')).idleBridge());

beforeAll(stubLayout);
afterEach(cleanup);

const textFigures = () =>
  within(screen.getByRole('region', { name: 'Extracted text' })).getByRole('group', { name: /^Text of/ });
const pageFigures = (page = 1) => screen.getByRole('group', { name: `Figures on page ${page}` });
const figureIn = (group: HTMLElement, raw: string) =>
  within(group).getByRole('button', { name: new RegExp(`^Figure ${raw.replace(/[$,.]/g, '\\$&')} \\(`) });
const focused = () => document.activeElement?.getAttribute('aria-label') ?? null;
const named = (raw: string, page = 1) => `Figure ${raw} (page ${page})`;
const tabStops = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .filter((button) => button.tabIndex === 0)
    .map((button) => button.getAttribute('aria-label'));

const renderGrid = (rows = 4, cols = 3) => renderViewer([gridEntry()], [gridRepresentation(rows, cols)]);

describe('the figures of a text and of a page', () => {
  it('are one Tab stop each, entered at the figure the keyboard was last on', async () => {
    renderViewer([libraryEntry()], [pdfRepresentation]);
    expect(tabStops(textFigures())).toEqual([named('1,120')]);
    expect(tabStops(pageFigures())).toEqual([named('1,120')]);

    act(() => figureIn(textFigures(), '1,120').focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(named('2024'));
    // Tab leaves the text's figures: the next stop is no figure of it.
    await userEvent.tab();
    expect(textFigures().contains(document.activeElement)).toBe(false);
    await userEvent.tab({ shift: true });
    expect(focused()).toBe(named('2024'));
    expect(tabStops(textFigures())).toEqual([named('2024')]);
    // The page's figures are entered at the same figure.
    expect(tabStops(pageFigures())).toEqual([named('2024')]);
  });

  it('walks the text in reading order with the arrows, Home and End, and never turns the page', async () => {
    renderViewer([libraryEntry()], [pdfRepresentation]);
    act(() => figureIn(textFigures(), '1,120').focus());
    const walk: (string | null)[] = [];
    for (const key of [
      '{ArrowRight}',
      '{ArrowDown}',
      '{ArrowRight}',
      '{ArrowRight}',
      '{ArrowLeft}',
      '{Home}',
      '{ArrowLeft}',
      '{End}',
    ]) {
      await userEvent.keyboard(key);
      walk.push(focused());
    }
    expect(walk).toEqual([
      named('2024'),
      named('980'),
      'Figure 1,5 (page 1), ambiguous',
      'Figure 1,5 (page 1), ambiguous',
      named('980'),
      named('1,120'),
      named('1,120'),
      'Figure 1,5 (page 1), ambiguous',
    ]);
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(1);
  });

  it('walks the page’s boxes, which hold only the figures drawn on it', async () => {
    renderViewer([libraryEntry()], [pdfRepresentation]);
    act(() => figureIn(pageFigures(), '2024').focus());
    await userEvent.keyboard('{ArrowRight}');
    // 980 has no box: the next box is the ambiguous 1,5.
    expect(focused()).toBe('Figure 1,5 (page 1), ambiguous');
    expect(document.activeElement?.closest('[role="group"]')).toBe(pageFigures());
    await userEvent.keyboard('{Home}{Enter}');
    expect(useWorkbenchUi.getState().operands.A?.ref.figure_index).toBe(0);
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(1);
  });

  it('leaves the arrows to page moves off the figures, and PageDown on a figure lands on the next page’s', async () => {
    renderGrid();
    act(() => screen.getByRole('region', { name: 'Extracted text' }).focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(2);
    await userEvent.keyboard('{ArrowLeft}');
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(1);

    act(() => figureIn(textFigures(), gridValue(2, 2)).focus());
    await userEvent.keyboard('{PageDown}');
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(2);
    expect(focused()).toBe(named('4,200', 2));
  });
});

describe('a table’s figures by the keyboard', () => {
  it('move by row and column, to the row’s ends and the table’s, and out of the table past its edges', async () => {
    renderGrid(4, 3);
    act(() => figureIn(textFigures(), gridValue(1, 1)).focus());
    const at = async (keys: string) => {
      await userEvent.keyboard(keys);
      return focused();
    };
    expect(await at('{ArrowDown}')).toBe(named(gridValue(2, 1)));
    expect(await at('{ArrowRight}')).toBe(named(gridValue(2, 2)));
    expect(await at('{ArrowDown}{ArrowDown}')).toBe(named(gridValue(4, 2)));
    expect(await at('{ArrowUp}')).toBe(named(gridValue(3, 2)));
    expect(await at('{End}')).toBe(named(gridValue(3, 3)));
    expect(await at('{Home}')).toBe(named(gridValue(3, 1)));
    expect(await at('{Control>}{End}{/Control}')).toBe(named(gridValue(4, 3)));
    expect(await at('{Control>}{Home}{/Control}')).toBe(named(gridValue(1, 1)));
    // Past a row's end the row is read on; past the table's top and bottom the text goes on.
    expect(await at('{End}{ArrowRight}')).toBe(named(gridValue(2, 1)));
    expect(await at('{ArrowLeft}')).toBe(named(gridValue(1, 3)));
    expect(await at('{ArrowUp}')).toBe(named('2015'));
    expect(await at('{ArrowDown}')).toBe(named(gridValue(1, 1)));
    expect(await at('{Control>}{End}{/Control}{ArrowDown}')).toBe(named('99,999'));
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(1);
  });

  it('move the same way over the page’s boxes, and light each figure on both sides', async () => {
    renderGrid(4, 3);
    act(() => figureIn(pageFigures(), gridValue(1, 1)).focus());
    await userEvent.keyboard('{Control>}{End}{/Control}{ArrowUp}{Home}');
    expect(focused()).toBe(named(gridValue(3, 1)));
    expect(document.activeElement?.closest('[role="group"]')).toBe(pageFigures());
    expect(figureIn(textFigures(), gridValue(3, 1)).dataset['lit']).toBe('true');
    // Its row and column are said once it has the focus.
    expect(document.activeElement?.getAttribute('aria-description')).toMatch(/^D3 · C1 · 2015\. /);
  });

  it('jumps to the next figure printed with the digits typed', async () => {
    renderGrid(12, 6);
    act(() => figureIn(textFigures(), '2015').focus());
    await userEvent.keyboard('3');
    expect(focused()).toBe(named(gridValue(3, 1)));
    // Digits typed together are one number.
    await userEvent.keyboard('005');
    expect(focused()).toBe(named(gridValue(3, 5)));
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toBe(named(gridValue(4, 5)));
    // A move starts a new number; typed on to a number printed nowhere, the focus stays where it was.
    await userEvent.keyboard('{Home}8888');
    expect(focused()).toBe(named(gridValue(8, 1)));
    // Past the last figure the search goes round.
    act(() => figureIn(textFigures(), '99,999').focus());
    await userEvent.keyboard('2');
    expect(focused()).toBe(named('2015'));
    expect(useWorkbenchUi.getState().operands).toEqual({ A: null, B: null });
  });

  it('picks a focused figure with Shift+1 or Shift+2, whichever group it is in', async () => {
    renderGrid(4, 3);
    act(() => figureIn(pageFigures(), gridValue(2, 3)).focus());
    await userEvent.keyboard('{Shift>}2{/Shift}');
    act(() => figureIn(textFigures(), gridValue(4, 1)).focus());
    await userEvent.keyboard('{Shift>}1{/Shift}');
    const { A, B } = useWorkbenchUi.getState().operands;
    expect([A?.figure.raw, B?.figure.raw]).toEqual([gridValue(4, 1), gridValue(2, 3)]);
  });
});

describe('a sheet’s grid by the keyboard', () => {
  it('is one Tab stop over the cells of its figures, the arrows between them', async () => {
    renderViewer([sheetEntry()], [sheetRepresentation]);
    const grid = screen.getByRole('table', { name: 'Sheet Revenue' });
    expect(tabStops(grid)).toEqual(['Figure 1,200 (sheet Revenue, cell B3)']);
    act(() => within(grid).getByRole('button', { name: /1,200/ }).focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe('Figure 1,350 (sheet Revenue, cell C3)');
    expect(grid.querySelector('[data-ref="C3"]')?.getAttribute('data-lit')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(useWorkbenchUi.getState().operands.A?.ref.figure_index).toBe(1);
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(1);
  });
});

describe('figure boxes on the page', () => {
  it('are faint on a dense page until pointed at, and the toggle beside “Show tables” draws them all', async () => {
    renderGrid(13, 12);
    const boxes = () => within(pageFigures()).getAllByTestId('figure-box');
    expect(boxes().length).toBeGreaterThan(150);
    expect(boxes().every((box) => box.dataset['quiet'] === 'true')).toBe(true);
    const toggle = screen.getByRole('button', { name: 'Show all boxes' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.previousElementSibling).toBe(screen.getByRole('button', { name: 'Show tables' }));

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(boxes().some((box) => box.dataset['quiet'] === 'true')).toBe(false);
    await userEvent.click(toggle);
    expect(boxes().every((box) => box.dataset['quiet'] === 'true')).toBe(true);
  });

  it('are drawn in full on a page of few figures, with no toggle', () => {
    renderViewer([libraryEntry()], [pdfRepresentation]);
    expect(
      within(pageFigures())
        .getAllByTestId('figure-box')
        .some((b) => b.dataset['quiet']),
    ).toBe(false);
    expect(screen.queryByRole('button', { name: 'Show all boxes' })).toBeNull();
  });
});

describe('a search result opened at its passage', () => {
  it('gives the focus to the lit passage, and Tab enters the text’s figures at the passage', () => {
    renderViewer([libraryEntry()], [pdfRepresentation]);
    const unit = pdfRepresentation.units[0]!;
    const range = passageRange(unit.markdown, 'from 980 a year before')!;
    act(() => useWorkbenchUi.getState().lightPassage({ sourceUnitId: unit.source_unit_id, ranges: [range] }));
    const first = screen.getAllByTestId('lit-passage')[0] as HTMLElement;
    expect(document.activeElement).toBe(first);
    expect(first.textContent).toBe('from ');
    expect(tabStops(textFigures())).toEqual([named('980')]);
  });
});
