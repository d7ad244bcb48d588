import { useWorkbenchUi } from '../ui-store';

/** The header's way into the settings (also Ctrl+, or ⌘,). */
export function SettingsButton() {
  const openOverlay = useWorkbenchUi((state) => state.openOverlay);
  return (
    <button
      type="button"
      data-testid="open-settings"
      aria-haspopup="dialog"
      onClick={() => openOverlay('settings')}
      className="rounded-md border border-slate-200 px-2.5 py-1 text-sm text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
    >
      Settings
    </button>
  );
}
