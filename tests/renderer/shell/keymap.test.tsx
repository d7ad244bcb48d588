// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acceleratorOf,
  ariaKeyshortcuts,
  comboLabel,
  KEYMAP,
  shortcutOfPress,
  type KeyCombo,
} from '../../../shared/vocabulary/commands';
import { useKeymap } from '../../../renderer/src/shell/use-keymap';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';

// One table names every key; the keymap runs the app-wide ones (never while typing, unless with Ctrl),
// and Escape closes an open overlay.

const fake = vi.hoisted(() => ({ runCommand: vi.fn() }));
vi.mock('../../../renderer/src/shell/commands', () => ({ runCommand: fake.runCommand }));

function Harness() {
  useKeymap();
  return (
    <div>
      <input aria-label="Field" />
      <textarea aria-label="Notes" />
      <input type="checkbox" aria-label="Box" />
      <button type="button">Button</button>
    </div>
  );
}

function press(target: Element, combo: KeyCombo) {
  fireEvent.keyDown(target, {
    key: combo.key,
    ctrlKey: Boolean(combo.mod),
    shiftKey: combo.shift ?? combo.key === '?',
  });
}

const keymapBound = KEYMAP.filter((shortcut) => shortcut.boundBy === 'keymap');

beforeEach(() => {
  fake.runCommand.mockClear();
  useWorkbenchUi.setState({ overlay: null });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
});
afterEach(cleanup);

describe('the keymap table', () => {
  it('has unique ids, a description and a place for every key, and a command for every keymap key', () => {
    expect(new Set(KEYMAP.map((s) => s.id)).size).toBe(KEYMAP.length);
    for (const shortcut of KEYMAP) {
      expect(shortcut.description).not.toBe('');
      expect(shortcut.where).not.toBe('');
      expect(shortcut.keys.length).toBeGreaterThan(0);
      if (shortcut.boundBy === 'keymap') expect(shortcut.command).not.toBeNull();
    }
  });

  it('binds the issue’s keys', () => {
    const labels = KEYMAP.flatMap((s) => s.keys.map((combo) => comboLabel(combo, false)));
    for (const key of [
      'Ctrl+K',
      'Ctrl+,',
      '?',
      'Ctrl+O',
      'Ctrl+Shift+L',
      'Ctrl+B',
      'Ctrl+=',
      'Ctrl+-',
      'Ctrl+0',
      'Ctrl+G',
      'Esc',
    ])
      expect(labels).toContain(key);
  });

  it('names keys for Linux and Windows, macOS, screen readers and Electron', () => {
    const pasteAddress = { key: 'l', mod: true, shift: true };
    expect(comboLabel(pasteAddress, false)).toBe('Ctrl+Shift+L');
    expect(comboLabel(pasteAddress, true)).toBe('⌘⇧L');
    expect(ariaKeyshortcuts([pasteAddress], false)).toBe('Control+Shift+L');
    expect(ariaKeyshortcuts([{ key: 'k', mod: true }], true)).toBe('Meta+K');
    expect(acceleratorOf(pasteAddress)).toBe('CmdOrCtrl+Shift+L');
    expect(acceleratorOf({ key: '=', mod: true })).toBe('CmdOrCtrl+Plus');
  });

  it('uses Cmd, not Ctrl, on macOS', () => {
    const press = { key: 'k', ctrlKey: false, metaKey: true, shiftKey: false, altKey: false };
    expect(shortcutOfPress(press, true)?.command).toBe('search.open');
    expect(shortcutOfPress(press, false)).toBeNull();
    expect(shortcutOfPress({ ...press, metaKey: false, ctrlKey: true }, true)).toBeNull();
  });
});

describe('useKeymap', () => {
  it.each(keymapBound.filter((s) => s.command !== 'overlay.close').map((s) => [s.id, s] as const))(
    '%s runs its command',
    (_id, shortcut) => {
      for (const combo of shortcut.keys) {
        fake.runCommand.mockClear();
        press(document.body, combo);
        expect(fake.runCommand).toHaveBeenCalledOnce();
        expect(fake.runCommand.mock.calls[0]?.[0]).toBe(shortcut.command);
      }
    },
  );

  it('leaves keys bound by components to them', () => {
    for (const shortcut of KEYMAP.filter((s) => s.boundBy === 'component'))
      for (const combo of shortcut.keys) press(document.body, combo);
    expect(fake.runCommand).not.toHaveBeenCalled();
  });

  it('ignores plain keys while typing, but not Ctrl combinations', () => {
    for (const field of [screen.getByLabelText('Field'), screen.getByLabelText('Notes')]) {
      press(field, { key: '?' });
      expect(fake.runCommand).not.toHaveBeenCalled();
      press(field, { key: 'k', mod: true });
      expect(fake.runCommand).toHaveBeenLastCalledWith('search.open', expect.anything());
      fake.runCommand.mockClear();
    }
    press(screen.getByLabelText('Box'), { key: '?' });
    expect(fake.runCommand).toHaveBeenLastCalledWith('shortcuts.open', expect.anything());
  });

  it('ignores Alt, a key another handler took, and Ctrl+Shift+K', () => {
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true, altKey: true });
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true, shiftKey: true });
    const taken = new KeyboardEvent('keydown', { key: 'b', ctrlKey: true, bubbles: true, cancelable: true });
    taken.preventDefault();
    document.body.dispatchEvent(taken);
    expect(fake.runCommand).not.toHaveBeenCalled();
  });

  it('closes an open overlay with Escape, even from its field, and leaves Escape alone otherwise', () => {
    press(document.body, { key: 'Escape' });
    expect(fake.runCommand).not.toHaveBeenCalled();
    useWorkbenchUi.setState({ overlay: 'search' });
    press(screen.getByLabelText('Field'), { key: 'Escape' });
    expect(fake.runCommand).toHaveBeenCalledWith('overlay.close', expect.anything());
  });

  it('prevents the browser’s own meaning of a key it runs (Ctrl+O opens no browser file dialog)', () => {
    const event = new KeyboardEvent('keydown', { key: 'o', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
