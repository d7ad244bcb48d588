import type { PageBox, PageSize, PageTable } from '../../../shared/api';
import { pageScale } from './geometry';

/** Points added around a cell's text box, so its line clears the figure box drawn on the same text. */
const CELL_PAD = 2;
/** Points added around the whole table. */
const TABLE_PAD = 5;
/** The tag naming a table sits above it, unless the table starts this close to the page's top (px). */
const TAG_HEIGHT = 18;
/** A table drawn narrower than this (px) gets no tag: at that zoom the tag would hide the table. */
const TAG_MIN_TABLE_WIDTH = 96;

const padded = (box: PageBox, pad: number) => ({
  x: box.x - pad,
  y: box.y - pad,
  width: box.width + 2 * pad,
  height: box.height + 2 * pad,
});

/**
 * The tables read on a page, outlined over the page drawn `width` pixels wide, in the page's own points
 * (the scale figure boxes are drawn at): each table's box, its cells as thin lines, its header cells
 * tinted. A table the reader was not sure of is drawn dashed, in amber, untinted (its headers are never
 * used by a check), and tagged "unsure". For the eye only: the pointer passes through to the figure boxes,
 * and the same tables are listed for the keyboard and screen readers beside the page's text.
 */
export function TableGrid({
  tables,
  page,
  width,
}: {
  tables: readonly PageTable[];
  page: PageSize;
  width: number;
}) {
  const scale = pageScale(page, width);
  return (
    <div aria-hidden="true" data-testid="table-grid" className="pointer-events-none absolute inset-0">
      <svg
        className="absolute top-0 left-0 overflow-visible"
        width={page.width * scale}
        height={page.height * scale}
        viewBox={`0 0 ${page.width} ${page.height}`}
      >
        {tables.map((table) => {
          const box = padded(table.box, TABLE_PAD);
          return (
            <g
              key={table.index}
              data-testid="table-outline"
              data-table-index={table.index}
              data-unsure={table.unsure ? 'true' : undefined}
              strokeDasharray={table.unsure ? '4 3' : undefined}
              className={table.unsure ? 'stroke-amber-600' : 'stroke-teal-600'}
              fill="none"
            >
              {table.cells.map((cell) => {
                const at = padded(cell.box, CELL_PAD);
                return (
                  <rect
                    key={`${cell.row}:${cell.col}`}
                    data-testid="table-cell-outline"
                    data-header={cell.header ? 'true' : undefined}
                    x={at.x}
                    y={at.y}
                    width={at.width}
                    height={at.height}
                    vectorEffect="non-scaling-stroke"
                    strokeWidth={1}
                    strokeOpacity={0.55}
                    className={cell.header && !table.unsure ? 'fill-teal-500/15' : undefined}
                  />
                );
              })}
              <rect
                x={box.x}
                y={box.y}
                width={box.width}
                height={box.height}
                rx={2}
                vectorEffect="non-scaling-stroke"
                strokeWidth={table.unsure ? 2 : 1.5}
              />
            </g>
          );
        })}
      </svg>
      {tables.map((table) => {
        const box = padded(table.box, TABLE_PAD);
        if (box.width * scale < TAG_MIN_TABLE_WIDTH) return null;
        const inside = box.y * scale < TAG_HEIGHT;
        return (
          <span
            key={table.index}
            data-testid="table-tag"
            data-unsure={table.unsure ? 'true' : undefined}
            className={`absolute rounded-sm px-1 leading-[1.5] font-semibold whitespace-nowrap ${
              table.unsure
                ? 'border border-dashed border-amber-700 bg-amber-100 text-amber-950'
                : 'bg-teal-700 text-white'
            }`}
            style={{
              // Smaller on a page drawn small, so the tag does not hide what is printed above the table.
              fontSize: Math.min(10, Math.max(8, 14 * scale)),
              left: (box.x + box.width) * scale,
              top: box.y * scale,
              transform: inside ? 'translate(-100%, 2px)' : 'translate(-100%, calc(-100% - 2px))',
            }}
          >
            Table {table.index + 1}
            {table.unsure && ' · unsure'}
          </span>
        );
      })}
    </div>
  );
}
