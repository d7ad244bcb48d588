import type { QueryClient } from '@tanstack/react-query';
import { addFiles } from '../library/import-queue';
import { useWorkbenchUi } from '../ui-store';
import type { CommandId } from '../../../shared/vocabulary/commands';

/** The viewer binds Ctrl+= / Ctrl+- / Ctrl+0 itself; a menu's zoom presses the same key for it. */
function pressViewerKey(key: string): void {
  document.body.dispatchEvent(
    new KeyboardEvent('keydown', { key, ctrlKey: true, bubbles: true, cancelable: true }),
  );
}

/** The file picker of "Add files", whether or not the library is shown; the files join the same queue. */
function pickFiles(client: QueryClient): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.addEventListener('change', () => addFiles(Array.from(input.files ?? []), client), { once: true });
  input.click();
}

/** Shows the library, then puts the caret in its "Paste a web address" field. */
function focusWebAddress(): void {
  const ui = useWorkbenchUi.getState();
  if (!ui.libraryOpen) ui.toggleLibrary();
  ui.closeOverlay();
  // After React has drawn the library.
  requestAnimationFrame(() => {
    document.querySelector<HTMLInputElement>('[data-testid="add-web-address"] input')?.focus();
  });
}

/** Shows the article view and puts the keyboard in it (its first field, or its claims once read). */
function openArticle(): void {
  const ui = useWorkbenchUi.getState();
  ui.closeOverlay();
  ui.showArticle();
  requestAnimationFrame(() => document.getElementById('article-heading')?.focus());
}

/** Runs one app-wide command: from a key, the in-page menu or the Electron menu. */
export function runCommand(command: CommandId, client: QueryClient): void {
  const ui = useWorkbenchUi.getState();
  switch (command) {
    case 'search.open':
      return ui.openOverlay('search');
    case 'settings.open':
      return ui.openOverlay('settings');
    case 'shortcuts.open':
      return ui.openOverlay('shortcuts');
    case 'overlay.close':
      return ui.closeOverlay();
    case 'report.export':
      return ui.openExport(ui.activeCaseId !== null ? [ui.activeCaseId] : []);
    case 'report.verify':
      return ui.openOverlay('verify');
    case 'library.addFiles':
      return pickFiles(client);
    case 'library.pasteWebAddress':
      return focusWebAddress();
    case 'library.toggle':
      return ui.toggleLibrary();
    case 'view.zoomIn':
      return pressViewerKey('=');
    case 'view.zoomOut':
      return pressViewerKey('-');
    case 'view.zoomReset':
      return pressViewerKey('0');
    case 'view.tables':
      return ui.toggleTables();
    case 'figure.goTo':
      return ui.openOverlay('goToFigure');
    case 'article.open':
      return openArticle();
  }
}
