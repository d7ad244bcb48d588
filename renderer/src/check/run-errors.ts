import { BridgeCallError } from '../bridge';

// Where a failed run is shown: beside the claim, beside the operands, or as an alert. The service's 400
// (`invalid_request` over the bridge) names the field in its message ("claim: …", "operands.0.figure_index:
// …"); an unavailable figure index and an ambiguous source number concern the operands.

export type RunErrorPlace = 'claim' | 'operands' | 'alert';

export interface RunError {
  place: RunErrorPlace;
  message: string;
}

const FIELD_ERRORS = new Set(['invalid_request', 'invalid_input']);
const OPERAND_CODES = new Set(['figure_index_unavailable', 'ambiguous_source_number', 'no_operands']);

export function placeRunError(error: unknown): RunError {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof BridgeCallError ? error.code : null;
  if (code !== null && OPERAND_CODES.has(code)) return { place: 'operands', message };
  if (code !== null && FIELD_ERRORS.has(code)) {
    if (/\boperands?\b|figure_index|figure index|ambiguous|more than one reading|source unit/i.test(message))
      return { place: 'operands', message };
    if (/\bclaim\b/i.test(message)) return { place: 'claim', message };
  }
  return { place: 'alert', message };
}
