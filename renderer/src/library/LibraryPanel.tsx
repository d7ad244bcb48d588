import { useEffect, useRef, useState } from 'react';
import { MAX_ASSET_BYTES } from '../../../shared/api/common';
import type { LibraryEntry } from '../../../shared/bridge';
import { useLibrary } from '../queries';
import { AddFilesButton } from './AddFilesButton';
import { AddWebAddressForm } from './AddWebAddressForm';
import { humanSize } from './file-size';
import { ImportList } from './ImportList';
import { LibraryList } from './LibraryList';
import { RemoveDocumentDialog } from './RemoveDocumentDialog';

function countText(library: ReturnType<typeof useLibrary>): string {
  const count = library.data?.length;
  if (count !== undefined) return `${count} ${count === 1 ? 'document' : 'documents'}`;
  return library.isError ? 'Not loaded' : 'Loading…';
}

/**
 * The fact-checker's documents: files and pasted web addresses being added (with their progress), then
 * every stored document, newest first, with how it was read.
 */
export function LibraryPanel() {
  const library = useLibrary();
  const [removing, setRemoving] = useState<LibraryEntry | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);
  // Kept when a refresh fails: the error shows above the documents last listed.
  const entries = library.data;

  // Focus would fall to the page with the removed row: move it to a neighbour, else to Add files. Runs
  // after the dialog's own cleanup, which returns focus to the (doomed) Remove button.
  useEffect(() => {
    if (removed === null || removing !== null || panel.current === null) return;
    const buttons = Array.from(panel.current.querySelectorAll<HTMLElement>('[data-library-open]'));
    const at = buttons.findIndex(
      (b) => b.closest('[data-source-version-id]')?.getAttribute('data-source-version-id') === removed,
    );
    const neighbour = at === -1 ? undefined : (buttons[at + 1] ?? buttons[at - 1]);
    (neighbour ?? panel.current.querySelector<HTMLElement>('[data-testid="add-files"]'))?.focus();
    setRemoved(null);
  }, [removed, removing]);

  return (
    <aside
      ref={panel}
      id="library-panel"
      aria-labelledby="library-heading"
      data-testid="library-panel"
      className="flex w-full shrink-0 flex-col border-r border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2 px-5 pt-5 pb-3">
        <div className="flex items-baseline gap-2">
          <h2
            id="library-heading"
            className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-slate-100"
          >
            Library
          </h2>
          <span data-testid="library-count" className="text-xs text-slate-600 dark:text-slate-300">
            {countText(library)}
          </span>
        </div>
        <AddFilesButton />
      </div>

      <AddWebAddressForm />

      <ImportList />

      {/* With no document the list holds nothing to focus: it takes the focus itself, so a keyboard can
          scroll what a short window cuts off. */}
      <div
        className="min-h-0 flex-1 overflow-y-auto px-4 pt-3 pb-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
        aria-busy={library.isPending}
        {...(entries !== undefined && entries.length === 0
          ? { tabIndex: 0, role: 'region', 'aria-label': 'Library documents' }
          : {})}
      >
        {library.isPending && (
          <div data-testid="library-loading" className="space-y-1.5">
            <p className="px-1 text-xs text-slate-600 dark:text-slate-300">Loading the library…</p>
            {[0, 1, 2].map((row) => (
              <div
                key={row}
                aria-hidden="true"
                className="h-16 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-950"
              />
            ))}
          </div>
        )}

        {library.isError && (
          <div
            role="alert"
            data-testid="library-error"
            className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950/40 dark:text-rose-200"
          >
            <p className="font-medium">The library could not be loaded.</p>
            <p className="mt-1 text-xs break-words">{library.error.message}</p>
            <p className="mt-1 text-xs text-rose-800 dark:text-rose-300">
              Your documents are not lost: they stay stored until you remove them.
            </p>
            <button
              type="button"
              onClick={() => void library.refetch()}
              className="mt-2 rounded-md border border-rose-300 bg-white px-2.5 py-1 text-xs font-medium text-rose-900 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-rose-700 dark:bg-slate-900 dark:text-rose-200 dark:hover:bg-rose-900/40 dark:focus-visible:outline-indigo-400"
            >
              Try again
            </button>
          </div>
        )}

        {entries !== undefined && entries.length === 0 && !library.isError && (
          <div
            data-testid="library-empty"
            className="flex min-h-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-8 text-center [@media(max-height:700px)]:gap-1.5 [@media(max-height:700px)]:py-3 dark:border-slate-600 dark:bg-slate-800"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-10 text-slate-500 [@media(max-height:700px)]:hidden dark:text-slate-400"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            >
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M19.5 14.25v-2.625a3.375 3.375 0 0 0-3.375-3.375h-1.5A1.125 1.125 0 0 1 13.5 7.125v-1.5a3.375 3.375 0 0 0-3.375-3.375H8.25m3.75 9v6m3-3H9m1.5-12H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 0 0-9-9Z"
              />
            </svg>
            <p className="text-sm font-medium text-slate-700 dark:text-slate-300">No documents yet</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Drop files anywhere in this window, or use Add files: PDFs, spreadsheets (Excel, CSV), Word
              files, saved web pages, scans and images, plain text. Up to {humanSize(MAX_ASSET_BYTES)} each.
            </p>
          </div>
        )}

        {entries !== undefined && entries.length > 0 && (
          <div className={library.isError ? 'mt-3' : undefined}>
            <LibraryList entries={entries} onRemove={setRemoving} />
          </div>
        )}
      </div>

      {removing !== null && (
        <RemoveDocumentDialog
          entry={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => setRemoved(removing.sourceVersionId)}
        />
      )}
    </aside>
  );
}
