import type { ReactNode } from 'react';

// A button beside the zoom controls that shows or hides something drawn over the page, pressed while
// shown. Each toggle has its own colour when pressed, so two pressed side by side are told apart.

const BASE =
  'rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400';

const PRESSED = {
  teal: 'aria-pressed:border-teal-600 aria-pressed:bg-teal-50 aria-pressed:text-teal-900 dark:aria-pressed:border-teal-400 dark:aria-pressed:bg-teal-950 dark:aria-pressed:text-teal-100',
  sky: 'aria-pressed:border-sky-600 aria-pressed:bg-sky-50 aria-pressed:text-sky-900 dark:aria-pressed:border-sky-400 dark:aria-pressed:bg-sky-950 dark:aria-pressed:text-sky-100',
} as const;

export function ViewToggle({
  pressed,
  onToggle,
  title,
  testId,
  keys,
  tone,
  icon,
  children,
}: {
  pressed: boolean;
  onToggle: () => void;
  title: string;
  testId: string;
  keys?: string;
  tone: keyof typeof PRESSED;
  /** The icon's shapes, drawn in a 12 × 12 box with the text's colour. */
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${BASE} ${PRESSED[tone]}`}
      onClick={onToggle}
      aria-pressed={pressed}
      {...(keys === undefined ? {} : { 'aria-keyshortcuts': keys })}
      title={title}
      data-testid={testId}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 12 12"
        className="mr-1 inline-block h-3 w-3 -translate-y-px fill-none stroke-current"
        strokeWidth={1.2}
      >
        {icon}
      </svg>
      {children}
    </button>
  );
}
