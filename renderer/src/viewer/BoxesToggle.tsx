import { useWorkbenchUi } from '../ui-store';

const BUTTON =
  'rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 aria-pressed:border-sky-600 aria-pressed:bg-sky-50 aria-pressed:text-sky-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400 dark:aria-pressed:border-sky-400 dark:aria-pressed:bg-sky-950 dark:aria-pressed:text-sky-100';

/**
 * On pages dense with figures the boxes are drawn faintly, so the page can be read under them, until one
 * is pointed at or focused; this draws them all in full, or faint again.
 */
export function BoxesToggle() {
  const shown = useWorkbenchUi((state) => state.boxesShown);
  const toggle = useWorkbenchUi((state) => state.toggleBoxes);
  return (
    <button
      type="button"
      className={BUTTON}
      onClick={toggle}
      aria-pressed={shown}
      title="Pages with many figures draw their boxes faintly until you point at one; show every box in full"
      data-testid="boxes-toggle"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 12 12"
        className="mr-1 inline-block h-3 w-3 -translate-y-px fill-none stroke-current"
        strokeWidth={1.2}
      >
        <rect x="0.6" y="2.6" width="4.8" height="3" rx="0.5" />
        <rect x="6.6" y="2.6" width="4.8" height="3" rx="0.5" />
        <rect x="0.6" y="7.6" width="4.8" height="3" rx="0.5" />
        <rect x="6.6" y="7.6" width="4.8" height="3" rx="0.5" />
      </svg>
      Show all boxes
    </button>
  );
}
