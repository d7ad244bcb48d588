import type { KeyboardEvent } from 'react';
import type { LibraryEntry } from '../../../shared/bridge';
import { LibraryItem } from './LibraryItem';

/** Newest first; entries whose date cannot be read keep the order the bridge gave. */
function newestFirst(entries: readonly LibraryEntry[]): LibraryEntry[] {
  return entries
    .map((entry, order) => ({ entry, order, time: Date.parse(entry.addedAt) }))
    .sort((a, b) =>
      Number.isNaN(a.time) || Number.isNaN(b.time) || a.time === b.time ? a.order - b.order : b.time - a.time,
    )
    .map(({ entry }) => entry);
}

/** Up and Down move between documents, Home and End to the first and last (Tab still reaches every action). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const target = event.target as HTMLElement;
  if (!target.matches('[data-library-open]')) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-library-open]'));
  const at = buttons.indexOf(target);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
  event.preventDefault();
  buttons[next]?.focus();
}

export function LibraryList({
  entries,
  onRemove,
}: {
  entries: readonly LibraryEntry[];
  onRemove: (entry: LibraryEntry) => void;
}) {
  return (
    <ul aria-label="Documents" data-testid="library-list" onKeyDown={moveFocus} className="space-y-1.5">
      {newestFirst(entries).map((entry) => (
        <LibraryItem key={entry.sourceVersionId} entry={entry} onRemove={onRemove} />
      ))}
    </ul>
  );
}
