import type { UnitClass } from '../api';
import {
  alternation,
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  escapeRegExp,
  MINOR_UNITS,
  MONTHS,
  REFERENCE_LABELS_ANY_CASE,
  REFERENCE_LABELS_CAPITALISED,
  SCALE_ABBREVIATIONS,
  SCALE_LETTERS,
  SCALE_LETTERS_CURRENCY,
  SCALE_WORDS,
  unitClassOf,
} from './lexicon';
import { scaleNotes } from './notes';

export { findScaleNote, findScaleNotes, labelUnits, type ScaleException, type ScaleNote } from './notes';

// The figure finder: the one place the project reads numbers from text (numeric-semantics.md, Figures).
// Every rule is a row of shared/figures/RULES.md and a case of tests/shared/figures/golden.json.

export interface FindOptions {
  /** From a table or sheet scale note: applies to figures that carry no scale of their own. */
  scale?: number;
  /** From a table or sheet scale note: applies to figures that carry no unit of their own. */
  unit?: string | null;
  /** The document's decimal mark, when known. Unknown: inferred from the text's unambiguous tokens. */
  decimal?: '.' | ',';
  /**
   * The text is one table cell (a sheet's cell): an ordinary space inside it cannot separate two columns,
   * so "10 000" is one number, not ambiguous.
   */
  cell?: boolean;
  /**
   * Offsets in the text of blanks that separate two columns (from the page's geometry): digit groups are
   * never joined across one.
   */
  columnGaps?: ReadonlySet<number>;
}

export interface FoundFigure {
  raw: string;
  value: number;
  magnitude: number;
  sign: -1 | 1;
  scale: number;
  unit: string | null;
  unitClass: UnitClass;
  accounting: boolean;
  ambiguous: boolean;
  /** [start, end) of `raw` in the text: `text.slice(start, end) === raw`. */
  start: number;
  end: number;
}

/** How the digits and separators of a number are laid out; decides its possible readings. */
type Shape =
  | 'int' // 1234
  | 'comma3' // 1,234 — thousands (1234), or a decimal comma (1.234)
  | 'dot3' // 1.234 — a decimal point (1.234), or thousands (1234)
  | 'en' // 1,234,567 / 1,234.5 / 12,34,567: only readable with "." as the decimal mark
  | 'eu' // 1.234.567 / 1.234,5: only readable with "," as the decimal mark
  | 'decDot' // 3.5 / 0.234 / .5
  | 'decComma' // 3,5 / 0,234
  | 'spaced' // 1 234 567 (no-break or thin spaces), 1'234'567 (apostrophes): unambiguous grouping
  | 'blank' // 1 234 567 (ordinary spaces): one number; ambiguous unless the text shows the grouping
  | 'sci'; // 1.3e6, 2.5E-3, 1.2×10^6: scientific notation, read exactly

interface Draft {
  start: number;
  end: number;
  run: string;
  shape: Shape;
  sign: -1 | 1;
  signed: boolean;
  accounting: boolean;
  scale: number | null;
  unit: string | null;
  year: boolean;
  /** The decimal string when the run alone does not give it (scientific notation, major and minor units). */
  exact: string | null;
  /** 'blank' runs: how many three-digit groups follow the first, and whether a cell vouches for them. */
  groups: number;
  vouched: boolean;
  /** A lone "m" scale ("5m", "5 m") that may be metres unless a currency makes it money. */
  metre: boolean;
  /** A year followed by a currency ("2019 $", "2019 USD"): an amount, or a column header. */
  yearCurrency: boolean;
}

