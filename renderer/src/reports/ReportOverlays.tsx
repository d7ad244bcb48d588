import { ariaKeyshortcuts, comboLabel, shortcutFor } from '../../../shared/vocabulary/commands';
import { isMacPlatform } from '../shell/platform';
import { useWorkbenchUi } from '../ui-store';
import { ExportDialog } from './ExportDialog';
import { VerifyDialog } from './VerifyDialog';

/** The export dialog or the bundle check while their overlay is open. */
export function ReportOverlays() {
  const overlay = useWorkbenchUi((state) => state.overlay);
  const caseIds = useWorkbenchUi((state) => state.reportCaseIds);
  const closeOverlay = useWorkbenchUi((state) => state.closeOverlay);
  if (overlay === 'export') return <ExportDialog caseIds={caseIds} onClose={closeOverlay} />;
  if (overlay === 'verify') return <VerifyDialog onClose={closeOverlay} />;
  return null;
}

/**
 * The header's "Check a report bundle…" button, with its shortcut; in a narrow window it gives its room to
 * the title (the command stays in the Menu and on its key).
 */
export function VerifyButton() {
  const openOverlay = useWorkbenchUi((state) => state.openOverlay);
  const shortcut = shortcutFor('report.verify');
  const mac = isMacPlatform();
  return (
    <button
      type="button"
      data-testid="open-verify"
      aria-haspopup="dialog"
      onClick={() => openOverlay('verify')}
      aria-keyshortcuts={shortcut ? ariaKeyshortcuts(shortcut.keys, mac) : undefined}
      title={shortcut?.keys[0] ? `Check a report bundle (${comboLabel(shortcut.keys[0], mac)})` : undefined}
      className="hidden rounded-md border border-slate-200 px-2.5 py-1 text-sm whitespace-nowrap lg:inline-block text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
    >
      Check a report bundle…
    </button>
  );
}
