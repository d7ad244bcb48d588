import { useEffect } from 'react';
import { create } from 'zustand';
import { THEME_CHOICES, type ThemeChoice } from '../../../shared/vocabulary/commands';

/** The person's choice (shared/vocabulary/commands.ts); `system` follows the operating system's setting. */
export { THEME_CHOICES, type ThemeChoice };
export type Theme = 'light' | 'dark';

/** A UI preference only (never a secret), so the page's own storage is the right place for it. */
export const THEME_STORAGE_KEY = 'workbench.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemeChoice(storage: Pick<Storage, 'getItem'> | null): ThemeChoice {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** `data-theme` drives Tailwind's `dark:` variant (index.css); `color-scheme` styles scrollbars and fields. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.dataset['theme'] = theme;
  root.style.colorScheme = theme;
}

function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

interface ThemeState {
  choice: ThemeChoice;
  choose: (choice: ThemeChoice) => void;
}

export const useThemeChoice = create<ThemeState>()((set) => ({
  choice: typeof window === 'undefined' ? 'system' : readThemeChoice(pageStorage()),
  choose: (choice) => {
    try {
      const storage = pageStorage();
      if (choice === 'system') storage?.removeItem(THEME_STORAGE_KEY);
      else storage?.setItem(THEME_STORAGE_KEY, choice);
    } catch {
      // Storage refused (a private window): the choice holds for this session.
    }
    set({ choice });
  },
}));

/** Keeps `<html data-theme>` on the person's choice, following the system while the choice is `system`. */
export function useThemeSync(): void {
  const choice = useThemeChoice((state) => state.choice);
  useEffect(() => {
    const root = document.documentElement;
    const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
    const apply = () => applyTheme(root, resolveTheme(choice, media?.matches ?? false));
    apply();
    if (choice !== 'system' || media === null) return;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [choice]);
}
