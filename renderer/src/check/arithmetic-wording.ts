import { findFigures, type FoundFigure } from '../../../shared/figures';
import type { Arithmetic, AssessedOperand, OperandRoleName } from '../../../shared/api/numeric';
import { formatAmount, formatNumber } from './figure-wording';

// The arithmetic line of the result card: what was computed beside what the claim says, with the
// tolerance its precision allows ("12.0% computed; the claim says 12%, ±0.5 points").
//
// The response carries `computed` and `tolerance` but not the claim's own figure; the card reads it from
// the claim with the one figure finder (shared/figures) only when the claim holds exactly one figure, so
// the number shown is never a guess among several. Otherwise the line gives the computed value alone, and
// the service's reason (always shown) says what it was compared with.

export interface ArithmeticLine {
  /** "12.0% computed; the claim says 12%, ±0.5 points", or "Computed: 12.04 (tolerance ±0.5)". */
  text: string;
  /** The claim's figure the line names, or null when the claim did not give exactly one. */
  claimFigure: FoundFigure | null;
}

/** The one figure of the claim, or null when it has none, several, or an ambiguous one. */
export function claimFigureOf(claim: string): FoundFigure | null {
  const found = findFigures(claim);
  return found.length === 1 && !found[0]?.ambiguous ? (found[0] ?? null) : null;
}

function decimalsOf(n: number): number {
  const text = String(Math.abs(n));
  if (text.includes('e')) return 2;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function toleranceWording(tolerance: number, unit: string | null, scale: number, decimals: number): string {
  const shown = formatNumber(tolerance / scale, undefined, Math.max(decimals + 2, 2));
  if (unit === '%' || unit === 'pp') return `±${shown} ${tolerance / scale === 1 ? 'point' : 'points'}`;
  if (unit === 'bp') return `±${shown} basis points`;
  return `±${formatAmount(tolerance, unit, undefined, scale)}`;
}

/**
 * Whether the computed value can be set beside the claim's figure: not the sign a comparison computes
 * ("exceeds": -1, 0 or 1, no tolerance), and within a factor of 100 of the figure (else the figure is
 * more likely a number the claim restates about an operand than the relation's value).
 */
function comparable(computed: number, tolerance: number, figure: FoundFigure): boolean {
  if (isSign(computed, tolerance)) return false;
  if (computed === 0 || figure.value === 0) return true;
  const ratio = Math.abs(computed) / Math.abs(figure.value);
  return ratio >= 0.01 && ratio <= 100;
}

/** Whether `computed` is the sign a comparison or a direction computes (-1, 0 or 1, no tolerance). */
function isSign(computed: number, tolerance: number): boolean {
  return tolerance === 0 && Number.isInteger(computed) && Math.abs(computed) <= 1;
}

const SIGN_WORDS = { 1: 'is more than', 0: 'is the same as', [-1]: 'is less than' } as const;

/**
 * A computed sign in words over the figures' roles: "Handgun 56,941 is more than Long gun 51,670". Null
 * when the roles do not say which figure is compared with which (the order they were sent means nothing).
 */
function signInWords(
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
  const found = claimFigureOf(claim);
  const figure =
    found !== null && comparable(arithmetic.computed, arithmetic.tolerance, found) ? found : null;
  if (figure === null && isSign(arithmetic.computed, arithmetic.tolerance)) {
    // A comparison computes a truth value; its -1, 0 or 1 means nothing to a reader.
    const sign = Math.sign(arithmetic.computed) as -1 | 0 | 1;
    const named = figures === undefined ? null : signInWords(sign, figures.operands, figures.figureName);
    return {
      text:
        named !== null
          ? `Computed: ${named}`
          : 'Computed: which figure is larger (the working below names them)',
      claimFigure: null,
    };
  }
  if (figure === null) {
    const tolerance = arithmetic.tolerance > 0 ? `; tolerance ±${formatNumber(arithmetic.tolerance)}` : '';
    return {
      text: `Computed: ${formatNumber(arithmetic.computed, undefined, 6)}${tolerance}`,
      claimFigure: null,
    };
  }
  // One decimal more than the claim wrote, so a rounding is visible ("12.0%" against "12%").
  const decimals = decimalsOf(figure.magnitude) + 1;
  const computed = formatAmount(arithmetic.computed, figure.unit, decimals, figure.scale);
  const tolerance =
    arithmetic.tolerance > 0
      ? `, ${toleranceWording(arithmetic.tolerance, figure.unit, figure.scale, decimalsOf(figure.magnitude))}`
      : '';
  return { text: `${computed} computed; the claim says ${figure.raw}${tolerance}`, claimFigure: figure };
}
