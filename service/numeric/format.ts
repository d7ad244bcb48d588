// Number display for reasons a person redoes by hand. Locale-free: "," groups thousands, "." is decimal,
// "−" (U+2212) is minus.

const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', INR: '₹' };

/** `x` with at most `decimals` decimals (trailing zeros trimmed unless `fixed`), thousands grouped. */
export function num(x: number, decimals = 4, fixed = false): string {
  if (!Number.isFinite(x)) return String(x);
  const d = Math.max(0, Math.min(12, decimals));
  let s = Math.abs(x).toFixed(d);
  if (!fixed && s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  const [int = '0', frac] = s.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = frac === undefined ? grouped : `${grouped}.${frac}`;
  return x < 0 && Number(s) !== 0 ? `−${body}` : body;
}

/** An amount in its unit with a compact scale: "$1.12bn", "€300m", "1,120", "12%", "25 bp". */
export function amount(x: number, unit: string | null, decimals = 4): string {
  if (unit === '%') return `${num(x, decimals)}%`;
  if (unit === 'pp') return `${num(x, decimals)} pp`;
  if (unit === 'bp') return `${num(x, decimals)} bp`;
  const abs = Math.abs(x);
  let scaled = x;
  let suffix = '';
  if (abs >= 1e12) [scaled, suffix] = [x / 1e12, 'tn'];
  else if (abs >= 1e9) [scaled, suffix] = [x / 1e9, 'bn'];
  else if (abs >= 1e6) [scaled, suffix] = [x / 1e6, 'm'];
  const body = `${num(scaled, decimals + (suffix ? 2 : 0))}${suffix}`;
  if (unit === null) return body;
  const symbol = SYMBOLS[unit];
  const negative = body.startsWith('−');
  const bare = negative ? body.slice(1) : body;
  const withUnit = symbol !== undefined ? `${symbol}${bare}` : `${unit} ${bare}`;
  return negative ? `−${withUnit}` : withUnit;
}
