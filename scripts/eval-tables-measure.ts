/**
 * The measures of `npm run eval:tables` for one expected table against the pages it may be on (our tables
 * and figures there). Pure: the script reads the PDFs, this only compares.
 */
import { adjacencyRelations, compareRelations, type AdjacencyCount } from './eval-tables-adjacency';
import {
  cellAt,
  expectedGrid,
  gridOf,
  numberIn,
  ourGrid,
  sameNumber,
  squeeze,
  type Box,
  type CellNumber,
  type Grid,
  type OurTable,
} from './eval-tables-cells';
import type { ExpectedTable } from './eval-tables-corpus';
import {
  expectedHeaderRows,
  expectedRowLabels,
  headerHoldsRows,
  headerKeptApart,
  labelKey,
  mapColumns,
  mapRows,
  ourColumnHeader,
  ourRowLabels,
  rowNumbers,
  sharedTexts,
} from './eval-tables-match';

/** A figure of a page as the extraction gives it (service/extract `LocatedFigure`). */
export interface PageFigure {
  raw: string;
  value: number;
  position: { kind: string; x?: number; y?: number; width?: number; height?: number };
}

export interface PageData {
  /** 1-based page number. */
  page: number;
  tables: readonly OurTable[];
  figures: readonly PageFigure[];
}

export interface NumericCell {
  row: number;
  col: number;
  number: CellNumber;
  /** A figure of the page with this number, on its glyphs, inside our cell for it when we have one. */
  found: boolean;
  /** Our cell at the paired row and column holds this number. */
  placed: boolean;
  /** A label of ours for the paired row (`ourRowLabels`) is one the expected row is right with (`expectedRowLabels`). */
  label: boolean;
  /** Our header of the paired column contains the expected column's header. */
  header: boolean;
}

export interface OurMatch {
  page: number;
  index: number;
  rows: number;
  cols: number;
  headerRows: number;
  labelCols: number;
  unsure: boolean;
  /** Non-empty cell texts shared with the expected table. */
  shared: number;
  rowsPaired: number;
  colsPaired: number;
}

export interface TableResult {
  expected: ExpectedTable;
  rows: number;
  cols: number;
  ours: OurMatch | null;
  cells: NumericCell[];
  adjacency: AdjacencyCount;
  /** Header rows kept apart; null when the expected table has no header rows above a row of numbers. */
  headerApart: boolean | null;
}

// Figure boxes come from glyph boxes and cell boxes from the reader's grid: a point of slack for rounding.
const SLACK = 1;

export function inside(inner: Box, outer: Box, slack = SLACK): boolean {
  return (
    inner.x >= outer.x - slack &&
    inner.y >= outer.y - slack &&
    inner.x + inner.width <= outer.x + outer.width + slack &&
    inner.y + inner.height <= outer.y + outer.height + slack
  );
}

function boxOf(figure: PageFigure): Box | null {
  const p = figure.position;
  if (p.kind !== 'box' || p.x === undefined || p.y === undefined) return null;
  return { x: p.x, y: p.y, width: p.width ?? 0, height: p.height ?? 0 };
}

interface Candidate {
  page: PageData;
  table: OurTable;
  grid: Grid;
  shared: number;
}

/** Our table holding most of the expected table's non-empty cell texts; none when none shares a text. */
export function pickTable(expected: Grid, pages: readonly PageData[], strip = ''): Candidate | null {
  let best: Candidate | null = null;
  for (const page of pages)
    for (const table of page.tables) {
      const grid = ourGrid(table, strip);
      const n = sharedTexts(expected, grid);
      if (n > 0 && (best === null || n > best.shared)) best = { page, table, grid, shared: n };
    }
  return best;
}

export function measureTable(expected: ExpectedTable, pages: readonly PageData[]): TableResult {
  const eg = expectedGrid(expected.rows);
  const picked = pickTable(eg, pages, expected.strip);
  // The expected tables are written as the page shows them, left to right: a table of ours read right to
  // left is compared as it stands on the page (its row labels are read from it as it reads).
  const match =
    picked?.table.rightToLeft === true
      ? {
          ...picked,
          grid: gridOf(
            picked.grid.cells.map((c) => ({ ...c, col: picked.grid.cols - c.col - c.colSpan })),
            picked.grid.rows,
            picked.grid.cols,
          ),
        }
      : picked;
  const rowMap = match ? mapRows(eg, match.grid) : new Map<number, number>();
  const colMap = match ? mapColumns(eg, match.grid, rowMap) : new Map<number, number>();
  const headerRows = expectedHeaderRows(eg);
  // Figures on the page of our table, or on any page the table may be on when we found none.
  const figures = (match ? [match.page] : pages).flatMap((p) =>
    p.figures.flatMap((f) => {
      const box = boxOf(f);
      return box === null ? [] : [{ box, number: { value: f.value, raw: f.raw } }];
    }),
  );

  const cells: NumericCell[] = [];
  for (let r = 0; r < eg.rows; r++)
    for (const [c, number] of rowNumbers(eg, r)) {
      const o = rowMap.get(r);
      const oc = colMap.get(c);
      const ours = match && o !== undefined && oc !== undefined ? cellAt(match.grid, o, oc) : undefined;
      // Inside our cell for it when we have one; anywhere on the page when we have none (no table, or its row
      // or column is not one of ours), where the figure alone is measured.
      const region = ours?.box ?? null;
      const found = figures.some(
        (f) => sameNumber(f.number, number) && (region === null || inside(f.box, region)),
      );
      const held = ours === undefined ? null : numberIn(ours.text);
      const placed = held !== null && sameNumber(held, number);
      const expectedLabels = expectedRowLabels(eg, r).map(squeeze);
      const label =
        match !== null &&
        o !== undefined &&
        ourRowLabels(picked!.grid, match.table.labelCols, o).some((l) =>
          expectedLabels.includes(squeeze(labelKey(l))),
        );
      const header =
        match !== null &&
        oc !== undefined &&
        headerHoldsRows(
          ourColumnHeader(match.grid, match.table.headerRows, oc),
          headerRows.map((h) => cellAt(eg, h, c)?.text ?? ''),
        );
      cells.push({ row: r, col: c, number, found, placed, label, header });
    }

  const adjacency = compareRelations(
    match ? adjacencyRelations(match.grid.cells) : [],
    adjacencyRelations(eg.cells),
  );
  const headerApart = headerKeptApart(eg, match?.table.headerRows ?? 0, rowMap);
  return {
    expected,
    rows: eg.rows,
    cols: eg.cols,
    ours: match
      ? {
          page: match.page.page,
          index: match.table.index,
          rows: match.table.rows,
          cols: match.table.cols,
          headerRows: match.table.headerRows,
          labelCols: match.table.labelCols,
          unsure: match.table.unsure,
          shared: match.shared,
          rowsPaired: rowMap.size,
          colsPaired: colMap.size,
        }
      : null,
    cells,
    adjacency,
    headerApart,
  };
}
