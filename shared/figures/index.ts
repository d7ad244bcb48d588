import type { UnitClass } from '../api';
import {
  alternation,
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  escapeRegExp,
  MONTHS,
  REFERENCE_LABELS_ANY_CASE,
  REFERENCE_LABELS_CAPITALISED,
  SCALE_ABBREVIATIONS,
  SCALE_LETTERS_CURRENCY,
  SCALE_LETTERS_GLUED,
  SCALE_WORDS,
  unitClassOf,
} from './lexicon';
import { scaleNotes } from './notes';

export { findScaleNote, type ScaleNote } from './notes';

// The figure finder: the one place the project reads numbers from text (numeric-semantics.md, Figures).
// Every rule is a row of shared/figures/RULES.md and a case of tests/shared/figures/golden.json.

export interface FindOptions {
  /** From a table or sheet scale note: applies to figures that carry no scale of their own. */
  scale?: number;
  /** From a table or sheet scale note: applies to figures that carry no unit of their own. */
  unit?: string | null;
  /** The document's decimal mark, when known. Unknown: inferred from the text's unambiguous tokens. */
  decimal?: '.' | ',';
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
  | 'spaced'; // 1 234 567 (no-break or thin spaces), 1'234'567 (apostrophes): unambiguous grouping

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
  // References: page 3, pp. 4-7, Table 2, Note 12, Section 4.1, Figures 3 and 4, page 3 of 10
  // (§ and # label references too)
  needs(
    /[\p{L}§#]/u,
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${REFERENCE_LABELS_ANY_CASE})[ \\t\\u00a0]*\\d+(?:\\.\\d+)*(?:[ \\t\\u00a0]*` +
        `(?:[-–—]|to|and|of)[ \\t\\u00a0]*\\d+(?:\\.\\d+)*)?`,
      'giu',
    ),
  ),
  lettered(
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${REFERENCE_LABELS_CAPITALISED})[ \\t\\u00a0]*\\d+(?:\\.\\d+)*[a-z]?(?:[ \\t\\u00a0]*` +
        `(?:[-–—]|to|and)[ \\t\\u00a0]*\\d+(?:\\.\\d+)*)?`,
      'gu',
    ),
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
const SCALE_GLUED_RE = new RegExp(`(k|K|m|M)${NOT_WORD}(?!-\\p{L})`, 'uy');
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
const SYMBOL_AFTER_RE = new RegExp(
  `[ \\u00a0]?(${alternation(Object.keys(CURRENCY_SYMBOLS).filter((s) => s.length === 1))})(?![ \\u00a0]?[\\d.])`,
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

function scaleAfter(text: string, at: number, currency: boolean): { scale: number; end: number } | null {
  let m = matchAt(SCALE_WORD_RE, text, at);
  if (m) return { scale: SCALE_WORDS[(m[1] ?? '').toLowerCase()] ?? 1, end: at + m[0].length };
  m = matchAt(SCALE_ABBR_RE, text, at);
  if (m) return { scale: SCALE_ABBREVIATIONS[(m[1] ?? '').toLowerCase()] ?? 1, end: at + m[0].length };
  m = matchAt(SCALE_GLUED_RE, text, at);
  if (m) return { scale: SCALE_LETTERS_GLUED[(m[1] ?? '').toLowerCase()] ?? 1, end: at + m[0].length };
  if (currency) {
    m = matchAt(SCALE_CURRENCY_RE, text, at);
    if (m) return { scale: SCALE_LETTERS_CURRENCY[(m[1] ?? '').toLowerCase()] ?? 1, end: at + m[0].length };
  }
  return null;
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

function draftsOf(text: string): Draft[] {
  const mask = excludedMask(text);
  const drafts: Draft[] = [];
  let floor = 0;
  for (const match of text.matchAll(RUN)) {
    const s = match.index;
    const run = match[0];
    const e = s + run.length;
    if (s < floor || mask[s] === 1) continue;
    const shape = shapeOf(run);
    if (shape === null) continue; // 4.1.2, 192.168.0.1, 1,2,3: not a number
    const previous = drafts[drafts.length - 1];
    const rest = text.slice(e, e + 4);
    // Glued to letters on the left (Q3, FY2023, A380, growth3) unless they are a currency code (USD5).
    if (isLetter(text[s - 1]) && currencyBefore(text, s, floor) === null) continue;
    // Ordinals (3rd) and decades (1990s, the '90s).
    if (shape === 'int' && /^(?:st|nd|rd|th)(?![\p{L}\p{N}])/iu.test(rest)) continue;
    if (shape === 'int' && (run.length === 2 || run.length === 4) && /^['’]?s(?![\p{L}\p{N}])/u.test(rest))
      continue;

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
    let unit: string | null = currency?.code ?? null;
    const scaled = scaleAfter(text, q, currency !== null);
    if (scaled !== null) {
      scale = scaled.scale;
      q = scaled.end;
    }
    const united = unitAfter(text, q, currency !== null);
    if (united !== null) {
      unit = united.unit;
      q = united.end;
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

    const year =
      shape === 'int' &&
      run.length === 4 &&
      Number(run) >= 1900 &&
      Number(run) <= 2100 &&
      signAt < 0 &&
      currency === null &&
      unit === null &&
      scale === null;
    const sign: -1 | 1 = accounting || (signAt >= 0 && text[signAt] !== '+') ? -1 : 1;
    drafts.push({ start, end, run, shape, sign, signed: signAt >= 0, accounting, scale, unit, year });
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
    if (a.scale === null && b.scale !== null && !isPercentLike(a.unit)) a.scale = b.scale;
    else if (b.scale === null && a.scale !== null && !isPercentLike(b.unit)) b.scale = a.scale;
  }
}

function times(decimal: string, scale: number): number {
  const exponent = Math.log10(scale);
  if (Number.isInteger(exponent)) return Number(`${decimal}e${exponent}`);
  return Number(decimal) * scale;
}

/**
 * Every figure in the text, in reading order, none overlapping another. Dates, times, bare years,
 * references ("Table 3", "page 12"), footnote and list markers are left out (RULES.md).
 */
export function findFigures(text: string, options: FindOptions = {}): FoundFigure[] {
  const drafts = draftsOf(text);
  shareRanges(text, drafts);
  const figures = drafts.filter((d) => !d.year);
  const convention = conventionOf(figures, options.decimal);
  const found = figures.map((d) => {
    let { scale, unit } = d;
    if (!isPercentLike(unit)) {
      if (scale === null && options.scale !== undefined) scale = options.scale;
      if (unit === null && options.unit !== undefined) unit = options.unit;
    }
    const { text: decimal, ambiguous } = read(d.run, d.shape, convention);
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
