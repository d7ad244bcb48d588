import type { KeyboardEvent } from 'react';

// The one focus trap of the app's modal dialogs (confirmations, search, settings, shortcuts): Tab and
// Shift+Tab go round the dialog's own stops and never reach the page behind it.

/** What can take focus in a dialog: enabled controls, links, disclosures and explicit tab stops. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The stops Tab visits inside `root`: focusable, not hidden, not inside a closed disclosure. */
export function tabStops(root: HTMLElement, selector = FOCUSABLE): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(selector)).filter(
    (el) =>
      el.closest('[hidden]') === null &&
      (el.tagName === 'SUMMARY' || el.closest('details:not([open])') === null),
  );
}

/**
 * Keeps Tab inside `root`: from the last stop to the first, and Shift+Tab from the first (or the dialog
 * itself) to the last. Answers whether it moved focus (the event is then handled).
 */
export function keepFocusInside(
  event: KeyboardEvent<HTMLElement>,
  root: HTMLElement | null,
  selector = FOCUSABLE,
): boolean {
  if (event.key !== 'Tab' || root === null) return false;
  const stops = tabStops(root, selector);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (first === undefined || last === undefined) return false;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === root)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/**
 * The key handling of a modal dialog: Escape closes it (and goes no further), Tab stays inside `root`.
 */
export function dialogKeyDown(
  event: KeyboardEvent<HTMLElement>,
  root: HTMLElement | null,
  onClose: () => void,
  selector = FOCUSABLE,
): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    onClose();
    return;
  }
  keepFocusInside(event, root, selector);
}
