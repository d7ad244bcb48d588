import { OUTCOME_WORDING, TONE_CLASSES, type ShownOutcome } from './outcome-wording';

export interface OutcomeBadgeProps {
  outcome: ShownOutcome;
  /** `large` heads the result card; `small` sits beside a case in the list. */
  size?: 'small' | 'large';
}

/**
 * An outcome in colour, icon and words together, so it reads without its colour. Only `supported` is
 * drawn as success; escalate, not checkable and an answer that contradicts itself never are.
 */
export function OutcomeBadge({ outcome, size = 'small' }: OutcomeBadgeProps) {
  const wording = OUTCOME_WORDING[outcome];
  const large = size === 'large';
  return (
    <span
      data-testid="outcome-badge"
      data-outcome={outcome}
      data-tone={wording.tone}
      className={`inline-flex max-w-full items-center gap-1.5 rounded-md font-medium ring-1 ring-inset ${TONE_CLASSES[wording.tone]} ${large ? 'px-2.5 py-1.5 text-sm' : 'px-1.5 py-0.5 text-xs'}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`shrink-0 ${large ? 'size-5' : 'size-3.5'}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path strokeLinecap="round" strokeLinejoin="round" d={wording.icon} />
      </svg>
      <span data-testid="outcome-label">{wording.label}</span>
    </span>
  );
}
