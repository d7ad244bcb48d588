/**
 * Every command and every key the workbench binds, in one table: the shortcuts overlay, the in-page menu,
 * the Electron menu (its commands and accelerators) and the keymap's own dispatch all read it, so none of
 * them can drift from the others. A contract between the main process and the renderer, so it lives in
 * shared/: no DOM here.
 */

/** What a command does; the app-wide ones run through renderer/src/shell/commands.ts. */
export const COMMAND_IDS = [
  'search.open',
  'settings.open',
  'shortcuts.open',
  'overlay.close',
  'library.addFiles',
  'report.export',
  'report.verify',
  'library.pasteWebAddress',
  'library.toggle',
  'view.zoomIn',
  'view.zoomOut',
  'view.zoomReset',
  'view.tables',
  'figure.goTo',
  'article.open',
] as const;

export type CommandId = (typeof COMMAND_IDS)[number];

export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && (COMMAND_IDS as readonly string[]).includes(value);
}

/** The themes a person can choose; `system` follows the operating system's. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** A command the Electron menu sends the renderer: a command of the table, or a theme chosen. */
export type MenuCommand = CommandId | `theme.${ThemeChoice}`;

/** The theme a menu command chooses, or null when it chooses none. */
export function themeOfCommand(command: string): ThemeChoice | null {
  const choice = command.startsWith('theme.') ? command.slice('theme.'.length) : '';
  return (THEME_CHOICES as readonly string[]).includes(choice) ? (choice as ThemeChoice) : null;
}

/** One key press: `mod` is Ctrl on Linux and Windows, Cmd on macOS; `shift` undefined means either. */
export interface KeyCombo {
  key: string;
  mod?: boolean;
  shift?: boolean;
}

export interface Shortcut {
  id: string;
  /** Alternatives: any of them does it. */
  keys: readonly KeyCombo[];
  description: string;
  /** Where the key works, in the person's words. */
  where: string;
  group: 'Workbench' | 'Library' | 'Viewer' | 'Check' | 'Article' | 'Reports' | 'Dialogs';
  /** The app-wide command it runs, if any (menus run the same command). */
  command: CommandId | null;
  /**
   * `keymap`: the keymap listens for it anywhere (not while typing, unless it has a modifier);
   * `component`: the component named in `where` binds it itself, and the table lists it.
   */
  boundBy: 'keymap' | 'component';
}

const ANYWHERE = 'Anywhere';

