/** Where and how large the main window was, kept in the app's data folder between launches. */
export interface WindowState {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WINDOW_STATE_FILE = 'window-state.json';
/** How much of the window's title bar must lie on a display for the saved place to be used. */
const MIN_VISIBLE = 64;

function isFiniteInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e6;
}

/** The saved state, or null when the file is missing, damaged or from elsewhere. */
export function parseWindowState(text: string | null): WindowState | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { x, y, width, height, maximized } = value as Record<string, unknown>;
  if (![x, y, width, height].every(isFiniteInt)) return null;
  if ((width as number) <= 0 || (height as number) <= 0) return null;
  return {
    x: Math.round(x as number),
    y: Math.round(y as number),
    width: Math.round(width as number),
    height: Math.round(height as number),
    maximized: maximized === true,
  };
}

function overlap(a: Rectangle, b: Rectangle): Rectangle {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y),
  };
}

/**
 * The bounds to open the window with: the saved ones where its top strip is on a display (work areas),
 * shrunk to fit that display; else the defaults, centred by the OS. A display unplugged since is never
 * where the window opens.
 */
export function restoreBounds(
  saved: WindowState | null,
  workAreas: readonly Rectangle[],
  defaults: { width: number; height: number },
  minimum: { width: number; height: number },
): { bounds: Partial<Rectangle> & { width: number; height: number }; maximized: boolean } {
  const fallback = { bounds: { ...defaults }, maximized: saved?.maximized ?? false };
  if (saved === null) return fallback;
  const titleStrip = { x: saved.x, y: saved.y, width: saved.width, height: Math.min(saved.height, 40) };
  const display = workAreas.find((area) => {
    const seen = overlap(titleStrip, area);
    return seen.width >= Math.min(MIN_VISIBLE, saved.width) && seen.height > 0;
  });
  if (display === undefined) return fallback;
  const width = Math.max(minimum.width, Math.min(saved.width, display.width));
  const height = Math.max(minimum.height, Math.min(saved.height, display.height));
  const x = Math.min(Math.max(saved.x, display.x), display.x + display.width - width);
  const y = Math.min(Math.max(saved.y, display.y), display.y + display.height - height);
  return { bounds: { x, y, width, height }, maximized: saved.maximized };
}

/** Calls `save` once the window has stopped moving or resizing for `delayMs`; `flush` saves at once. */
export function debounced(save: () => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule(): void {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        save();
      }, delayMs);
    },
    flush(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      save();
    },
  };
}
