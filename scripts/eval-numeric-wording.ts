/**
 * How `npm run eval:numeric` words the periods of its claims: which periods a claim names and in what form
 * (used by the fixed-wordings section, scripts/eval-numeric-fixed.ts, and for period styles and seeds by
 * the wording families), chosen deterministically so every run words every claim the same way. Pure: no
 * I/O, no engine.
 *
 * A change names its periods in one of several forms ("from 2018 to 2019", "in 2019 compared
 * with 2018", "in 2019 versus 2018", "(2019) … (2018)", "year on year in 2019", "FY19", "fiscal 2019"), or
 * names none ("rose 5%"), or a relative one ("than last year"). Sums, differences, shares and ratios name
 * each operand's period next to its label ("X in 2019 … Y in 2018"), or none, or relative ones.
 */

/** A period as the operand context normalises it: "2019", "FY2019", "2019/20", "Q3 2019", "H1 2019", "2019-03". */
export interface PeriodParts {
  kind: 'year' | 'fiscal' | 'split' | 'quarter' | 'half' | 'month';
  year: number;
  /** Quarter, half or month number; 0 for the others. */
  n: number;
}

export function parsePeriodLabel(label: string): PeriodParts | null {
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})$/.exec(label))) return { kind: 'year', year: Number(m[1]), n: 0 };
  if ((m = /^FY(\d{4})$/.exec(label))) return { kind: 'fiscal', year: Number(m[1]), n: 0 };
  if ((m = /^(\d{4})\/(\d{2})$/.exec(label))) return { kind: 'split', year: Number(m[1]) + 1, n: 0 };
  if ((m = /^Q([1-4]) (\d{4})$/.exec(label))) return { kind: 'quarter', year: Number(m[2]), n: Number(m[1]) };
  if ((m = /^H([12]) (\d{4})$/.exec(label))) return { kind: 'half', year: Number(m[2]), n: Number(m[1]) };
  if ((m = /^(\d{4})-(\d{2})$/.exec(label))) return { kind: 'month', year: Number(m[1]), n: Number(m[2]) };
  return null;
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
];
const ORDINAL = ['', 'first', 'second', 'third', 'fourth'];

/**
 * How a period is written: `label` as the table shows it ("FY2019", "Q3 2019"; a month as "March 2019"),
 * `short` with a two-digit fiscal year ("FY19"), `words` spelled out ("fiscal 2019", "the third quarter of
 * 2019", "the first half of 2019").
 */
export type PeriodStyle = 'label' | 'short' | 'words';

export function renderPeriod(label: string, style: PeriodStyle): string {
  const p = parsePeriodLabel(label);
  if (p === null) return label;
  if (p.kind === 'month') return `${MONTH_NAMES[p.n - 1] ?? label} ${p.year}`;
  if (style === 'short' && p.kind === 'fiscal') return `FY${String(p.year).slice(-2)}`;
  if (style === 'words') {
    if (p.kind === 'fiscal') return `fiscal ${p.year}`;
    if (p.kind === 'quarter') return `the ${ORDINAL[p.n]} quarter of ${p.year}`;
    if (p.kind === 'half') return `the ${ORDINAL[p.n]} half of ${p.year}`;
  }
  return label;
}

/** `earlier` is the same kind of period exactly one year before `later` (2018 → 2019, Q3 2018 → Q3 2019). */
export function isPriorYear(earlier: string, later: string): boolean {
  const a = parsePeriodLabel(earlier);
  const b = parsePeriodLabel(later);
  return a !== null && b !== null && a.kind === b.kind && a.n === b.n && a.year + 1 === b.year;
}

/** FNV-1a of the text: the seed a question's wording is chosen by. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** One of `options`, the same one for the same seed on every run. */
export function pick<T>(seed: number, options: readonly T[]): T {
  if (options.length === 0) throw new Error('nothing to pick from');
  return options[seed % options.length]!;
}

// --- forms --------------------------------------------------------------------------------------------

/** How a change claim names its periods. */
export type ChangeForm =
  | 'from-to'
  | 'compared-with'
  | 'versus'
  | 'parenthesised'
  | 'year-on-year'
  | 'in-period'
  | 'none'
  | 'relative';

/** How a claim over two figures (sum, difference, share, ratio) names each one's period. */
export type PairForm = 'in' | 'parenthesised' | 'lead' | 'none' | 'relative';

export interface Wording<F extends string> {
  form: F;
  style: PeriodStyle;
  /** The wording names every operand's period (each operand shows one). */
  namesPeriods: boolean;
}

/** A short name for the wording, for the report: "from-to", "compared-with (FY19)". */
export function wordingName(w: Wording<string>): string {
  return w.style === 'label' ? w.form : `${w.form} (${w.style === 'short' ? 'FY19' : 'fiscal 2019'})`;
}

const kinds = (periods: readonly (string | null)[]) =>
  new Set(periods.map((p) => (p === null ? null : (parsePeriodLabel(p)?.kind ?? 'other'))));

/** Styles that write the periods differently from their labels. */
export function extraStyles(periods: readonly (string | null)[]): PeriodStyle[] {
  const k = kinds(periods);
  const styles: PeriodStyle[] = [];
  if (k.has('fiscal')) styles.push('short');
  if (k.has('fiscal') || k.has('quarter') || k.has('half')) styles.push('words');
  return styles;
}

