import type { FoundFigure } from '../../../shared/figures';
import { decimalPlaces } from '../../../shared/figures/decimals';
import type { Arithmetic, AssessedOperand } from '../../../shared/api/numeric';
import {
  claimFigureOf,
  comparableToClaim,
  computedSign,
  SIGN_WITHOUT_ROLES,
  signInWords,
} from '../../../shared/text/computed-sign';
import { formatAmount, formatNumber } from './figure-wording';

// The arithmetic line of the result card: what was computed beside what the claim says, with the
// tolerance its precision allows ("12.0% computed; the claim says 12%, ±0.5 points").
//
// The response carries `computed` and `tolerance` but not the claim's own figure; the card reads it from
// the claim with the one figure finder (shared/figures) only when the claim holds exactly one figure, so
// the number shown is never a guess among several. Otherwise the line gives the computed value alone, and
// the service's reason (always shown) says what it was compared with.

export { claimFigureOf };

export interface ArithmeticLine {
  /** "12.0% computed; the claim says 12%, ±0.5 points", or "Computed: 12.04 (tolerance ±0.5)". */
  text: string;
  /** The claim's figure the line names, or null when the claim did not give exactly one. */
  claimFigure: FoundFigure | null;
}

/** The decimals a figure's value shows; 2 for a value only an exponent can write. */
function shownDecimals(n: number): number {
  return decimalPlaces(n) ?? 2;
}

function toleranceWording(tolerance: number, unit: string | null, scale: number, decimals: number): string {
  const shown = formatNumber(tolerance / scale, undefined, Math.max(decimals + 2, 2));
  if (unit === '%' || unit === 'pp') return `±${shown} ${tolerance / scale === 1 ? 'point' : 'points'}`;
  if (unit === 'bp') return `±${shown} basis points`;
  return `±${formatAmount(tolerance, unit, undefined, scale)}`;
}

/** The figures of the check, to word a computed comparison; without them a sign is said without names. */
export interface ArithmeticFigures {
  operands: readonly AssessedOperand[];
  /** A figure by its index in `operands`, as the card names it ("Handgun 56,941"). */
  figureName: (index: number) => string;
}

/** The arithmetic line, or null when nothing was computed (the card says so in its own words). */
export function arithmeticLine(
  arithmetic: Arithmetic,
  claim: string,
  figures?: ArithmeticFigures,
): ArithmeticLine | null {
  if (arithmetic.computed === null) return null;
  const sign = computedSign(arithmetic, claim);
  if (sign !== null) {
    // A comparison computes a truth value; its -1, 0 or 1 means nothing to a reader.
    const named = figures === undefined ? null : signInWords(sign, figures.operands, figures.figureName);
    return { text: `Computed: ${named ?? SIGN_WITHOUT_ROLES}`, claimFigure: null };
  }
  const found = claimFigureOf(claim);
  const figure =
    found !== null && comparableToClaim(arithmetic.computed, arithmetic.tolerance, found) ? found : null;
  if (figure === null) {
    const tolerance = arithmetic.tolerance > 0 ? `; tolerance ±${formatNumber(arithmetic.tolerance)}` : '';
    return {
      text: `Computed: ${formatNumber(arithmetic.computed, undefined, 6)}${tolerance}`,
      claimFigure: null,
    };
  }
  // One decimal more than the claim wrote, so a rounding is visible ("12.0%" against "12%").
  const decimals = shownDecimals(figure.magnitude) + 1;
  const computed = formatAmount(arithmetic.computed, figure.unit, decimals, figure.scale);
  const tolerance =
    arithmetic.tolerance > 0
      ? `, ${toleranceWording(arithmetic.tolerance, figure.unit, figure.scale, shownDecimals(figure.magnitude))}`
      : '';
  return { text: `${computed} computed; the claim says ${figure.raw}${tolerance}`, claimFigure: figure };
}
