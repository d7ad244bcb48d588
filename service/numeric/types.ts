import type { Figure, NumericResponse } from '../../shared/api';

// The numeric check's inputs and output, between the engine (claim reading, arithmetic, comparability,
// outcome: pure functions over figures) and the operation (loading the caller's operands from the store
// and reading what the source structure shows around each figure). Meaning: ../shared/spec/numeric-semantics.md.

/** Basis qualifiers a source label or a claim can carry. */
export type Basis = 'adjusted' | 'reported';

/**
 * What the source structure shows around one figure, read by code (service/numeric/context.ts). Every
 * member is null when the structure does not show it; the engine then leaves that facet to a judge.
 */
export interface OperandContext {
  /** Kind of unit the figure came from. */
  unitKind: 'page' | 'sheet';
  /**
   * The line item or entity the figure belongs to: a sheet's row label (the text cell at the left of the
   * row), or the text that starts the figure's line on a page ("Revenue", "Acme Corp"). Null when none.
   */
  rowLabel: string | null;
  /** The column header above the figure in a sheet ("2023", "FY2023", "Q3 2024"); null on pages. */
  columnLabel: string | null;
  /**
   * The period label the structure puts beside the figure: from the column header, the row label, or a
   * "FY2023" / "Q3 2024" / year heading on the same line. Normalised: "2023", "FY2023", "Q3 2024",
   * "H1 2024". Null when none is shown.
   */
  period: string | null;
  /** "adjusted" / "reported" when a label beside the figure says so (adjusted, underlying, non-GAAP…). */
  basis: Basis | null;
  /** Identifies the row (sheet: `${sheetName}!${row}`; page: `${unitId}:${line}`) for same-row checks. */
  rowKey: string | null;
  /** Identifies the column (sheet: `${sheetName}!${columnLetters}`), null on pages. */
  columnKey: string | null;
  /**
   * The scale a table's note gave the figure ("in thousands": 1e3) when the figure does not write its own;
   * null when it writes its scale or no note applied.
   */
  noteScale: number | null;
  /**
   * The one currency the figure's table shows (a "$" on a column's first row only): every figure of the
   * sheet that names a currency names this one. Null on pages, or when none or several are shown.
   */
  tableCurrency: string | null;
}

/** One operand as the engine sees it: the figure as read, and what the structure shows around it. */
export interface EngineOperand {
  figure: Figure;
  context: OperandContext;
}

/** What the engine answers: the numeric response without the `operands` echo (the operation adds it). */
export type Assessment = Omit<NumericResponse, 'operands'>;

/** The engine: `assess(claim, operands)` in service/numeric/assess.ts. Deterministic and pure. */
export type Assess = (claim: string, operands: readonly EngineOperand[]) => Assessment;
