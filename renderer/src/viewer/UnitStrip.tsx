import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CODE_WORDING } from '../ui/extraction-codes';
import { methodWords } from './figures';
import type { StripItem } from './strip-items';

function itemStatus(item: StripItem, reading: boolean): string {
  if (item.unit !== null) return methodWords(item.unit.extraction_method);
  if (item.early !== undefined) return methodWords(item.early.extraction_method);
  return reading ? 'Reading…' : 'Not read';
}

/** How a strip entry was read, or its lost code (with its meaning for screen readers). */
function statusContent(item: StripItem, reading: boolean): ReactNode {
  const lost = item.lost;
  if (lost === null) return itemStatus(item, reading);
  return (
    <>
      <span aria-hidden="true" className="mr-0.5">
        ⚠
      </span>
      <span className="sr-only">
        not read: {lost.code !== null ? `${CODE_WORDING[lost.code].label} (` : ''}
      </span>
      {lost.code ?? 'lost'}
      {lost.code !== null && <span className="sr-only">)</span>}
    </>
  );
}

/**
 * Every page or sheet with how it was read, lost ones marked with their code. One stop in the tab order
 * (the current unit); arrows, Home and End move along it.
 */
export function UnitStrip({
  items,
  current,
  reading,
  onSelect,
}: {
  items: readonly StripItem[];
  current: number;
  /** The document is being read: units not read yet say so. */
  reading: boolean;
  onSelect: (index: number) => void;
}) {
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const button = list.current?.querySelector<HTMLElement>(`[data-unit-index="${current}"]`);
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  if (items.length === 0) return null;
  const kind = items[0]?.kind === 'sheet' ? 'Sheets' : 'Pages';
  const last = items[items.length - 1]?.index ?? 1;

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    let next: number | null = null;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowUp' || event.key === 'PageUp') next = current - 1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown' || event.key === 'PageDown')
      next = current + 1;
    if (event.key === 'Home') next = 1;
    if (event.key === 'End') next = last;
    if (next === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    const target = Math.min(Math.max(next, 1), last);
    onSelect(target);
    list.current?.querySelector<HTMLElement>(`[data-unit-index="${target}"]`)?.focus();
  };

  return (
    <nav
      aria-label={kind}
      data-testid="unit-strip"
      className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800"
    >
      <ol ref={list} onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto px-3 py-2">
        {items.map((item) => {
          const isCurrent = item.index === current;
          const lost = item.lost !== null;
          return (
            <li key={item.index} className="shrink-0">
              <button
                type="button"
                data-testid="unit-strip-item"
                data-unit-index={item.index}
                data-lost-code={item.lost?.code ?? undefined}
                aria-current={isCurrent ? 'page' : undefined}
                tabIndex={isCurrent ? 0 : -1}
                onClick={() => onSelect(item.index)}
                className={`flex max-w-40 flex-col items-start rounded-md border px-2 py-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${
                  isCurrent
                    ? 'border-indigo-500 bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100'
                    : lost
                      ? 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200 dark:hover:bg-amber-900/40'
                      : 'border-transparent text-slate-600 hover:bg-white dark:text-slate-300 dark:hover:bg-slate-800'
                }`}
              >
                <span className="max-w-full truncate font-medium">
                  <bdi>{item.label}</bdi>
                  <span className="sr-only">,</span>
                </span>{' '}
                <span
                  className={`max-w-full truncate ${lost ? 'font-mono text-[11px]' : 'text-slate-600 dark:text-slate-300'}`}
                >
                  {statusContent(item, reading)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
