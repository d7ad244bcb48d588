import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { ListedClaim } from '../../../shared/api';
import { OUTCOME_WORDING, TONE_CLASSES } from '../check/outcome-wording';
import { claimStateWords, type ClaimState } from './claim-state';
import { FOCUS } from './ArticleSourceForm';

const STATE_CLASSES: Record<ClaimState['kind'], string> = {
  looking: 'text-slate-600 dark:text-slate-300',
  failed: 'text-rose-800 dark:text-rose-300',
  none: 'text-slate-600 dark:text-slate-300',
  candidates: 'text-indigo-800 dark:text-indigo-200',
  near: 'text-amber-900 dark:text-amber-200',
  checked: '',
};

/** A claim's state as a small line: a checked claim in its outcome's own colour and words. */
function StateLine({ state }: { state: ClaimState }) {
  const tone = state.kind === 'checked' ? TONE_CLASSES[OUTCOME_WORDING[state.outcome].tone] : '';
  return (
    <span
      data-testid="claim-state"
      data-state={state.kind}
      className={`mt-1 inline-block rounded px-1.5 py-0.5 text-xs ${state.kind === 'checked' ? `ring-1 ring-inset ${tone}` : STATE_CLASSES[state.kind]}`}
    >
      {claimStateWords(state)}
    </span>
  );
}

/**
 * The article's claims in the order given (as in the article, or most checkable first), each numbered by
 * its place in the article as its mark in the text is, with where it stands. One Tab stop: the arrows,
 * Home and End move the selection; Enter goes to the selected claim's candidates. The selected claim is
 * kept in view, however it was selected (here, or by its mark in the text).
 */
export function ClaimList({
  claims,
  states,
  positions,
  selected,
  onSelect,
  onEnter,
}: {
  claims: readonly ListedClaim[];
  states: ReadonlyMap<number, ClaimState>;
  /** Each claim's place in the article (1 for the first), by its `order`. */
  positions: ReadonlyMap<number, number>;
  selected: number | null;
  onSelect: (order: number) => void;
  onEnter: () => void;
}) {
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const index = claims.findIndex((c) => c.order === selected);
  const optionId = (order: number) => `${id}-claim-${order}`;
  // Only when the selection or the order changes: on first showing the article's first lines stay in
  // sight, where a person starts reading.
  const last = useRef({ selected, claims });
  useEffect(() => {
    if (last.current.selected === selected && last.current.claims === claims) return;
    last.current = { selected, claims };
    if (selected === null) return;
    list.current?.querySelector(`[data-claim="${selected}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected, claims]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || claims.length === 0) return;
    const last = claims.length - 1;
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = index < 0 ? 0 : Math.min(last, index + 1);
    else if (event.key === 'ArrowUp') next = index < 0 ? 0 : Math.max(0, index - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (index < 0) onSelect(claims[0]!.order);
      else onEnter();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    onSelect(claims[next]!.order);
  };

  return (
    <ul
      ref={list}
      role="listbox"
      aria-label="Claims"
      tabIndex={0}
      aria-activedescendant={index >= 0 ? optionId(claims[index]!.order) : undefined}
      onKeyDown={onKeyDown}
      data-testid="claim-list"
      className={`flex flex-col gap-1 rounded-md ${FOCUS}`}
    >
      {claims.map((claim) => {
        const isSelected = claim.order === selected;
        return (
          <li
            key={claim.order}
            id={optionId(claim.order)}
            role="option"
            aria-selected={isSelected}
            data-claim={claim.order}
            onClick={() => onSelect(claim.order)}
            className={`cursor-pointer rounded-md border px-2.5 py-2 text-sm ${isSelected ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/50' : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800'}`}
          >
            <span className="flex gap-2">
              <span
                aria-hidden="true"
                data-testid="claim-number"
                className="mt-0.5 h-fit min-w-5 shrink-0 rounded bg-slate-200 px-1 text-center text-xs font-medium text-slate-800 tabular-nums dark:bg-slate-700 dark:text-slate-100"
              >
                {positions.get(claim.order)}
              </span>
              <span className="min-w-0">
                <span className="line-clamp-3 text-slate-900 dark:text-slate-100">{claim.text}</span>
                <StateLine state={states.get(claim.order) ?? { kind: 'looking' }} />
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