export const KEYMAP: readonly Shortcut[] = [
  {
    id: 'search',
    keys: [{ key: 'k', mod: true, shift: false }],
    description: 'Search your evidence',
    where: ANYWHERE,
    group: 'Workbench',
    command: 'search.open',
    boundBy: 'keymap',
  },
  {
    id: 'settings',
    keys: [{ key: ',', mod: true, shift: false }],
    description: 'Open settings',
    where: ANYWHERE,
    group: 'Workbench',
    command: 'settings.open',
    boundBy: 'keymap',
  },
  {
    id: 'shortcuts',
    keys: [{ key: '?' }],
    description: 'Show keyboard shortcuts',
    where: 'Anywhere but a text field',
    group: 'Workbench',
    command: 'shortcuts.open',
    boundBy: 'keymap',
  },
  {
    id: 'close-overlay',
    keys: [{ key: 'Escape' }],
    description: 'Close search, settings or this list',
    where: 'In an open panel',
    group: 'Workbench',
    command: 'overlay.close',
    boundBy: 'keymap',
  },
  {
    id: 'add-files',
    keys: [{ key: 'o', mod: true, shift: false }],
    description: 'Add files to the library',
    where: ANYWHERE,
    group: 'Library',
    command: 'library.addFiles',
    boundBy: 'keymap',
  },
  {
    id: 'paste-web-address',
    keys: [{ key: 'l', mod: true, shift: true }],
    description: 'Paste a web address',
    where: ANYWHERE,
    group: 'Library',
    command: 'library.pasteWebAddress',
    boundBy: 'keymap',
  },
  {
    id: 'toggle-library',
    keys: [{ key: 'b', mod: true, shift: false }],
    description: 'Show or hide the library',
    where: ANYWHERE,
    group: 'Library',
    command: 'library.toggle',
    boundBy: 'keymap',
  },
  {
    id: 'library-move',
    keys: [{ key: 'ArrowDown' }, { key: 'ArrowUp' }, { key: 'Home' }, { key: 'End' }],
    description: 'Move between documents',
    where: 'In the library list',
    group: 'Library',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'zoom-in',
    keys: [{ key: '=', mod: true }],
    description: 'Zoom in on the page',
    where: 'In the viewer (PDF or image)',
    group: 'Viewer',
    command: 'view.zoomIn',
    boundBy: 'component',
  },
  {
    id: 'zoom-out',
    keys: [{ key: '-', mod: true }],
    description: 'Zoom out',
    where: 'In the viewer (PDF or image)',
    group: 'Viewer',
    command: 'view.zoomOut',
    boundBy: 'component',
  },
  {
    id: 'zoom-reset',
    keys: [{ key: '0', mod: true }],
    description: 'Fit the page to the width',
    where: 'In the viewer (PDF or image)',
    group: 'Viewer',
    command: 'view.zoomReset',
    boundBy: 'component',
  },
  {
    id: 'tables-toggle',
    keys: [{ key: 't' }],
    description: 'Show or hide the tables read on the page',
    where: 'In the viewer (PDF or image)',
    group: 'Viewer',
    command: 'view.tables',
    boundBy: 'component',
  },
  {
    id: 'unit-move',
    keys: [{ key: 'ArrowLeft' }, { key: 'ArrowRight' }, { key: 'PageUp' }, { key: 'PageDown' }],
    description: 'Previous or next page or sheet',
    where: 'In the viewer (the arrows: off a figure; on a page wider than its pane, they scroll it)',
    group: 'Viewer',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'go-to-figure',
    keys: [{ key: 'g', mod: true, shift: false }],
    description: 'Go to a figure by its number, or its row and column',
    where: ANYWHERE,
    group: 'Viewer',
    command: 'figure.goTo',
    boundBy: 'keymap',
  },
  {
    id: 'figure-move',
    keys: [{ key: 'ArrowUp' }, { key: 'ArrowDown' }, { key: 'ArrowLeft' }, { key: 'ArrowRight' }],
    description: 'Move between figures (by row and column in a table)',
    where: 'On a figure in the text or on the page',
    group: 'Viewer',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'figure-row-ends',
    keys: [{ key: 'Home' }, { key: 'End' }],
    description: 'First or last figure of the row (of the text, outside a table)',
    where: 'On a figure in the text or on the page',
    group: 'Viewer',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'figure-table-ends',
    keys: [
      { key: 'Home', mod: true },
      { key: 'End', mod: true },
    ],
    description: 'First or last figure of the table',
    where: 'On a figure in a table',
    group: 'Viewer',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'figure-digits',
    keys: [{ key: '0–9' }],
    description: 'Type a number to go to the next figure printed with it',
    where: 'On a figure in the text or on the page',
    group: 'Viewer',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'strip-move',
    keys: [{ key: 'ArrowLeft' }, { key: 'ArrowRight' }, { key: 'Home' }, { key: 'End' }],
    description: 'Move along the pages, first and last',
    where: 'In the page strip',
    group: 'Viewer',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'split-resize',
    keys: [{ key: 'ArrowLeft' }, { key: 'ArrowRight' }, { key: 'Home' }, { key: 'End' }],
    description: 'Resize the page and text panes',
    where: 'On the divider between them',
    group: 'Viewer',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'figure-pick',
    keys: [{ key: 'Enter' }, { key: ' ' }],
    description: 'Pick the figure (as Figure 1, else Figure 2)',
    where: 'On a figure in the text or on the page',
    group: 'Check',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'figure-slot',
    keys: [
      { key: '1', shift: true },
      { key: '2', shift: true },
    ],
    description: 'Make the figure Figure 1 or Figure 2',
    where: 'On a figure in the text or on the page',
    group: 'Check',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'run-check',
    keys: [{ key: 'Enter', mod: true }],
    description: 'Run the check',
    where: 'In the claim field',
    group: 'Check',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'check-article',
    keys: [{ key: 'a', mod: true, shift: true }],
    description: 'Check an article: its claims and the figures that could back them',
    where: ANYWHERE,
    group: 'Article',
    command: 'article.open',
    boundBy: 'keymap',
  },
  {
    id: 'claim-move',
    keys: [{ key: 'ArrowDown' }, { key: 'ArrowUp' }, { key: 'Home' }, { key: 'End' }],
    description: 'Move between claims',
    where: 'In the list of an article’s claims',
    group: 'Article',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'claim-candidates',
    keys: [{ key: 'Enter' }],
    description: 'Go to the figures that could back the claim',
    where: 'In the list of an article’s claims',
    group: 'Article',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'candidate-check',
    keys: [{ key: 'Enter' }, { key: ' ' }],
    description: 'Check the claim with these figures (the same check as your own pick)',
    where: 'On a candidate’s Check button',
    group: 'Article',
    command: null,
    boundBy: 'component',
  },
  {
    id: 'export-report',
    keys: [{ key: 'e', mod: true, shift: true }],
    description: 'Export a report of the open case',
    where: ANYWHERE,
    group: 'Reports',
    command: 'report.export',
    boundBy: 'keymap',
  },
  {
    id: 'verify-report',
    keys: [{ key: 'y', mod: true, shift: true }],
    description: 'Check a report bundle',
    where: ANYWHERE,
    group: 'Reports',
    command: 'report.verify',
    boundBy: 'keymap',
  },
  {
    id: 'dialog-cancel',
    keys: [{ key: 'Escape' }],
    description: 'Cancel a question (nothing is removed)',
    where: 'In a confirmation',
    group: 'Dialogs',
    command: null,
    boundBy: 'component',
  },
];

