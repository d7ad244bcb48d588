import { useState } from 'react';
import { BRIDGE_ERROR, type LibraryEntry } from '../../../shared/bridge';
import { displayTitle } from '../../../shared/text/display-name';
import { BridgeCallError } from '../bridge';
import { useCasesCiting, useRemoveDocument } from '../queries';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useWorkbenchUi } from '../ui-store';
import { announce } from './import-queue';

const BUTTON =
  'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:focus-visible:outline-indigo-400';
const QUIET = `${BUTTON} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800`;
const DANGER = `${BUTTON} bg-rose-700 text-white hover:bg-rose-800`;

/**
 * Asks before a document leaves the library. The first question names the cases that cite it and offers
 * "Remove anyway"; should a case cite it after that was asked (or the asking failed), the bridge refuses
 * (`cited_by_cases`) and the dialog says which cases, offering "Remove anyway" then.
 */
export function RemoveDocumentDialog({
  entry,
  onClose,
  onRemoved,
}: {
  entry: LibraryEntry;
  onClose: () => void;
  /** After the document is gone (the dialog closes too). */
  onRemoved: () => void;
}) {
  const remove = useRemoveDocument();
  const citing = useCasesCiting(entry.sourceVersionId);
  const closeDocument = useWorkbenchUi((state) => state.closeDocument);
  /** The bridge's words naming the cases that cite the document, once it refused; then removal is forced. */
  const [citedBy, setCitedBy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = displayTitle(entry.title, entry.filename);
  const citingCases = citing.data?.cases ?? [];
  // Until the cases are known, nothing is removed: the person is asked knowing what removal breaks.
  const asking = citing.isPending;
  const cited = citedBy !== null || citingCases.length > 0;

  const confirm = () => {
    remove.mutate(
      { sourceVersionId: entry.sourceVersionId, force: cited },
      {
        onSuccess: (result) => {
          closeDocument(entry.sourceVersionId);
          const kept =
            result.citedBy.length > 0
              ? ` The cases that cited it keep their references: ${result.citedBy.join(', ')}.`
              : '';
          announce(
            result.removed
              ? `Removed ${name} from the library.${kept}`
              : `${name} was no longer in the library.`,
          );
          onRemoved();
          onClose();
        },
        onError: (error) => {
          if (error instanceof BridgeCallError && error.code === BRIDGE_ERROR.citedByCases) {
            setCitedBy(error.message);
            setFailure(null);
          } else setFailure(`It was not removed: ${error.message}`);
        },
      },
    );
  };

  const title = cited ? `Cases cite “${name}”` : `Remove “${name}” from the library?`;
  return (
    <ConfirmDialog
      title={title}
      onCancel={onClose}
      actions={
        <>
          <button type="button" data-autofocus onClick={onClose} className={QUIET}>
            {cited ? 'Keep it' : 'Cancel'}
          </button>
          <button type="button" onClick={confirm} disabled={remove.isPending || asking} className={DANGER}>
            {remove.isPending ? 'Removing…' : cited ? 'Remove anyway' : 'Remove'}
          </button>
        </>
      }
    >
      {citedBy !== null ? (
        // The bridge's words name the cases and say what they keep.
        <p data-testid="cited-by">{citedBy}</p>
      ) : citingCases.length > 0 ? (
        <div data-testid="cited-by">
          <p>{citingCases.length === 1 ? 'The case' : `These ${citingCases.length} cases`} cite it:</p>
          <ul aria-label="Cases that cite it" className="my-1 list-disc pl-5">
            {citingCases.map((title, i) => (
              <li key={i}>
                <bdi>{title}</bdi>
              </li>
            ))}
          </ul>
          <p>
            Removing it keeps {citingCases.length === 1 ? 'that case' : 'those cases'}, but the figures and
            passages they cite from it will be gone. Its stored file and everything read from it leave the
            library on this computer. This cannot be undone.
          </p>
        </div>
      ) : asking ? (
        <p role="status">Finding the cases that cite it…</p>
      ) : (
        <p>
          Its stored file and everything read from it leave the library on this computer. This cannot be
          undone.
        </p>
      )}
      {failure !== null && (
        <p role="alert" className="text-rose-800 dark:text-rose-300">
          {failure}
        </p>
      )}
    </ConfirmDialog>
  );
}
