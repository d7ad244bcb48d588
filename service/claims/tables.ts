import type { FigureCell, OperandReference, Representation, Unit } from '../../shared/api';
import { operandContext } from '../../shared/structure';
import { computeArithmetic } from '../numeric/arithmetic';
import type { Reading } from '../numeric/claim';
import type { EngineOperand } from '../numeric/types';
import { placeOf } from '../operations/figures';

// The figures of a unit's tables as candidate operands: each with the reference a check takes, what the
// engine is handed (the figure and its context, as the check itself reads them), and its place. Pairs are
// taken within one table, along one row or one column, and kept where the engine's own arithmetic over
// them, in either role order, gives the claim's number.

/** A figure of the library with its place: what a candidate shows of it. */
export interface PlacedFigure {
  ref: OperandReference;
  raw: string;
  /** In base units, as the check reads it. */
  value: number;
  unit: string | null;
  rowLabels: string[];
  columnHeaders: string[];
  tableTitle: string | null;
  /** The period its headers show, normalised ("2019", "FY2019"), or null. */
  period: string | null;
  cell: FigureCell | null;
  /** The 1-based index of its page or sheet in the document: with the bytes' hash, a stable place. */
  unitIndex: number;
}

export interface TableFigure extends PlacedFigure {
  /** The figure as the numeric check hands it to the engine, with what its table shows around it. */
  operand: EngineOperand;
}

/** A table's figure as a candidate shows it, without what the engine is handed. */
export function placedFigure({ operand: _operand, ...figure }: TableFigure): PlacedFigure {
  return figure;
}

/** The figures of each table of a unit (a sheet is one table; a page has one per table read), in cell order. */
export function tableFiguresOf(rep: Representation, unit: Unit): TableFigure[][] {
  const tables = new Map<string, TableFigure[]>();
  for (const figure of unit.figures) {
    if (figure.ambiguous) continue;
    const place = placeOf(unit, figure);
    if (place.cell === null) continue;
    const context = operandContext(unit, figure, unit.source_unit_id);
    const { ambiguous: _ambiguous, span: _span, position: _position, ...read } = figure;
    const key = place.cell.ref !== null ? 'sheet' : `t${place.cell.table ?? 0}`;
    const list = tables.get(key) ?? [];
    list.push({
      ref: {
        source_version_id: rep.source_version_id,
        representation_id: rep.representation_id,
        source_unit_id: unit.source_unit_id,
        figure_index: figure.index,
      },
      operand: { figure: read, context },
      raw: figure.raw,
      value: figure.value,
      unit: figure.unit ?? context.tableCurrency,
      rowLabels: place.rowLabels,
      columnHeaders: place.columnHeaders,
      tableTitle: place.tableTitle,
      period: context.period,
      cell: place.cell,
      unitIndex: unit.index,
    });
    tables.set(key, list);
  }
  return [...tables.values()];
}

/** One row or one column: where a fact-checker's two figures of one table stand. */
function aligned(a: TableFigure, b: TableFigure): boolean {
  const [x, y] = [a.operand.context, b.operand.context];
  return (
    (x.rowKey !== null && x.rowKey === y.rowKey) || (x.columnKey !== null && x.columnKey === y.columnKey)
  );
}

/** Whether the engine's arithmetic over the two, in this role order, gives the claim's numbers. */
function holds(reading: Reading, first: TableFigure, second: TableFigure): boolean {
  return computeArithmetic(reading, [first.operand, second.operand]).arithmetic?.verdict === 'holds';
}

/** The pairs of one table whose relation, computed by the engine in either role order, is the claim's. */
export function holdingPairs(reading: Reading, table: readonly TableFigure[]): [TableFigure, TableFigure][] {
  const out: [TableFigure, TableFigure][] = [];
  for (let i = 0; i < table.length; i++)
    for (let j = i + 1; j < table.length; j++) {
      const a = table[i]!;
      const b = table[j]!;
      if (!aligned(a, b)) continue;
      if (holds(reading, a, b) || holds(reading, b, a)) out.push([a, b]);
    }
  return out;
}
