import { BridgeCallError } from '../bridge';

// Where a failed run is shown: beside the claim, beside the operands, or as an alert. The service's 400
// names its fields (`claim`, `operands.0.figure_index`) and its code (`figure_index_unavailable`,
// `ambiguous_source_number` concern the operands); the bridge carries both beside the message.

export type RunErrorPlace = 'claim' | 'operands' | 'alert';

export interface RunError {
  place: RunErrorPlace;
  message: string;
}

const OPERAND_CODES = new Set([
  'figure_index_unavailable',
  'ambiguous_source_number',
  'asset_id_not_source_version',
]);

/** Where a refusal belongs, from the service's code and the fields it named, never from its wording. */
export function placeRunError(error: unknown): RunError {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof BridgeCallError)) return { place: 'alert', message };
  if (error.code === 'no_operands') return { place: 'operands', message };
  if (error.serviceCode !== null && OPERAND_CODES.has(error.serviceCode))
    return { place: 'operands', message };
  if (error.fields.some((f) => f === 'operands' || f.startsWith('operands.')))
    return { place: 'operands', message };
  if (error.fields.some((f) => f === 'claim')) return { place: 'claim', message };
  return { place: 'alert', message };
}
