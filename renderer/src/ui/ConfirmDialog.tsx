import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FOCUSABLE, dialogKeyDown } from './focus-trap';

export interface ConfirmDialogProps {
  title: string;
  /** What the person is asked to decide, and what follows from it. */
  children: ReactNode;
  /** The buttons; the one marked `data-autofocus` gets focus first (else the first button). */
  actions: ReactNode;
  /** Escape, or a click outside the dialog. */
  onCancel: () => void;
}

/**
 * A modal question that must be answered before going on (removing a document, …): an alertdialog named
 * by its title and described by its text; focus stays inside, Escape cancels, and focus returns to
 * where it was when the dialog closes.
 */
export function ConfirmDialog({ title, children, actions, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const first =
      root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // The buttons may change (a confirmation becomes "Remove anyway"): keep focus inside when they do.
  useEffect(() => {
    const root = panel.current;
    if (root === null || root.contains(document.activeElement)) return;
    (
      root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>(FOCUSABLE)
    )?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => dialogKeyDown(event, panel.current, onCancel);

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        className="w-full max-w-sm rounded-xl bg-white p-5 text-slate-900 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
      >
        <h2 id={titleId} className="text-sm font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 space-y-2 text-sm text-slate-600 dark:text-slate-300">
          {children}
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
