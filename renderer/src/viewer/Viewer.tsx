import { useWorkbenchUi } from '../ui-store';
import { OpenDocument } from './OpenDocument';
import { useFollowReadings } from './use-reading-progress';

/** The open document: the original page beside its extracted unit, figures drawn on both. */
export function Viewer() {
  const open = useWorkbenchUi((state) => state.openSourceVersionId);
  useFollowReadings();
  return (
    <main aria-label="Document viewer" data-testid="viewer" className="flex min-w-0 flex-1 flex-col">
      {open === null ? (
        <div className="flex flex-1 items-center justify-center p-8">
          <p className="max-w-sm text-center text-sm text-slate-600 dark:text-slate-300">
            Open a document from the library to see its extracted text beside the original page.
          </p>
        </div>
      ) : (
        <OpenDocument key={open} sourceVersionId={open} />
      )}
    </main>
  );
}
