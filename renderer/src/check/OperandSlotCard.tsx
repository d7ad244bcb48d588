import type { OperandSlot, PickedOperand } from '../ui-store';
import { slotNumber } from '../viewer/figures';
import {
  figureLocation,
  formatNumber,
  labelsWording,
  readingWording,
  scaleWording,
  unitWording,
} from './figure-wording';

export interface OperandSlotCardProps {
  slot: OperandSlot;
  operand: PickedOperand | null;
  onClear: () => void;
}

/**
 * One slot of the operand tray: the figure as the source wrote it, the labels beside it, its reading
 * (value, unit, scale), and where it comes from (document, page or sheet and cell, how it was read). The
 * slot's number is no role: the check reads which figure is which from the claim. An empty slot says how
 * to fill it: an operand is always a figure picked from a document, never a number typed here.
 */
export function OperandSlotCard({ slot, operand, onClear }: OperandSlotCardProps) {
  const headingId = `operand-${slot}-heading`;
  const number = slotNumber(slot);
  const labels = operand === null ? null : labelsWording(operand.labels);
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`operand-slot-${slot}`}
      data-filled={operand !== null}
      className={`rounded-lg border p-3 ${operand === null ? 'border-dashed border-slate-300 bg-slate-50 dark:border-slate-600 dark:bg-slate-800' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h4
          id={headingId}
          className="text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300"
        >
          Figure {number}
        </h4>
        {operand !== null && (
          <button
            type="button"
            onClick={onClear}
            aria-label={`Clear figure ${number}`}
            className="rounded px-1.5 py-0.5 text-xs text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
          >
            Clear
          </button>
        )}
      </div>
      {operand === null ? (
        <p data-testid={`operand-empty-${slot}`} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Empty. Click a figure in a document, or focus one and press Shift+{number}.
        </p>
      ) : (
        <>
          <p className="mt-2 font-mono text-lg font-semibold break-all text-slate-900 dark:text-slate-100">
            <bdi data-testid={`operand-raw-${slot}`}>{operand.figure.raw}</bdi>
          </p>
          {labels !== null && (
            <p
              data-testid={`operand-labels-${slot}`}
              className="text-sm font-medium break-words text-slate-800 dark:text-slate-200"
            >
              <bdi>{labels}</bdi>
            </p>
          )}
          <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
            <dt className="text-slate-600 dark:text-slate-300">Value</dt>
            <dd
              data-testid={`operand-value-${slot}`}
              className="font-mono text-slate-800 dark:text-slate-200"
            >
              {formatNumber(operand.figure.value)}
              {operand.figure.accounting && ' (negative: written in parentheses)'}
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">Unit</dt>
            <dd className="text-slate-800 dark:text-slate-200">{unitWording(operand.figure.unit)}</dd>
            <dt className="text-slate-600 dark:text-slate-300">Scale</dt>
            <dd className="text-slate-800 dark:text-slate-200">{scaleWording(operand.figure.scale)}</dd>
            <dt className="text-slate-600 dark:text-slate-300">Source</dt>
            <dd
              data-testid={`operand-source-${slot}`}
              className="break-words text-slate-800 dark:text-slate-200"
            >
              <bdi>{operand.sourceTitle}</bdi>
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">Where</dt>
            <dd data-testid={`operand-where-${slot}`} className="text-slate-800 dark:text-slate-200">
              {figureLocation(operand)}
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">Read by</dt>
            <dd data-testid={`operand-method-${slot}`} className="text-slate-800 dark:text-slate-200">
              {readingWording(operand.extractionMethod)}
            </dd>
          </dl>
          {operand.figure.ambiguous && (
            <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-amber-600/40 ring-inset dark:bg-amber-950/40 dark:text-amber-200">
              <span aria-hidden="true">⚠ </span>This number can be read more than one way; the check will
              refuse it. Pick another figure.
            </p>
          )}
        </>
      )}
    </section>
  );
}
