import type { ReactNode } from 'react';

const TONES = {
  status: 'text-slate-600 dark:text-slate-300',
  note: 'text-slate-600 dark:text-slate-300',
  alert: 'text-rose-800 dark:text-rose-300',
} as const;

/** A calm sentence where a pane has nothing (yet) to show: loading, not previewed, not read. */
export function UnitNotice({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div role={tone} data-testid="viewer-notice" className={`m-4 max-w-prose text-sm ${TONES[tone]}`}>
      {children}
    </div>
  );
}
