import { useState } from 'react';
import { Page } from 'react-pdf';
import type { PageSize, Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import { PageOverlay } from './PageOverlay';
import 'react-pdf/dist/Page/TextLayer.css';
import './pdfjs-setup';

/**
 * One page of the original, drawn by pdf.js `width` pixels wide (its height known before it is drawn,
 * so the scroll does not jump), with its unit's figure boxes over it once it is drawn at that width: boxes
 * over a blank page would point at numbers nobody can see yet.
 */
export function PdfPage({
  pageNumber,
  width,
  height,
  unit,
  onSize,
}: {
  pageNumber: number;
  width: number;
  height: number;
  /** The page's unit, once the document is read. */
  unit: Unit | UnitRead | null;
  /** The page's own size in points, as pdf.js reads it. */
  onSize: (pageNumber: number, size: PageSize) => void;
}) {
  // The width the canvas was last drawn at: pdf.js clears it to draw at a new width (a zoom, a resize).
  const [drawnWidth, setDrawnWidth] = useState<number | null>(null);
  return (
    <div
      data-testid="pdf-page"
      data-page-number={pageNumber}
      data-drawn={drawnWidth === width ? 'true' : undefined}
      className="relative shrink-0 overflow-hidden bg-white shadow-sm ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-600"
      style={{ width, height }}
    >
      {/* The drawing alone is the image: what lies over it is no part of an image's flat content. */}
      <div role="img" aria-label={`Page ${pageNumber} of the original`} className="absolute inset-0">
        <Page
          pageNumber={pageNumber}
          width={width}
          renderTextLayer
          renderAnnotationLayer={false}
          loading={<span className="sr-only">Drawing page {pageNumber}…</span>}
          error={
            <p className="p-4 text-sm text-rose-800 dark:text-rose-300">
              Page {pageNumber} could not be drawn.
            </p>
          }
          onLoadSuccess={(page) =>
            onSize(pageNumber, { width: page.originalWidth, height: page.originalHeight })
          }
          onRenderSuccess={() => setDrawnWidth(width)}
        />
      </div>
      {/* Drawn again at a new width, the boxes stay (a focused one keeps the focus) but are not seen. */}
      {unit !== null && drawnWidth !== null && (
        <PageOverlay unit={unit} width={width} redrawing={drawnWidth !== width} />
      )}
    </div>
  );
}
