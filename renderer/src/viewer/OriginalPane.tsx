import type { Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import type { SourceContentLocation } from '../bridge';
import type { Zoom } from './geometry';
import { ImageOriginal } from './ImageOriginal';
import type { OriginalKind } from './original-kind';
import { PdfOriginal } from './PdfOriginal';
import { SheetGrid } from './SheetGrid';
import { UnitNotice } from './UnitNotice';

/** The original beside the text, by kind: PDF pages, an image, or a sheet's grid. */
export function OriginalPane({
  kind,
  location,
  units,
  unit,
  name,
  reading,
  zoom,
  fitWidth,
  scrollElement,
  setScrollElement,
  onPageCount,
  onBaseWidth,
}: {
  kind: Extract<OriginalKind, 'pdf' | 'image' | 'sheet'>;
  location: SourceContentLocation;
  /** The document's units, or while it is read, the pages read so far. */
  units: readonly (Unit | UnitRead)[];
  /** The open unit. */
  unit: Unit | null;
  name: string;
  /** The document is being read (a sheet's grid comes with its read). */
  reading: boolean;
  zoom: Zoom;
  fitWidth: number;
  scrollElement: HTMLElement | null;
  setScrollElement: (element: HTMLDivElement | null) => void;
  onPageCount: (count: number) => void;
  onBaseWidth: (width: number) => void;
}) {
  return (
    <div
      ref={setScrollElement}
      role="region"
      aria-label="Original"
      tabIndex={0}
      data-testid="original-pane"
      className="min-h-0 flex-1 overflow-auto bg-slate-200/70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:bg-slate-700/70 dark:focus-visible:outline-indigo-400"
    >
      {kind === 'pdf' && (
        <PdfOriginal
          location={location}
          units={units}
          zoom={zoom}
          fitWidth={fitWidth}
          scrollElement={scrollElement}
          onPageCount={onPageCount}
          onBaseWidth={onBaseWidth}
        />
      )}
      {kind === 'image' && (
        <ImageOriginal
          location={location}
          unit={units.find((u) => u.kind === 'page') ?? null}
          name={name}
          zoom={zoom}
          fitWidth={fitWidth}
          onBaseWidth={onBaseWidth}
        />
      )}
      {kind === 'sheet' &&
        (unit?.kind === 'sheet' ? (
          <SheetGrid key={unit.source_unit_id} unit={unit} scrollElement={scrollElement} />
        ) : reading ? (
          <UnitNotice tone="status">
            The sheet's grid appears here when the workbook has been read.
          </UnitNotice>
        ) : (
          <UnitNotice tone="note">There is no grid to show for this sheet.</UnitNotice>
        ))}
    </div>
  );
}
