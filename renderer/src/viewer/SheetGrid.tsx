import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo } from 'react';
import type { FigureWithPosition, Unit } from '../../../shared/api';
import { useWorkbenchUi } from '../ui-store';
import { FigureGroupContext, useFigureGroup } from './figure-group';
import { figureStops } from './figure-moves';
import { SheetFigureCell } from './SheetFigureCell';
import {
  columnLetters,
  drawnCellRef,
  gridRows,
  MAX_GRID_COLUMNS,
  parseCellRef,
  sheetLayout,
} from './sheet-layout';

const ROW_HEIGHT = 28;
const CELL =
  'h-7 max-w-64 truncate border border-slate-200 px-2 text-left align-middle whitespace-nowrap dark:border-slate-700';

/**
 * A sheet unit as a grid: column letters and row numbers, merged ranges drawn merged, the cells of its
 * figures highlighted, and one Tab stop for them (the arrows between the cells, figure-group.ts). Rows are
 * virtualised, so a sheet of many thousand rows scrolls smoothly.
 */
export function SheetGrid({ unit, scrollElement }: { unit: Unit; scrollElement: HTMLElement | null }) {
  const sheet = unit.sheet;
  const layout = useMemo(() => (sheet === undefined ? null : sheetLayout(sheet)), [sheet]);
  const figuresByCell = useMemo(() => {
    const byCell = new Map<string, [FigureWithPosition, ...FigureWithPosition[]]>();
    if (layout === null) return byCell;
    for (const figure of unit.figures) {
      if (figure.position.kind !== 'cell') continue;
      const ref = drawnCellRef(layout, figure.position.ref);
      const known = byCell.get(ref);
      if (known === undefined) byCell.set(ref, [figure]);
      else known.push(figure);
    }
    return byCell;
  }, [layout, unit.figures]);
  // The keyboard stops on a drawn cell, not on each figure in it: the first figure of a cell stands for it.
  const { stops, stopOf } = useMemo(() => {
    const drawn = [...figuresByCell].filter(([ref]) => (parseCellRef(ref)?.col ?? 0) <= MAX_GRID_COLUMNS);
    const cellOf = new Map<number, number>();
    for (const [, figures] of drawn) for (const figure of figures) cellOf.set(figure.index, figures[0].index);
    return { stops: figureStops(drawn.map(([, figures]) => figures[0])), stopOf: cellOf };
  }, [figuresByCell]);
  const { group, onKeyDown } = useFigureGroup('original', unit.source_unit_id, stops, true, stopOf);

  const virtualizer = useVirtualizer({
    count: layout?.rowCount ?? 0,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The sticky column letters sit over the first row's slot.
    scrollPaddingStart: ROW_HEIGHT,
  });

  // A figure lit in the text whose cell is out of view is scrolled to.
  const litFigure = useWorkbenchUi((state) => state.litFigure);
  useEffect(() => {
    if (litFigure?.sourceUnitId !== unit.source_unit_id) return;
    const figure = unit.figures.find((f) => f.index === litFigure.index);
    const address = figure?.position.kind === 'cell' ? parseCellRef(figure.position.ref) : null;
    if (address !== null) virtualizer.scrollToIndex(address.row - 1, { align: 'auto' });
  }, [litFigure, unit, virtualizer]);

  // A cell the keyboard moves to is scrolled into the drawn rows, where it takes the focus.
  const wanted = useWorkbenchUi((state) =>
    state.figureFocus?.place === 'original' && state.figureFocus.figure.sourceUnitId === unit.source_unit_id
      ? state.figureFocus.figure.index
      : null,
  );
  useEffect(() => {
    if (wanted === null) return;
    const figure = unit.figures.find((f) => f.index === wanted);
    const address = figure?.position.kind === 'cell' ? parseCellRef(figure.position.ref) : null;
    if (address !== null) virtualizer.scrollToIndex(address.row - 1, { align: 'auto' });
  }, [wanted, unit, virtualizer]);

  if (sheet === undefined || layout === null) return null;
  if (layout.rowCount === 0)
    return <p className="m-6 text-sm text-slate-600 dark:text-slate-300">This sheet has no cells.</p>;

  const colCount = Math.min(layout.colCount, MAX_GRID_COLUMNS);
  const items = virtualizer.getVirtualItems();
  const firstRow = (items[0]?.index ?? 0) + 1;
  const lastRow = (items[items.length - 1]?.index ?? -1) + 1;
  const rows = gridRows(layout, firstRow, lastRow, colCount);
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = Array.from({ length: colCount }, (_, i) => i + 1);

  return (
    <div className="p-3">
      {layout.colCount > colCount && (
        <p role="note" className="mb-2 text-xs text-slate-600 dark:text-slate-300">
          Columns after {columnLetters(colCount)} aren't drawn here; their cells are in the extracted text.
        </p>
      )}
      <FigureGroupContext.Provider value={group}>
        <table
          aria-label={`Sheet ${sheet.name}`}
          data-testid="sheet-grid"
          data-figure-place="original"
          onKeyDown={onKeyDown}
          className="border-collapse bg-white font-mono text-xs text-slate-800 dark:bg-slate-900 dark:text-slate-200"
        >
          <thead className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-950">
            <tr>
              <th
                scope="col"
                className="h-7 w-12 border border-slate-300 bg-slate-100 dark:border-slate-600 dark:bg-slate-950"
              >
                <span className="sr-only">Row</span>
              </th>
              {columns.map((col) => (
                <th
                  key={col}
                  scope="col"
                  className="h-7 min-w-16 border border-slate-300 px-2 font-medium text-slate-600 dark:border-slate-600 dark:text-slate-300"
                >
                  {columnLetters(col)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={colCount + 1} style={{ height: padTop, padding: 0 }} />
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.row} style={{ height: ROW_HEIGHT }}>
                <th
                  scope="row"
                  className="h-7 border border-slate-300 bg-slate-100 px-2 text-right font-medium text-slate-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-300"
                >
                  {row.row}
                </th>
                {row.cells.map((cell) => {
                  const figures = figuresByCell.get(cell.ref);
                  const merged = cell.merged !== null ? 'text-center font-semibold' : '';
                  if (figures !== undefined)
                    return (
                      <SheetFigureCell
                        key={cell.ref}
                        cell={cell}
                        unit={unit}
                        figures={figures}
                        className={`${CELL} ${merged}`}
                      />
                    );
                  return (
                    <td
                      key={cell.ref}
                      colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
                      rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
                      data-ref={cell.ref}
                      className={`${CELL} ${merged}`}
                    >
                      {cell.cell?.text ?? ''}
                    </td>
                  );
                })}
              </tr>
            ))}
            {padBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={colCount + 1} style={{ height: padBottom, padding: 0 }} />
              </tr>
            )}
          </tbody>
        </table>
      </FigureGroupContext.Provider>
    </div>
  );
}
