// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  readThemeChoice,
  resolveTheme,
  THEME_STORAGE_KEY,
  useThemeChoice,
  useThemeSync,
} from '../../../renderer/src/shell/theme';

// Light and dark follow the system unless the person chose one; the choice is kept in the page's storage.

let systemDark = false;
const listeners = new Set<() => void>();

function setSystemDark(dark: boolean) {
  systemDark = dark;
  for (const listener of listeners) listener();
}

beforeEach(() => {
  systemDark = false;
  listeners.clear();
  window.localStorage.clear();
  useThemeChoice.setState({ choice: 'system' });
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && systemDark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

function Sync() {
  useThemeSync();
  return null;
}

const theme = () => document.documentElement.dataset['theme'];

describe('theme', () => {
  it('follows the system by default, and when it changes', () => {
    render(<Sync />);
    expect(theme()).toBe('light');
    act(() => setSystemDark(true));
    expect(theme()).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    act(() => setSystemDark(false));
    expect(theme()).toBe('light');
  });

  it('a manual choice overrides the system and is kept; system forgets it', () => {
    setSystemDark(true);
    render(<Sync />);
    expect(theme()).toBe('dark');
    act(() => useThemeChoice.getState().choose('light'));
    expect(theme()).toBe('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    act(() => setSystemDark(true));
    expect(theme()).toBe('light');
    act(() => useThemeChoice.getState().choose('system'));
    expect(theme()).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('reads a stored choice, and anything else as system', () => {
    expect(readThemeChoice({ getItem: () => 'dark' })).toBe('dark');
    expect(readThemeChoice({ getItem: () => 'purple' })).toBe('system');
    expect(readThemeChoice({ getItem: () => null })).toBe('system');
    expect(
      readThemeChoice({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('system');
    expect(readThemeChoice(null)).toBe('system');
  });

  it('resolves a choice against the system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
