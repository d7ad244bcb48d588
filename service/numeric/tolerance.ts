import { amount } from './format';
import { HEDGE_FACTOR, type BoundKind } from './wording';

// Tolerance (service/numeric/RULES.md, "Arithmetic"): half a unit of the last digit the claim writes,
// doubled by a hedge; one-sided hedges ("nearly", "just over") and bounds ("more than", "at most")
// compare on one side of the stated value. Float noise is allowed at 1e-12 relative.

export const EPS = 1e-12;

/** Equal up to float noise. */
export const close = (x: number, y: number): boolean =>
  Math.abs(x - y) <= EPS * Math.max(1, Math.abs(x), Math.abs(y));

/** How a claim qualifies its number: a hedge (maybe one-sided) or a bound. */
export interface Modifier {
  hedge: string | null;
  /** Hedges that also bound the side: "nearly" (below), "just over" (above). */
  side: 'below' | 'above' | null;
  bound: BoundKind | null;
  boundWords: string | null;
}

export const NO_MODIFIER: Modifier = { hedge: null, side: null, bound: null, boundWords: null };

/** Digits the writer gave after the decimal mark in `raw` ("1.50": 2), given the magnitude shared/figures read. */
export function writtenDecimals(raw: string, magnitude: number): number {
  const mantissa = raw.replace(
    /\s*(?:[eE][+-]?\d+|[×x]\s*10\s*(?:\^|\*\*)?\s*[-+⁻]?[\d⁰¹²³⁴⁵⁶⁷⁸⁹]+)\s*$/u,
    '',
  );
  const run = /\d(?:[\d.,\u00a0\u2009\u202f'’ ]*\d)?|\.\d+/.exec(mantissa)?.[0] ?? '';
  const m = /[.,](\d+)$/.exec(run);
  const written = m !== null && !/^\d{3}$/.test(m[1] ?? '') ? (m[1]?.length ?? 0) : null;
  const digits = run.replace(/\D/g, '');
  if (magnitude === 0) return written ?? 0;
  for (let k = 0; k <= digits.length; k++) {
    if (Number(`${digits}e-${k}`) === magnitude) return k;
  }
  return written ?? 0;
}

/** What a hedged round number may be off by, at most, as a share of itself. */
export const ROUND_HEDGE_SHARE = 0.02;

/**
 * The tolerance a hedge gives: HEDGE_FACTOR × precision. A hedged whole number ending in two zeros or more
 * ("almost 57,000", "nearly 3,000,000") says it was rounded: it may be off by as much as its rounding
 * unit, but never by more than ROUND_HEDGE_SHARE of itself ("about 1,000" is not 1,900).
 */
export function hedged(precision: number, modifier: Modifier, stated?: number): number {
  if (modifier.hedge === null) return precision;
  const doubled = HEDGE_FACTOR * precision;
  if (stated === undefined || precision <= 0) return doubled;
  const digits = Math.round(Math.abs(stated) / (2 * precision));
  if (digits === 0 || Math.abs(digits * 2 * precision - Math.abs(stated)) > 1e-9 * Math.abs(stated))
    return doubled;
  let zeros = 0;
  for (let d = digits; d % 10 === 0 && d > 0; d /= 10) zeros++;
  if (zeros < 2) return doubled;
  const roundingUnit = 2 * precision * 10 ** zeros;
  return Math.max(doubled, Math.min(roundingUnit, ROUND_HEDGE_SHARE * Math.abs(stated)));
}

export interface Comparison {
  verdict: 'holds' | 'fails';
  tolerance: number;
  /** Holds, but the exact value differs from the stated one. */
  rounding: boolean;
  /** The rule applied, in words ("±0.5%", "\"more than\""). */
  rule: string;
  /** Held or failed by a bound or a one-sided hedge, not by equality within tolerance. */
  bounded: boolean;
}

/**
 * Compare a computed value with the stated one. `direction` (+1/−1 from "rose"/"fell") compares the
 * signed computed value with the stated magnitude; 0 compares signed values.
 */
export function compare(
  computed: number,
  stated: number,
  precision: number,
  modifier: Modifier,
  direction: 1 | -1 | 0,
  unit: string | null = null,
): Comparison {
  const m = direction !== 0 ? direction * computed : computed;
  const s = direction !== 0 ? Math.abs(stated) : stated;
  const eps = EPS * Math.max(1, Math.abs(m), Math.abs(s));
  const tol = hedged(precision, modifier, stated);
  const b = modifier.bound;
  if (b !== null && modifier.side === null) {
    const ok = b === 'gt' ? m > s + eps : b === 'ge' ? m >= s - eps : b === 'lt' ? m < s - eps : m <= s + eps;
    return {
      verdict: ok ? 'holds' : 'fails',
      tolerance: 0,
      rounding: false,
      rule: `"${modifier.boundWords}"`,
      bounded: true,
    };
  }
  if (modifier.side !== null) {
    const ok =
      modifier.side === 'below' ? m < s - eps && m >= s - tol - eps : m > s + eps && m <= s + tol + eps;
    return {
      verdict: ok ? 'holds' : 'fails',
      tolerance: tol,
      rounding: false,
      rule: `"${modifier.hedge}": ${modifier.side} it, by at most ${amount(tol, unit, 6)}`,
      bounded: true,
    };
  }
  const ok = Math.abs(m - s) <= tol + eps;
  return {
    verdict: ok ? 'holds' : 'fails',
    tolerance: tol,
    rounding: ok && !close(m, s),
    rule: `±${amount(tol, unit, 6)}${modifier.hedge ? ` ("${modifier.hedge}" doubles it)` : ''}`,
    bounded: false,
  };
}

/** A claim value and the value it is compared with differ by ~10^3k (k ≠ 0): a likely missed scale. */
export function scaleGap(x: number, y: number): number | null {
  if (x === 0 || y === 0 || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  const l = Math.log10(Math.abs(x) / Math.abs(y));
  const k = Math.round(l / 3);
  if (k !== 0 && Math.abs(l - 3 * k) <= 0.2) return 3 * k;
  return null;
}
