import type { FigureWithPosition, PageSize, Unit } from '../../../shared/api';
import { AMBIGUOUS_NOTE, figureName, figureTitle, slotNumber } from './figures';
import { boxStyle } from './geometry';
import { useFigure } from './use-figure';
import { useWorkbenchUi } from '../ui-store';

/**
 * A figure's outline over the drawn page, at its box. For the pointer only: the chip in the text is the
 * same figure for the keyboard and for screen readers, so the box is hidden from them.
 */
export function FigureBox({
  unit,
  figure,
  page,
  width,
}: {
  unit: Unit;
  figure: FigureWithPosition;
  page: PageSize;
  width: number;
}) {
  const { lit, picked, light, unlight, pick } = useFigure(unit, figure);
  // A search result opened here: the figures inside its passage are lit on the page too.
  const inPassage = useWorkbenchUi(
    (state) =>
      state.litPassage?.sourceUnitId === unit.source_unit_id &&
      state.litPassage.ranges.some((r) => r.start < figure.span.end && r.end > figure.span.start),
  );
  if (figure.position.kind !== 'box') return null;
  const box = boxStyle(figure.position, page, width);
  // Hovering lights the box, so its labels are read only then: a page can hold hundreds of figures.
  const name = lit ? figureTitle(unit, figure, picked) : figureName(unit, figure, picked);

  let tone = 'outline-sky-500/70 hover:bg-sky-400/15';
  if (figure.ambiguous) tone = 'cursor-not-allowed outline-dashed outline-amber-500';
  if (picked !== null) tone = 'bg-indigo-500/10 outline-indigo-600 dark:outline-indigo-400';
  if (inPassage && !lit) tone = `${tone} bg-amber-300/25 outline-amber-500`;
  if (lit) tone = `${tone} bg-amber-300/35 outline-amber-500 outline-2`;

  return (
    <div
      aria-hidden="true"
      data-testid="figure-box"
      data-figure-index={figure.index}
      data-lit={lit ? 'true' : undefined}
      data-in-passage={inPassage ? 'true' : undefined}
      data-picked={picked ?? undefined}
      data-ambiguous={figure.ambiguous ? 'true' : undefined}
      title={figure.ambiguous ? `${name}\n${AMBIGUOUS_NOTE}` : name}
      className={`pointer-events-auto absolute cursor-pointer rounded-[2px] outline outline-offset-1 ${tone}`}
      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
      onMouseEnter={light}
      onMouseLeave={unlight}
      onClick={() => pick()}
    >
      {picked !== null && (
        <span className="absolute -top-3.5 -left-1 rounded bg-indigo-600 px-1 text-[10px] leading-4 font-bold text-white">
          {slotNumber(picked)}
        </span>
      )}
    </div>
  );
}
