import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useHealth } from '../health';
import { runtimeVersions } from './versions';

/** "About Evidence Workbench": the app's version and the runtime's, for a bug report. */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const health = useHealth();
  const closeButton = useRef<HTMLButtonElement>(null);
  const versions = runtimeVersions(navigator.userAgent);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      // One button: Tab stays on it; Escape closes.
      event.preventDefault();
      event.stopPropagation();
      if (event.key === 'Escape') onClose();
    }
  };

  const rows: [string, string][] = [
    [
      'Evidence Workbench',
      health.data?.version ?? (health.isError ? 'unknown (the host did not answer)' : '…'),
    ],
    ['Chromium', versions.chrome ?? 'unknown'],
  ];
  if (versions.electron !== null) rows.push(['Electron', versions.electron]);

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4 dark:bg-black/60"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="about-dialog"
        onKeyDown={onKeyDown}
        className="w-full max-w-sm rounded-xl bg-white p-5 text-slate-900 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
      >
        <h2 id={titleId} className="text-base font-semibold">
          About Evidence Workbench
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Every number traced to its source.</p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([name, version]) => (
            <div key={name} className="contents">
              <dt className="text-slate-600 dark:text-slate-300">{name}</dt>
              <dd className="font-mono" data-testid={`version-${name.split(' ')[0]?.toLowerCase()}`}>
                {version}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex justify-end">
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
          >
            Close
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
