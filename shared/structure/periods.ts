// The periods reader of the numeric check (service/numeric/RULES.md, "Periods"): the one place a period is
// read from text, for a claim ("in 2019", "FY19", "the year ended 31 March 2019", "Q3 2019") and for the
// labels around a source figure (column and row headers). A period is read to a normalised label and
// compared by its span of months; what cannot be told apart (a quarter against its own year) is left open.

/** year: a calendar or unnamed year ("2019"); fiscal: "FY2019"; split: "2019/20"; quarter, half, month. */
export type PeriodKind = 'year' | 'fiscal' | 'split' | 'quarter' | 'half' | 'month';

export interface Period {
  kind: PeriodKind;
  /** The year it is named for: the year for year/fiscal, the second year of a split ("2019/20" → 2020). */
  year: number;
  /** Quarter (1–4), half (1–2) or month (1–12); 0 for the others. */
  n: number;
  /** Normalised: "2019", "FY2019", "2019/20", "Q3 2019", "H1 2019", "2019-03". */
  label: string;
}

/** A period as written in a text, with where: `text.slice(start, end)` is what was read. */
export interface PeriodMention extends Period {
  start: number;
  end: number;
  text: string;
}

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
};

// A four-digit year that is not part of a longer number, an amount or a percentage.
const YEAR = String.raw`(?<![\d.,$€£¥'’\p{L}])((?:19|20)\d{2})(?![\d%\p{L}]|[.,]\d)`;
// A year written in four or two digits ("FY19", "Q3'24").
const YEAR_OR_SHORT = String.raw`['’]?((?:19|20)\d{2}|\d{2})(?![\d%]|[.,]\d)`;
const DAY = String.raw`(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?`;
const SP = String.raw`[\s\u00a0]+`;

const monthOf = (word: string): number =>
  MONTHS[word.toLowerCase().replace('.', '').slice(0, 4)] ?? MONTHS[word.toLowerCase().slice(0, 3)] ?? 0;
const fullYear = (text: string): number => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** The normalised label of a period. */
export function labelOf(kind: PeriodKind, year: number, n = 0): string {
  switch (kind) {
    case 'year':
      return String(year);
    case 'fiscal':
      return `FY${year}`;
    case 'split':
      return `${year - 1}/${String(year).slice(-2)}`;
    case 'quarter':
      return `Q${n} ${year}`;
    case 'half':
      return `H${n} ${year}`;
    case 'month':
      return `${year}-${String(n).padStart(2, '0')}`;
  }
}

const period = (kind: PeriodKind, year: number, n = 0): Period => ({
  kind,
  year,
  n,
  label: labelOf(kind, year, n),
});

/** The period a span of months ending in `month` of `year` names ("three months ended September 30"). */
function ended(months: number, month: number, year: number): Period | null {
  if (months === 12) return month === 12 ? period('year', year) : period('fiscal', year);
  if (months === 6 && month % 6 === 0) return period('half', year, month / 6);
  if (months === 3 && month % 3 === 0) return period('quarter', year, month / 3);
  return null;
}

/** A date's month and year: "December 31, 2019", "31 Dec 2019", "2019-12-31", "31/12/2019", "12/31/2019". */
const DATE_FORMS: readonly {
  re: string;
  read: (m: RegExpExecArray, at: number) => [number, number] | null;
}[] = [
  { re: `${MONTH}${SP}${DAY},?${SP}${YEAR}`, read: (m, i) => [monthOf(m[i]!), Number(m[i + 1])] },
  { re: `${DAY}(?:${SP}of)?${SP}${MONTH},?${SP}${YEAR}`, read: (m, i) => [monthOf(m[i]!), Number(m[i + 1])] },
  {
    re: String.raw`(?<![\d.,/])((?:19|20)\d{2})-(0?[1-9]|1[0-2])-(?:[12]\d|3[01]|0?[1-9])(?![\d])`,
    read: (m, i) => [Number(m[i + 1]), Number(m[i])],
  },
  {
    // 31/12/2019, 31.12.2019, 12/31/2019: the month is the part that cannot be a day over 12, else unknown.
    re: String.raw`(?<![\d.,/])(\d{1,2})([./-])(\d{1,2})\2((?:19|20)\d{2})(?![\d])`,
    read: (m, i) => {
      const a = Number(m[i]);
      const b = Number(m[i + 2]);
      const month = a > 12 && b <= 12 ? b : b > 12 && a <= 12 ? a : a === b ? a : 0;
      return [month, Number(m[i + 3])];
    },
  },
];