const SIGNS = new Set(['+', '-', '\u2212', '\u2013', '\u2012', '\ufe63', '\uff0d']);
const BLANK = /[ \t\u00a0]/;
const RUN = /\d+(?:(?:[.,]|[\u00a0\u2009\u202f'’](?=\d{3}(?!\d)))\d+)*|\.\d+/g;
const NOT_WORD = '(?![\\p{L}\\p{N}])';
const CURRENCY_PREFIXES: readonly (readonly [string, string])[] = [
  ...Object.entries(CURRENCY_SYMBOLS),
  ...Object.entries(CURRENCY_CODES),
].sort((a, b) => b[0].length - a[0].length);

function isLetter(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}_]/u.test(c);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

// ---------------------------------------------------------------------------------------------------
// Spans that hold no figures: dates, times, year periods, references, footnote markers, list markers and
// scale notes.

const DAY = '(?:[12]\\d|3[01]|0?[1-9])(?:st|nd|rd|th)?';
const MONTH = `(?:${MONTHS})\\.?`;
const YEAR_AFTER = '(?:,?[ \\t\\u00a0]+\\d{4}(?!\\d))?';
const NOT_NUMBER_AFTER = '(?![\\d%]|[.,]\\d)';

/**
 * What an exclusion cannot match without: a pattern is tried only on text that holds one of these
 * characters (most spreadsheet cells hold none of them, and skipping saves most of the finder's time).
 */
const NEEDS = new Map<RegExp, RegExp>();
const needs = (characters: RegExp, pattern: RegExp): RegExp => (NEEDS.set(pattern, characters), pattern);
const LETTER = /\p{L}/u;
const lettered = (pattern: RegExp): RegExp => needs(LETTER, pattern);

const EXCLUSIONS: readonly RegExp[] = [
  // ISO dates and date-times: 2024-01-05, 2024/01/05, 2024-01-05T10:30:00Z
  needs(
    /[-/.]/,
    /(?<![\d.,])\d{4}([-/.])\d{1,2}\1\d{1,2}(?:T\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?!\d)/g,
  ),
  // Day-month-year either way round: 5/1/2024, 05.01.2024, 5-1-24
  needs(
    /[-/.]/,
    /(?<![\d.,/])(?:0?[1-9]|[12]\d|3[01])([-/.])(?:0?[1-9]|[12]\d|3[01])\1(?:\d{4}|\d{2})(?![\d%]|[.,]\d)/g,
  ),
  // 13-Sep-11, 13‐SEP‐2011, 13/Sep/2011: a register's dates, day and year joined to the month
  lettered(new RegExp(`(?<![\\d.,])${DAY}([-‐‑/ ])${MONTH}\\1(?:\\d{4}|\\d{2})(?![\\d%]|[.,]\\d)`, 'giu')),
  // 5 January 2024, 5th of Jan, 5 Jan.
  lettered(
    new RegExp(`(?<![\\d.,])${DAY}(?:[ \\t\\u00a0]+of)?[ \\t\\u00a0]+${MONTH}(?!\\p{L})${YEAR_AFTER}`, 'gu'),
  ),
  // January 5, 2024; Jan. 5th
  lettered(
    new RegExp(`(?<!\\p{L})${MONTH}[ \\t\\u00a0]+${DAY}${NOT_NUMBER_AFTER}(?!\\p{L})${YEAR_AFTER}`, 'gu'),
  ),
  // Times: 10:30, 10:30:15, 9.30am, 3 pm, 10 a.m.
  needs(/:/, /(?<![\d.,:])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?[ap]\.?m\.?)?(?!\d)/gi),
  lettered(/(?<![\d.,])(?:1[0-2]|0?[1-9])(?:[.:][0-5]\d)?[ \u00a0]?(?:[ap]m|[ap]\.m\.)(?![\p{L}\p{N}])/giu),
  // Year periods: 2023/24, 2023-24, 2019–2020
  needs(
    /[-–—/]/,
    /(?<![\d.,$€£¥])(?:19|20)\d{2}[ \u00a0]?[-–—/][ \u00a0]?(?:(?:19|20)\d{2}|\d{2})(?![\d%]|[.,]\d)/g,
  ),
  // Phone numbers: +44 20 7946 0958, +1 (800) 555-0199, (555) 123-4567, 555-123-4567, 1-800-555-0199
  needs(
    /\+/,
    /(?<![\p{L}\p{N}+])\+\d{1,3}(?:[ \u00a0.-]?\(\d{1,4}\))?(?:[ \u00a0.-]\d{2,5}){1,4}[ \u00a0.-]\d{3,4}(?![\d%]|[.,]\d)/gu,
  ),
  needs(/\(/, /(?<![\p{L}\p{N}.,])(?:1[ \u00a0.-])?\(\d{3}\)[ \u00a0]?\d{3}[-.]\d{4}(?![\d%]|[.,]\d)/gu),
  needs(/[-.]/, /(?<![\p{L}\p{N}.,])(?:1[-.])?\d{3}([-.])\d{3}\1\d{4}(?![\d%]|[.,]\d)/gu),
  // Footnote markers: [1], [^2]
  needs(/\[/, /\[\^?\d+\]/g),
  // References: page 3, pp. 4-7, Table 2, Note 12, Section 4.1, Figures 3 and 4, page 3 of 10; a
  // capitalised label's number may start with letters ("Table A4-12", "Figure S2")
  // (§ label references too)
  needs(
    /[\p{L}§]/u,
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${REFERENCE_LABELS_ANY_CASE})[ \\t\\u00a0]*\\d+(?:\\.\\d+)*(?:[ \\t\\u00a0]*` +
        `(?:[-–—]|to|and|of)[ \\t\\u00a0]*\\d+(?:\\.\\d+)*)?`,
      'giu',
    ),
  ),
  // "#3": a rank or an item's number; "# 0.1" (a table's "rounds to zero" marker before a value) is a figure.
  needs(/#/, /#[ \t\u00a0]*\d+(?!\d|[.,]\d)/g),
  lettered(
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${REFERENCE_LABELS_CAPITALISED})[ \\t\\u00a0]*(?:[A-Z]{1,2}[-.]?)?\\d+(?:\\.\\d+)*[a-z]?(?:[ \\t\\u00a0]*` +
        `(?:[-–—]|to|and)[ \\t\\u00a0]*\\d+(?:\\.\\d+)*)?`,
      'gu',
    ),
  ),
  // A caption's label with a colon before its number ("Table: 5 Public Health Outlay")
  lettered(
    /(?<![\p{L}\p{N}])(?:Tables?|Figures?|Figs?\.|Charts?|Exhibits?):[ \t\u00a0]*(?:[A-Z]{1,2}[-.]?)?\d+(?:\.\d+)*[a-z]?(?![\p{N}%]|[.,]\d)/gu,
  ),
  // Numbered list markers at the start of a line: "1. Revenue", "2) Costs"
  needs(/[.)]/, /^[ \t>]*\d{1,3}[.)](?=[ \t]+[^\d\s])/gm),
];

