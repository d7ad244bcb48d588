import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  protocol,
  session,
  shell,
  type IpcMainInvokeEvent,
} from 'electron';
import { fileURLToPath } from 'node:url';
import {
  BRIDGE_ERROR,
  BRIDGE_INVOKE_IPC,
  BRIDGE_UPLOAD_IPC,
  bridgeEventIpc,
  SOURCE_SCHEME,
  type BridgeResult,
} from '../../shared/bridge';
import { createRouter, type BridgeRouter } from '../main/bridge/router';
import { createMainServices } from '../main/handlers/services';
import { handlers, uploadBytes } from '../main/handlers';
import { denyAllPermissions, handleCommonWindowEvents } from './hardening';
import { createRendererProtocolHandler } from './protocol';
import { createSourceProtocolHandler } from './source-protocol';
import { APP_SCHEME, isSafeExternalUrl, isTrustedIpcSender, RENDERER_ENTRY_URL } from './trust';
import { aboutDetail, applicationMenuTemplate } from './menu';
import { themeOfCommand } from '../../shared/vocabulary/commands';
import { rememberPlace, withRememberedPlace } from './remember-window';
import { getMainWindowOptions } from './window-options';
import { printToPdf } from './print-pdf';

// Built layout: out/main/index.js beside out/preload/index.cjs and out/renderer/.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));

// Must happen before `ready`: app:// behaves like https (standard origin, secure context, fetch), and
// evidence-source:// serves the viewer's original bytes to it (fetch with CORS, streamed Range answers).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  {
    scheme: SOURCE_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true },
  },
]);

// A data folder chosen by the caller (end-to-end tests give each run its own).
const dataDirOverride = process.env['WORKBENCH_DATA_DIR'];
if (dataDirOverride) app.setPath('userData', dataDirOverride);

const appWindows = new Set<BrowserWindow>();

function openExternal(url: string): void {
  if (isSafeExternalUrl(url)) void shell.openExternal(url);
}

function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const window = BrowserWindow.fromWebContents(event.sender);
  const frame = event.senderFrame;
  return isTrustedIpcSender({
    fromAppWindow: window !== null && appWindows.has(window),
    isTopFrame: frame !== null && frame.parent === null,
    frameUrl: frame?.url,
  });
}

const refusedSender: BridgeResult<never> = {
  ok: false,
  error: { code: BRIDGE_ERROR.forbidden, message: 'This frame may not use the workbench bridge.' },
};

function registerBridge(router: BridgeRouter): void {
  ipcMain.handle(BRIDGE_INVOKE_IPC, async (event, channel: unknown, input: unknown) =>
    isTrustedSender(event) ? router.invoke(channel, input) : refusedSender,
  );
  // Uploads: the file's bytes arrive as an ArrayBuffer (structured clone), never as base64.
  ipcMain.handle(BRIDGE_UPLOAD_IPC, async (event, meta: unknown, bytes: unknown) =>
    isTrustedSender(event) ? router.upload(meta, bytes) : refusedSender,
  );
}

function createMainWindow(): BrowserWindow {
  const dataDir = app.getPath('userData');
  const { options, maximized } = withRememberedPlace(getMainWindowOptions(preloadPath), dataDir);
  // The window's first paint matches the theme the page will draw (no white flash in a dark system).
  const window = new BrowserWindow({
    ...options,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#020617' : options.backgroundColor,
  });
  appWindows.add(window);
  rememberPlace(window, dataDir);
  window.on('closed', () => appWindows.delete(window));
  window.once('ready-to-show', () => {
    if (maximized) window.maximize();
    window.show();
  });
  void window.loadURL(RENDERER_ENTRY_URL);
  return window;
}

function focusMainWindow(): void {
  const [window] = appWindows;
  if (!window) {
    createMainWindow();
    return;
  }
  if (window.isMinimized()) window.restore();
  window.focus();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', focusMainWindow);
  app.on('web-contents-created', (_event, contents) => handleCommonWindowEvents(contents, { openExternal }));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (appWindows.size === 0) createMainWindow();
  });

  void app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    protocol.handle(APP_SCHEME, createRendererProtocolHandler(rendererDir));
    const services = await createMainServices({
      version: app.getVersion(),
      dataDir: app.getPath('userData'),
      // Events go to the app's own windows only.
      emit: (event, payload) => {
        for (const window of appWindows) window.webContents.send(bridgeEventIpc(event), payload);
      },
    });
    app.on('will-quit', () => void services.close());
    // The app's own session: the window's (the default session), where app:// is served too.
    protocol.handle(SOURCE_SCHEME, createSourceProtocolHandler(services.sourceContent));
    // A report's PDF is printed here, by Chromium, in a hidden sandboxed window (desktop/electron/print-pdf.ts).
    registerBridge(createRouter(handlers, { ...services, printToPdf }, { uploadBytes }));
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        applicationMenuTemplate({
          platform: process.platform,
          appName: app.getName(),
          // Menu commands go to the app's own windows, as bridge events the renderer runs.
          send: (command) => {
            // Native parts (scrollbars, dialogs, the menu itself) follow the page's theme choice.
            const theme = themeOfCommand(command);
            if (theme !== null) nativeTheme.themeSource = theme;
            for (const window of appWindows) window.webContents.send(bridgeEventIpc('menu'), { command });
          },
          showAbout: () =>
            void dialog.showMessageBox({
              type: 'info',
              title: `About ${app.getName()}`,
              message: 'Evidence Workbench',
              detail: aboutDetail(app.getVersion(), process.versions),
            }),
        }),
      ),
    );
    createMainWindow();
  });
}
