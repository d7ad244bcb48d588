import type { MenuItemConstructorOptions } from 'electron';
import { acceleratorOf, isCommandId, shortcutFor, type MenuCommand } from '../../shared/vocabulary/commands';

/**
 * A command the renderer runs when chosen here (shared/vocabulary/commands.ts names them and their keys;
 * a theme is `theme.<choice>`): sent as the bridge's `menu` event to the app's windows.
 */
export type { MenuCommand };

export interface ApplicationMenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  send: (command: MenuCommand) => void;
  showAbout: () => void;
}

/**
 * The application menu: File, Edit, View, Help (and the app menu on macOS). The renderer's keymap binds
 * the keys itself (in every host), so accelerators are shown here but not registered twice.
 */
export function applicationMenuTemplate(options: ApplicationMenuOptions): MenuItemConstructorOptions[] {
  const { send } = options;
  const command = (label: string, name: MenuCommand): MenuItemConstructorOptions => {
    const combo = isCommandId(name) ? shortcutFor(name)?.keys[0] : undefined;
    return {
      label,
      ...(combo ? { accelerator: acceleratorOf(combo), registerAccelerator: false } : {}),
      click: () => send(name),
    };
  };
  const mac = options.platform === 'darwin';
  const about: MenuItemConstructorOptions = { label: `About ${options.appName}`, click: options.showAbout };

  const template: MenuItemConstructorOptions[] = [];
  if (mac)
    template.push({
      label: options.appName,
      submenu: [
        about,
        { type: 'separator' },
        command('Settings…', 'settings.open'),
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  template.push(
    {
      label: '&File',
      submenu: [
        command('Add Files…', 'library.addFiles'),
        command('Paste a Web Address…', 'library.pasteWebAddress'),
        command('Search Evidence…', 'search.open'),
        command('Check an Article…', 'article.open'),
        { type: 'separator' },
        command('Export Report…', 'report.export'),
        command('Check a Report Bundle…', 'report.verify'),
        ...(mac
          ? []
          : [
              { type: 'separator' } as const,
              command('Settings…', 'settings.open'),
              { type: 'separator' } as const,
              { role: 'quit' } as const,
            ]),
      ],
    },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: '&View',
      submenu: [
        command('Zoom In', 'view.zoomIn'),
        command('Zoom Out', 'view.zoomOut'),
        command('Fit Page to Width', 'view.zoomReset'),
        command('Go to Figure…', 'figure.goTo'),
        command('Show or Hide Tables', 'view.tables'),
        { type: 'separator' },
        command('Show or Hide Library', 'library.toggle'),
        { type: 'separator' },
        {
          label: 'Theme',
          submenu: [
            { ...command('Follow the System', 'theme.system'), type: 'radio', checked: true },
            { ...command('Light', 'theme.light'), type: 'radio' },
            { ...command('Dark', 'theme.dark'), type: 'radio' },
          ],
        },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: '&Help',
      role: 'help',
      submenu: [command('Keyboard Shortcuts', 'shortcuts.open'), ...(mac ? [] : [about])],
    },
  );
  return template;
}

/** The lines of "About": the app's version and the runtime's. */
export function aboutDetail(appVersion: string, versions: Partial<Record<string, string>>): string {
  return [
    `Version ${appVersion}`,
    `Electron ${versions['electron'] ?? 'unknown'}`,
    `Chromium ${versions['chrome'] ?? 'unknown'}`,
    `Node.js ${versions['node'] ?? 'unknown'}`,
  ].join('\n');
}
