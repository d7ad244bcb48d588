// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../../renderer/src/shell/commands';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';

// What each app-wide command does, whichever way it came (a key, the in-page menu, the Electron menu).

const fake = vi.hoisted(() => ({ addFiles: vi.fn() }));
vi.mock('../../../renderer/src/library/import-queue', () => ({ addFiles: fake.addFiles }));

const client = new QueryClient();

beforeEach(() => {
  useWorkbenchUi.setState({ overlay: null, libraryOpen: true });
  fake.addFiles.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('runCommand', () => {
  it.each([
    ['search.open', 'search'],
    ['settings.open', 'settings'],
    ['shortcuts.open', 'shortcuts'],
    ['figure.goTo', 'goToFigure'],
  ] as const)('%s opens the %s overlay, and overlay.close closes it', (command, overlay) => {
    runCommand(command, client);
    expect(useWorkbenchUi.getState().overlay).toBe(overlay);
    runCommand('overlay.close', client);
    expect(useWorkbenchUi.getState().overlay).toBeNull();
  });

  it('toggles the library', () => {
    runCommand('library.toggle', client);
    expect(useWorkbenchUi.getState().libraryOpen).toBe(false);
    runCommand('library.toggle', client);
    expect(useWorkbenchUi.getState().libraryOpen).toBe(true);
  });

  it('shows and hides the tables read on the page', () => {
    useWorkbenchUi.setState({ tablesShown: false });
    runCommand('view.tables', client);
    expect(useWorkbenchUi.getState().tablesShown).toBe(true);
    runCommand('view.tables', client);
    expect(useWorkbenchUi.getState().tablesShown).toBe(false);
  });

  it('opens a file picker for several files, and adds what is picked to the queue', () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    runCommand('library.addFiles', client);
    expect(click).toHaveBeenCalledOnce();
    const input = click.mock.contexts[0] as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    expect(fake.addFiles).toHaveBeenCalledWith([file], client);
  });

  it('shows the library and puts the caret in the web address field', async () => {
    useWorkbenchUi.setState({ libraryOpen: false, overlay: 'shortcuts' });
    render(
      <form data-testid="add-web-address">
        <input aria-label="Paste a web address" />
      </form>,
    );
    runCommand('library.pasteWebAddress', client);
    expect(useWorkbenchUi.getState().libraryOpen).toBe(true);
    expect(useWorkbenchUi.getState().overlay).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Paste a web address')));
  });

  it.each([
    ['view.zoomIn', '='],
    ['view.zoomOut', '-'],
    ['view.zoomReset', '0'],
  ] as const)('%s presses Ctrl+%s for the viewer, which binds the zoom keys', (command, key) => {
    const seen: KeyboardEvent[] = [];
    const listen = (event: KeyboardEvent) => seen.push(event);
    document.addEventListener('keydown', listen);
    runCommand(command, client);
    document.removeEventListener('keydown', listen);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.key).toBe(key);
    expect(seen[0]?.ctrlKey).toBe(true);
    expect(seen[0]?.target).toBe(document.body);
  });
});
