import { useMemo, useRef, type KeyboardEvent } from 'react';
import { labelsWording } from '../check/figure-wording';
import type { FigureWithPosition, Unit } from '../../../shared/api';
import { AMBIGUOUS_NOTE, figureLabels, figureName, PICK_HINT, slotKey, slotNumber } from './figures';
import { useFigure } from './use-figure';
import { useFigureStop } from './figure-group';

const BASE =
  'relative mx-px inline rounded-sm px-0.5 font-semibold underline decoration-1 underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

/**
 * A figure in the unit's text, at its span: hovering or focusing it lights its box on the page; a click,
 * Enter or Space picks it (Figure 1, else Figure 2); Shift+1 / Shift+2 put it in Figure 1 / Figure 2 (the
 * digits alone jump between figures). One of the text's figures is a Tab stop (figure-group.ts). An ambiguous figure is
 * marked and cannot be picked. Its name is its number and place; its row and column headers and period are
 * its description, and its tooltip.
 */
export function FigureChip({ unit, figure, text }: { unit: Unit; figure: FigureWithPosition; text: string }) {
  const { lit, picked, light, unlight, pick } = useFigure(unit, figure);
  const element = useRef<HTMLButtonElement>(null);
  const stop = useFigureStop(figure.index, element);
  const labels = useMemo(() => labelsWording(figureLabels(unit, figure)), [unit, figure]);
  const name = figureName(unit, figure, picked);
  const note = figure.ambiguous ? AMBIGUOUS_NOTE : PICK_HINT;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const slot = slotKey(event);
    if (slot === null) return;
    event.preventDefault();
    pick(slot);
  };

  let tone =
    'bg-sky-50 text-sky-900 decoration-sky-400 hover:bg-sky-100 dark:bg-sky-950/40 dark:text-sky-200 dark:hover:bg-sky-900/40';
  if (figure.ambiguous)
    tone =
      'cursor-not-allowed bg-amber-50 text-amber-900 decoration-amber-500 decoration-dashed dark:bg-amber-950/40 dark:text-amber-200';
  if (picked !== null)
    tone = 'bg-indigo-100 text-indigo-950 decoration-indigo-500 dark:bg-indigo-900/60 dark:text-indigo-100';
  if (lit) tone = `${tone} ring-2 ring-amber-400`;

  return (
    <button
      ref={element}
      type="button"
      tabIndex={stop.tabIndex}
      data-testid="figure-chip"
      data-figure-index={figure.index}
      data-lit={lit ? 'true' : undefined}
      data-picked={picked ?? undefined}
      data-mark={picked === null ? undefined : slotNumber(picked)}
      data-ambiguous={figure.ambiguous ? 'true' : undefined}
      aria-label={name}
      aria-description={labels === null ? note : `${labels}. ${note}`}
      aria-disabled={figure.ambiguous ? 'true' : undefined}
      title={`${labels === null ? name : `${name} — ${labels}`}\n${note}`}
      className={`${BASE} ${tone} ${marks(figure.ambiguous, picked)}`}
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
      {text}
    </button>
  );
}

/**
 * The marks after a chip's number (a ? for an ambiguous figure, the slot it was picked into) are drawn by
 * CSS, so the chip's visible text stays its number and its accessible name can start with that number.
 */
function marks(ambiguous: boolean, picked: string | null): string {
  if (picked !== null)
    return 'after:ml-0.5 after:rounded after:bg-indigo-600 after:px-1 after:align-super after:text-[0.65em] after:font-bold after:text-white after:content-[attr(data-mark)]';
  if (ambiguous) return "after:ml-0.5 after:align-super after:text-[0.65em] after:content-['?']";
  return '';
}
