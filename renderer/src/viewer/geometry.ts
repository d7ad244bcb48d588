import type { BoxPosition, PageSize } from '../../../shared/api';

// Where things sit on a drawn page: a figure's box is given in PDF user space (points, origin top-left)
// and drawn over a page rendered `renderedWidth` CSS pixels wide, so one scale serves both axes.

/** A box in CSS pixels, relative to the drawn page's top-left corner. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** CSS pixels per page unit when the page is drawn `renderedWidth` pixels wide. */
export function pageScale(page: PageSize, renderedWidth: number): number {
  return renderedWidth / page.width;
}

/** A figure's box over the page drawn `renderedWidth` pixels wide. */
export function boxStyle(position: BoxPosition, page: PageSize, renderedWidth: number): PixelBox {
  const scale = pageScale(page, renderedWidth);
  return {
    left: position.x * scale,
    top: position.y * scale,
    width: position.width * scale,
    height: position.height * scale,
  };
}

/**
 * How the original is sized: to the pane's width; to the pane's width but never below a readable scale
 * (how a document opens); or at a fixed scale (1 = one CSS pixel per point).
 */
export type Zoom = { mode: 'fit' } | { mode: 'readable' } | { mode: 'scale'; scale: number };

export const FIT_WIDTH: Zoom = { mode: 'fit' };

/**
 * Below this scale a page's print is too small to read (a landscape table in a narrow pane fits at 30–40%),
 * so a document opens no smaller and the pane scrolls sideways; "Fit width" still shows the whole width.
 */
export const MIN_READABLE_SCALE = 0.6;

/** How a document opens: fitted to the pane's width, unless that is too small to read. */
export const READABLE_WIDTH: Zoom = { mode: 'readable' };

/** Whether fitting a page `pageWidth` points wide to `fitWidth` pixels would draw it too small to read. */
export function fitIsTooSmall(pageWidth: number, fitWidth: number): boolean {
  return fitWidth > 0 && fitWidth / pageWidth < MIN_READABLE_SCALE;
}

/** The scales + and − step through. */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;
const MIN_SCALE = ZOOM_STEPS[0];
const MAX_SCALE = ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 4;

/** The next step above `scale` (the largest step when there is none). */
export function zoomIn(scale: number): number {
  return ZOOM_STEPS.find((step) => step > scale + 0.005) ?? MAX_SCALE;
}

/** The next step below `scale` (the smallest step when there is none). */
export function zoomOut(scale: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.005) ?? MIN_SCALE;
}

/** The width a page `pageWidth` points wide is drawn at, given the zoom and the width that fits the pane. */
export function renderedWidth(zoom: Zoom, pageWidth: number, fitWidth: number): number {
  const width =
    zoom.mode === 'fit'
      ? fitWidth
      : zoom.mode === 'readable'
        ? Math.max(fitWidth, pageWidth * MIN_READABLE_SCALE)
        : pageWidth * zoom.scale;
  return Math.max(1, Math.floor(width));
}

/** The scale the zoom draws a page `pageWidth` wide at (what "fit width" amounts to, for + and −). */
export function effectiveScale(zoom: Zoom, pageWidth: number, fitWidth: number): number {
  return renderedWidth(zoom, pageWidth, fitWidth) / pageWidth;
}

/** US Letter, for a page whose size is not known yet. */
export const DEFAULT_PAGE: PageSize = { width: 612, height: 792 };
