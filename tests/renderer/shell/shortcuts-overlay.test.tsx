// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comboLabel, KEYMAP } from '../../../shared/vocabulary/commands';
import { ShortcutsOverlay } from '../../../renderer/src/shell/ShortcutsOverlay';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';

// The overlay lists every entry of the keymap's table (it is drawn from it), as a labelled dialog that
// Escape closes, giving focus back to where it was.

function Opener() {
  const open = useWorkbenchUi((state) => state.openOverlay);
  return (
    <button type="button" onClick={() => open('shortcuts')}>
      Shortcuts
    </button>
  );
}

beforeEach(() => {
  useWorkbenchUi.setState({ overlay: null });
  render(
    <>
      <Opener />
      <ShortcutsOverlay />
    </>,
  );
});
afterEach(cleanup);

function openOverlay(): HTMLElement {
  const opener = screen.getByRole('button', { name: 'Shortcuts' });
  opener.focus();
  fireEvent.click(opener);
  return screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
}

describe('ShortcutsOverlay', () => {
  it('is closed until asked for', () => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists every shortcut of the keymap, with its keys and what it does', () => {
    const dialog = openOverlay();
    const rows = within(dialog).getAllByTestId('shortcut-row');
    expect(rows.map((row) => row.dataset['shortcutId'])).toEqual(KEYMAP.map((s) => s.id));
    for (const shortcut of KEYMAP) {
      const row = rows.find((r) => r.dataset['shortcutId'] === shortcut.id) as HTMLElement;
      expect(within(row).getByTestId('shortcut-description').textContent).toBe(shortcut.description);
      expect(
        within(row)
          .getAllByTestId('shortcut-key')
          .map((kbd) => kbd.textContent),
      ).toEqual(shortcut.keys.map((combo) => comboLabel(combo, false)));
      expect(row.textContent).toContain(shortcut.where);
    }
  });

  it('is a modal dialog that takes focus, closes on Escape and gives focus back', () => {
    const dialog = openOverlay();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useWorkbenchUi.getState().overlay).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Shortcuts' }));
  });

  it('closes with its button', () => {
    const dialog = openOverlay();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside', () => {
    const dialog = openOverlay();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const list = within(dialog).getByLabelText('Shortcuts');
    list.focus();
    fireEvent.keyDown(list, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(list);
  });
});
