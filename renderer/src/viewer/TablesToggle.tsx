import { useWorkbenchUi } from '../ui-store';

const BUTTON =
  'rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-pressed:border-teal-600 aria-pressed:bg-teal-50 aria-pressed:text-teal-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400 dark:aria-pressed:border-teal-400 dark:aria-pressed:bg-teal-950 dark:aria-pressed:text-teal-100';

/**
 * Outlines the tables read on the pages over the original, or hides them (T does the same). The tables
 * themselves are listed beside the page's text, for the keyboard and screen readers.
 */
export function TablesToggle({ tableCount }: { tableCount: number | null }) {
  const shown = useWorkbenchUi((state) => state.tablesShown);
  const toggle = useWorkbenchUi((state) => state.toggleTables);
  let hint = 'Outline the tables read on the pages (T)';
  if (tableCount === 0) hint = 'No tables were read in this document (T)';
  return (
    <button
      type="button"
      className={BUTTON}
      onClick={toggle}
      aria-pressed={shown}
      aria-keyshortcuts="T"
      title={hint}
      data-testid="tables-toggle"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 12 12"
        className="mr-1 inline-block h-3 w-3 -translate-y-px fill-none stroke-current"
        strokeWidth={1.2}
      >
        <rect x="0.6" y="0.6" width="10.8" height="10.8" rx="1" />
        <path d="M0.6 4.2h10.8M4.6 0.6v10.8" />
      </svg>
      Show tables
    </button>
  );
}
