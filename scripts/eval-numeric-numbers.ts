/**
 * How `npm run eval:numeric` writes the numbers of its wording-family claims: amounts in the figures'
 * currency and scale, percentages and ratios at a stated precision, and false numbers moved beyond the
 * tolerance that precision gives. Pure: no I/O, no engine.
 */

/** How a pair of figures is written in its table. */
export interface AmountStyle {
  /** `currency` with a code ("USD"), `points` for percentages (a difference is in percentage points). */
  unit: 'currency' | 'points' | 'plain';
  currency: string | null;
  /** The figures' scale (1, 1e3, 1e6, 1e9), from their own words or the table's note. */
  scale: number;
  /** Digits after the decimal point the figures write (the more precise of the two). */
  decimals: number;
}

/** Where a claim's amounts are written: a scale and digits after the point. */
export interface Display {
  scale: number;
  decimals: number;
}

const SCALE_WORD: Readonly<Record<number, string>> = { 1e3: 'thousand', 1e6: 'million', 1e9: 'billion' };
const CURRENCY_SYMBOL: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

/** `value` with thousands separators and exactly `decimals` digits after the point. */
export function writeNumber(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** `value` (base units) rounded where `display` writes it. */
export function inDisplay(value: number, display: Display): number {
  return Number((value / display.scale).toFixed(display.decimals));
}

/** An amount of `value` base units: "$5.2 million", "2.1 percentage points", "1,234". */
export function writeAmount(value: number, style: AmountStyle, display: Display): string {
  const n = writeNumber(Math.abs(value / display.scale), display.decimals);
  if (style.unit === 'points') return `${n} percentage point${n === '1' ? '' : 's'}`;
  const scale = SCALE_WORD[display.scale];
  const currency =
    style.unit === 'currency' && style.currency !== null
      ? (CURRENCY_SYMBOL[style.currency] ?? `${style.currency} `)
      : '';
  return `${currency}${n}${scale ? ` ${scale}` : ''}`;
}

/** A percentage at `decimals`: "12.5%". */
export function writePercent(value: number, decimals: number): string {
  return `${writeNumber(Math.abs(value), decimals)}%`;
}

/** A figure's own value as a claim restates it: "$1,452.4 million", "21.0%", "1,234". */
export function writeOwn(value: number, style: AmountStyle, display: Display): string {
  if (style.unit === 'points') return `${writeNumber(Math.abs(value), style.decimals)}%`;
  return writeAmount(value, style, display);
}

/**
 * The displays a claim over `values` (base units) can use: as the table writes them, and — for money of
 * at least a million — in millions or billions with one or two decimals (rounded, as a reporter would).
 */
export function displaysFor(values: readonly number[], style: AmountStyle): Display[] {
  const asWritten: Display = {
    scale: style.unit === 'points' ? 1 : style.scale,
    decimals: style.decimals,
  };
  const out = [asWritten];
  if (style.unit !== 'currency') return out;
  const smallest = Math.min(...values.map((v) => Math.abs(v)));
  for (const scale of [1e9, 1e6])
    if (scale > style.scale && smallest >= scale) {
      out.push({ scale, decimals: 1 }, { scale, decimals: 2 });
      break;
    }
  return out;
}

/**
 * Digits after the point to state `value` with: `preferred`, or another of 0–2 so that it keeps two
 * significant digits and does not sit on a rounding edge (where float noise could tip it either way). Never
 * three: "21.875" reads as a thousands group in some locales. Null when no choice fits.
 */
export function decimalsFor(value: number, preferred: number): number | null {
  const size = Math.abs(value);
  const onEdge = (digits: number) => {
    const scaled = size * 10 ** digits;
    return Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6;
  };
  // Beyond a hundred, a second decimal is noise a reporter would not write.
  const first = size >= 100 ? Math.min(preferred, 1) : preferred;
  for (const d of [first, first + 1, first - 1, 0, 1, 2])
    if (d >= 0 && d <= 2 && size >= 10 ** (1 - d) && !onEdge(d)) return d;
  return null;
}

/** Half a unit of the last digit `decimals` writes. */
export function toleranceOf(decimals: number): number {
  return 0.5 * 10 ** -decimals;
}

/**
 * A stated value moved well beyond its tolerance: up by half its size (at least six tolerances), or down
 * when up would pass `max` (a share over 100%, a "lower than" percentage over 100). Null when neither way
 * leaves a positive number.
 */
export function movedValue(stated: number, decimals: number, max?: number): number | null {
  const tol = toleranceOf(decimals);
  const step = Math.max(0.5 * Math.abs(stated), 6 * tol);
  const up = Number((Math.abs(stated) + step).toFixed(decimals));
  if (max === undefined || up < max) return up;
  const down = Number((Math.abs(stated) - step).toFixed(decimals));
  return down >= 2 * tol ? down : null;
}
