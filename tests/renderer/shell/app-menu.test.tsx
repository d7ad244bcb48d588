// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppMenu } from '../../../renderer/src/shell/AppMenu';
import { useThemeChoice } from '../../../renderer/src/shell/theme';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';

// The web host's menu: File, View and Help with the keymap's keys; each item runs its command; export
// waits for later; About names the versions.

const fake = vi.hoisted(() => ({ runCommand: vi.fn() }));
vi.mock('../../../renderer/src/shell/commands', () => ({ runCommand: fake.runCommand }));
vi.mock('../../../renderer/src/health', () => ({
  useHealth: () => ({ data: { status: 'ok', version: '0.1.0', service: 'embedded' }, isError: false }),
}));

beforeEach(() => {
  fake.runCommand.mockClear();
  useWorkbenchUi.setState({ overlay: null, libraryOpen: true });
  useThemeChoice.setState({ choice: 'system' });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppMenu />
    </QueryClientProvider>,
  );
});
afterEach(cleanup);

async function openMenu(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
  const menu = screen.getByRole('menu', { name: 'Workbench menu' });
  await waitFor(() => expect(document.activeElement).toBe(within(menu).getAllByRole('menuitem')[0]));
  return menu;
}

describe('AppMenu', () => {
  it('opens a menu of File, View and Help, the button saying it is open', async () => {
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    const menu = await openMenu();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['File', 'View', 'Help']);
  });

  it.each([
    ['Add files…', 'library.addFiles', 'Control+O'],
    ['Paste a web address…', 'library.pasteWebAddress', 'Control+Shift+L'],
    ['Search evidence…', 'search.open', 'Control+K'],
    ['Settings…', 'settings.open', 'Control+,'],
    ['Export report…', 'report.export', 'Control+Shift+E'],
    ['Check a report bundle…', 'report.verify', 'Control+Shift+Y'],
    ['Zoom in', 'view.zoomIn', 'Control+='],
    ['Zoom out', 'view.zoomOut', 'Control+-'],
    ['Fit page to width', 'view.zoomReset', 'Control+0'],
    ['Go to figure…', 'figure.goTo', 'Control+G'],
    ['Show tables', 'view.tables', 'T'],
    ['Hide library', 'library.toggle', 'Control+B'],
    ['Keyboard shortcuts', 'shortcuts.open', '?'],
  ])('%s runs %s and shows %s', async (name, command, keys) => {
    const menu = await openMenu();
    const item = within(menu).getByRole('menuitem', { name: new RegExp(`^${name.replace('?', '\\?')}`) });
    expect(item.getAttribute('aria-keyshortcuts')).toBe(keys);
    fireEvent.click(item);
    expect(fake.runCommand).toHaveBeenCalledWith(command, expect.anything());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });

  it('chooses the theme with radio items', async () => {
    let menu = await openMenu();
    expect(
      within(menu)
        .getByRole('menuitemradio', { name: /follow the system/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Theme: dark' }));
    expect(useThemeChoice.getState().choice).toBe('dark');
    menu = await openMenu();
    expect(
      within(menu).getByRole('menuitemradio', { name: 'Theme: dark' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('moves with the arrows, Home and End, and Escape closes it', async () => {
    const menu = await openMenu();
    const items = [...within(menu).getAllByRole('menuitem'), ...within(menu).getAllByRole('menuitemradio')];
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toContain('About');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Paste a web address');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });

  it('names the app’s and the browser’s versions in About', async () => {
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'About Evidence Workbench' }));
    const about = screen.getByRole('dialog', { name: 'About Evidence Workbench' });
    expect(within(about).getByTestId('version-evidence').textContent).toBe('0.1.0');
    fireEvent.keyDown(about, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
