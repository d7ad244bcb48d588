import type { Arithmetic, AssessedOperand, OperandRoleName } from '../api/numeric';
import { findFigures, type FoundFigure } from '../figures';

// A comparison ("exceeds", "more than") computes a truth value, sent as the sign -1, 0 or 1 with no
// tolerance: to a reader that number means nothing, so the result card and the reports say which figure
// is larger instead. One rule for both, so they never word the same answer differently.

/** The one figure of the claim, or null when it has none, several, or an ambiguous one. */
export function claimFigureOf(claim: string): FoundFigure | null {
  const found = findFigures(claim);
  return found.length === 1 && !found[0]?.ambiguous ? (found[0] ?? null) : null;
}

/** Whether `computed` is the sign a comparison or a direction computes (-1, 0 or 1, no tolerance). */
export function isSign(computed: number, tolerance: number): boolean {
  return tolerance === 0 && Number.isInteger(computed) && Math.abs(computed) <= 1;
}

/**
 * Whether the computed value can be set beside the claim's figure: not the sign a comparison computes,
 * and within a factor of 100 of the figure (else the figure is more likely a number the claim restates
 * about an operand than the relation's value).
 */
export function comparableToClaim(computed: number, tolerance: number, figure: FoundFigure): boolean {
  if (isSign(computed, tolerance)) return false;
  if (computed === 0 || figure.value === 0) return true;
  const ratio = Math.abs(computed) / Math.abs(figure.value);
  return ratio >= 0.01 && ratio <= 100;
}

/**
 * The sign a comparison computed, or null when `computed` is a quantity (or nothing): a -1, 0 or 1 with
 * no tolerance that the claim's own figure does not match as a value.
 */
export function computedSign(arithmetic: Arithmetic, claim: string): -1 | 0 | 1 | null {
  const { computed, tolerance } = arithmetic;
  if (computed === null || !isSign(computed, tolerance)) return null;
  const figure = claimFigureOf(claim);
  if (figure !== null && comparableToClaim(computed, tolerance, figure)) return null;
  return Math.sign(computed) as -1 | 0 | 1;
}

const SIGN_WORDS = { 1: 'is more than', 0: 'is the same as', [-1]: 'is less than' } as const;

/**
 * A computed sign in words over the figures' roles: "Handgun 56,941 is more than Long gun 51,670". Null
 * when the roles do not say which figure is compared with which (the order they were sent means nothing).
 */
export function signInWords(
  computed: -1 | 0 | 1,
  operands: readonly AssessedOperand[],
  figureName: (index: number) => string,
): string | null {
  const indexOf = (role: OperandRoleName) => operands.findIndex((o) => o.role?.role === role);
  // A comparison computes sign(subject − reference); a direction sign(to − from).
  for (const [first, second] of [
    ['subject', 'reference'],
    ['to', 'from'],
  ] as const) {
    const a = indexOf(first);
    const b = indexOf(second);
    if (a >= 0 && b >= 0) return `${figureName(a)} ${SIGN_WORDS[computed]} ${figureName(b)}`;
  }
  return null;
}

/** What a comparison computed, in words, for a reader who cannot see which figure is which otherwise. */
export const SIGN_WITHOUT_ROLES = 'which figure is larger (the working below names them)';
