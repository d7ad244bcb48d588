import { MAX_CLAIM_LENGTH } from '../../../shared/api/numeric';
import type { OperandSlot, PickedOperand } from '../ui-store';

/** Why the check cannot run yet, in words for the person, or null when it can. */
export function runBlocker(
  claim: string,
  operands: Record<OperandSlot, PickedOperand | null>,
): string | null {
  if (claim.trim() === '') return 'Write the claim to check.';
  if (claim.length > MAX_CLAIM_LENGTH)
    return `Shorten the claim to ${MAX_CLAIM_LENGTH.toLocaleString('en-US')} characters or fewer.`;
  if (operands.A === null && operands.B === null) return 'Pick at least one figure from a document.';
  return null;
}
