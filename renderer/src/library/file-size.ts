const UNITS = ['kB', 'MB', 'GB'] as const;

/**
 * A byte count as people read it, in decimal units like the 50 MB ceiling (MAX_ASSET_BYTES):
 * `812 B`, `4.2 kB`, `60 MB`.
 */
export function humanSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${rounded} ${UNITS[unit]}`;
}
