import type { Case } from '../../../shared/bridge';
import { FACET_WORDING, undecidedFacets } from '../check/outcome-wording';
import { useKeepCheck } from '../queries';
import { useWorkbenchUi } from '../ui-store';
import { judgedWording } from './judgment-wording';

/**
 * "Keep this check and check another claim": the current check and the person's judgments of it go
 * into the case's kept checks; the claim stays in the field to be edited and the figures stay in the tray,
 * since the next claim is often checked over the same figures.
 */
export function KeepCheckButton({ theCase }: { theCase: Case }) {
  const keep = useKeepCheck();
  if (theCase.check === null) return null;
  const judged = new Set<string>(theCase.judgments.map((j) => j.facet));
  // An unanswered question of which figure is which is as open as an unjudged facet.
  const open = [
    ...(theCase.check.roles?.state === 'unclear' ? [judgedWording('roles')] : []),
    ...undecidedFacets(theCase.check)
      .filter((f) => !judged.has(f.facet))
      .map((f) => FACET_WORDING[f.facet]),
  ];

  const onKeep = () =>
    keep.mutate(
      { id: theCase.id },
      {
        onSuccess: (kept) => {
          useWorkbenchUi.getState().setClaimDraft(kept.claim);
          requestAnimationFrame(() => document.getElementById('claim-field')?.focus());
        },
      },
    );

  return (
    <div data-testid="keep-check" className="flex flex-col gap-1.5">
      {open.length > 0 && (
        <p id="keep-check-hint" className="text-xs text-amber-950 dark:text-amber-100">
          Not judged yet: {open.join(', ')}. If you keep the check now, it stays unresolved in the report.
        </p>
      )}
      <button
        type="button"
        onClick={onKeep}
        disabled={keep.isPending}
        aria-describedby={open.length > 0 ? 'keep-check-hint' : undefined}
        className="self-start rounded-md border border-indigo-300 bg-white px-3 py-1.5 text-sm font-medium text-indigo-800 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:border-indigo-700 dark:bg-slate-900 dark:text-indigo-200 dark:hover:bg-indigo-950/60 dark:focus-visible:outline-indigo-400"
      >
        {keep.isPending ? 'Keeping…' : 'Keep this check and check another claim'}
      </button>
      {keep.isError && (
        <p
          role="alert"
          className="rounded-md bg-rose-50 px-3 py-2 text-xs text-rose-800 dark:bg-rose-950/40 dark:text-rose-300"
        >
          The check was not kept:{' '}
          {keep.error instanceof Error && 'code' in keep.error && keep.error.code === 'not_checked'
            ? 'this claim has not been checked yet. Run the check first.'
            : keep.error.message}
        </p>
      )}
    </div>
  );
}
