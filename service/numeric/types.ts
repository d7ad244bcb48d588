import type { Figure, NumericResponse } from '../../shared/api';
import type { OperandContext } from '../../shared/structure';

export type { Basis, OperandContext } from '../../shared/structure';

// The numeric check's inputs and output, between the engine (claim reading, arithmetic, comparability,
// outcome: pure functions over figures) and the operation (loading the caller's operands from the store
// and reading what the source structure shows around each figure). Meaning: ../shared/spec/numeric-semantics.md.

/** One operand as the engine sees it: the figure as read, and what the structure shows around it. */
export interface EngineOperand {
  figure: Figure;
  context: OperandContext;
}

/** What the engine answers: the numeric response without the `operands` echo (the operation adds it). */
export type Assessment = Omit<NumericResponse, 'operands'>;

/** The engine: `assess(claim, operands)` in service/numeric/assess.ts. Deterministic and pure. */
export type Assess = (claim: string, operands: readonly EngineOperand[]) => Assessment;
