import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Document } from 'react-pdf';
import type { PageSize, Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import type { SourceContentLocation } from '../bridge';
import { useWorkbenchUi } from '../ui-store';
import { boxStyle, DEFAULT_PAGE, renderedWidth, type Zoom } from './geometry';
import { PdfPage } from './PdfPage';
import { pdfDocumentOptions } from './pdfjs-setup';

const GAP = 16;
const PADDING = 16;

/** Scrolling that a person starts (not the viewer's own scrolls to a page). */
const USER_SCROLL_EVENTS = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * The original PDF, every page in one scroll, virtualised (only the pages in view and a few around
 * them are drawn), each at the viewer's zoom with its figure boxes. The page that fills the view is the
 * open unit: scrolling changes it when the scroll settles, and choosing a unit scrolls to its page.
 */
export function PdfOriginal({
  location,
  units,
  zoom,
  fitWidth,
  scrollElement,
  onPageCount,
  onBaseWidth,
}: {
  location: SourceContentLocation;
  /** The read units (while the document is read: the pages read so far, without ids). */
  units: readonly (Unit | UnitRead)[];
  zoom: Zoom;
  fitWidth: number;
  scrollElement: HTMLElement | null;
  onPageCount: (count: number) => void;
  /** The open page's own width, which "fit width" is relative to. */
  onBaseWidth: (width: number) => void;
}) {
  const current = useWorkbenchUi((state) => state.openUnitIndex);
  const litFigure = useWorkbenchUi((state) => state.litFigure);
  const [pageCount, setPageCount] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [sizes, setSizes] = useState<ReadonlyMap<number, PageSize>>(new Map());

  const file = useMemo(() => ({ url: location.url }), [location.url]);
  const options = useMemo(() => pdfDocumentOptions(location.httpHeaders), [location.httpHeaders]);
  const pageUnits = useMemo(
    () => new Map(units.filter((unit) => unit.kind === 'page').map((unit) => [unit.index, unit])),
    [units],
  );

  const fallback = sizes.get(1) ?? pageUnits.get(1)?.page ?? DEFAULT_PAGE;
  const sizeOf = useCallback(
    (page: number) => sizes.get(page) ?? pageUnits.get(page)?.page ?? fallback,
    [sizes, pageUnits, fallback],
  );
  const widthOf = useCallback(
    (page: number) => renderedWidth(zoom, sizeOf(page).width, fitWidth),
    [zoom, sizeOf, fitWidth],
  );
  const heightOf = useCallback(
    (page: number) => Math.round((widthOf(page) * sizeOf(page).height) / sizeOf(page).width),
    [widthOf, sizeOf],
  );

  const virtualizer = useVirtualizer({
    count: pageCount,
    getScrollElement: () => scrollElement,
    estimateSize: (index) => heightOf(index + 1) + GAP,
    overscan: 2,
    paddingStart: PADDING,
    paddingEnd: PADDING,
    // A page brought to the top keeps the gap above it.
    scrollPaddingStart: PADDING,
  });

  // Page sizes follow the zoom and the pages pdf.js has read: lay the pages out again.
  useEffect(() => virtualizer.measure(), [virtualizer, heightOf]);

  useEffect(() => onBaseWidth(sizeOf(current).width), [onBaseWidth, sizeOf, current]);

  // The viewer's own scrolls are not a person choosing a page: until they scroll, settling reports nothing.
  const ownScroll = useRef(false);
  useEffect(() => {
    if (scrollElement === null) return;
    const userScrolls = () => {
      ownScroll.current = false;
    };
    for (const name of USER_SCROLL_EVENTS)
      scrollElement.addEventListener(name, userScrolls, { passive: true });
    return () => {
      for (const name of USER_SCROLL_EVENTS) scrollElement.removeEventListener(name, userScrolls);
    };
  }, [scrollElement]);

  // Choosing a unit (strip, keys, another panel) or zooming brings its page to the top.
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (pageCount === 0) return;
    if (reported.current === current) {
      reported.current = null;
      return;
    }
    ownScroll.current = true;
    virtualizer.scrollToIndex(Math.min(current, pageCount) - 1, { align: 'start' });
  }, [virtualizer, current, pageCount]);
  useEffect(() => {
    if (pageCount === 0) return;
    ownScroll.current = true;
    virtualizer.scrollToIndex(Math.min(useWorkbenchUi.getState().openUnitIndex, pageCount) - 1, {
      align: 'start',
    });
  }, [virtualizer, zoom, pageCount]);

  // When a person's scroll settles, the page filling most of the view becomes the open unit.
  const scrolling = virtualizer.isScrolling;
  const offset = virtualizer.scrollOffset ?? 0;
  useEffect(() => {
    if (scrolling || pageCount === 0 || scrollElement === null || ownScroll.current) return;
    const viewEnd = offset + scrollElement.clientHeight;
    let best: { page: number; shown: number } | null = null;
    for (const item of virtualizer.getVirtualItems()) {
      const shown = Math.min(item.end, viewEnd) - Math.max(item.start, offset);
      if (shown > 0 && (best === null || shown > best.shown)) best = { page: item.index + 1, shown };
    }
    if (best === null || best.page === useWorkbenchUi.getState().openUnitIndex) return;
    reported.current = best.page;
    useWorkbenchUi.getState().showUnit(best.page);
  }, [virtualizer, scrolling, offset, pageCount, scrollElement]);

  // A figure lit in the text whose box is out of view is scrolled to (its page is the open one).
  useEffect(() => {
    if (litFigure === null || scrollElement === null || pageCount === 0) return;
    const unit = [...pageUnits.values()].find(
      (u) => 'source_unit_id' in u && u.source_unit_id === litFigure.sourceUnitId,
    );
    const figure = unit?.figures.find((f) => f.index === litFigure.index);
    const item = unit === undefined ? undefined : virtualizer.measurementsCache[unit.index - 1];
    if (unit?.page === undefined || figure?.position.kind !== 'box' || item === undefined) return;
    const box = boxStyle(figure.position, unit.page, widthOf(unit.index));
    const top = item.start + box.top;
    const view = virtualizer.scrollOffset ?? 0;
    if (top >= view && top + box.height <= view + scrollElement.clientHeight) return;
    ownScroll.current = true;
    virtualizer.scrollToOffset(Math.max(0, top - scrollElement.clientHeight / 3));
  }, [litFigure, pageUnits, virtualizer, widthOf, scrollElement, pageCount]);

  const onSize = useCallback((page: number, size: PageSize) => {
    setSizes((known) => {
      const had = known.get(page);
      if (had !== undefined && had.width === size.width && had.height === size.height) return known;
      return new Map(known).set(page, size);
    });
  }, []);

  if (locked)
    return (
      <p role="note" className="m-6 text-sm text-slate-600 dark:text-slate-300">
        This PDF is locked with a password, so its pages can't be shown here.
      </p>
    );

  let widest = 0;
  const items = virtualizer.getVirtualItems();
  for (const item of items) widest = Math.max(widest, widthOf(item.index + 1));

  return (
    <Document
      file={file}
      options={options}
      suspense={false}
      onLoadSuccess={(pdf) => {
        setFailure(null);
        setPageCount(pdf.numPages);
        onPageCount(pdf.numPages);
      }}
      onLoadError={(error) => setFailure(error.message)}
      onSourceError={(error) => setFailure(error.message)}
      // Never ask for a password: the service reads no locked file either (source_encrypted).
      onPassword={() => setLocked(true)}
      loading={
        <p role="status" className="m-6 text-sm text-slate-600 dark:text-slate-300">
          Opening the original…
        </p>
      }
      error={
        <p role="alert" className="m-6 text-sm text-rose-800 dark:text-rose-300">
          The original PDF can't be drawn{failure !== null ? `: ${failure}` : '.'} Its extracted text is
          beside it.
        </p>
      }
    >
      <div
        data-testid="pdf-pages"
        className="relative"
        style={{ height: virtualizer.getTotalSize(), minWidth: widest + 2 * PADDING }}
      >
        {items.map((item) => {
          const page = item.index + 1;
          return (
            <div
              key={item.key}
              data-index={item.index}
              className="absolute top-0 left-0 flex w-full justify-center px-4"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <PdfPage
                pageNumber={page}
                width={widthOf(page)}
                height={heightOf(page)}
                unit={pageUnits.get(page) ?? null}
                onSize={onSize}
              />
            </div>
          );
        })}
      </div>
    </Document>
  );
}
