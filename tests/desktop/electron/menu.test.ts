import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { aboutDetail, applicationMenuTemplate, type MenuCommand } from '../../../desktop/electron/menu';
import { acceleratorOf, isCommandId, shortcutFor } from '../../../shared/vocabulary/commands';

// The Electron menu offers the commands the renderer's keymap names, with the same keys, and sends them
// to the renderer; it never registers a key the renderer already handles.

function flatten(items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}

function build(platform: NodeJS.Platform) {
  const send = vi.fn<(command: MenuCommand) => void>();
  const showAbout = vi.fn();
  const items = flatten(
    applicationMenuTemplate({ platform, appName: 'Evidence Workbench', send, showAbout }),
  );
  return { items, send, showAbout };
}

function click(item: MenuItemConstructorOptions) {
  (item.click as () => void)();
}

describe('applicationMenuTemplate', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('has File, Edit, View and Help on %s', (platform) => {
    const labels = applicationMenuTemplate({
      platform,
      appName: 'EW',
      send: vi.fn(),
      showAbout: vi.fn(),
    }).map((item) => item.label?.replace('&', ''));
    expect(labels).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Help']));
  });

  it('sends each command and shows the keymap key, without registering it twice', () => {
    const { items, send } = build('linux');
    const commands = items.filter((item) => item.click && item.label && !item.label.startsWith('About'));
    expect(commands.length).toBeGreaterThanOrEqual(10);
    for (const item of commands) {
      send.mockClear();
      click(item);
      const [command] = send.mock.calls[0] ?? [];
      expect(command).toBeDefined();
      if (command === undefined || !isCommandId(command)) continue;
      const shortcut = shortcutFor(command);
      const first = shortcut?.keys[0];
      expect(first, `${command} is in the keymap`).toBeDefined();
      if (first) expect(item.accelerator).toBe(acceleratorOf(first));
      expect(item.registerAccelerator).toBe(false);
    }
  });

  it('offers the report commands, and Edit uses the native roles', () => {
    const { items, send } = build('linux');
    for (const [label, command] of [
      ['Export Report…', 'report.export'],
      ['Check a Report Bundle…', 'report.verify'],
    ] as const) {
      const item = items.find((candidate) => candidate.label === label);
      expect(item?.enabled, label).not.toBe(false);
      send.mockClear();
      click(item!);
      expect(send).toHaveBeenCalledWith(command);
    }
    expect(items.map((item) => item.role).filter(Boolean)).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    );
  });

  it('offers the three themes and About', () => {
    const { items, send, showAbout } = build('darwin');
    for (const theme of ['theme.system', 'theme.light', 'theme.dark']) {
      const item = items.find((candidate) => {
        send.mockClear();
        if (candidate.type !== 'radio') return false;
        click(candidate);
        return send.mock.calls[0]?.[0] === theme;
      });
      expect(item, theme).toBeDefined();
    }
    click(items.find((item) => item.label === 'About Evidence Workbench') as MenuItemConstructorOptions);
    expect(showAbout).toHaveBeenCalledOnce();
  });
});

describe('aboutDetail', () => {
  it('names the app, Electron, Chromium and Node versions', () => {
    expect(aboutDetail('0.1.0', { electron: '45.4.1', chrome: '142.0', node: '24.1.0' })).toBe(
      'Version 0.1.0\nElectron 45.4.1\nChromium 142.0\nNode.js 24.1.0',
    );
  });
});
