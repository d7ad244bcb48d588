import { useState } from 'react';
import type { Case, KeptCheck } from '../../../shared/bridge';
import { OutcomeBadge } from '../check/OutcomeBadge';
import { FACET_WORDING, shownOutcome, undecidedFacets } from '../check/outcome-wording';
import { useUnkeep } from '../queries';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { KeptCheckVerdict } from './KeptCheckVerdict';
import { PersonJudgment } from './PersonJudgment';
import { judgedWording } from './judgment-wording';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** What the service left to a person (facets, which figure is which) that the person has not judged. */
function unjudged(kept: KeptCheck): string[] {
  const judged = new Set<string>(kept.judgments.map((j) => j.facet));
  const roles = kept.check.roles?.state === 'unclear' ? [judgedWording('roles')] : [];
  return [
    ...roles,
    ...undecidedFacets(kept.check)
      .filter((f) => !judged.has(f.facet))
      .map((f) => FACET_WORDING[f.facet]),
  ];
}

/**
 * The checks kept in the case, oldest first: each claim with the service's outcome in words, the
 * person's judgments and their own verdict labelled as theirs, and when it was kept; each can be removed
 * after a question.
 */
export function KeptChecks({ theCase }: { theCase: Case }) {
  const kept = theCase.kept ?? [];
  const unkeep = useUnkeep();
  const [removing, setRemoving] = useState<KeptCheck | null>(null);
  if (kept.length === 0) return null;

  return (
    <section aria-labelledby="kept-checks-heading" data-testid="kept-checks" className="flex flex-col gap-2">
      <h3 id="kept-checks-heading" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Checks kept in this case ({kept.length})
      </h3>
      {unkeep.isError && (
        <p
          role="alert"
          className="rounded-md bg-rose-50 px-3 py-2 text-xs text-rose-800 dark:bg-rose-950/40 dark:text-rose-300"
        >
          The check was not removed: {unkeep.error.message}
        </p>
      )}
      <ol className="flex flex-col gap-2">
        {kept.map((item, at) => {
          const open = unjudged(item);
          const outcome = shownOutcome(item.check);
          return (
            <li
              key={item.id}
              data-testid="kept-check"
              data-check-id={item.id}
              aria-labelledby={`${item.id}-claim`}
              className="flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-white p-2.5 dark:border-slate-700 dark:bg-slate-900"
            >
              <p
                id={`${item.id}-claim`}
                data-testid="kept-check-claim"
                className="text-sm break-words text-slate-900 dark:text-slate-100"
              >
                <span className="font-semibold">Check {at + 1}:</span> <bdi>{item.claim}</bdi>
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-300">The service’s result:</p>
              <div>
                <OutcomeBadge outcome={outcome} />
              </div>
              {open.length > 0 && (
                <p data-testid="kept-check-unjudged" className="text-xs text-amber-950 dark:text-amber-100">
                  Left to a person, not judged: {open.join(', ')}.
                </p>
              )}
              {item.judgments.length > 0 && (
                <ul
                  aria-label={`Your judgments on check ${at + 1}`}
                  className="flex flex-col gap-1.5 rounded-md border-l-4 border-indigo-500 bg-indigo-50/60 p-2 dark:bg-indigo-950/40"
                >
                  {item.judgments.map((judgment) => (
                    <li key={judgment.facet}>
                      <PersonJudgment judgment={judgment} />
                    </li>
                  ))}
                </ul>
              )}
              <KeptCheckVerdict caseId={theCase.id} check={item} number={at + 1} />
              <div className="flex items-center justify-between gap-2">
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  Kept <time dateTime={item.keptAt}>{when(item.keptAt)}</time>
                </p>
                <button
                  type="button"
                  onClick={() => setRemoving(item)}
                  disabled={unkeep.isPending}
                  aria-label={`Remove check ${at + 1}: ${item.claim.slice(0, 80)}`}
                  className="rounded px-1.5 py-0.5 text-xs text-rose-800 underline hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-rose-300 dark:hover:bg-rose-950/40 dark:focus-visible:outline-indigo-400"
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {removing !== null && (
        <ConfirmDialog
          title="Remove this kept check?"
          onCancel={() => setRemoving(null)}
          actions={
            <>
              <button
                type="button"
                data-autofocus
                onClick={() => setRemoving(null)}
                className="rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
              >
                Keep it
              </button>
              <button
                type="button"
                onClick={() => {
                  unkeep.mutate({ id: theCase.id, checkId: removing.id });
                  setRemoving(null);
                }}
                className="rounded-md bg-rose-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
              >
                Remove check
              </button>
            </>
          }
        >
          <p>
            “<bdi>{removing.claim}</bdi>”
          </p>
          <p>
            The claim, the service’s result, your judgments and your verdict leave this case and its reports.
            This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
