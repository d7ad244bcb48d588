import type { Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import { useWorkbenchUi } from '../ui-store';
import { boxStyle } from './geometry';
import { FigureBox } from './FigureBox';
import { TableGrid } from './TableGrid';

/**
 * The boxes of a page unit's figures, over the page drawn `width` pixels wide, and under them, when asked
 * for, the grid of the tables read on the page. A page read while the rest of the document is still being
 * read (`UnitRead`: no ids yet) shows where its figures are, dotted, for the eye only: they are picked once
 * the document's reading is stored.
 */
export function PageOverlay({ unit, width }: { unit: Unit | UnitRead; width: number }) {
  const tablesShown = useWorkbenchUi((state) => state.tablesShown);
  const page = unit.page;
  if (page === undefined) return null;
  const stored = 'source_unit_id' in unit;
  const tables = page.tables ?? [];
  return (
    <div
      className="pointer-events-none absolute inset-0"
      data-testid="page-overlay"
      data-unit-index={unit.index}
    >
      {tablesShown && tables.length > 0 && <TableGrid tables={tables} page={page} width={width} />}
      {unit.figures.map((figure) => {
        if (figure.position.kind !== 'box') return null;
        if (stored)
          return <FigureBox key={figure.index} unit={unit} figure={figure} page={page} width={width} />;
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
      })}
    </div>
  );
}
