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
  // Operand A is the baseline (operands[0]): a lone figure in B would silently become A.
  if (operands.A === null) return 'Slot A (the baseline) is empty: swap to move the figure into A.';
  return null;
}
