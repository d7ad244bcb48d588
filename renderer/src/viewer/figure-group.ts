import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useWorkbenchUi, type FigurePlace } from '../ui-store';
import { figureByDigits, moveFrom, moveOfKey, type FigureStop } from './figure-moves';

// The figures of a unit's text, or of its page, as one Tab stop with a roving focus (WAI-ARIA): Tab
// enters on the figure the keyboard was last on, the arrows, Home and End move between the figures, and
// typed digits jump to the next figure printed with them.

/** Digits typed closer together than this are read as one number. */
const TYPING_PAUSE_MS = 1000;

export interface FigureGroup {
  place: FigurePlace;
  sourceUnitId: string;
  stops: readonly FigureStop[];
  /** Each figure's stop: itself, or on a sheet's grid the first figure of its cell. */
  stopOf: ReadonlyMap<number, number>;
  /** Only the open unit's figures take Tab (the original also draws the pages around it). */
  open: boolean;
}

export const FigureGroupContext = createContext<FigureGroup | null>(null);

/** The group of `stops`, and the key handler of the element holding them. */
export function useFigureGroup(
  place: FigurePlace,
  sourceUnitId: string,
  stops: readonly FigureStop[],
  open: boolean,
  stopOf?: ReadonlyMap<number, number>,
): { group: FigureGroup; onKeyDown: (event: KeyboardEvent<HTMLElement>) => void } {
  const group = useMemo<FigureGroup>(
    () => ({
      place,
      sourceUnitId,
      stops,
      stopOf: stopOf ?? new Map(stops.map((stop) => [stop.index, stop.index])),
      open,
    }),
    [place, sourceUnitId, stops, stopOf, open],
  );
  // The digits typed so far, when, and the figure they led to: typing on elsewhere starts a new number.
  const typed = useRef({ digits: '', at: -Infinity, on: -1 });

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.metaKey) return;
      const target = event.target;
      const figureIndex = target instanceof HTMLElement ? target.dataset['figureIndex'] : undefined;
      const from = figureIndex === undefined ? undefined : group.stopOf.get(Number(figureIndex));
      if (from === undefined) return;
      const go = (index: number | null) => {
        if (index !== null && index !== from)
          useWorkbenchUi.getState().focusFigure({ sourceUnitId: group.sourceUnitId, index }, group.place);
      };
      const move = moveOfKey(event.key, event.ctrlKey);
      if (move !== null && !event.shiftKey) {
        // Inside the figures the arrows are theirs, even where no figure lies that way: never a page move.
        event.preventDefault();
        go(moveFrom(group.stops, from, move));
        return;
      }
      if (event.ctrlKey || event.shiftKey || !/^[0-9]$/.test(event.key)) return;
      event.preventDefault();
      const last = typed.current;
      const again = last.digits !== '' && last.on === from && event.timeStamp - last.at < TYPING_PAUSE_MS;
      const digits = again ? last.digits + event.key : event.key;
      const found = figureByDigits(group.stops, from, digits, again);
      typed.current = { digits, at: event.timeStamp, on: found ?? from };
      go(found);
    },
    [group],
  );

  return { group, onKeyDown };
}

/**
 * A figure's part in its group: whether it is the group's Tab stop, what to do when it takes the focus,
 * and the focus moved to it when the group asks (once it is drawn). Outside a group it is a Tab stop of
 * its own.
 */
export function useFigureStop(
  index: number,
  element: RefObject<HTMLElement | null>,
): { tabIndex: 0 | -1; onFocus: () => void } {
  const group = useContext(FigureGroupContext);
  const tabbable = useWorkbenchUi((state) => {
    if (group === null) return true;
    if (!group.open) return false;
    const active = state.activeFigure;
    const stop = active?.sourceUnitId === group.sourceUnitId ? group.stopOf.get(active.index) : undefined;
    return (stop ?? group.stops[0]?.index) === index;
  });
  const requested = useWorkbenchUi((state) => {
    const wanted = state.figureFocus;
    return (
      group !== null &&
      wanted !== null &&
      wanted.place === group.place &&
      wanted.figure.sourceUnitId === group.sourceUnitId &&
      group.stopOf.get(wanted.figure.index) === index
    );
  });
  useEffect(() => {
    if (!requested) return;
    element.current?.focus();
    useWorkbenchUi.getState().figureFocused();
  }, [requested, element]);

  const onFocus = useCallback(() => {
    if (group !== null)
      useWorkbenchUi.getState().setActiveFigure({ sourceUnitId: group.sourceUnitId, index });
  }, [group, index]);
  return { tabIndex: tabbable ? 0 : -1, onFocus };
}