/** The wordings a change from `earlier` to `later` can take. */
export function changeWordings(earlier: string | null, later: string | null): Wording<ChangeForm>[] {
  const none: Wording<ChangeForm> = { form: 'none', style: 'label', namesPeriods: false };
  if (earlier === null || later === null) return [none];
  if (earlier === later) {
    const out: Wording<ChangeForm>[] = [{ form: 'in-period', style: 'label', namesPeriods: true }, none];
    for (const style of extraStyles([later])) out.push({ form: 'in-period', style, namesPeriods: true });
    return out;
  }
  const named = (form: ChangeForm, style: PeriodStyle = 'label'): Wording<ChangeForm> => ({
    form,
    style,
    namesPeriods: true,
  });
  const out = [named('from-to'), named('compared-with'), named('versus'), named('parenthesised'), none];
  if (isPriorYear(earlier, later)) {
    // "year on year in 2019" names the later year and implies the one before it.
    out.push(named('year-on-year'), { form: 'relative', style: 'label', namesPeriods: false });
  }
  for (const style of extraStyles([earlier, later]))
    out.push(named(style === 'short' ? 'from-to' : 'versus', style), named('compared-with', style));
  return out;
}

/** The wordings a claim over A (period `a`) and B (period `b`) can take. */
export function pairWordings(a: string | null, b: string | null): Wording<PairForm>[] {
  const none: Wording<PairForm> = { form: 'none', style: 'label', namesPeriods: false };
  if (a === null || b === null) return [none];
  const named = (form: PairForm, style: PeriodStyle = 'label'): Wording<PairForm> => ({
    form,
    style,
    namesPeriods: true,
  });
  const out = [named('in'), named('parenthesised'), none];
  if (a === b) out.push(named('lead'));
  if (a === b || isPriorYear(a, b) || isPriorYear(b, a))
    out.push({ form: 'relative', style: 'label', namesPeriods: false });
  for (const style of extraStyles([a, b])) out.push(named('in', style));
  return out;
}

// --- sentences ----------------------------------------------------------------------------------------

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A label continued mid-sentence: "Revenue" → "revenue", but "EBITDA" and "Q3 revenue" stay. */
export function midSentence(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

export interface ChangeClaim {
  subject: string;
  /** The amount of the change as the claim writes it: "5.2%", "$1,234 thousand". */
  amount: string;
  /** "%": written "rose 5%"; an amount: written "rose by $5 million". */
  percent: boolean;
  up: boolean;
  earlier: string | null;
  later: string | null;
}

/** The change claim in `wording`: "Revenue rose 5.2% in 2019 compared with 2018". */
export function wordChange(c: ChangeClaim, w: Wording<ChangeForm>): string {
  const move = `${c.up ? 'rose' : 'fell'} ${c.percent ? '' : 'by '}${c.amount}`;
  const at = (p: string | null) => (p === null ? '' : renderPeriod(p, w.style));
  const from = at(c.earlier);
  const to = at(c.later);
  switch (w.form) {
    case 'from-to':
      return `${c.subject} ${move} from ${from} to ${to}`;
    case 'compared-with':
      return `${c.subject} ${move} in ${to} compared with ${from}`;
    case 'versus':
      return `${c.subject} ${move} in ${to} versus ${from}`;
    case 'parenthesised':
      return `${c.subject} (${to}) ${move} over ${midSentence(c.subject)} (${from})`;
    case 'year-on-year':
      return `${c.subject} ${move} year on year in ${to}`;
    case 'in-period':
      return `${c.subject} ${move} in ${to}`;
    case 'relative':
      return `${c.subject} was ${c.amount} ${c.up ? 'higher' : 'lower'} than last year`;
    case 'none':
      return `${c.subject} ${move}`;
  }
}

export interface PairOperand {
  label: string;
  period: string | null;
}

/** How one operand is named in `wording`: "revenue in 2019", "revenue (FY19)", "revenue last year". */
export function nameOperand(o: PairOperand, other: PairOperand, w: Wording<PairForm>): string {
  if (o.period === null || w.form === 'none' || w.form === 'lead') return o.label;
  if (w.form === 'relative') {
    if (other.period !== null && isPriorYear(o.period, other.period)) return `${o.label} last year`;
    return `${o.label} this year`;
  }
  const p = renderPeriod(o.period, w.style);
  return w.form === 'parenthesised' ? `${o.label} (${p})` : `${o.label} in ${p}`;
}

/**
 * A claim over two operands with `body(a, b)` between them: "Revenue in 2019 was … than costs in 2018";
 * `lead` names their one period first ("In 2019, revenue was … costs"); a relative wording over one period
 * reads "This year, …".
 */
export function wordPair(
  a: PairOperand,
  b: PairOperand,
  w: Wording<PairForm>,
  body: (a: string, b: string) => string,
): string {
  if (w.form === 'lead' && a.period !== null)
    return `In ${renderPeriod(a.period, w.style)}, ${body(midSentence(a.label), b.label)}`;
  if (w.form === 'relative' && a.period !== null && a.period === b.period)
    return `This year, ${body(midSentence(a.label), b.label)}`;
  return capital(body(nameOperand(a, b, w), nameOperand(b, a, w)));
}

// --- numbers ------------------------------------------------------------------------------------------

/** The `p`th percentile (0–100) of `values` by nearest rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** "61.2%" of `n` over `of`; "–" when `of` is 0. */
export function pct(n: number, of: number): string {
  return of === 0 ? '–' : `${((100 * n) / of).toFixed(1)}%`;
}
