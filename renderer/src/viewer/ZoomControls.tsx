import type { Zoom } from './geometry';

const BUTTON =
  'rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400';

/** Fit width, zoom out, zoom in (Ctrl+- / Ctrl+= do the same), with the scale the page is drawn at. */
export function ZoomControls({
  zoom,
  scale,
  onFit,
  onZoomIn,
  onZoomOut,
}: {
  zoom: Zoom;
  /** The scale the open page is drawn at (what "fit width" amounts to). */
  scale: number;
  onFit: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
}) {
  return (
    <div role="group" aria-label="Zoom" className="flex items-center gap-1">
      <button
        type="button"
        className={BUTTON}
        onClick={onFit}
        aria-pressed={zoom.mode === 'fit'}
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
  );
}
