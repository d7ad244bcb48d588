import { useRef, type KeyboardEvent } from 'react';
import type { FigureWithPosition, Unit } from '../../../shared/api';
import { labelsWording } from '../check/figure-wording';
import { useWorkbenchUi } from '../ui-store';
import { useFigureStop } from './figure-group';
import { AMBIGUOUS_NOTE, figureLabels, figureName, PICK_HINT, slotKey, slotNumber } from './figures';
import type { GridCell } from './sheet-layout';
import { useFigure } from './use-figure';

/**
 * A sheet cell holding figures: lit with them (hovering it lights its figure in the text), marked when
 * picked, and picked by a click, Enter or Space when it holds one figure. Its button is one of the grid's
 * figures for the keyboard (one Tab stop for the grid, the arrows between its cells).
 */
export function SheetFigureCell({
  cell,
  unit,
  figures,
  className,
}: {
  cell: GridCell;
  unit: Unit;
  figures: readonly [FigureWithPosition, ...FigureWithPosition[]];
  className: string;
}) {
  const first = figures[0];
  const { picked, light, unlight, pick } = useFigure(unit, first);
  const button = useRef<HTMLButtonElement>(null);
  const stop = useFigureStop(first.index, button);
  const lit = useWorkbenchUi(
    (state) =>
      state.litFigure?.sourceUnitId === unit.source_unit_id &&
      figures.some((figure) => figure.index === state.litFigure?.index),
  );
  const single = figures.length === 1;
  let title = single
    ? figureName(unit, first, picked)
    : `This cell holds ${figures.length} figures: pick them in the text.`;
  if (single && first.ambiguous) title = AMBIGUOUS_NOTE;
  const labels = single && lit ? labelsWording(figureLabels(unit, first)) : null;
  const note = !single || first.ambiguous ? title : PICK_HINT;

  let tone = 'bg-sky-50 cursor-pointer dark:bg-sky-950/40';
  if (single && first.ambiguous) tone = 'bg-amber-50 cursor-not-allowed dark:bg-amber-950/40';
  if (picked !== null) tone = 'bg-indigo-100 dark:bg-indigo-900/60';
  if (lit) tone = 'bg-amber-200 outline-2 -outline-offset-2 outline-amber-500';

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const slot = slotKey(event);
    if (slot === null || !single) return;
    event.preventDefault();
    pick(slot);
  };

  return (
    <td
      colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
      rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
      data-ref={cell.ref}
      data-lit={lit ? 'true' : undefined}
      data-picked={picked ?? undefined}
      title={title}
      className={`${className} ${tone}`}
      onMouseEnter={light}
      onMouseLeave={unlight}
      onClick={() => {
        if (single) pick();
      }}
    >
      <button
        ref={button}
        type="button"
        tabIndex={stop.tabIndex}
        data-figure-index={first.index}
        aria-label={
          single ? figureName(unit, first, picked) : `${cell.cell?.text ?? ''}, ${figures.length} figures`
        }
        aria-description={labels === null ? note : `${labels}. ${note}`}
        aria-disabled={!single || first.ambiguous ? 'true' : undefined}
        className="max-w-full cursor-[inherit] truncate text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
        onFocus={() => {
          light();
          stop.onFocus();
        }}
        onBlur={unlight}
        onKeyDown={onKeyDown}
      >
        {cell.cell?.text ?? ''}
      </button>
      {picked !== null && (
        <span aria-hidden="true" className="ml-1 rounded bg-indigo-600 px-1 text-[10px] font-bold text-white">
          {slotNumber(picked)}
        </span>
      )}
    </td>
  );
}
