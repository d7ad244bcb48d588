import type { ExtractionCode } from '../../../shared/api/extract';
import { readingLabel, readingMove, STATE_WORDING, type ReadingState, type Tone } from './extraction-codes';

const TONE_CLASSES: Record<Tone, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-950/40 dark:text-emerald-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/35 dark:bg-amber-950/40 dark:text-amber-200',
  danger: 'bg-rose-50 text-rose-800 ring-rose-600/25 dark:bg-rose-950/40 dark:text-rose-300',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/25 dark:bg-slate-950 dark:text-slate-300',
};

/** One shape per state, so the badge reads without its colour (colour-blind safe). */
const ICON_PATHS: Record<ReadingState, string> = {
  // circle with a check
  complete: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  // triangle with an exclamation mark
  partial:
    'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
  // circle with a bar through it
  unsupported:
    'M18.364 18.364A9 9 0 0 0 5.636 5.636m12.728 12.728A9 9 0 0 1 5.636 5.636m12.728 12.728L5.636 5.636',
  // circle with a cross
  error: 'm9.75 9.75 4.5 4.5m0-4.5-4.5 4.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  // clock
  unread: 'M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
};

export interface StatusBadgeProps {
  state: ReadingState;
  code?: ExtractionCode | null;
  /** Show the caller's move under the badge (what the person does about this read). */
  showMove?: boolean;
}

/**
 * How a document was read, in colour, icon and words. Only a complete read is drawn as success; a
 * partial, unsupported or failed read is never, and never looks like an empty document.
 */
export function StatusBadge({ state, code = null, showMove = false }: StatusBadgeProps) {
  const tone = STATE_WORDING[state].tone;
  const label = readingLabel(state, code);
  const move = showMove ? readingMove(state, code) : null;
  return (
    <span
      data-testid="status-badge"
      data-tone={tone}
      data-state={state}
      data-code={code ?? undefined}
      className="inline-flex max-w-full flex-col items-start gap-0.5"
    >
      <span
        className={`inline-flex max-w-full items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[tone]}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-3.5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path strokeLinecap="round" strokeLinejoin="round" d={ICON_PATHS[state]} />
        </svg>
        <span data-testid="status-label">{label}</span>
      </span>
      {move !== null && (
        <span data-testid="status-move" className="text-xs text-slate-600 dark:text-slate-300">
          {move}
        </span>
      )}
    </span>
  );
}
