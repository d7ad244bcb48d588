import type { UnitClass } from '../api';

// The words and symbols the figure finder knows (RULES.md). Kept as data so the rules table and the code
// cannot drift: every entry here is a row or an example there.

/** Currency symbols written before (or after) a number. "$" alone is read as US dollars. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  US$: 'USD',
  'U.S.$': 'USD',
  A$: 'AUD',
  AU$: 'AUD',
  C$: 'CAD',
  CA$: 'CAD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
  R$: 'BRL',
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₦': 'NGN',
  '₪': 'ILS',
  '₱': 'PHP',
};

/** ISO 4217 codes read before or after a number (upper case only: "usd" is not read). RMB is CNY. */
export const CURRENCY_CODES: Readonly<Record<string, string>> = Object.fromEntries([
  ...[
    'USD',
    'EUR',
    'GBP',
    'JPY',
    'CNY',
    'CHF',
    'CAD',
    'AUD',
    'NZD',
    'HKD',
    'SGD',
    'INR',
    'BRL',
    'MXN',
    'ZAR',
    'SEK',
    'NOK',
    'DKK',
    'PLN',
    'CZK',
    'HUF',
    'RUB',
    'TRY',
    'KRW',
    'NGN',
    'KES',
    'ILS',
    'SAR',
    'AED',
  ].map((code) => [code, code]),
  ['RMB', 'CNY'],
]);

/** Currency words read after a number ("5 million dollars"); matched case-insensitively, longest first. */
export const CURRENCY_WORDS: readonly (readonly [string, string])[] = [
  ['US dollars', 'USD'],
  ['US dollar', 'USD'],
  ['U.S. dollars', 'USD'],
  ['dollars', 'USD'],
  ['dollar', 'USD'],
  ['euros', 'EUR'],
  ['euro', 'EUR'],
  ['pounds sterling', 'GBP'],
  ['sterling', 'GBP'],
  ['yen', 'JPY'],
  ['yuan', 'CNY'],
  ['renminbi', 'CNY'],
  ['rupees', 'INR'],
  ['Swiss francs', 'CHF'],
];

/**
 * Minor units read after an amount in a currency ("3 dollars 50 cents", "£3 and 50p"): pence divide the
 * pound, cents every other currency; 100 to the major unit.
 */
export const MINOR_UNITS: Readonly<Record<string, 'pence' | 'cents'>> = {
  pence: 'pence',
  penny: 'pence',
  p: 'pence',
  cents: 'cents',
  cent: 'cents',
  '¢': 'cents',
};

/**
 * Scale words: may follow the number after a space or a hyphen ("$1.2 billion", "a $3-million deal").
 * "hundred" may be followed by a larger word ("5 hundred thousand" = 500,000).
 */
export const SCALE_WORDS: Readonly<Record<string, number>> = {
  hundred: 1e2,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
  // South Asian scale words: "₹500 crore" is ₹5bn, "2.5 lakh" is 250,000.
  lakh: 1e5,
  crore: 1e7,
};

/** Scale abbreviations read after any number, glued or after one space ("5bn", "5 bn"). */
export const SCALE_ABBREVIATIONS: Readonly<Record<string, number>> = {
  mn: 1e6,
  mln: 1e6,
  mil: 1e6,
  bn: 1e9,
  bln: 1e9,
  tn: 1e12,
  tln: 1e12,
  trn: 1e12,
};

/**
 * One-letter suffixes read as a scale on a number without a currency, glued or after one blank ("12k",
 * "2.33 k", "5m", "1.2b"). "m" may be metres and "b" a label ("phase 1b", "3b)"): RULES.md, Scale.
 */
export const SCALE_LETTERS: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9 };

/** Suffixes read as a scale only on a figure with a currency ("$5b", "$5 m", "$2T", "$5mm"). */
export const SCALE_LETTERS_CURRENCY: Readonly<Record<string, number>> = {
  k: 1e3,
  m: 1e6,
  mm: 1e6,
  b: 1e9,
  t: 1e12,
};

/** Month names (capitalised: "may" is a verb) used to recognise dates. */
export const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December|' +
  'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec';

/** Labels whose number is a reference, not a figure: "Table 3", "page 12", "Note 7". */
export const REFERENCE_LABELS_ANY_CASE = 'pages?|pp\\.|p\\.|§|versions?|ver\\.|nos?\\.';
export const REFERENCE_LABELS_CAPITALISED =
  'Tables?|Figures?|Figs?\\.|Charts?|Exhibits?|Notes?|Sections?|Chapters?|Appendix|Appendices|Annex|' +
  'Footnotes?|Slides?|Articles?|Art\\.|Paragraphs?|Para\\.|Clauses?|Schedules?|Parts?|Items?|' +
  // A level or tier in a label ("Level 2 assets", "Tier 1 capital") names a class, not an amount.
  'Levels?|Tiers?';

export function unitClassOf(unit: string | null): UnitClass {
  if (unit === null) return 'none';
  if (unit === '%') return 'percent';
  if (unit === 'pp') return 'percentage_point';
  if (unit === 'bp') return 'basis_point';
  if (/^[A-Z]{3}$/.test(unit)) return 'currency';
  return 'none';
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Alternation of the keys, longest first so that "US$" wins over "$". */
export function alternation(keys: Iterable<string>): string {
  return [...keys]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
}
