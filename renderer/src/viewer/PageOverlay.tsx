import { useMemo } from 'react';
import type { FigureWithPosition, PageSize, Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import { useWorkbenchUi } from '../ui-store';
import { boxStyle } from './geometry';
import { FigureBox } from './FigureBox';
import { FigureGroupContext, useFigureGroup } from './figure-group';
import { figureStops } from './figure-moves';
import { TableGrid } from './TableGrid';

/** A page with more figure boxes than this draws them faintly until one is pointed at or focused. */
export const DENSE_PAGE_FIGURES = 150;

/** The figures of a unit that have a box on its page. */
export function boxedFigures(unit: Pick<Unit, 'figures'>): FigureWithPosition[] {
  return unit.figures.filter((figure) => figure.position.kind === 'box');
}

/**
 * The boxes of a page unit's figures, over the page drawn `width` pixels wide, and under them, when asked
 * for, the grid of the tables read on the page. A page read while the rest of the document is still being
 * read (`UnitRead`: no ids yet) shows where its figures are, dotted, for the eye only: they are picked once
 * the document's reading is stored.
 */
export function PageOverlay({
  unit,
  width,
  redrawing = false,
}: {
  unit: Unit | UnitRead;
  width: number;
  /** The page is being drawn again (at a new width): what lies over it waits, unseen. */
  redrawing?: boolean;
}) {
  const tablesShown = useWorkbenchUi((state) => state.tablesShown);
  const page = unit.page;
  if (page === undefined) return null;
  const tables = page.tables ?? [];
  return (
    <div
      className={`pointer-events-none absolute inset-0 ${redrawing ? 'opacity-0' : ''}`}
      data-testid="page-overlay"
      data-unit-index={unit.index}
      data-redrawing={redrawing ? 'true' : undefined}
    >
      {tablesShown && tables.length > 0 && <TableGrid tables={tables} page={page} width={width} />}
      {'source_unit_id' in unit ? (
        <PageFigures unit={unit} page={page} width={width} />
      ) : (
        boxedFigures(unit).map((figure) => {
          if (figure.position.kind !== 'box') return null;
          const box = boxStyle(figure.position, page, width);
          return (
            <div
              key={figure.index}
              aria-hidden="true"
              data-testid="early-figure-box"
              className="absolute rounded-[2px] outline-1 outline-offset-1 outline-slate-500/70 outline-dotted"
              style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
            />
          );
        })
      )}
    </div>
  );
}

/** A read page's figure boxes: one Tab stop, the arrows between them; faint on a dense page. */
function PageFigures({ unit, page, width }: { unit: Unit; page: PageSize; width: number }) {
  const boxed = useMemo(() => boxedFigures(unit), [unit]);
  const stops = useMemo(() => figureStops(boxed, page.tables), [boxed, page.tables]);
  const open = useWorkbenchUi((state) => state.openUnitIndex === unit.index);
  const boxesShown = useWorkbenchUi((state) => state.boxesShown);
  const { group, onKeyDown } = useFigureGroup('original', unit.source_unit_id, stops, open);
  if (boxed.length === 0) return null;
  const quiet = boxed.length > DENSE_PAGE_FIGURES && !boxesShown;
  return (
    <FigureGroupContext.Provider value={group}>
      <div
        role="group"
        aria-label={`Figures on page ${unit.index}`}
        aria-description="The arrows move between the figures, by row and column in a table; typing a number goes to it."
        data-testid="page-figures"
        data-figure-place="original"
        className="absolute inset-0"
        onKeyDown={onKeyDown}
      >
        {boxed.map((figure) => (
          <FigureBox key={figure.index} unit={unit} figure={figure} page={page} width={width} quiet={quiet} />
        ))}
      </div>
    </FigureGroupContext.Provider>
  );
}
