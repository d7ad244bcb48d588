import { useCase } from '../queries';
import { shortcutFor, ariaKeyshortcuts, comboLabel } from '../../../shared/vocabulary/commands';
import { isMacPlatform } from '../shell/platform';
import { useWorkbenchUi } from '../ui-store';
import { CaseNotes } from './CaseNotes';
import { KeptChecks } from './KeptChecks';

/** "Export report…" for the open case, with its shortcut. */
export function ExportCaseButton({ caseId }: { caseId: string }) {
  const openExport = useWorkbenchUi((state) => state.openExport);
  const shortcut = shortcutFor('report.export');
  const mac = isMacPlatform();
  return (
    <button
      type="button"
      data-testid="export-case"
      aria-haspopup="dialog"
      onClick={() => openExport([caseId])}
      aria-keyshortcuts={shortcut ? ariaKeyshortcuts(shortcut.keys, mac) : undefined}
      title={
        shortcut?.keys[0] ? `Export a report of this case (${comboLabel(shortcut.keys[0], mac)})` : undefined
      }
      className="rounded-md border border-slate-200 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
    >
      Export report…
    </button>
  );
}

/** Below the result: the checks kept in the open case and the person's notes on it. */
export function CaseWork({ caseId }: { caseId: string }) {
  const theCase = useCase(caseId);
  if (!theCase.data) return null;
  return (
    <div className="flex flex-col gap-5 border-t border-slate-200 pt-4 dark:border-slate-700">
      <KeptChecks theCase={theCase.data} />
      <CaseNotes key={theCase.data.id} theCase={theCase.data} />
    </div>
  );
}
