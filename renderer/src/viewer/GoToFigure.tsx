import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLibrary, useRepresentation } from '../queries';
import { useWorkbenchUi } from '../ui-store';
import { dialogKeyDown } from '../ui/focus-trap';
import { ModalFrame } from '../ui/ModalFrame';
import { figureCandidates, findFigures, type FigureMatch } from './figure-search';
import { unitName } from './figures';

/** How many matching figures are listed; more are counted, and narrowed by typing on. */
const LISTED = 12;

/** "Go to figure…" (Ctrl+G): a figure of the open document by its number or its row and column. */
export function GoToFigureOverlay() {
  const open = useWorkbenchUi((state) => state.overlay === 'goToFigure');
  return open ? <GoToFigureDialog /> : null;
}

function GoToFigureDialog() {
  const closeOverlay = useWorkbenchUi((state) => state.closeOverlay);
  const sourceVersionId = useWorkbenchUi((state) => state.openSourceVersionId);
  const library = useLibrary();
  const entry = library.data?.find((e) => e.sourceVersionId === sourceVersionId) ?? null;
  const representation = useRepresentation(entry?.reading?.representationId ?? null).data ?? null;
  const candidates = useMemo(
    () => (representation === null ? [] : figureCandidates(representation.units)),
    [representation],
  );

  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const { matches, total } = useMemo(() => findFigures(candidates, query, LISTED), [candidates, query]);
  const titleId = useId();
  const listId = useId();
  const hintId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // Closing without going anywhere gives the focus back to where it was; going gives it to the figure.
  const went = useRef(false);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    field.current?.focus();
    return () => {
      if (!went.current && opener?.isConnected) opener.focus();
    };
  }, []);

  const go = (match: FigureMatch | undefined) => {
    if (match === undefined) return;
    went.current = true;
    const ui = useWorkbenchUi.getState();
    ui.closeOverlay();
    if (ui.openUnitIndex !== match.unit.index) ui.showUnit(match.unit.index);
    ui.focusFigure({ sourceUnitId: match.unit.source_unit_id, index: match.figure.index }, 'text');
  };

  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(matches[active]);
    }
  };

  let status: string;
  if (representation === null)
    status =
      entry === null
        ? 'Open a document first: this goes to one of its figures.'
        : 'This document has no reading yet, so it has no figures to go to.';
  else if (query.trim() === '') status = `${candidates.length} figures in this document.`;
  else if (total === 0)
    status = 'No figure matches. Type its number as printed, or words of its row and column.';
  else if (total > matches.length) status = `${total} figures match; the first ${matches.length} are listed.`;
  else status = total === 1 ? '1 figure matches.' : `${total} figures match.`;

  const optionId = (at: number) => `${listId}-${at}`;
  return (
    <ModalFrame
      title="Go to figure"
      titleId={titleId}
      onClose={closeOverlay}
      onKeyDown={(event) => dialogKeyDown(event, panel.current, closeOverlay)}
      testId="go-to-figure"
      width="xl"
      align="top"
      panelRef={panel}
    >
      <div className="flex min-h-0 flex-col gap-2 px-5 py-4">
        <label className="text-sm font-medium" htmlFor={`${listId}-field`}>
          Its number, or its row and column
        </label>
        <input
          ref={field}
          id={`${listId}-field`}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={matches.length > 0}
          aria-controls={listId}
          aria-activedescendant={matches.length > 0 ? optionId(active) : undefined}
          aria-describedby={hintId}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onFieldKeyDown}
          placeholder="61,450 or texas 2022"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus-visible:outline-indigo-400"
        />
        <p
          id={hintId}
          role="status"
          data-testid="go-to-figure-status"
          className="text-xs text-slate-600 dark:text-slate-300"
        >
          {status}
        </p>
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching figures"
          className="min-h-0 overflow-y-auto rounded-md border border-slate-200 empty:hidden dark:border-slate-700"
        >
          {matches.map((match, at) => (
            <li
              key={`${match.unit.source_unit_id}:${match.figure.index}`}
              id={optionId(at)}
              role="option"
              aria-selected={at === active}
              className={`flex cursor-pointer items-baseline gap-3 border-t border-slate-100 px-3 py-1.5 text-sm first:border-t-0 dark:border-slate-800 ${
                at === active
                  ? 'bg-indigo-50 dark:bg-indigo-950/60'
                  : 'hover:bg-slate-50 dark:hover:bg-slate-800'
              }`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(match)}
            >
              <bdi className="font-mono font-semibold text-slate-900 dark:text-slate-100">
                {match.figure.raw}
              </bdi>
              {/* Said between the parts the eye tells apart by their places. */}
              <span className="sr-only"> — </span>
              <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-200">
                {match.labels ?? 'no row or column'}
              </span>
              <span className="sr-only">, </span>
              <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
                {unitName(match.unit)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </ModalFrame>
  );
}
