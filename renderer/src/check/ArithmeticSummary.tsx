import type { Arithmetic, ArithmeticVerdict } from '../../../shared/api/numeric';
import { arithmeticLine, claimFigureOf, type ArithmeticFigures } from './arithmetic-wording';
import type { ReadingInWords } from './role-wording';

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
  /**
   * When the claim's words do not say which figure is which: each way of reading the figures with its
   * computation, none of them the answer (empty otherwise).
   */
  readings?: readonly ReadingInWords[];
  /** The check's figures and how the card names them, to say a computed comparison in words. */
  figures?: ArithmeticFigures;
}

/**
 * The computation over the figures: its verdict, the computation in the claim's terms (the service's
 * line, else the computed value beside the claim's with the tolerance), whether it holds only by rounding,
 * and the service's working. No arithmetic is said in words, never shown as a pass. When the roles are
 * unclear, each reading's computation is listed and none is marked as holding or failing.
 */
export function ArithmeticSummary({ arithmetic, claim, readings = [], figures }: ArithmeticSummaryProps) {
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
  if (readings.length > 0) {
    const says = claimFigureOf(claim);
    return (
      <section aria-labelledby="arithmetic-heading" data-testid="arithmetic" data-verdict="roles_unclear">
        <h4
          id="arithmetic-heading"
          className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
        >
          Arithmetic
        </h4>
        <p
          data-testid="arithmetic-verdict"
          className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-200"
        >
          <span aria-hidden="true">? </span>Not computed: it depends on which figure is which
        </p>
        <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
          Each way of reading the figures, neither of them chosen:
        </p>
        <ul data-testid="arithmetic-readings" className="mt-1 flex flex-col gap-1">
          {readings.map((reading, i) => (
            <li
              key={i}
              data-testid="arithmetic-reading"
              className="border-l-2 border-slate-300 pl-2 text-sm dark:border-slate-600"
            >
              <span className="block text-xs break-words text-slate-700 dark:text-slate-300">
                <bdi>{reading.label}</bdi>:
              </span>
              <span className="block font-mono break-words text-slate-800 dark:text-slate-200">
                {reading.computation}
              </span>
            </li>
          ))}
        </ul>
        {says !== null && (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            The claim says <span className="font-mono">{says.raw}</span>.
          </p>
        )}
      </section>
    );
  }
  const wording = VERDICT_WORDING[arithmetic.verdict];
  // The service's line names each figure by the claim's words; the card's own is the fallback.
  const line =
    arithmetic.line !== undefined ? { text: arithmetic.line } : arithmeticLine(arithmetic, claim, figures);
  // The service's working often starts with that same line: the rest is what it adds.
  const working =
    arithmetic.line !== undefined && arithmetic.reason.startsWith(arithmetic.line)
      ? arithmetic.reason.slice(arithmetic.line.length).replace(/^[.;,]?\s*/, '')
      : arithmetic.reason;
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
      {working !== '' && (
        <p data-testid="arithmetic-reason" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {working}
        </p>
      )}
    </section>
  );
}
