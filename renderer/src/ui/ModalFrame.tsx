import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { createPortal } from 'react-dom';

// The frame every modal panel of the workbench shares (search, settings, the shortcuts list): a dimmed
// backdrop that closes it when clicked, a panel named by its heading, and a Close button. What the panel
// focuses first, which keys it handles and where focus goes back stay with each dialog (focus-trap.ts).

const WIDTH = { xl: 'max-w-xl', '2xl': 'max-w-2xl', '3xl': 'max-w-3xl' } as const;

export interface ModalFrameProps {
  title: string;
  /** The heading's id (the panel's accessible name). */
  titleId: string;
  onClose: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  testId: string;
  width: keyof typeof WIDTH;
  /** top: a panel whose height changes as results arrive stays put; center: a fixed list or form. */
  align: 'top' | 'center';
  panelRef?: Ref<HTMLDivElement>;
  closeRef?: Ref<HTMLButtonElement>;
  /** The panel itself takes focus first (then Shift+Tab from it goes to the last stop). */
  focusablePanel?: boolean;
  children: ReactNode;
}

export function ModalFrame(props: ModalFrameProps) {
  const { onClose } = props;
  return createPortal(
    <div
      className={`fixed inset-0 z-50 flex justify-center bg-slate-900/40 p-2 sm:p-6 dark:bg-black/60 ${props.align === 'top' ? 'items-start' : 'items-start sm:items-center'}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={props.panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.titleId}
        tabIndex={props.focusablePanel ? -1 : undefined}
        data-testid={props.testId}
        onKeyDown={props.onKeyDown}
        className={`flex max-h-full w-full ${WIDTH[props.width]} flex-col rounded-xl bg-white text-slate-900 shadow-xl ring-1 ring-slate-200 outline-none dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3 dark:border-slate-700">
          <h2 id={props.titleId} className="text-base font-semibold">
            {props.title}
          </h2>
          <button
            ref={props.closeRef}
            type="button"
            onClick={onClose}
            className="rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
          >
            Close
          </button>
        </div>
        {props.children}
      </div>
    </div>,
    document.body,
  );
}
