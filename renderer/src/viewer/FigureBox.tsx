import { useRef, type KeyboardEvent } from 'react';
import type { FigureWithPosition, PageSize, Unit } from '../../../shared/api';
import { labelsWording } from '../check/figure-wording';
import {
  AMBIGUOUS_NOTE,
  figureLabels,
  figureName,
  figureTitle,
  PICK_HINT,
  slotKey,
  slotNumber,
} from './figures';
import { boxStyle } from './geometry';
import { useFigureStop } from './figure-group';
import { useFigure } from './use-figure';
import { useWorkbenchUi } from '../ui-store';

/**
 * A figure's outline over the drawn page, at its box: pointed at, clicked, or reached by the keyboard as
 * one of the page's figures (one Tab stop for the page, the arrows between them). On a dense page it is
 * `quiet` (a faint outline) until pointed at or focused, so the page stays readable under it.
 */
export function FigureBox({
  unit,
  figure,
  page,
  width,
  quiet = false,
}: {
  unit: Unit;
  figure: FigureWithPosition;
  page: PageSize;
  width: number;
  quiet?: boolean;
}) {
  const { lit, picked, light, unlight, pick } = useFigure(unit, figure);
  const element = useRef<HTMLButtonElement>(null);
  const stop = useFigureStop(figure.index, element);
  // A search result opened here: the figures inside its passage are lit on the page too.
  const inPassage = useWorkbenchUi(
    (state) =>
      state.litPassage?.sourceUnitId === unit.source_unit_id &&
      state.litPassage.ranges.some((r) => r.start < figure.span.end && r.end > figure.span.start),
  );
  if (figure.position.kind !== 'box') return null;
  const box = boxStyle(figure.position, page, width);
  // Lighting a box (pointer or focus) reads its labels, only then: a page can hold hundreds of figures.
  const name = figureName(unit, figure, picked);
  const title = lit ? figureTitle(unit, figure, picked) : name;
  const labels = lit ? labelsWording(figureLabels(unit, figure)) : null;
  const note = figure.ambiguous ? AMBIGUOUS_NOTE : PICK_HINT;

  let tone = quiet
    ? 'outline-sky-500/20 hover:bg-sky-400/15 hover:outline-sky-500/80'
    : 'outline-sky-500/70 hover:bg-sky-400/15';
  if (figure.ambiguous)
    tone = `cursor-not-allowed outline-dashed ${quiet ? 'outline-amber-500/40' : 'outline-amber-500'}`;
  if (picked !== null) tone = 'bg-indigo-500/10 outline-indigo-600 dark:outline-indigo-400';
  if (inPassage && !lit) tone = `${tone} bg-amber-300/25 outline-amber-500`;
  if (lit) tone = `${tone} bg-amber-300/35 outline-amber-500 outline-2`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const slot = slotKey(event);
    if (slot === null) return;
    event.preventDefault();
    pick(slot);
  };

  return (
    <button
      ref={element}
      type="button"
      tabIndex={stop.tabIndex}
      data-testid="figure-box"
      data-figure-index={figure.index}
      data-lit={lit ? 'true' : undefined}
      data-in-passage={inPassage ? 'true' : undefined}
      data-picked={picked ?? undefined}
      data-ambiguous={figure.ambiguous ? 'true' : undefined}
      data-quiet={quiet ? 'true' : undefined}
      aria-label={name}
      aria-description={labels === null ? note : `${labels}. ${note}`}
      aria-disabled={figure.ambiguous ? 'true' : undefined}
      title={figure.ambiguous ? `${title}\n${AMBIGUOUS_NOTE}` : title}
      // A faint box hugs its number (no offset), so neighbours' outlines do not run together on a dense page.
      className={`pointer-events-auto absolute cursor-pointer rounded-[2px] outline ${quiet ? 'outline-offset-0' : 'outline-offset-1'} focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-1 ${tone}`}
      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
      onMouseEnter={light}
      onMouseLeave={unlight}
      onFocus={() => {
        light();
        stop.onFocus();
      }}
      onBlur={unlight}
      onClick={() => pick()}
      onKeyDown={onKeyDown}
    >
      {picked !== null && (
        <span
          aria-hidden="true"
          className="absolute -top-3.5 -left-1 rounded bg-indigo-600 px-1 text-[10px] leading-4 font-bold text-white"
        >
          {slotNumber(picked)}
        </span>
      )}
    </button>
  );
}
