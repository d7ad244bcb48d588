import { Fragment, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ListedClaim } from '../../../shared/api';
import { FOCUS } from './ArticleSourceForm';

/** The text in pieces: plain runs, and each claim's span (claims that overlap an earlier one are left plain). */
function pieces(text: string, claims: readonly ListedClaim[]) {
  const sorted = [...claims].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  const out: { start: number; end: number; claim: ListedClaim | null }[] = [];
  let at = 0;
  for (const claim of sorted) {
    const { start, end } = claim.span;
    if (start < at || end > text.length || start >= end) continue;
    if (start > at) out.push({ start: at, end: start, claim: null });
    out.push({ start, end, claim });
    at = end;
  }
  if (at < text.length) out.push({ start: at, end: text.length, claim: null });
  return out;
}

/**
 * The article as read, each claim lit where it stands (the service's spans); the selected one brought
 * into view. A click on a claim selects it; the keyboard selects in the list of claims beside.
 */
export function ArticleText({
  text,
  claims,
  positions,
  selected,
  onSelect,
}: {
  text: string;
  claims: readonly ListedClaim[];
  /** Each claim's place in the article (1 for the first), by its `order`: the number the list shows too. */
  positions: ReadonlyMap<number, number>;
  selected: number | null;
  onSelect: (order: number) => void;
}) {
  const parts = useMemo(() => pieces(text, claims), [text, claims]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selected === null) return;
    box.current?.querySelector(`[data-claim="${selected}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  return (
    <div
      ref={box}
      tabIndex={0}
      role="region"
      aria-label="Article text, its claims marked"
      data-testid="article-text"
      className={`min-h-0 flex-1 overflow-y-auto rounded-md border border-slate-200 bg-white p-4 text-sm leading-7 whitespace-pre-wrap text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 ${FOCUS}`}
    >
      {parts.map((part): ReactNode => {
        const words = text.slice(part.start, part.end);
        if (part.claim === null) return <span key={part.start}>{words}</span>;
        const order = part.claim.order;
        const isSelected = order === selected;
        return (
          <Fragment key={part.start}>
            <sup
              aria-hidden="true"
              data-testid="claim-mark-number"
              className={`mr-0.5 select-none text-[0.65rem] font-semibold tabular-nums ${isSelected ? 'text-indigo-800 dark:text-indigo-200' : 'text-slate-600 dark:text-slate-300'}`}
            >
              {positions.get(order)}
            </sup>
            <mark
              data-claim={order}
              data-selected={isSelected}
              onClick={() => onSelect(order)}
              className={`cursor-pointer rounded-sm px-0.5 text-inherit ${isSelected ? 'bg-indigo-200 ring-2 ring-indigo-600 dark:bg-indigo-800 dark:ring-indigo-300' : 'bg-amber-100 hover:bg-amber-200 dark:bg-amber-900/60 dark:hover:bg-amber-800/70'}`}
            >
              {words}
            </mark>
          </Fragment>
        );
      })}
    </div>
  );
}
