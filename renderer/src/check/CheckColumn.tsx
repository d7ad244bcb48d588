import { useState } from 'react';
import { CaseWork, ExportCaseButton } from '../cases/CaseWork';
import { useCase, useSaveAndCheck } from '../queries';
import { useWorkbenchUi } from '../ui-store';
import { CaseResult } from './CaseResult';
import { CheckPanel } from './CheckPanel';
import { titleFromClaim } from './claim-title';
import { OperandTray } from './OperandTray';
import { placeRunError } from './run-errors';

/** The operand tray, the claim and the result card of the numeric check. */
export function CheckColumn() {
  const activeCaseId = useWorkbenchUi((state) => state.activeCaseId);
  const setActiveCase = useWorkbenchUi((state) => state.setActiveCase);
  const activeCase = useCase(activeCaseId);
  const saveAndCheck = useSaveAndCheck({ onSaved: (saved) => setActiveCase(saved.id) });
  const runError = saveAndCheck.isError ? placeRunError(saveAndCheck.error) : null;
  /** Counts the checks that answered, so the result card is brought into view once after each. */
  const [answered, setAnswered] = useState(0);

  const run = () => {
    const { claimDraft, operands, activeCaseId: id } = useWorkbenchUi.getState();
    const refs = [operands.A, operands.B].filter((o) => o !== null).map((o) => o.ref);
    // A new case is named after its first claim; an open case keeps the title it has, whatever claim runs.
    saveAndCheck.mutate(
      {
        ...(id !== null ? { id } : { title: titleFromClaim(claimDraft) }),
        claim: claimDraft,
        operands: refs,
      },
      { onSuccess: () => setAnswered((n) => n + 1) },
    );
  };

  const startNew = () => {
    saveAndCheck.reset();
    const ui = useWorkbenchUi.getState();
    ui.setActiveCase(null);
    ui.setClaimDraft('');
    ui.clearOperand();
  };

  const activeTitle = activeCaseId === null ? null : (activeCase.data?.title ?? null);

  return (
    <section
      aria-labelledby="check-heading"
      data-testid="check-column"
      className="flex w-80 shrink-0 flex-col border-l 2xl:w-96 border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2 px-5 pt-5 pb-3">
        <h2
          id="check-heading"
          className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-slate-100"
        >
          Check
        </h2>
        {activeCaseId !== null && (
          <div className="flex items-center gap-1.5">
            <ExportCaseButton caseId={activeCaseId} />
            <button
              type="button"
              onClick={startNew}
              className="rounded-md border border-slate-200 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
            >
              New case
            </button>
          </div>
        )}
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 pb-5">
        {activeTitle !== null && (
          <p data-testid="active-case" className="-mt-2 truncate text-xs text-slate-600 dark:text-slate-300">
            Case: <bdi>{activeTitle}</bdi>
          </p>
        )}
        <OperandTray error={runError?.place === 'operands' ? runError.message : null} />
        <CheckPanel
          onRun={run}
          running={saveAndCheck.isPending}
          claimError={runError?.place === 'claim' ? runError.message : null}
          updatesCase={activeCaseId !== null && (activeCase.data?.check ?? null) !== null}
        />
        {runError?.place === 'alert' && (
          <div
            role="alert"
            data-testid="run-error"
            className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-600/30 ring-inset dark:bg-rose-950/40 dark:text-rose-300"
          >
            <p className="font-medium">The check did not run.</p>
            <p>{runError.message}</p>
          </div>
        )}
        <CaseResult running={saveAndCheck.isPending} answered={answered} />
        {activeCaseId !== null && <CaseWork caseId={activeCaseId} />}
      </div>
    </section>
  );
}
