import { useState } from 'react';
import { useDeleteCase, useCases } from '../queries';
import { CaseCitations } from '../search/CaseCitations';
import { useWorkbenchUi } from '../ui-store';
import { CaseListItem } from './CaseListItem';
import { useOpenCase } from './open-case';

/** The cases in the sidebar, newest first, each with its outcome; selecting one reopens it as it was left. */
export function CasesPanel() {
  const cases = useCases();
  const activeCaseId = useWorkbenchUi((state) => state.activeCaseId);
  const setActiveCase = useWorkbenchUi((state) => state.setActiveCase);
  const { open, opening, problems } = useOpenCase();
  const remove = useDeleteCase();
  const sorted = [...(cases.data ?? [])].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const openExport = useWorkbenchUi((state) => state.openExport);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  // A deleted case leaves the selection with the list.
  const selected = sorted.filter((c) => ticked.has(c.id)).map((c) => c.id);
  const select = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const deleteCase = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        if (useWorkbenchUi.getState().activeCaseId === id) setActiveCase(null);
      },
    });

  return (
    <section
      aria-labelledby="cases-heading"
      data-testid="cases-panel"
      className="flex min-h-0 w-full flex-col border-t border-r border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-baseline justify-between px-5 pt-4 pb-2">
        <h2
          id="cases-heading"
          className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-slate-100"
        >
          Cases
        </h2>
        {cases.data && (
          <span data-testid="cases-count" className="text-xs text-slate-600 dark:text-slate-300">
            {cases.data.length} {cases.data.length === 1 ? 'case' : 'cases'}
          </span>
        )}
      </div>
      {selected.length > 0 && (
        <div
          data-testid="cases-selection"
          className="mx-3 mb-2 flex flex-wrap items-center gap-2 rounded-md bg-indigo-50 px-2 py-1.5 text-xs text-indigo-950 dark:bg-indigo-950/50 dark:text-indigo-100"
        >
          <span>{selected.length === 1 ? '1 case selected' : `${selected.length} cases selected`}</span>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => openExport(selected)}
            className="rounded-md bg-indigo-600 px-2 py-0.5 font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-indigo-500 dark:hover:bg-indigo-400 dark:focus-visible:outline-indigo-400"
          >
            Export selected…
          </button>
          <button
            type="button"
            onClick={() => setTicked(new Set())}
            className="rounded-md px-1.5 py-0.5 underline hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:hover:bg-indigo-900/60 dark:focus-visible:outline-indigo-400"
          >
            Clear selection
          </button>
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
        {cases.isPending && (
          <p role="status" className="px-2 text-sm text-slate-600 dark:text-slate-300">
            Loading your cases…
          </p>
        )}
        {cases.isError && (
          <div
            role="alert"
            className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-300"
          >
            <p>Your cases could not be listed: {cases.error.message}</p>
            <button
              type="button"
              onClick={() => void cases.refetch()}
              className="mt-1 rounded border border-rose-300 px-2 py-0.5 text-xs hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-rose-700 dark:hover:bg-rose-900/40 dark:focus-visible:outline-indigo-400"
            >
              Try again
            </button>
          </div>
        )}
        {cases.isSuccess && sorted.length === 0 && (
          <p data-testid="cases-empty" className="px-2 text-sm text-slate-600 dark:text-slate-300">
            No cases yet. A case is saved each time you run a check: the claim, its figures and the result.
          </p>
        )}
        {problems.length > 0 && (
          <div
            role="alert"
            data-testid="case-open-problems"
            className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {problems.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        )}
        {remove.isError && (
          <p
            role="alert"
            className="mb-2 rounded-md bg-rose-50 px-3 py-2 text-xs text-rose-800 dark:bg-rose-950/40 dark:text-rose-300"
          >
            The case was not deleted: {remove.error.message}
          </p>
        )}
        {sorted.length > 0 && (
          <ul aria-labelledby="cases-heading" className="flex flex-col gap-1">
            {sorted.map((summary) => (
              <CaseListItem
                key={summary.id}
                summary={summary}
                active={summary.id === activeCaseId}
                opening={summary.id === opening}
                onOpen={() => void open(summary.id)}
                onDelete={() => deleteCase(summary.id)}
                deleting={remove.isPending && remove.variables === summary.id}
                selected={ticked.has(summary.id)}
                onSelect={(on) => select(summary.id, on)}
              />
            ))}
          </ul>
        )}
        <CaseCitations caseId={activeCaseId} />
      </div>
    </section>
  );
}
