import { useState } from 'react';
import type { CaseSummary } from '../../../shared/bridge';
import { OutcomeBadge } from '../check/OutcomeBadge';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export interface CaseListItemProps {
  summary: CaseSummary;
  active: boolean;
  opening: boolean;
  onOpen: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** Ticked for "Export selected…". */
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

/**
 * "4 checks (3 kept): 1 settled by the service, 2 by your verdict, 1 unresolved": every check of the case
 * and how each is resolved. The service's settling and the person's verdict are named apart; neither is
 * ever folded into the other.
 */
export function checksWording(checks: CaseSummary['checks']): string | null {
  const { total, kept, settledByService, byVerdict, unresolved } = checks;
  if (total === 0) return null;
  let words = total === 1 ? '1 check' : `${total} checks`;
  if (kept > 0 && kept < total) words += ` (${kept} kept)`;
  if (total === 1)
    return `${words}, ${settledByService === 1 ? 'settled by the service' : byVerdict === 1 ? 'settled by your verdict' : 'unresolved'}`;
  const parts: string[] = [];
  if (settledByService > 0) parts.push(`${settledByService} settled by the service`);
  if (byVerdict > 0) parts.push(`${byVerdict} ${parts.length > 0 ? '' : 'settled '}by your verdict`);
  if (unresolved > 0) parts.push(`${unresolved} unresolved`);
  return `${words}: ${parts.join(', ')}`;
}

export function CaseListItem({
  summary,
  active,
  opening,
  onOpen,
  onDelete,
  deleting,
  selected,
  onSelect,
}: CaseListItemProps) {
  const [confirming, setConfirming] = useState(false);
  const kept = summary.checks.kept;
  const checks = checksWording(summary.checks);
  const unresolved = summary.checks.unresolved;
  return (
    <li
      data-testid="case-item"
      data-case-id={summary.id}
      className={`rounded-md ${active ? 'bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950/50 dark:ring-indigo-700' : 'hover:bg-slate-50 dark:hover:bg-slate-800'}`}
    >
      <div className="flex items-start gap-1">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select “${summary.title}” for a report`}
          data-testid="case-select"
          className="mt-2 ml-1.5 size-3.5 shrink-0 accent-indigo-600 dark:accent-indigo-400"
        />
        <button
          type="button"
          onClick={onOpen}
          aria-current={active ? 'true' : undefined}
          aria-busy={opening}
          className="flex min-w-0 flex-1 flex-col items-start gap-1 rounded-md px-2 py-1.5 text-left focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
        >
          <span
            data-testid="case-title"
            className="w-full truncate text-sm font-medium text-slate-900 dark:text-slate-100"
          >
            <bdi>{summary.title}</bdi>
          </span>
          {kept > 0 ? (
            <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
              Latest check: <OutcomeBadge outcome={summary.outcome ?? 'unchecked'} />
            </span>
          ) : (
            <OutcomeBadge outcome={summary.outcome ?? 'unchecked'} />
          )}
          {checks !== null && (
            <span
              data-testid="case-checks"
              className={`text-xs ${unresolved > 0 ? 'text-amber-900 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'}`}
            >
              {unresolved > 0 && <span aria-hidden="true">⚠ </span>}
              {checks}
            </span>
          )}
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {opening ? (
              'Opening…'
            ) : (
              <>
                Changed <time dateTime={summary.updatedAt}>{when(summary.updatedAt)}</time>
              </>
            )}
          </span>
        </button>
        {!confirming && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label={`Delete case “${summary.title}”`}
            className="mt-1 shrink-0 rounded p-1 text-slate-600 hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-rose-950/40 dark:hover:text-rose-300 dark:focus-visible:outline-indigo-400"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                d="m14.74 9-.346 9m-4.788 0L9.26 9m9.968-3.21c.342.052.682.107 1.022.166m-1.022-.165L18.16 19.673a2.25 2.25 0 0 1-2.244 2.077H8.084a2.25 2.25 0 0 1-2.244-2.077L4.772 5.79m14.456 0a48.108 48.108 0 0 0-3.478-.397m-12 .562c.34-.059.68-.114 1.022-.165m0 0a48.11 48.11 0 0 1 3.478-.397m7.5 0v-.916c0-1.18-.91-2.164-2.09-2.201a51.964 51.964 0 0 0-3.32 0c-1.18.037-2.09 1.022-2.09 2.201v.916m7.5 0a48.667 48.667 0 0 0-7.5 0"
              />
            </svg>
          </button>
        )}
      </div>
      {confirming && (
        <div
          role="group"
          aria-label="Confirm deletion"
          className="flex flex-wrap items-center gap-2 px-2 pb-2 text-xs"
        >
          <p className="w-full text-slate-800 dark:text-slate-200">
            Delete this case with all its checks, your judgments, notes and kept passages? This cannot be
            undone.
          </p>
          <button
            type="button"
            autoFocus
            disabled={deleting}
            onClick={() => {
              onDelete();
              setConfirming(false);
            }}
            className="rounded-md bg-rose-700 px-2.5 py-1 font-semibold text-white hover:bg-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700 disabled:opacity-60"
          >
            Delete case
          </button>
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className="rounded-md px-2.5 py-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
          >
            Keep it
          </button>
        </div>
      )}
    </li>
  );
}
