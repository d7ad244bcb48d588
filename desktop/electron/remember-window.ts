import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { screen } from 'electron';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  debounced,
  parseWindowState,
  restoreBounds,
  WINDOW_STATE_FILE,
  type WindowState,
} from './window-state';

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The main window's options with the place it had last time (clamped to a display that is there now). */
export function withRememberedPlace(
  options: BrowserWindowConstructorOptions,
  dataDir: string,
): { options: BrowserWindowConstructorOptions; maximized: boolean } {
  const saved = parseWindowState(readText(join(dataDir, WINDOW_STATE_FILE)));
  const { bounds, maximized } = restoreBounds(
    saved,
    screen.getAllDisplays().map((display) => display.workArea),
    { width: options.width ?? 1280, height: options.height ?? 820 },
    { width: options.minWidth ?? 0, height: options.minHeight ?? 0 },
  );
  return { options: { ...options, ...bounds }, maximized };
}

/** Saves the window's place after it stops moving or resizing, and once more when it closes. */
export function rememberPlace(window: BrowserWindow, dataDir: string): void {
  const path = join(dataDir, WINDOW_STATE_FILE);
  const save = () => {
    if (window.isDestroyed() || window.isMinimized()) return;
    const bounds = window.getNormalBounds();
    const state: WindowState = { ...bounds, maximized: window.isMaximized() };
    try {
      mkdirSync(dataDir, { recursive: true });
      // Written whole, then renamed: a crash mid-write leaves the old file.
      writeFileSync(`${path}.tmp`, JSON.stringify(state));
      renameSync(`${path}.tmp`, path);
    } catch {
      // A read-only data folder: the window opens at the default place next time.
    }
  };
  const saver = debounced(save, 500);
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const)
    window.on(event as 'resize', () => saver.schedule());
  window.on('close', () => saver.flush());
}
