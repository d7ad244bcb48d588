import { useId } from 'react';
import { MIN_READABLE_SCALE, type Zoom } from './geometry';

const BUTTON =
  'rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400';

/**
 * Fit width, zoom out, zoom in (Ctrl+- / Ctrl+= do the same), with the scale the page is drawn at. When
 * the document opened wider than its pane because fitting would be too small to read, it says so, and
 * what "Fit width" would give.
 */
export function ZoomControls({
  zoom,
  scale,
  fitScale,
  tooSmallToFit,
  onFit,
  onZoomIn,
  onZoomOut,
}: {
  zoom: Zoom;
  /** The scale the open page is drawn at (what "fit width" amounts to). */
  scale: number;
  /** The scale "Fit width" draws the open page at. */
  fitScale: number;
  /** Whether fitting the pane's width draws the open page too small to read. */
  tooSmallToFit: boolean;
  onFit: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
}) {
  const noteId = useId();
  // Opened at a readable scale, the page is as wide as the pane when that is readable: "Fit width" then.
  const fitted = zoom.mode === 'fit' || (zoom.mode === 'readable' && !tooSmallToFit);
  const widened = zoom.mode === 'readable' && tooSmallToFit;
  return (
    <>
      <div role="group" aria-label="Zoom" className="flex items-center gap-1">
        <button
          type="button"
          className={BUTTON}
          onClick={onFit}
          aria-pressed={fitted}
          aria-describedby={widened ? noteId : undefined}
          data-testid="zoom-fit"
        >
          Fit width
        </button>
        <button
          type="button"
          className={BUTTON}
          onClick={onZoomOut}
          aria-label="Zoom out"
          aria-keyshortcuts="Control+-"
          data-testid="zoom-out"
        >
          −
        </button>
        <output
          aria-live="polite"
          aria-label="Zoom level"
          data-testid="zoom-level"
          className="w-12 text-center text-xs text-slate-600 tabular-nums dark:text-slate-300"
        >
          {Math.round(scale * 100)}%
        </output>
        <button
          type="button"
          className={BUTTON}
          onClick={onZoomIn}
          aria-label="Zoom in"
          aria-keyshortcuts="Control+="
          data-testid="zoom-in"
        >
          +
        </button>
      </div>
      {widened && (
        <p
          id={noteId}
          data-testid="zoom-note"
          className="basis-full text-xs text-slate-600 dark:text-slate-300"
        >
          Shown at {Math.round(MIN_READABLE_SCALE * 100)}% to be readable: scroll sideways, or Fit width for
          the whole width ({Math.round(fitScale * 100)}%).
        </p>
      )}
    </>
  );
}
