import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SourceName } from '../ui/SourceName';
import { sourceContent } from '../bridge';
import { mediaKind } from '../library/media-kind';
import { useLibrary, useRepresentation } from '../queries';
import { useWorkbenchUi } from '../ui-store';
import { StatusBadge } from '../ui/StatusBadge';
import { displayTitle } from '../../../shared/text/display-name';
import { ViewerDocumentContext, type ViewerDocument } from './document-context';
import {
  DEFAULT_PAGE,
  effectiveScale,
  FIT_WIDTH,
  fitIsTooSmall,
  READABLE_WIDTH,
  zoomIn,
  zoomOut,
  type Zoom,
} from './geometry';
import { originalKind, type OriginalKind } from './original-kind';
import { OriginalPane } from './OriginalPane';
import { SplitPane } from './SplitPane';
import { readingItems, stripItems } from './strip-items';
import { TextPane } from './TextPane';
import { UnitNotice } from './UnitNotice';
import { UnitStrip } from './UnitStrip';
import { useElementWidth } from './use-element-width';
import { useReadingProgress } from './use-reading-progress';
import { TablesToggle } from './TablesToggle';
import { BoxesToggle } from './BoxesToggle';
import { figureStops } from './figure-moves';
import { boxedFigures, DENSE_PAGE_FIGURES } from './PageOverlay';
import { ZoomControls } from './ZoomControls';

/** Padding around a page drawn to fit the pane's width. */
const FIT_MARGIN = 32;

function previewNote(kind: OriginalKind, mediaType: string, filename: string): string | null {
  if (kind === 'tiff')
    return "TIFF images can't be previewed here. The text beside is what OCR read from the image.";
  if (kind !== 'text') return null;
  switch (mediaKind(mediaType, filename)) {
    case 'Word':
      return "The Word file itself isn't previewed here; what follows is the text read from it.";
    case 'Web page':
      return "The web page itself isn't shown here; what follows is the text read from it.";
    default:
      return "The original isn't previewed here; what follows is the text read from it.";
  }
}

