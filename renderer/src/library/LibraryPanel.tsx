/** The fact-checker's documents. Empty until importing lands; the empty state says what can go in. */
export function LibraryPanel() {
  return (
    <aside
      id="library-panel"
      aria-labelledby="library-heading"
      data-testid="library-panel"
      className="flex w-80 shrink-0 flex-col border-r border-slate-200 bg-white"
    >
      <div className="flex items-baseline justify-between px-5 pt-5 pb-3">
        <h2 id="library-heading" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
          Library
        </h2>
        <span data-testid="library-count" className="text-xs text-slate-500">
          0 documents
        </span>
      </div>
      <div className="flex-1 px-4 pb-4">
        <div
          data-testid="library-empty"
          className="flex h-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 text-center"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-10 text-slate-400"
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
          <p className="text-sm font-medium text-slate-700">No documents yet</p>
          <p className="text-sm text-slate-500">Drop a PDF, spreadsheet, Word file or web page here.</p>
        </div>
      </div>
    </aside>
  );
}
