import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useWorkbenchUi } from '../ui-store';
import { AboutDialog } from './AboutDialog';
import { runCommand } from './commands';
import {
  ariaKeyshortcuts,
  comboLabel,
  shortcutFor,
  type CommandId,
} from '../../../shared/vocabulary/commands';
import { isMacPlatform } from './platform';
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from './theme';

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

interface MenuEntry {
  id: string;
  label: string;
  run?: () => void;
  command?: CommandId;
  /** Why it cannot be used yet; the entry is shown disabled. */
  unavailable?: string;
  /** A theme choice: a radio item. */
  checked?: boolean;
}

const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'Theme: follow the system',
  light: 'Theme: light',
  dark: 'Theme: dark',
};

/**
 * The web host's stand-in for an application menu: the same commands as the Electron menu (File, View,
 * Help), each with its shortcut from the keymap. Edit is left to the browser's own menu and keys.
 */
export function AppMenu() {
  const client = useQueryClient();
  const libraryOpen = useWorkbenchUi((state) => state.libraryOpen);
  const tablesShown = useWorkbenchUi((state) => state.tablesShown);
  const themeChoice = useThemeChoice((state) => state.choice);
  const chooseTheme = useThemeChoice((state) => state.choose);
  const [open, setOpen] = useState(false);
  const [about, setAbout] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const mac = isMacPlatform();

  const groups: { name: string; entries: MenuEntry[] }[] = [
    {
      name: 'File',
      entries: [
        { id: 'add-files', label: 'Add files…', command: 'library.addFiles' },
        { id: 'paste-web-address', label: 'Paste a web address…', command: 'library.pasteWebAddress' },
        { id: 'search', label: 'Search evidence…', command: 'search.open' },
        { id: 'check-article', label: 'Check an article…', command: 'article.open' },
        { id: 'settings', label: 'Settings…', command: 'settings.open' },
        { id: 'export', label: 'Export report…', command: 'report.export' },
        { id: 'verify', label: 'Check a report bundle…', command: 'report.verify' },
      ],
    },
    {
      name: 'View',
      entries: [
        { id: 'zoom-in', label: 'Zoom in', command: 'view.zoomIn' },
        { id: 'zoom-out', label: 'Zoom out', command: 'view.zoomOut' },
        { id: 'zoom-reset', label: 'Fit page to width', command: 'view.zoomReset' },
        { id: 'go-to-figure', label: 'Go to figure…', command: 'figure.goTo' },
        { id: 'toggle-tables', label: tablesShown ? 'Hide tables' : 'Show tables', command: 'view.tables' },
        {
          id: 'toggle-library',
          label: libraryOpen ? 'Hide library' : 'Show library',
          command: 'library.toggle',
        },
        ...THEME_CHOICES.map((choice) => ({
          id: `theme-${choice}`,
          label: THEME_LABELS[choice],
          checked: themeChoice === choice,
          run: () => chooseTheme(choice),
        })),
      ],
    },
    {
      name: 'Help',
      entries: [
        { id: 'shortcuts', label: 'Keyboard shortcuts', command: 'shortcuts.open' },
        { id: 'about', label: 'About Evidence Workbench', run: () => setAbout(true) },
      ],
    },
  ];

  function items(): HTMLElement[] {
    return Array.from(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
  }

  function openMenu(focus: 'first' | 'last') {
    setOpen(true);
    requestAnimationFrame(() => {
      const all = items();
      (focus === 'first' ? all[0] : all[all.length - 1])?.focus();
    });
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function activate(entry: MenuEntry) {
    if (entry.unavailable) return;
    close(true);
    if (entry.command) runCommand(entry.command, client);
    else entry.run?.();
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (at + 1) % all.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + all.length) % all.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      close(false);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    all[next]?.focus();
  };

  return (
    <div className="relative" data-testid="app-menu">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="app-menu-button"
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
        className={`rounded-md border border-slate-200 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 ${FOCUS}`}
      >
        Menu
      </button>
      {open && (
        <>
          {/* A click anywhere else closes the menu. */}
          <div className="fixed inset-0 z-40" aria-hidden="true" onMouseDown={() => close(false)} />
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label="Workbench menu"
            onKeyDown={onMenuKeyDown}
            className="absolute top-full left-0 z-50 mt-1 max-h-[80vh] w-72 overflow-y-auto rounded-lg bg-white py-1 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
          >
            {groups.map((group, at) => (
              <div
                key={group.name}
                role="group"
                aria-label={group.name}
                className={at > 0 ? 'mt-1 border-t border-slate-200 pt-1 dark:border-slate-700' : ''}
              >
                <div
                  aria-hidden="true"
                  className="px-3 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
                >
                  {group.name}
                </div>
                {group.entries.map((entry) => {
                  const shortcut = entry.command ? shortcutFor(entry.command) : undefined;
                  const combo = shortcut?.keys[0];
                  return (
                    <button
                      key={entry.id}
                      type="button"
                      role={entry.checked === undefined ? 'menuitem' : 'menuitemradio'}
                      aria-checked={entry.checked}
                      aria-disabled={entry.unavailable ? 'true' : undefined}
                      aria-keyshortcuts={shortcut ? ariaKeyshortcuts(shortcut.keys, mac) : undefined}
                      tabIndex={-1}
                      data-testid={`menu-${entry.id}`}
                      onClick={() => activate(entry)}
                      className={`flex w-full items-center justify-between gap-3 px-3 py-1.5 text-left focus:bg-indigo-50 focus:outline-none dark:focus:bg-indigo-950 ${
                        entry.unavailable
                          ? 'cursor-not-allowed text-slate-600 dark:text-slate-400'
                          : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                      }`}
                    >
                      <span>
                        {entry.checked !== undefined && (
                          <span aria-hidden="true" className="inline-block w-4">
                            {entry.checked ? '✓' : ''}
                          </span>
                        )}
                        {entry.label}
                        {entry.unavailable && <span className="ml-1 text-xs">({entry.unavailable})</span>}
                      </span>
                      {combo && (
                        <kbd className="font-mono text-xs text-slate-600 dark:text-slate-300">
                          {comboLabel(combo, mac)}
                        </kbd>
                      )}
                    </button>
                  );
                })}
              </div>
            ))}
          </div>
        </>
      )}
      {about && <AboutDialog onClose={() => setAbout(false)} />}
    </div>
  );
}
