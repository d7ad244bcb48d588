import { NumericResponse, type Figure } from '../../../shared/api';
import { findFigures, type FindOptions } from '../../../shared/figures';
import type { EngineOperand, OperandContext } from '../../../service/numeric/types';

// Test operands: a Figure read by the project's figure finder from a raw string, and a context that by
// default lets every facet be decided by code (sheet, same row, 2022 → 2023, labelled, no basis).

export const AssessmentSchema = NumericResponse.omit({ operands: true });

export function figure(raw: string, options: FindOptions = {}): Figure {
  const found = findFigures(raw, options);
  const f = found[0];
  if (found.length !== 1 || f === undefined) throw new Error(`"${raw}" should hold exactly one figure`);
  const { value, magnitude, sign, scale, unit, unitClass, accounting } = f;
  return { index: 0, raw: f.raw, value, magnitude, sign, scale, unit, unitClass, accounting };
}

/** An operand's context: a sheet's revenue row by default; its column path is its label unless given. */
export function context(overrides: Partial<OperandContext> = {}, position = 0): OperandContext {
  const year = position === 0 ? '2022' : '2023';
  const made: OperandContext = {
    unitKind: 'sheet',
    rowLabel: 'Revenue',
    columnLabel: year,
    period: year,
    basis: null,
    rowKey: 'S!2',
    columnKey: position === 0 ? 'S!B' : 'S!C',
    noteScale: null,
    tableCurrency: null,
    otherColumns: [],
    tableTitle: null,
    textAfter: null,
    columnPath: null,
    rowLeaf: null,
    otherRowHeadings: [],
    ...overrides,
  };
  return overrides.columnPath === undefined ? { ...made, columnPath: made.columnLabel } : made;
}

export function operand(
  raw: string,
  overrides: Partial<OperandContext> = {},
  position = 0,
  options: FindOptions = {},
): EngineOperand {
  return { figure: figure(raw, options), context: context(overrides, position) };
}

/** Two operands A (2022) and B (2023) in the same row by default. */
export function pair(
  a: string,
  b: string,
  overridesA: Partial<OperandContext> = {},
  overridesB: Partial<OperandContext> = {},
  options: FindOptions = {},
): EngineOperand[] {
  return [operand(a, overridesA, 0, options), operand(b, overridesB, 1, options)];
}