const KEY_NAMES: Record<string, string> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  PageUp: 'Page Up',
  PageDown: 'Page Down',
  ' ': 'Space',
};

function keyName(key: string): string {
  return KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

/** What a person reads: "Ctrl+Shift+L", "⌘K". */
export function comboLabel(combo: KeyCombo, mac: boolean): string {
  const parts: string[] = [];
  if (combo.mod) parts.push(mac ? '⌘' : 'Ctrl');
  if (combo.shift) parts.push(mac ? '⇧' : 'Shift');
  parts.push(keyName(combo.key));
  return parts.join(mac ? '' : '+');
}

/** The `aria-keyshortcuts` value ("Control+K Meta+K" style names, one per alternative). */
export function ariaKeyshortcuts(keys: readonly KeyCombo[], mac: boolean): string {
  return keys
    .map((combo) => {
      const parts: string[] = [];
      if (combo.mod) parts.push(mac ? 'Meta' : 'Control');
      if (combo.shift) parts.push('Shift');
      parts.push(combo.key === ' ' ? 'Space' : combo.key.length === 1 ? combo.key.toUpperCase() : combo.key);
      return parts.join('+');
    })
    .join(' ');
}

/** The Electron accelerator of a combo ("CmdOrCtrl+Shift+L"). */
export function acceleratorOf(combo: KeyCombo): string {
  const parts: string[] = [];
  if (combo.mod) parts.push('CmdOrCtrl');
  if (combo.shift) parts.push('Shift');
  parts.push(combo.key === '=' ? 'Plus' : combo.key.length === 1 ? combo.key.toUpperCase() : combo.key);
  return parts.join('+');
}

export function shortcutFor(command: CommandId): Shortcut | undefined {
  return KEYMAP.find((shortcut) => shortcut.command === command);
}

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

function matches(combo: KeyCombo, press: KeyPress, mac: boolean): boolean {
  const mod = mac ? press.metaKey : press.ctrlKey;
  const otherMod = mac ? press.ctrlKey : press.metaKey;
  if (press.altKey || otherMod || Boolean(combo.mod) !== mod) return false;
  if (combo.shift !== undefined && combo.shift !== press.shiftKey) return false;
  return press.key.toLowerCase() === combo.key.toLowerCase();
}

/** The keymap-bound shortcut a key press means, if any. */
export function shortcutOfPress(press: KeyPress, mac: boolean): Shortcut | null {
  return (
    KEYMAP.find(
      (shortcut) =>
        shortcut.boundBy === 'keymap' && shortcut.keys.some((combo) => matches(combo, press, mac)),
    ) ?? null
  );
}
