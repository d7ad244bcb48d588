import { useWorkbenchUi } from '../ui-store';
import { OperandSlotCard } from './OperandSlotCard';

export interface OperandTrayProps {
  /** A refusal that concerns the operands (an unavailable figure, an ambiguous number), or null. */
  error?: string | null;
}

/**
 * The one or two figures a claim is checked against, possibly from two documents. Their order says nothing:
 * the check reads which figure is which from the claim's words.
 */
export function OperandTray({ error = null }: OperandTrayProps) {
  const operands = useWorkbenchUi((state) => state.operands);
  const clearOperand = useWorkbenchUi((state) => state.clearOperand);
  const empty = operands.A === null && operands.B === null;
  return (
    <section
      aria-labelledby="operand-tray-heading"
      data-testid="operand-tray"
      className="flex flex-col gap-2"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="operand-tray-heading" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Figures
        </h3>
        <button
          type="button"
          onClick={() => clearOperand()}
          disabled={empty}
          className="rounded-md border border-slate-200 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
        >
          Clear both
        </button>
      </div>
      <OperandSlotCard slot="A" operand={operands.A} onClear={() => clearOperand('A')} />
      <OperandSlotCard slot="B" operand={operands.B} onClear={() => clearOperand('B')} />
      {error !== null && (
        <p
          id="operand-error"
          role="alert"
          data-testid="operand-error"
          className="rounded-md bg-rose-50 px-2.5 py-1.5 text-sm text-rose-800 ring-1 ring-rose-600/30 ring-inset dark:bg-rose-950/40 dark:text-rose-300"
        >
          {error}
        </p>
      )}
    </section>
  );
}
