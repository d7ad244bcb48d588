import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSettings } from '../health';
import { SettingsForm } from './SettingsForm';
import { keepFocusInside } from '../ui/focus-trap';

/**
 * The settings, in a modal dialog named by its heading: focus stays inside, Escape closes, and focus goes
 * back to where it was. The form starts from the settings in force.
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const settings = useSettings();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    keepFocusInside(event, panel.current);
  };

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4 sm:items-center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="settings-dialog"
        className="flex max-h-[calc(100vh-2rem)] w-full max-w-xl flex-col rounded-xl bg-white text-slate-900 shadow-xl ring-1 ring-slate-200 outline-none dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-700">
          <h2 id={titleId} className="text-base font-semibold">
            Settings
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
          >
            Close
          </button>
        </div>
        {settings.isSuccess ? (
          <SettingsForm saved={settings.data} />
        ) : settings.isError ? (
          <p role="alert" className="px-5 py-4 text-sm text-rose-700 dark:text-rose-300">
            The settings could not be read: {settings.error.message}
          </p>
        ) : (
          <p className="px-5 py-4 text-sm text-slate-600 dark:text-slate-300">Reading the settings…</p>
        )}
      </div>
    </div>,
    document.body,
  );
}