/** Where a figure that has the focus sits (its chip in the text, its box or cell on the original). */
function focusedFigurePlace(target: EventTarget | null): 'text' | 'original' | null {
  if (!(target instanceof HTMLElement) || target.dataset['figureIndex'] === undefined) return null;
  const place = target.closest<HTMLElement>('[data-figure-place]')?.dataset['figurePlace'];
  return place === 'text' || place === 'original' ? place : null;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * One open document: its name and how it was read, the unit strip, and the original beside the open
 * unit's text. The original is shown as soon as its bytes are there, before reading ends.
 */
export function OpenDocument({ sourceVersionId }: { sourceVersionId: string }) {
  const library = useLibrary();
  const entry = library.data?.find((e) => e.sourceVersionId === sourceVersionId) ?? null;
  const reading = entry?.reading ?? null;
  const representationQuery = useRepresentation(reading?.representationId ?? null);
  const representation = representationQuery.data ?? null;
  const progress = useReadingProgress(sourceVersionId);
  const location = useMemo(() => sourceContent(sourceVersionId), [sourceVersionId]);

  const current = useWorkbenchUi((state) => state.openUnitIndex);
  const showUnit = useWorkbenchUi((state) => state.showUnit);
  const toggleTables = useWorkbenchUi((state) => state.toggleTables);

  // A document opens fitted to its pane, but never too small to read (then the pane scrolls sideways).
  const [chosenZoom, setZoom] = useState<Zoom>(READABLE_WIDTH);
  const [baseWidth, setBaseWidth] = useState(DEFAULT_PAGE.width);
  const [pageCount, setPageCount] = useState(0);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const fitWidth = Math.max(0, useElementWidth(scrollElement) - FIT_MARGIN);
  const root = useRef<HTMLDivElement>(null);

  const isReading = reading === null;
  const readSoFar = progress?.units ?? null;
  // The original shows the document's units, or while it is read, the pages read so far.
  const shownUnits = useMemo(
    () => representation?.units ?? (isReading && readSoFar !== null ? [...readSoFar.values()] : []),
    [representation, isReading, readSoFar],
  );
  const items = useMemo(
    () =>
      isReading && readSoFar !== null && readSoFar.size > 0
        ? readingItems(Math.max(pageCount, progress?.total ?? 0), readSoFar)
        : stripItems(representation, pageCount),
    [isReading, readSoFar, progress?.total, representation, pageCount],
  );
  const item = items.find((i) => i.index === current) ?? null;
  const kind = entry === null ? 'text' : originalKind(entry.mediaType, entry.filename, representation);
  const zoomable = kind === 'pdf' || kind === 'image';
  // The readable floor is in points of print: an image's pixels say nothing of its print size, so it fits.
  const zoom: Zoom = chosenZoom.mode === 'readable' && kind !== 'pdf' ? FIT_WIDTH : chosenZoom;
  const scale = effectiveScale(zoom, baseWidth, fitWidth);
  const fitScale = effectiveScale(FIT_WIDTH, baseWidth, fitWidth);
  const tooSmallToFit = kind === 'pdf' && fitIsTooSmall(baseWidth, fitWidth);
  // How many tables the read document has (unknown while it is read).
  const tableCount = useMemo(
    () =>
      representation === null
        ? null
        : representation.units.reduce((sum, unit) => sum + (unit.page?.tables?.length ?? 0), 0),
    [representation],
  );
  const lastIndex = items[items.length - 1]?.index ?? 0;
  // Whether some page draws its boxes faintly (too many to read the page under them).
  const densePages = useMemo(
    () => representation?.units.some((unit) => boxedFigures(unit).length > DENSE_PAGE_FIGURES) ?? false,
    [representation],
  );

  const zoomBy = useCallback(
    (direction: 'in' | 'out') =>
      setZoom({ mode: 'scale', scale: direction === 'in' ? zoomIn(scale) : zoomOut(scale) }),
    [scale],
  );

  // Arrows and PageUp / PageDown move between units; Ctrl+= / Ctrl+- / Ctrl+0 zoom; T shows or hides the
  // tables. Anywhere in the viewer, or with nothing focused; never while typing, and the arrows never on
  // a figure (its group takes them first, to move between figures).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      const here = target === document.body || (target instanceof Node && root.current?.contains(target));
      if (!here || event.defaultPrevented || isTyping(target) || event.altKey) return;
      if (event.ctrlKey || event.metaKey) {
        if (!zoomable) return;
        if (event.key === '=' || event.key === '+') zoomBy('in');
        else if (event.key === '-') zoomBy('out');
        else if (event.key === '0') setZoom(FIT_WIDTH);
        else return;
        event.preventDefault();
        return;
      }
      if (event.key === 't' || event.key === 'T') {
        if (!zoomable) return;
        event.preventDefault();
        toggleTables();
        return;
      }
      // On a page drawn wider than its pane, the pane's own Left and Right scroll it sideways.
      const sideways = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
      if (sideways && target === scrollElement && scrollElement.scrollWidth > scrollElement.clientWidth)
        return;
      let next: number | null = null;
      if (event.key === 'ArrowLeft' || event.key === 'PageUp') next = current - 1;
      if (event.key === 'ArrowRight' || event.key === 'PageDown') next = current + 1;
      if (next === null || lastIndex === 0) return;
      event.preventDefault();
      const shown = Math.min(Math.max(next, 1), lastIndex);
      showUnit(shown);
      // A page turned from a figure lands on the new page's first figure, in the same place, so the
      // focus is not dropped with the page it was on.
      const place = focusedFigurePlace(target);
      const unit = representation?.units.find((u) => u.index === shown);
      if (place === null || unit === undefined || shown === current) return;
      const candidates = place === 'original' && unit.kind === 'page' ? boxedFigures(unit) : unit.figures;
      const first = figureStops(candidates)[0];
      if (first !== undefined)
        useWorkbenchUi
          .getState()
          .focusFigure({ sourceUnitId: unit.source_unit_id, index: first.index }, place);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [current, lastIndex, showUnit, zoomBy, zoomable, toggleTables, representation, scrollElement]);

  const documentValue = useMemo<ViewerDocument | null>(
    () => (entry === null ? null : { entry, representation, announce: setAnnouncement }),
    [entry, representation],
  );

  if (library.isPending) return <UnitNotice tone="status">Opening the document…</UnitNotice>;
  if (library.isError)
    return <UnitNotice tone="alert">The library could not be read: {library.error.message}</UnitNotice>;
  if (entry === null)
    return (
      <UnitNotice tone="note">
        This document is no longer in the library. Open another one from the library.
      </UnitNotice>
    );

  const name = displayTitle(entry.title, entry.filename);
  const textPane = (
    <TextPane
      reading={reading}
      representation={representation}
      representationError={representationQuery.error}
      item={item}
      current={current}
      previewNote={previewNote(kind, entry.mediaType, entry.filename)}
    />
  );

  return (
    <ViewerDocumentContext.Provider value={documentValue}>
      <div ref={root} className="flex min-h-0 flex-1 flex-col" data-testid="open-document">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-700 dark:bg-slate-900">
          <h2
            className="min-w-0 truncate text-sm font-semibold text-slate-900 dark:text-slate-100"
            data-testid="viewer-title"
          >
            <SourceName filename={entry.filename} title={entry.title} />
          </h2>
          {isReading ? (
            <p
              role="status"
              data-testid="reading-note"
              className="text-xs font-medium text-amber-800 dark:text-amber-300"
            >
              Reading…
              {progress !== null &&
                progress.total !== null &&
                ` ${progress.done} of ${progress.total} ${kind === 'sheet' ? 'sheets' : 'pages'}`}
            </p>
          ) : (
            <StatusBadge state={reading.state} code={reading.code} />
          )}
          {zoomable && (
            <div className="ml-auto flex flex-wrap items-center gap-x-3 gap-y-1">
              <TablesToggle tableCount={tableCount} />
              {densePages && <BoxesToggle />}
              <ZoomControls
                zoom={zoom}
                scale={scale}
                fitScale={fitScale}
                tooSmallToFit={tooSmallToFit}
                onFit={() => setZoom(FIT_WIDTH)}
                onZoomIn={() => zoomBy('in')}
                onZoomOut={() => zoomBy('out')}
              />
            </div>
          )}
        </header>
        <UnitStrip items={items} current={current} reading={isReading} onSelect={showUnit} />
        {kind === 'pdf' || kind === 'image' || kind === 'sheet' ? (
          <SplitPane
            label="Resize the original and the text"
            first={
              <OriginalPane
                kind={kind}
                location={location}
                units={shownUnits}
                unit={item?.unit ?? null}
                name={name}
                reading={isReading}
                zoom={zoom}
                fitWidth={fitWidth}
                scrollElement={scrollElement}
                setScrollElement={setScrollElement}
                onPageCount={setPageCount}
                onBaseWidth={setBaseWidth}
              />
            }
            second={textPane}
          />
        ) : (
          textPane
        )}
        <p role="status" className="sr-only" data-testid="viewer-announcement">
          {announcement}
        </p>
      </div>
    </ViewerDocumentContext.Provider>
  );
}
