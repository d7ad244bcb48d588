import { useState } from 'react';
import type { Case } from '../../../shared/bridge';
import { undecidedFacets } from '../check/outcome-wording';
import { judgedQuestion } from './judgment-wording';
import { JudgmentForm } from './JudgmentForm';
import { PersonJudgment } from './PersonJudgment';

/**
 * The person's own judgments of what the check left to them, one per facet, each with its note: set
 * apart from the service's result, which they never change.
 */
export function JudgmentPanel({ theCase }: { theCase: Case }) {
  const [editing, setEditing] = useState<string | null>(null);
  // After a judgment is recorded or an edit cancelled, focus returns to its Change button.
  const [settled, setSettled] = useState<string | null>(null);
  const settle = (facet: string) => {
    setEditing(null);
    setSettled(facet);
  };
  const check = theCase.check;
  if (check === null) return null;
  const open = undecidedFacets(check);
  const openNames = new Set<string>(open.map((f) => f.facet));
  const others = theCase.judgments.filter((j) => !openNames.has(j.facet));
  if (open.length === 0 && others.length === 0) return null;
  return (
    <section
      aria-labelledby="judgments-heading"
      data-testid="judgments"
      className="rounded-lg border-l-4 border-indigo-500 bg-indigo-50/60 p-3 dark:bg-indigo-950/40"
    >
      <h3
        id="judgments-heading"
        className="flex items-center gap-1.5 text-sm font-semibold text-indigo-950 dark:text-indigo-100"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M16.862 4.487 18.55 2.8a1.875 1.875 0 1 1 2.652 2.652L10.582 16.07a4.5 4.5 0 0 1-1.897 1.13L6 18l.8-2.685a4.5 4.5 0 0 1 1.13-1.897l8.932-8.931Z"
          />
        </svg>
        Your judgments
      </h3>
      <p className="mt-0.5 text-xs text-indigo-900/80 dark:text-indigo-200/80">
        Yours, not the service’s: they are kept beside its result and never change it.
      </p>
      <ul className="mt-2 flex flex-col gap-3">
        {open.map(({ facet }) => {
          const current = theCase.judgments.find((j) => j.facet === facet) ?? null;
          return (
            <li
              key={facet}
              data-testid={`judgment-${facet}`}
              className="rounded-md bg-white/70 p-2 dark:bg-slate-900/70"
            >
              {current !== null && editing !== facet ? (
                <>
                  <PersonJudgment judgment={current} />
                  <button
                    type="button"
                    onClick={() => setEditing(facet)}
                    autoFocus={settled === facet}
                    aria-label={`Change your judgment: ${judgedQuestion(facet)}`}
                    className="mt-1 rounded px-1.5 py-0.5 text-xs text-indigo-800 underline hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-200 dark:hover:bg-indigo-900/60 dark:focus-visible:outline-indigo-400"
                  >
                    Change
                  </button>
                </>
              ) : (
                <JudgmentForm
                  caseId={theCase.id}
                  facet={facet}
                  current={current}
                  onDone={() => settle(facet)}
                  onCancel={current !== null ? () => settle(facet) : undefined}
                  focusOnOpen={editing === facet}
                />
              )}
            </li>
          );
        })}
        {others.map((judgment) => (
          <li key={judgment.facet} className="rounded-md bg-white/70 p-2 dark:bg-slate-900/70">
            <PersonJudgment judgment={judgment} />
          </li>
        ))}
      </ul>
    </section>
  );
}
