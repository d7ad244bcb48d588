// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { libraryEntry, pdfRepresentation, tableEntry, tableRepresentation } from './fixtures';
import { renderViewer, stubPaneWidth } from './render-viewer';

// How a PDF opens in a narrow pane (a 1280 × 800 window with the text beside the page leaves the page
// about 350 pixels): fitting a landscape page's width there draws it at 40%, its print too small to read.
// It opens at 60% instead, the pane scrolling sideways, and says so; "Fit width" still fits the width,
// and Ctrl+0 too. Where fitting is readable, it opens fitted, as before.

vi.mock('react-pdf', async () => (await import('./stand-ins')).reactPdfStandIn(1));
vi.mock('../../../renderer/src/bridge', async () => (await import('./stand-ins')).idleBridge());

afterEach(cleanup);

const drawnWidth = () => screen.getAllByTestId('fake-page')[0]?.getAttribute('width');
const fitWidth = () => screen.getByRole('button', { name: 'Fit width' });

describe('a landscape page in a narrow pane (352 pixels, 320 to fit)', () => {
  beforeAll(() => stubPaneWidth(352));

  it('opens at a readable 60%, wider than the pane, and says what Fit width would give', () => {
    renderViewer([tableEntry()], [tableRepresentation], 'sv-3');
    // 792 points at 60% (fitting would give 320 / 792 = 40%).
    expect(drawnWidth()).toBe(String(Math.floor(792 * 0.6)));
    expect(screen.getByTestId('zoom-level').textContent).toBe('60%');
    expect(fitWidth().getAttribute('aria-pressed')).toBe('false');
    const note = screen.getByTestId('zoom-note');
    expect(note.textContent).toBe(
      'Shown at 60% to be readable: scroll sideways, or Fit width for the whole width (40%).',
    );
    expect(fitWidth().getAttribute('aria-describedby')).toBe(note.id);
  });

  it('fits the width when asked, by the button or Ctrl+0, and zooms from where it is', async () => {
    const user = userEvent.setup();
    renderViewer([tableEntry()], [tableRepresentation], 'sv-3');
    await user.click(fitWidth());
    expect(drawnWidth()).toBe('320');
    expect(screen.getByTestId('zoom-level').textContent).toBe('40%');
    expect(fitWidth().getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('zoom-note')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('zoom-level').textContent).toBe('50%');
    cleanup();

    renderViewer([tableEntry()], [tableRepresentation], 'sv-3');
    await user.keyboard('{Control>}0{/Control}');
    expect(drawnWidth()).toBe('320');
  });

  it('opens a portrait page (600 points: 53% to fit) at 60% too', () => {
    renderViewer([libraryEntry()], [pdfRepresentation], 'sv-1');
    expect(drawnWidth()).toBe('360');
    expect(screen.getByTestId('zoom-note').textContent).toContain('(53%)');
  });
});

describe('a landscape page in a wide pane (632 pixels, 600 to fit)', () => {
  beforeAll(() => stubPaneWidth(632));

  it('opens fitted to the width (76%), Fit width pressed, nothing to say', () => {
    renderViewer([tableEntry()], [tableRepresentation], 'sv-3');
    expect(drawnWidth()).toBe('600');
    expect(screen.getByTestId('zoom-level').textContent).toBe('76%');
    expect(fitWidth().getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('zoom-note')).toBeNull();
  });
});

describe('the keyboard on a page wider than its pane', () => {
  beforeAll(() => stubPaneWidth(352));

  it('scrolls it sideways with Left and Right on the pane; Page Down still turns the page', () => {
    renderViewer([libraryEntry()], [pdfRepresentation], 'sv-1');
    const pane = screen.getByRole('region', { name: 'Original' });
    Object.defineProperty(pane, 'scrollWidth', { configurable: true, value: 392 });
    pane.focus();
    const right = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    pane.dispatchEvent(right);
    expect(right.defaultPrevented).toBe(false);
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(1);
    act(() => {
      pane.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true, cancelable: true }));
    });
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(2);

    // A page that fits its pane: Right turns the page, as before.
    Object.defineProperty(pane, 'scrollWidth', { configurable: true, value: 352 });
    act(() => {
      pane.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }),
      );
    });
    expect(useWorkbenchUi.getState().openUnitIndex).toBe(3);
  });
});
