import type { ExtractionMethod } from '../../../shared/api/extract';
import { periodOf } from '../../../shared/structure';
import { METHOD_WORDING } from '../ui/extraction-codes';
import type { FigureLabels, PickedOperand } from '../ui-store';

// How a figure of a source reads in the check column: its value, unit, scale, where it sits and how it
// was read. Locale-free digits ("," groups thousands, "." is decimal) so a reader can redo the sums.

const SCALE_WORDS: Record<number, string> = {
  1e3: 'thousands',
  1e6: 'millions',
  1e9: 'billions',
  1e12: 'trillions',
};

const SCALE_SUFFIXES: Record<number, string> = {
  1e3: ' thousand',
  1e6: ' million',
  1e9: ' billion',
  1e12: ' trillion',
};

/** A number with grouped thousands and at most `maxDecimals` decimals (exactly `decimals` when given). */
export function formatNumber(value: number, decimals?: number, maxDecimals = 10): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals ?? 0,
    maximumFractionDigits: decimals ?? maxDecimals,
    useGrouping: true,
  }).format(value);
}

/** The scale in words: "millions (× 1,000,000)". */
export function scaleWording(scale: number): string {
  if (scale === 1) return 'as written (× 1)';
  return `${SCALE_WORDS[scale] ?? 'scaled'} (× ${formatNumber(scale)})`;
}

/** The unit in words; a figure with no unit says so. */
export function unitWording(unit: string | null): string {
  if (unit === null) return 'none';
  if (unit === '%') return 'percent (%)';
  if (unit === 'pp') return 'percentage points (pp)';
  if (unit === 'bp') return 'basis points (bp)';
  return unit;
}

/**
 * An amount in a unit, at a scale: "12.0%", "0.40 pp", "4.20 billion USD". `scale` divides the value
 * (a value of 4.2e9 at scale 1e9 reads "4.2 billion").
 */
export function formatAmount(value: number, unit: string | null, decimals?: number, scale = 1): string {
  const suffix = scale === 1 ? '' : (SCALE_SUFFIXES[scale] ?? ` × ${formatNumber(scale)}`);
  const digits = formatNumber(value / scale, decimals);
  if (unit === '%') return `${digits}%${suffix}`;
  if (unit === null) return `${digits}${suffix}`;
  return `${digits}${suffix} ${unit}`;
}

/** Where the figure sits: "page 3", or "sheet “Revenue”, cell B7". */
export function figureLocation(operand: PickedOperand): string {
  if (operand.unitKind === 'sheet') {
    const cell = operand.figure.position.kind === 'cell' ? `, cell ${operand.figure.position.ref}` : '';
    const sheet = operand.sheetName === null ? `sheet ${operand.unitIndex}` : `sheet “${operand.sheetName}”`;
    return `${sheet}${cell}`;
  }
  return `page ${operand.unitIndex}`;
}

/** How the unit holding the figure was read: "text layer", "OCR", "spreadsheet cells". */
export function readingWording(method: string): string {
  return METHOD_WORDING[method as ExtractionMethod] ?? method;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A normalised period label as people write it: a month ("2015-11") in words, "November 2015"; a year,
 * fiscal year, quarter, half or split year ("2023", "FY2023", "Q3 2024", "H1 2024", "2019/20") as it is.
 */
export function periodWording(period: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  const name = month === null ? undefined : MONTH_NAMES[Number(month[2]) - 1];
  return month === null || name === undefined ? period : `${name} ${month[1]}`;
}

/** Text compared loosely: case and spaces aside. */
const loose = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** Whether a label already names the period ("2023" over a 2023 figure, "Nov 2015" for 2015-11). */
function namesPeriod(label: string, period: string): boolean {
  const text = loose(label);
  return (
    periodOf(label) === period || text.includes(loose(period)) || text.includes(loose(periodWording(period)))
  );
}

/**
 * A figure's labels as one line, row, column, then the period they name when neither label already says
 * it ("Texas · Handgun · November 2015", "Revenue · 2024"); null when the structure shows none.
 */
export function labelsWording(labels: FigureLabels | null | undefined): string | null {
  if (!labels) return null;
  const parts = [labels.row, labels.column].filter((l): l is string => l !== null && l.trim() !== '');
  const period = labels.period;
  if (period !== null && period.trim() !== '' && !parts.some((label) => namesPeriod(label, period)))
    parts.push(periodWording(period));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** A figure by its labels and as written: "Texas · Handgun, 56,941", or the raw figure alone. */
export function figureWithLabels(raw: string, labels: FigureLabels | null | undefined): string {
  const named = labelsWording(labels);
  return named === null ? raw : `${named}, ${raw}`;
}
