import type { Arithmetic, ArithmeticVerdict } from '../../../shared/api/numeric';
import { arithmeticLine } from './arithmetic-wording';

const VERDICT_WORDING: Record<ArithmeticVerdict, { label: string; icon: string; className: string }> = {
  holds: { label: 'The arithmetic holds', icon: '✓', className: 'text-slate-900 dark:text-slate-100' },
  fails: { label: 'The arithmetic fails', icon: '✗', className: 'text-rose-800 dark:text-rose-300' },
  not_computable: {
    label: 'The arithmetic could not be computed',
    icon: '?',
    className: 'text-amber-900 dark:text-amber-200',
  },
};

export interface ArithmeticSummaryProps {
  arithmetic: Arithmetic | null;
  /** The claim that was checked, for the claim's own figure beside the computed one. */
  claim: string;
}

/**
 * The computation over the figures: its verdict, the computed value beside the claim's with the
 * tolerance, whether it holds only by rounding, and the service's working. No arithmetic is said in words,
 * never shown as a pass.
 */
export function ArithmeticSummary({ arithmetic, claim }: ArithmeticSummaryProps) {
  if (arithmetic === null)
    return (
      <section aria-labelledby="arithmetic-heading" data-testid="arithmetic" data-verdict="none">
        <h4
          id="arithmetic-heading"
          className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
        >
          Arithmetic
        </h4>
        <p
          data-testid="arithmetic-none"
          className="mt-1 text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          <span aria-hidden="true">— </span>No arithmetic was possible
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          The service found no relation in the claim to compute.
        </p>
      </section>
    );
  const wording = VERDICT_WORDING[arithmetic.verdict];
  const line = arithmeticLine(arithmetic, claim);
  return (
    <section aria-labelledby="arithmetic-heading" data-testid="arithmetic" data-verdict={arithmetic.verdict}>
      <h4
        id="arithmetic-heading"
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
      >
        Arithmetic
      </h4>
      <p data-testid="arithmetic-verdict" className={`mt-1 text-sm font-medium ${wording.className}`}>
        <span aria-hidden="true">{wording.icon} </span>
        {wording.label}
      </p>
      {line !== null && (
        <p
          data-testid="arithmetic-line"
          className="mt-0.5 font-mono text-sm text-slate-800 dark:text-slate-200"
        >
          {line.text}
        </p>
      )}
      {arithmetic.holds_only_by_rounding === true && (
        <p
          data-testid="arithmetic-rounding"
          className="mt-1 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-amber-600/40 ring-inset dark:bg-amber-950/40 dark:text-amber-200"
        >
          <span aria-hidden="true">≈ </span>Holds only by rounding: the figures do not give the claim’s number
          exactly, only within the precision the claim states.
        </p>
      )}
      <p data-testid="arithmetic-reason" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {arithmetic.reason}
      </p>
    </section>
  );
}
