import { isMacPlatform } from '../shell/platform';
import { useWorkbenchUi } from '../ui-store';

/** The header's "Search" button: opens the search panel (the same as Ctrl+K / Cmd+K). */
export function SearchButton() {
  const openOverlay = useWorkbenchUi((state) => state.openOverlay);
  const shortcut = isMacPlatform() ? '⌘K' : 'Ctrl+K';
  return (
    <button
      type="button"
      onClick={() => openOverlay('search')}
      aria-haspopup="dialog"
      aria-keyshortcuts={isMacPlatform() ? 'Meta+K' : 'Control+K'}
      data-testid="open-search"
      className="flex items-center gap-2 rounded-md border border-slate-200 px-2.5 py-1 text-sm text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
    >
      Search
      <kbd className="rounded border border-slate-300 px-1 font-mono text-xs text-slate-600 dark:border-slate-600 dark:text-slate-300">
        {shortcut}
      </kbd>
    </button>
  );
}
