import type { FigureWithPosition, Unit } from '../../../shared/api';
import { useWorkbenchUi } from '../ui-store';
import { AMBIGUOUS_NOTE, figureName, slotNumber } from './figures';
import type { GridCell } from './sheet-layout';
import { useFigure } from './use-figure';

/**
 * A sheet cell holding figures: lit with them (hovering it lights its figure in the text), marked when
 * picked, and picked by a click when it holds one figure. The chips in the text are the keyboard's way.
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

  let tone = 'bg-sky-50 cursor-pointer dark:bg-sky-950/40';
  if (single && first.ambiguous) tone = 'bg-amber-50 cursor-not-allowed dark:bg-amber-950/40';
  if (picked !== null) tone = 'bg-indigo-100 dark:bg-indigo-900/60';
  if (lit) tone = 'bg-amber-200 outline-2 -outline-offset-2 outline-amber-500';

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
      {cell.cell?.text ?? ''}
      {picked !== null && (
        <span aria-hidden="true" className="ml-1 rounded bg-indigo-600 px-1 text-[10px] font-bold text-white">
          {slotNumber(picked)}
        </span>
      )}
    </td>
  );
}