function excludedMask(text: string): Uint8Array {
  const mask = new Uint8Array(text.length + 1);
  const block = (start: number, end: number) => mask.fill(1, start, end);
  const tested = new Map<RegExp, boolean>();
  for (const pattern of EXCLUSIONS) {
    const characters = NEEDS.get(pattern);
    if (characters !== undefined) {
      let holds = tested.get(characters);
      if (holds === undefined) tested.set(characters, (holds = characters.test(text)));
      if (!holds) continue;
    }
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      block(match.index, match.index + match[0].length);
      if (match[0].length === 0) pattern.lastIndex++;
    }
  }
  for (const note of scaleNotes(text)) block(note.start, note.end);
  return mask;
}

// ---------------------------------------------------------------------------------------------------
// Number shapes and readings.

function shapeOf(run: string): Shape | null {
  if (/^\d+$/.test(run)) return 'int';
  if (/^\.\d+$/.test(run)) return 'decDot';
  if (/^\d{1,3}(?:[\u00a0\u2009\u202f'’]\d{3})+(?:[.,]\d+)?$/.test(run)) return 'spaced';
  if (/^[1-9]\d{0,2},\d{3}$/.test(run)) return 'comma3';
  if (/^[1-9]\d{0,2}\.\d{3}$/.test(run)) return 'dot3';
  if (/^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?$/.test(run)) return 'en';
  if (/^[1-9]\d?(?:,\d{2})+,\d{3}(?:\.\d+)?$/.test(run)) return 'en';
  if (/^[1-9]\d{0,2}(?:\.\d{3})+(?:,\d+)?$/.test(run)) return 'eu';
  if (/^\d+\.\d+$/.test(run)) return 'decDot';
  if (/^\d+,\d+$/.test(run)) return 'decComma';
  return null;
}

/** The number as a plain decimal string ("1234.5"), read with "." (en) or "," (eu) as decimal mark. */
function reading(run: string, mark: '.' | ','): string {
  const plain = run.replace(/[\u00a0\u2009\u202f'’]/g, '');
  if (mark === '.') return plain.replace(/,/g, '');
  return plain.replace(/\./g, '').replace(/,/g, '.');
}

interface Convention {
  decimal: '.' | ',' | null;
  /** The stated decimal mark and the text's own tokens disagree, or the text's tokens disagree. */
  conflict: boolean;
}

interface Spacing {
  /** Numbers grouped with marks ("1,234", "1.234,5"): the text does not group with spaces. */
  marks: number;
  /** Numbers grouped with no-break or thin spaces, or with ordinary spaces in two or more groups. */
  spaces: number;
}

function spacingOf(drafts: readonly Draft[], c: Convention): Spacing {
  let marks = 0;
  let spaces = 0;
  for (const d of drafts) {
    if (d.shape === 'en' || d.shape === 'eu') marks++;
    else if (d.shape === 'comma3' && c.decimal !== ',') marks++;
    else if (d.shape === 'dot3' && c.decimal === ',') marks++;
    else if (d.shape === 'spaced' && /[\u00a0\u2009\u202f]/.test(d.run)) spaces++;
    else if (d.shape === 'blank' && d.groups >= 2) spaces++;
  }
  return { marks, spaces };
}

/**
 * "1 234 567" (ordinary spaces) is one number; it is ambiguous when the text groups with marks elsewhere
 * (the blanks may separate columns), and "10 000" (a single group) unless a cell or the text's other
 * numbers show the spaces group digits.
 */
function readBlank(d: Draft, spacing: Spacing): { text: string; ambiguous: boolean } {
  const text = d.run.replace(/ /g, '').replace(',', '.');
  if (spacing.marks > 0) return { text, ambiguous: true };
  if (d.groups >= 2) return { text, ambiguous: false };
  return { text, ambiguous: !d.vouched && spacing.spaces === 0 };
}

function conventionOf(drafts: readonly Draft[], stated: '.' | ',' | undefined): Convention {
  let en = 0;
  let eu = 0;
  let decComma = 0;
  for (const d of drafts) {
    if (d.shape === 'en' || d.shape === 'decDot') en++;
    if (d.shape === 'eu' || d.shape === 'decComma') eu++;
    if (d.shape === 'decComma') decComma++;
  }
  if (stated !== undefined) return { decimal: stated, conflict: stated === '.' ? eu > 0 : en > 0 };
  if (en > 0 && eu === 0) return { decimal: '.', conflict: false };
  // A lone "1,5" does not vouch for itself (numeric-semantics.md lists it as ambiguous): the decimal comma
  // is shown by a European-grouped number ("1.234.567", "1.234,5") or by two decimal-comma numbers.
  if (eu > 0 && en === 0) return { decimal: eu > decComma || decComma >= 2 ? ',' : null, conflict: false };
  return { decimal: null, conflict: en > 0 && eu > 0 };
}

/** The decimal string of a run and whether that reading is the only one (numeric-semantics.md). */
function read(run: string, shape: Shape, c: Convention): { text: string; ambiguous: boolean } {
  switch (shape) {
    case 'int':
      return { text: run, ambiguous: false };
    case 'spaced':
      return { text: run.replace(/[\u00a0\u2009\u202f'’]/g, '').replace(',', '.'), ambiguous: false };
    case 'blank':
      return { text: run.replace(/ /g, '').replace(',', '.'), ambiguous: true };
    case 'sci':
      return { text: run, ambiguous: false };
    case 'en':
      return { text: reading(run, '.'), ambiguous: c.decimal === ',' };
    case 'eu':
      return { text: reading(run, ','), ambiguous: c.decimal === '.' };
    case 'decDot':
      return { text: reading(run, '.'), ambiguous: c.decimal === ',' };
    case 'decComma':
      return { text: reading(run, ','), ambiguous: c.decimal !== ',' };
    case 'comma3':
      // English presumption when nothing says otherwise: "1,234" is 1234 unless the text is European.
      if (c.decimal === ',') return { text: reading(run, ','), ambiguous: c.conflict };
      return { text: reading(run, '.'), ambiguous: c.conflict };
    case 'dot3':
      if (c.decimal === ',') return { text: reading(run, ','), ambiguous: c.conflict };
      return { text: reading(run, '.'), ambiguous: c.decimal === null || c.conflict };
  }
}

// ---------------------------------------------------------------------------------------------------
// Suffixes: scale, then unit.

const SCALE_WORD_RE = new RegExp(
  `(?:[ \\u00a0]|-)?(${alternation(Object.keys(SCALE_WORDS))})s?${NOT_WORD}`,
  'iuy',
);
const SCALE_ABBR_RE = new RegExp(
  `[ \\u00a0]?(${alternation(Object.keys(SCALE_ABBREVIATIONS))})${NOT_WORD}(?!-\\p{L})`,
  'iuy',
);
const LARGER_WORD_RE = new RegExp(`(?:[ \\u00a0]|-)(thousand|million|billion|trillion)s?${NOT_WORD}`, 'iuy');
const SCALE_LETTER_RE = new RegExp(`([ \\u00a0]?)(k|K|m|M|b|B)${NOT_WORD}(?!-\\p{L})`, 'uy');
const SCALE_CURRENCY_RE = new RegExp(`[ \\u00a0]?(mm|MM|m|M|k|K|b|B|t|T)${NOT_WORD}(?!-\\p{L})`, 'uy');

const PP_RE = new RegExp(
  `(?:(?:[ \\u00a0]|-)?percent(?:age)?[ -]points?|[ \\u00a0]?(?:p\\.p\\.|ppts?|pp))${NOT_WORD}`,
  'iuy',
);
const BP_RE = new RegExp(
  `(?:(?:[ \\u00a0]|-)?basis[ -]points?|[ \\u00a0]?(?:bps|bp|bpts))${NOT_WORD}`,
  'iuy',
);
const PERCENT_RE = new RegExp(
  `(?:[ \\u00a0]?[%％]|(?:[ \\u00a0]|-)(?:percent|per[ -]cent|pct)${NOT_WORD})`,
  'iuy',
);
// A symbol after the number, unless it begins a word ("62,785,105 ¥Japan": a register's currency column).
const SYMBOL_AFTER_RE = new RegExp(
  `[ \\u00a0]?(${alternation(Object.keys(CURRENCY_SYMBOLS).filter((s) => s.length === 1))})(?![ \\u00a0]?[\\d.]|\\p{Lu}|\\p{L}{4})`,
  'uy',
);
const CODE_AFTER_RE = new RegExp(`[ \\u00a0]?(${alternation(Object.keys(CURRENCY_CODES))})${NOT_WORD}`, 'uy');
const WORD_AFTER_RE = new RegExp(
  `[ \\u00a0](${CURRENCY_WORDS.map(([w]) => escapeRegExp(w)).join('|')})${NOT_WORD}`,
  'iuy',
);

function matchAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

interface Scaled {
  scale: number;
  end: number;
  /** "m" without a currency: million, or metres. */
  metre: boolean;
  /** "1b", "3b)", "phase 1b": a whole number glued to "b" is a label, not a figure. */
  label: boolean;
}

const scaled = (scale: number, end: number, metre = false): Scaled => ({ scale, end, metre, label: false });

function scaleAfter(text: string, at: number, currency: boolean, fractional: boolean): Scaled | null {
  let m = matchAt(SCALE_WORD_RE, text, at);
  if (m) {
    let scale = SCALE_WORDS[(m[1] ?? '').toLowerCase()] ?? 1;
    let end = at + m[0].length;
    // "5 hundred thousand": a hundred of a larger word.
    const larger = scale === 100 ? matchAt(LARGER_WORD_RE, text, end) : null;
    if (larger) {
      scale *= SCALE_WORDS[(larger[1] ?? '').toLowerCase()] ?? 1;
      end += larger[0].length;
    }
    return scaled(scale, end);
  }
  m = matchAt(SCALE_ABBR_RE, text, at);
  if (m) return scaled(SCALE_ABBREVIATIONS[(m[1] ?? '').toLowerCase()] ?? 1, at + m[0].length);
  if (currency) {
    m = matchAt(SCALE_CURRENCY_RE, text, at);
    if (m) return scaled(SCALE_LETTERS_CURRENCY[(m[1] ?? '').toLowerCase()] ?? 1, at + m[0].length);
    return null;
  }
  m = matchAt(SCALE_LETTER_RE, text, at);
  if (m === null) return null;
  const spaced = m[1] !== '';
  const letter = m[2] ?? '';
  const end = at + m[0].length;
  const scale = SCALE_LETTERS[letter.toLowerCase()] ?? 1;
  // "5m", "5 m": million or metres; "3M" glued is million (or mega), "5 M" spaced may be anything.
  if (letter === 'm' || (letter === 'M' && spaced)) return scaled(scale, end, true);
  if (letter === 'b' || letter === 'B') {
    // " b" after a blank is a letter, never a scale; "1.2b" is a scale; "1b", "3b)" are labels.
    if (spaced) return null;
    if (!fractional) return { scale, end, metre: false, label: true };
  }
  return scaled(scale, end);
}

function unitAfter(text: string, at: number, currency: boolean): { unit: string; end: number } | null {
  let m = matchAt(PP_RE, text, at);
  if (m) return { unit: 'pp', end: at + m[0].length };
  m = matchAt(BP_RE, text, at);
  if (m) return { unit: 'bp', end: at + m[0].length };
  m = matchAt(PERCENT_RE, text, at);
  if (m) return { unit: '%', end: at + m[0].length };
  if (currency) return null;
  m = matchAt(SYMBOL_AFTER_RE, text, at);
  if (m) return { unit: CURRENCY_SYMBOLS[m[1] ?? ''] ?? 'USD', end: at + m[0].length };
  m = matchAt(CODE_AFTER_RE, text, at);
  if (m) return { unit: CURRENCY_CODES[m[1] ?? ''] ?? 'USD', end: at + m[0].length };
  m = matchAt(WORD_AFTER_RE, text, at);
  if (m) {
    const word = (m[1] ?? '').toLowerCase();
    const code = CURRENCY_WORDS.find(([w]) => w.toLowerCase() === word)?.[1] ?? 'USD';
    return { unit: code, end: at + m[0].length };
  }
  return null;
}

const MINOR_RE = new RegExp(
  `[ \\u00a0]+(?:and[ \\u00a0]+)?(\\d{1,2})[ \\u00a0]?(${alternation(Object.keys(MINOR_UNITS))})${NOT_WORD}`,
  'iuy',
);

/** "3 dollars 50 cents", "£3 and 50p": the minor unit's digits and where it ends, or null. */
function minorAfter(text: string, at: number, unit: string): { digits: string; end: number } | null {
  const m = matchAt(MINOR_RE, text, at);
  if (m === null) return null;
  const kind = MINOR_UNITS[(m[2] ?? '').toLowerCase()];
  if ((kind === 'pence') !== (unit === 'GBP')) return null;
  return { digits: (m[1] ?? '').padStart(2, '0'), end: at + m[0].length };
}

const SUPERSCRIPT_DIGITS: Readonly<Record<string, string>> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
  '⁺': '+',
};
const EXPONENT_RE = /[eE]([+\-\u2212]?\d{1,3})(?![\p{L}\p{N}]|[.,]\d)/uy;
const TIMES_TEN_RE =
  /[ \u00a0]?[×xX*·][ \u00a0]?10(?:\^([+\-\u2212]?\d{1,3})|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))(?![\p{L}\p{N}]|[.,]\d)/uy;

/** "e10", "E-3", "×10^6", " x 10⁶" after a mantissa: the exponent and where it ends, or null. */
function exponentAfter(text: string, at: number): { exponent: string; end: number } | null {
  const c = text[at];
  let m: RegExpExecArray | null = null;
  if (c === 'e' || c === 'E') m = matchAt(EXPONENT_RE, text, at);
  else if (c === ' ' || c === '\u00a0' || c === '×' || c === 'x' || c === 'X' || c === '*' || c === '·')
    m = matchAt(TIMES_TEN_RE, text, at);
  if (m === null) return null;
  const written = m[1] ?? [...(m[2] ?? '')].map((d) => SUPERSCRIPT_DIGITS[d] ?? '').join('');
  return { exponent: written.replace('\u2212', '-'), end: at + m[0].length };
}

/**
 * "1 234 567" with ordinary spaces (RULES.md, Numbers): where the groups end and how many three-digit
 * groups follow the first, or null. A number one blank to the left or right means neighbouring columns
 * ("1,234 567 890", "1 234 56"): no groups are joined then, nor across a column gap.
 */
function blankGroups(
  text: string,
  s: number,
  e: number,
  mask: Uint8Array,
  gaps: ReadonlySet<number> | undefined,
): { end: number; groups: number } | null {
  if (e - s > 3 || text[s] === '0') return null;
  if (text[s - 1] === ' ' && /[\d%)]/.test(text[s - 2] ?? '') && gaps?.has(s - 1) !== true) return null;
  let end = e;
  let groups = 0;
  while (
    text[end] === ' ' &&
    isDigit(text[end + 1]) &&
    isDigit(text[end + 2]) &&
    isDigit(text[end + 3]) &&
    !isDigit(text[end + 4]) &&
    mask[end + 1] !== 1 &&
    gaps?.has(end) !== true
  ) {
    end += 4;
    groups++;
  }
  if (groups === 0) return null;
  if ((text[end] === '.' || text[end] === ',') && isDigit(text[end + 1])) {
    end++;
    while (isDigit(text[end])) end++;
  }
  // Digits after one more blank could belong to the chain, unless that blank parts two columns.
  if (text[end] === ' ' && isDigit(text[end + 1]) && gaps?.has(end) !== true) return null;
  return { end, groups };
}

/** A table row written as markdown ("| Revenue | 10 000 |"): its cells are separated by pipes, not blanks. */
function inPipeRow(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*\|/.test(text.slice(lineStart, at));
}

/** No character of [from, to) is excluded (a suffix never reaches into a scale note or a date). */
function free(mask: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (mask[i] === 1) return false;
  return true;
}

/** A currency symbol or code that ends at `at` (blanks allowed between), not reaching before `floor`. */
function currencyBefore(text: string, at: number, floor: number): { code: string; start: number } | null {
  let p = at;
  while (p > floor && BLANK.test(text[p - 1] ?? '')) p--;
  for (const [token, code] of CURRENCY_PREFIXES) {
    const start = p - token.length;
    if (start < floor || !text.startsWith(token, start)) continue;
    if (/^[A-Z]/.test(token) && isLetter(text[start - 1])) continue;
    // Blanks are allowed after a symbol ("$ 1,234") but a code needs at most one ("USD 5", "USD5").
    if (/^[A-Z]{3}$/.test(token) && at - p > 1) continue;
    return { code, start };
  }
  return null;
}

/** A "(" that stands in a table cell or after a label with a colon, not inside running prose. */
function tableContext(text: string, open: number): boolean {
  let k = open - 1;
  let blanks = 0;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\u00a0')) {
    k--;
    blanks++;
  }
  const c = text[k];
  return (
    c === undefined ||
    c === '\n' ||
    c === '\r' ||
    c === '\t' ||
    c === '|' ||
    c === ':' ||
    c === '=' ||
    blanks >= 2
  );
}

// ---------------------------------------------------------------------------------------------------

function fractionalRun(run: string, shape: Shape): boolean {
  if (shape === 'decDot' || shape === 'decComma' || shape === 'dot3') return true;
  if (shape === 'spaced' || shape === 'blank') return /[.,]/.test(run);
  if (shape === 'en') return run.includes('.');
  return shape === 'eu' && run.includes(',');
}

function draftsOf(text: string, options: FindOptions): Draft[] {
  const mask = excludedMask(text);
  const drafts: Draft[] = [];
  let floor = 0;
  for (const match of text.matchAll(RUN)) {
    const s = match.index;
    let run = match[0];
    let e = s + run.length;
    if (s < floor || mask[s] === 1) continue;
    let shape = shapeOf(run);
    if (shape === null) continue; // 4.1.2, 192.168.0.1, 1,2,3: not a number
    const previous = drafts[drafts.length - 1];
    const rest = text.slice(e, e + 4);
    // Glued to letters on the left (Q3, FY2023, A380, growth3) unless they are a currency code (USD5).
    if (isLetter(text[s - 1]) && currencyBefore(text, s, floor) === null) continue;
    // Ordinals (3rd) and decades (1990s, the '90s).
    if (shape === 'int' && /^(?:st|nd|rd|th)(?![\p{L}\p{N}])/iu.test(rest)) continue;
    if (shape === 'int' && (run.length === 2 || run.length === 4) && /^['’]?s(?![\p{L}\p{N}])/u.test(rest))
      continue;
    // Scientific notation (1.3e6, 2.5E-3, 1.2×10^6), then digit groups with ordinary spaces (1 234 567).
    let exact: string | null = null;
    let groups = 0;
    let vouched = false;
    if (shape === 'int' || shape === 'decDot' || shape === 'dot3') {
      const power = exponentAfter(text, e);
      if (power !== null && free(mask, e, power.end)) {
        exact = `${run}e${power.exponent}`;
        e = power.end;
        shape = 'sci';
      }
    }
    if (shape === 'int' && text[e] === ' ') {
      const chain = blankGroups(text, s, e, mask, options.columnGaps);
      if (chain !== null) {
        e = chain.end;
        run = text.slice(s, e);
        shape = 'blank';
        groups = chain.groups;
        vouched = options.cell === true || inPipeRow(text, s);
      }
    }

    // Left: sign, "(", currency, in the orders "-$5", "$-5", "($5)", "$(5)", "(5)".
    let p = s;
    let signAt = -1;
    let open = -1;
    let currency: { code: string; start: number } | null;
    if (p - 1 >= floor && SIGNS.has(text[p - 1] ?? '')) signAt = p - 1;
    if (signAt >= 0) p = signAt;
    if (p - 1 >= floor && text[p - 1] === '(') open = p - 1;
    if (open >= 0) p = open;
    currency = currencyBefore(text, p, floor);
    if (currency !== null) {
      p = currency.start;
      if (signAt < 0 && p - 1 >= floor && SIGNS.has(text[p - 1] ?? '')) signAt = p - 1;
      if (signAt >= 0 && signAt < currency.start) p = signAt;
      if (open < 0 && p - 1 >= floor && text[p - 1] === '(') open = p - 1;
      if (open >= 0 && open < p) p = open;
    }
    if (signAt >= 0) {
      const c = text[signAt - 1];
      const connector = previous !== undefined && previous.end === signAt;
      const invalid = connector || isDigit(c) || isLetter(c) || c === '%' || c === ')' || c === '.';
      if (invalid) {
        // "COVID-19", "F-35": a hyphen between a word and digits joins a name.
        if (isLetter(c) && signAt === s - 1 && text[signAt] !== '+' && !connector) continue;
        if (signAt === s - 1) {
          p = s;
          open = -1;
          currency = null;
        } else {
          p = signAt + 1;
          if (open >= 0 && open < p) open = -1;
        }
        signAt = -1;
      }
    }
    if (open >= 0 && (isLetter(text[open - 1]) || isDigit(text[open - 1]) || text[open - 1] === ')')) {
      // "revenue(1)", "f(3)": a footnote marker or an argument, not a figure.
      if (signAt < 0 && currency === null) continue;
      open = -1;
      p = currency?.start ?? (signAt >= 0 ? signAt : s);
    }

    // Right: scale, then unit, then the ")" of an accounting negative and a "%" written after it.
    let q = e;
    let scale: number | null = null;
    let metre = false;
    let unit: string | null = currency?.code ?? null;
    const suffix = shape === 'sci' ? null : scaleAfter(text, q, currency !== null, fractionalRun(run, shape));
    if (suffix !== null && free(mask, q, suffix.end)) {
      if (suffix.label) continue;
      scale = suffix.scale;
      metre = suffix.metre;
      q = suffix.end;
    }
    const united = unitAfter(text, q, currency !== null);
    if (united !== null && free(mask, q, united.end)) {
      unit = united.unit;
      q = united.end;
    }
    // "3 dollars 50 cents", "£3 and 50p": one amount in the major unit.
    const whole = shape === 'int' || ((shape === 'en' || shape === 'blank') && !fractionalRun(run, shape));
    if (whole && scale === null && open < 0 && unit !== null && unitClassOf(unit) === 'currency') {
      const minor = minorAfter(text, q, unit);
      if (minor !== null && free(mask, q, minor.end)) {
        exact = `${run.replace(/\D/g, '')}.${minor.digits}`;
        q = minor.end;
      }
    }
    let close = -1;
    let unitOutside = false;
    if (open >= 0 && text[q] === ')') {
      close = q;
      q++;
      if (unit === null && (text[q] === '%' || text[q] === '％')) {
        unit = '%';
        unitOutside = true;
        q++;
      }
    }
    let accounting = false;
    if (open >= 0 && close >= 0 && signAt < 0) {
      const carries = unit !== null || scale !== null;
      const currencyOutside = currency !== null && currency.start < open;
      // "(1) the company shall": an enumerator, not a figure.
      if (
        !carries &&
        shape === 'int' &&
        run.length <= 2 &&
        /^[ \t]+\p{L}/u.test(text.slice(close + 1, close + 3))
      )
        continue;
      accounting = !carries || unitOutside || currencyOutside || tableContext(text, open);
    }
    let start = p;
    let end = q;
    if (open >= 0 && !accounting) {
      start = open + 1;
      if (close >= 0) end = close;
    }
    while (BLANK.test(text[start] ?? '') && start < s) start++;

    const yearShaped =
      shape === 'int' &&
      run.length === 4 &&
      Number(run) >= 1900 &&
      Number(run) <= 2100 &&
      signAt < 0 &&
      currency === null &&
      scale === null &&
      exact === null;
    const year = yearShaped && unit === null;
    // "2019 $", "2019 USD": a column header as often as an amount.
    const yearCurrency = yearShaped && unitClassOf(unit) === 'currency';
    const sign: -1 | 1 = accounting || (signAt >= 0 && text[signAt] !== '+') ? -1 : 1;
    drafts.push({
      start,
      end,
      run,
      shape,
      sign,
      signed: signAt >= 0,
      accounting,
      scale,
      unit,
      year,
      exact,
      groups,
      vouched,
      metre,
      yearCurrency,
    });
    floor = end;
  }
  return drafts;
}

function isRange(text: string, a: Draft, b: Draft): boolean {
  if (a.year || b.year || a.accounting || b.accounting) return false;
  const between = text.slice(a.end, b.start);
  if (/^[ \u00a0]*[-–—][ \u00a0]*$/.test(between) && !b.signed) return true;
  if (/^[ \u00a0]+to[ \u00a0]+$/i.test(between)) return true;
  return /^[ \u00a0]+and[ \u00a0]+$/i.test(between) && /between[ \u00a0]+$/i.test(text.slice(0, a.start));
}

function isPercentLike(unit: string | null): boolean {
  const cls = unitClassOf(unit);
  return cls === 'percent' || cls === 'percentage_point' || cls === 'basis_point';
}

/** "10-12%", "$3-4 million", "between 5 and 6 bn": the two ends share what only one of them states. */
function shareRanges(text: string, drafts: Draft[]): void {
  for (let i = 0; i + 1 < drafts.length; i++) {
    const a = drafts[i];
    const b = drafts[i + 1];
    if (a === undefined || b === undefined || !isRange(text, a, b)) continue;
    // "5%-6 million": a percentage and a scaled amount are two figures, not the ends of one range.
    if ((isPercentLike(a.unit) && b.scale !== null) || (isPercentLike(b.unit) && a.scale !== null)) continue;
    if (a.unit === null && b.unit !== null) a.unit = b.unit;
    else if (b.unit === null && a.unit !== null) b.unit = a.unit;
    // "5-6m": the shared "m" is million or metres for both ends.
    if (a.scale === null && b.scale !== null && !isPercentLike(a.unit)) {
      a.scale = b.scale;
      a.metre = b.metre;
    } else if (b.scale === null && a.scale !== null && !isPercentLike(b.unit)) {
      b.scale = a.scale;
      b.metre = a.metre;
    }
  }
}

function times(decimal: string, scale: number): number {
  if (scale === 1) return Number(decimal);
  const exponent = Math.log10(scale);
  if (Number.isInteger(exponent)) return Number(`${decimal}e${exponent}`);
  return Number(decimal) * scale;
}

/**
 * Every figure in the text, in reading order, none overlapping another. Dates, times, bare years,
 * references ("Table 3", "page 12"), footnote and list markers are left out (RULES.md).
 */
export function findFigures(text: string, options: FindOptions = {}): FoundFigure[] {
  const drafts = draftsOf(text, options);
  shareRanges(text, drafts);
  const figures = drafts.filter((d) => !d.year);
  const convention = conventionOf(figures, options.decimal);
  const spacing = spacingOf(figures, convention);
  const found = figures.map((d) => {
    let { scale, unit } = d;
    if (!isPercentLike(unit)) {
      if (scale === null && options.scale !== undefined) scale = options.scale;
      if (unit === null && options.unit !== undefined) unit = options.unit;
    }
    const reading =
      d.exact !== null
        ? { text: d.exact, ambiguous: false }
        : d.shape === 'blank'
          ? readBlank(d, spacing)
          : read(d.run, d.shape, convention);
    const decimal = reading.text;
    const ambiguous = reading.ambiguous || d.yearCurrency || (d.metre && unitClassOf(unit) !== 'currency');
    const magnitude = Number(decimal);
    const finalScale = scale ?? 1;
    const value = magnitude === 0 ? 0 : d.sign * times(decimal, finalScale);
    return {
      raw: text.slice(d.start, d.end),
      value,
      magnitude,
      sign: d.sign,
      scale: finalScale,
      unit,
      unitClass: unitClassOf(unit),
      accounting: d.accounting,
      ambiguous,
      start: d.start,
      end: d.end,
    };
  });
  // A digit string too long for a number (hundreds of digits: a hash, a scan artefact) is not a figure.
  return found.filter((f) => Number.isFinite(f.value));
}