interface Form {
  re: RegExp;
  read: (m: RegExpExecArray) => Period | null;
}

function dateForm(
  prefix: string,
  groupsBefore: number,
  read: (month: number, year: number, m: RegExpExecArray) => Period | null,
): Form[] {
  return DATE_FORMS.map((d) => ({
    re: new RegExp(`${prefix}${d.re}`, 'giu'),
    read: (m: RegExpExecArray) => {
      const my = d.read(m, groupsBefore + 1);
      return my === null || my[0] === 0 ? null : read(my[0], my[1], m);
    },
  }));
}

const FORMS: readonly Form[] = [
  // "the year ended 31 March 2019", "twelve months ended December 31, 2019", "three months ended June 30, 2019"
  ...dateForm(
    String.raw`\b(?:(?:fiscal\s+|financial\s+)?years?|(twelve|12|six|6|three|3|nine|9)\s+months|(?:fiscal\s+)?quarters?|half[\s-]years?)${SP}(?:ended|ending)${SP}(?:on${SP})?`,
    1,
    (month, year, m) => {
      const word = (m[1] ?? '').toLowerCase();
      const head = m[0].toLowerCase();
      const months = /quarter/.test(head)
        ? 3
        : /half/.test(head)
          ? 6
          : word === ''
            ? 12
            : ({ twelve: 12, '12': 12, six: 6, '6': 6, three: 3, '3': 3 } as Record<string, number>)[word];
      return months === undefined ? null : ended(months, month, year);
    },
  ),
  // Q3 2024, Q3 FY2024, 3Q24, Q3'24, Q3-2024
  {
    re: new RegExp(String.raw`\b(?:Q([1-4])|([1-4])Q)[\s-]*(?:of\s+)?(?:FY\s*)?${YEAR_OR_SHORT}`, 'giu'),
    read: (m) => period('quarter', fullYear(m[3]!), Number(m[1] ?? m[2])),
  },
  // third quarter (of) (fiscal) 2024
  {
    re: new RegExp(
      String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(?:(?:the\s+)?fiscal\s+(?:year\s+)?|FY\s*)?${YEAR}`,
      'giu',
    ),
    read: (m) => period('quarter', Number(m[2]), ORDINALS[m[1]!.toLowerCase()] ?? 0),
  },
  // H1 2024, 1H24, H1 FY2024
  {
    re: new RegExp(String.raw`\b(?:H([12])|([12])H)[\s-]*(?:FY\s*)?${YEAR_OR_SHORT}`, 'giu'),
    read: (m) => period('half', fullYear(m[3]!), Number(m[1] ?? m[2])),
  },
  // first half (of) 2024
  {
    re: new RegExp(
      String.raw`\b(first|second|1st|2nd)\s+half\s+(?:of\s+)?(?:(?:the\s+)?fiscal\s+(?:year\s+)?|FY\s*)?${YEAR}`,
      'giu',
    ),
    read: (m) => period('half', Number(m[2]), ORDINALS[m[1]!.toLowerCase()] ?? 0),
  },
  // FY2023/24, fiscal 2023/24 (a split fiscal year)
  {
    re: new RegExp(
      String.raw`\b(?:FY\s*|fiscal\s+(?:year\s+)?)((?:19|20)\d{2})\s*[/–-]\s*(\d{4}|\d{2})(?![\d%])`,
      'giu',
    ),
    read: (m) => split(m[1]!, m[2]!),
  },
  // FY2023, FY 2023, FY23, FY'23, fiscal 2023, fiscal year 2023
  {
    re: new RegExp(String.raw`\b(?:FY\s*${YEAR_OR_SHORT}|fiscal\s+(?:year\s+)?${YEAR})`, 'giu'),
    read: (m) => period('fiscal', fullYear(m[1] ?? m[2]!)),
  },
  // A date: the year it falls in ("as at 31 December 2019" → 2019)
  ...dateForm('', 0, (_month, year) => period('year', year)),
  // 2023/24, 2023-24, 2023/2024 (a split year); "2019-2023" spans years: not one period
  {
    re: new RegExp(String.raw`${YEAR}\s*[/–-]\s*(\d{4}|\d{2})(?![\d%])`, 'gu'),
    read: (m) => split(m[1]!, m[2]!),
  },
  // March 2019, Mar. 2019, November - 2015 (a statistical release's heading), March, 2019
  {
    re: new RegExp(String.raw`\b${MONTH}(?:\s*[-–,]\s*|${SP})${YEAR}`, 'giu'),
    read: (m) => period('month', Number(m[2]), monthOf(m[1]!)),
  },
  { re: new RegExp(YEAR, 'gu'), read: (m) => period('year', Number(m[1])) },
];

/** "2019/20", "2019-2020": one year that runs across two (a fiscal or school year); else null. */
function split(first: string, second: string): Period | null {
  const a = Number(first);
  const b = second.length === 2 ? Math.floor(a / 100) * 100 + Number(second) : Number(second);
  return b === a + 1 ? period('split', b) : null;
}

/** Every period written in `text`, each once (more specific forms first; a year inside one is not another). */
export function periodMentions(
  text: string,
  skip: readonly (readonly [number, number])[] = [],
): PeriodMention[] {
  const found: PeriodMention[] = [];
  const taken: [number, number][] = skip.map(([s, e]) => [s, e]);
  const overlaps = (start: number, end: number) => taken.some(([s, e]) => start < e && end > s);
  for (const { re, read } of FORMS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(start, end)) continue;
      taken.push([start, end]);
      const p = read(m);
      if (p !== null) found.push({ ...p, start, end, text: m[0] });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The one period a label shows, normalised ("Year ended December 31, 2019" → "2019", "Q3 FY24" →
 * "Q3 2024"); null when it shows none or more than one ("2019 vs 2018").
 */
export function periodOf(text: string | null): string | null {
  if (text === null) return null;
  const known = periodOfText.get(text);
  if (known !== undefined) return known;
  // A header whose year is set letter-spaced ("2 0 1 8") names that year.
  const joined = text.replace(/(?<![\d.,])([12]) ([09]) (\d) (\d)(?![\d.,])/g, '$1$2$3$4');
  const labels = new Set(periodMentions(joined).map((p) => p.label));
  const found = labels.size === 1 ? [...labels][0]! : null;
  if (periodOfText.size >= PERIOD_OF_TEXTS) periodOfText.clear();
  periodOfText.set(text, found);
  return found;
}

/**
 * periodOf's answers by text: every cell of a sheet is asked whether it is a period each time its sheet
 * is read into a grid, and tables repeat their headers ("2019", "Total") from sheet to sheet.
 */
const periodOfText = new Map<string, string | null>();
const PERIOD_OF_TEXTS = 50_000;

/** A normalised label ("2019", "FY2019", "Q3 2019", "2019/20", "H1 2019", "2019-03") read back; null if none. */
export function parsePeriod(label: string | null): Period | null {
  if (label === null) return null;
  const t = label.trim();
  let m: RegExpExecArray | null;
  if ((m = /^((?:19|20)\d{2})$/.exec(t))) return period('year', Number(m[1]));
  if ((m = /^FY((?:19|20)\d{2})$/.exec(t))) return period('fiscal', Number(m[1]));
  if ((m = /^((?:19|20)\d{2})\/(\d{2})$/.exec(t))) return split(m[1]!, m[2]!);
  if ((m = /^Q([1-4]) ((?:19|20)\d{2})$/.exec(t))) return period('quarter', Number(m[2]), Number(m[1]));
  if ((m = /^H([12]) ((?:19|20)\d{2})$/.exec(t))) return period('half', Number(m[2]), Number(m[1]));
  if ((m = /^((?:19|20)\d{2})-(0[1-9]|1[0-2])$/.exec(t))) return period('month', Number(m[1]), Number(m[2]));
  // Anything else: the one period the text names.
  const found = periodMentions(t);
  return found.length === 1 && found[0]!.text.length >= t.length - 1 ? stripMention(found[0]!) : null;
}

const stripMention = (p: PeriodMention): Period => ({ kind: p.kind, year: p.year, n: p.n, label: p.label });

/** A quarter or half named without its year in a column header ("Q3", "H1", "third quarter"). */
export function yearlessPart(text: string): { kind: 'quarter' | 'half'; n: number } | null {
  const q = /^\s*(?:Q([1-4])|([1-4])Q|(first|second|third|fourth)\s+quarter)\s*$/i.exec(text);
  if (q) return { kind: 'quarter', n: Number(q[1] ?? q[2] ?? ORDINALS[q[3]!.toLowerCase()]) };
  const h = /^\s*(?:H([12])|([12])H|(first|second)\s+half)\s*$/i.exec(text);
  if (h) return { kind: 'half', n: Number(h[1] ?? h[2] ?? ORDINALS[h[3]!.toLowerCase()]) };
  return null;
}

/** "Q3" under "2024": the quarter of that year. */
export function withYear(part: { kind: 'quarter' | 'half'; n: number }, year: Period): Period | null {
  if (year.kind !== 'year' && year.kind !== 'fiscal') return null;
  return period(part.kind, year.year, part.n);
}

// --- comparing periods ----------------------------------------------------------------------------

/** Months covered, as [first, last] on a month count. Fiscal years and splits have no known months. */
function months(p: Period): [number, number] | null {
  const base = p.year * 12;
  switch (p.kind) {
    case 'year':
      return [base, base + 11];
    case 'quarter':
      return [base + 3 * (p.n - 1), base + 3 * p.n - 1];
    case 'half':
      return [base + 6 * (p.n - 1), base + 6 * p.n - 1];
    case 'month':
      return [base + p.n - 1, base + p.n - 1];
    default:
      return null;
  }
}

const yearLike = (p: Period) => p.kind === 'year' || p.kind === 'fiscal';

/**
 * same: the two name one period ("2019", "FY2019", "year ended 31 March 2019" are one year: a table's year
 * column is its company's fiscal year); different: they cannot be the same period; overlap: one may lie
 * within the other (a quarter and its year, "2019/20" and 2020), which code does not decide.
 */
export function relate(a: Period, b: Period): 'same' | 'different' | 'overlap' {
  if (yearLike(a) && yearLike(b)) return a.year === b.year ? 'same' : 'different';
  if (a.kind === 'split' || b.kind === 'split') {
    if (a.kind === 'split' && b.kind === 'split') return a.year === b.year ? 'same' : 'different';
    const s = a.kind === 'split' ? a : b;
    const o = a.kind === 'split' ? b : a;
    if (o.kind === 'fiscal') return o.year === s.year ? 'same' : 'different';
    return o.year === s.year || o.year === s.year - 1 ? 'overlap' : 'different';
  }
  const ma = months(a.kind === 'fiscal' ? { ...a, kind: 'year' } : a);
  const mb = months(b.kind === 'fiscal' ? { ...b, kind: 'year' } : b);
  if (ma === null || mb === null) return 'overlap';
  if (ma[0] === mb[0] && ma[1] === mb[1])
    return a.kind === 'fiscal' || b.kind === 'fiscal' ? 'overlap' : 'same';
  if (ma[1] < mb[0] || mb[1] < ma[0]) {
    // A fiscal year's months are not known: a quarter of the next calendar year may still lie in it.
    if ((a.kind === 'fiscal' || b.kind === 'fiscal') && Math.abs(a.year - b.year) <= 1) return 'overlap';
    return 'different';
  }
  return 'overlap';
}

/** The calendar years a period may touch: a fiscal or split year named for Y may begin in Y − 1. */
function years(p: Period): [number, number] {
  return p.kind === 'fiscal' || p.kind === 'split' ? [p.year - 1, p.year] : [p.year, p.year];
}

/**
 * Chronological order of two periods: -1 when a is earlier, 0 the same, 1 later; null when code cannot
 * tell (periods of different kinds that may overlap).
 */
export function order(a: Period, b: Period): -1 | 0 | 1 | null {
  const kindOf = (p: Period) => (p.kind === 'fiscal' ? 'year' : p.kind);
  if (kindOf(a) === kindOf(b)) {
    const d = a.year !== b.year ? a.year - b.year : a.n - b.n;
    return d < 0 ? -1 : d > 0 ? 1 : 0;
  }
  const [a0, a1] = years(a);
  const [b0, b1] = years(b);
  if (a1 < b0) return -1;
  if (b1 < a0) return 1;
  return null;
}

/** The period just before `p` of the same kind (2019 → 2018, Q1 2019 → Q4 2018), and a year before. */
export function previous(p: Period, by: 'step' | 'year'): Period {
  if (by === 'year' || p.kind === 'year' || p.kind === 'fiscal' || p.kind === 'split')
    return period(p.kind, p.year - 1, p.n);
  const per = p.kind === 'quarter' ? 4 : p.kind === 'half' ? 2 : 12;
  return p.n > 1 ? period(p.kind, p.year, p.n - 1) : period(p.kind, p.year - 1, per);
}

// --- what a claim says of periods -------------------------------------------------------------------

/** Periods named relative to now or to another ("last year", "a year earlier"): left to a person. */
export const RELATIVE_PERIOD =
  /(?<![\p{L}\p{N}])(?:(?:last|previous|prior|preceding|past|this|current|next|same)\s+(?:fiscal\s+|financial\s+)?(?:year|quarter|half|period|month)|(?:a|one)\s+year\s+(?:earlier|ago|before|previously)|year[\s-]+ago|the\s+year\s+before|(?:the\s+)?(?:first|second)\s+half(?!\s+(?:of\s+)?(?:fiscal\s+|FY\s*)?(?:19|20)\d{2})|(?:first|second|third|fourth)\s+quarter(?!\s+(?:of\s+)?(?:the\s+)?(?:fiscal\s+|FY\s*)?(?:19|20)\d{2})|(?<![\p{L}])[QH][1-4](?!\s*(?:FY\s*)?['’]?\d))(?![\p{L}\p{N}])/iu;

/** "year on year", "y/y", "yoy", "from a year earlier": the base is the same period a year before. */
export const YEAR_ON_YEAR =
  /(?<![\p{L}\p{N}])(?:year[\s-]+on[\s-]+year|year[\s-]+over[\s-]+year|yoy|y\/y)(?![\p{L}\p{N}])/iu;
/** "quarter on quarter", "sequentially": the base is the period just before. */
export const SEQUENTIAL =
  /(?<![\p{L}\p{N}])(?:quarter[\s-]+on[\s-]+quarter|quarter[\s-]+over[\s-]+quarter|q\/q|qoq|sequential(?:ly)?)(?![\p{L}\p{N}])/iu;

export interface ClaimPeriods {
  /** Periods the claim names, in the order written. */
  named: PeriodMention[];
  /** A relative period ("last year", "the first half" without a year): what it names is left to a person. */
  relative: string | null;
  /** The claim compares with the same period a year earlier ("year on year"). */
  yearOnYear: boolean;
  /** The claim compares with the period just before ("quarter on quarter", "sequentially"). */
  sequential: boolean;
}

/** The periods a claim names, skipping the spans of its numbers (`skip`). */
export function claimPeriods(text: string, skip: readonly (readonly [number, number])[] = []): ClaimPeriods {
  const named = periodMentions(text, skip);
  const relative = RELATIVE_PERIOD.exec(text)?.[0] ?? null;
  return { named, relative, yearOnYear: YEAR_ON_YEAR.test(text), sequential: SEQUENTIAL.test(text) };
}
