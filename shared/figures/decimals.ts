/**
 * Digits after the decimal point of a number in its shortest JavaScript form (`String(value)`), or null
 * when that form is exponential (1e-7, 1e21) and has no plain decimals to count. Not the decimals a
 * person wrote: "1.50" is 1.5 here (service/numeric/tolerance.ts `writtenDecimals` reads those).
 */
export function decimalPlaces(value: number): number | null {
  const text = String(Math.abs(value));
  if (/e/i.test(text)) return null;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
