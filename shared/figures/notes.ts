import {
  alternation,
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  SCALE_ABBREVIATIONS,
  SCALE_WORDS,
} from './lexicon';

// Scale notes: the words on a table or sheet that say what its bare numbers count ("in millions",
// "(€ thousands)", "$000s", "USD m"). RULES.md, "Scale notes".

/** What a note's "except ..." clause leaves unscaled: per-share amounts, ratios, percentages. */
export type ScaleException = 'per_share' | 'ratios' | 'percentages';

export interface ScaleNote {
  scale: number;
  unit: string | null;
  /** [start, end) of the note's words, with its "except ..." clause when it names what it excepts. */
  start: number;
  end: number;
  /** What the note excepts ("in thousands, except per share data"): those figures keep their own scale. */
  exceptions: readonly ScaleException[];
}

const CUR = alternation([...Object.keys(CURRENCY_SYMBOLS), ...Object.keys(CURRENCY_CODES)]);
const CUR_WORD = alternation([...CURRENCY_WORDS.map(([word]) => word), 'pounds']);
const WORD = 'hundreds?|thousands?|millions?|billions?|trillions?|lakhs?|crores?';
const THOUSANDS = "['’]?000s?";
const ABBR = `${THOUSANDS}|mln|mn|mil|m|bln|bn|k|tn|tln|trn|mm`;
const LEAD =
  '(?:all\\s+)?(?:figures|amounts|values|numbers|data)(?:\\s+(?:are|is))?' +
  '(?:\\s+(?:shown|expressed|stated|presented|reported|given))?';
const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';
/** A thousand or a million in digits, grouped or not: "1000", "1,000", "1 000", "1.000.000". */
const ONE_THOUSAND = '1(?:[ ,.\\u00a0]?000){1,2}';
const EXCEPT = '(?:\\s*,)?\\s*(?:except|excluding|other\\s+than)\\b';

/** Patterns marked `afterNumber: false` are no note right after a number (afterNumber() below). */
const PATTERNS: readonly { re: RegExp; afterNumber: boolean }[] = [
  // "in millions", "figures in billions", "$ in millions", "dollars in thousands", "in USD thousands",
  // "in millions of euros"; "in millions of homes" is not a note.
  {
    re: new RegExp(
      `${NOT_WORD_BEFORE}(?:(?:${LEAD}|(?<leadWord>${CUR_WORD})|(?<leadCur>${CUR}))\\s+)?in\\s+` +
        `(?:(?<cur>${CUR})\\s*)?(?<word>${WORD})(?:\\s+of\\s+(?<of>${CUR_WORD}|${CUR}))?` +
        `${NOT_WORD_AFTER}(?!\\s+of\\b)`,
      'giu',
    ),
    afterNumber: true,
  },
  // "in $000s", "in '000", "in €m", "in USD m"
  {
    re: new RegExp(
      `${NOT_WORD_BEFORE}(?:(?:${LEAD})\\s+)?in\\s+(?:(?:(?<cur>${CUR})\\s*)?(?<abbr>${THOUSANDS})|` +
        `(?<cur2>${CUR})\\s*(?<abbr2>${ABBR}))${NOT_WORD_AFTER}`,
      'giu',
    ),
    afterNumber: true,
  },
  // "(€ thousands)", "USD millions", "EUR thousand"
  {
    re: new RegExp(`(?<![\\p{L}])(?<cur>${CUR})\\s*(?<word>${WORD})${NOT_WORD_AFTER}(?!\\s+of\\b)`, 'giu'),
    afterNumber: false,
  },
  // "$000s", "£'000", "€m", "USD m", "£bn"
  {
    re: new RegExp(`(?<![\\p{L}])(?<cur>${CUR})\\s?(?<abbr>${ABBR})${NOT_WORD_AFTER}`, 'gu'),
    afterNumber: false,
  },
  // "(millions)", "(thousands of dollars)", "('000s)"; what the numbers count in a word or two after "of"
  // ("(in thousands of tonnes)", "(millions of people)"): in parentheses that is a label's unit, not prose.
  {
    re: new RegExp(
      `(?<=\\(\\s*)(?:in\\s+)?(?:(?<word>${WORD})(?:\\s+of\\s+(?:(?<of>${CUR_WORD}|${CUR})|\\p{L}+(?:[\\s-]\\p{L}+)?))?|(?<abbr>${THOUSANDS}))(?=\\s*\\)|${EXCEPT})`,
      'giu',
    ),
    afterNumber: true,
  },
  // "(In 1000 ha)", "[in 1,000 tonnes]", "(in 1 000 EUR)", "(1,000s)": a thousand (or a million) written
  // in digits is the scale when it says what the numbers are counted in. A count in parentheses
  // ("(1,000 respondents)") says no "in", so it stays a figure.
  {
    re: new RegExp(
      `(?<=[([]\\s*)(?:in\\s+(?<num>${ONE_THOUSAND})s?|(?<nums>${ONE_THOUSAND})s)` +
        `(?=(?:\\s+(?:of\\s+)?(?<after>[^\\s\\d()[\\]]+(?:\\s+[^\\s\\d()[\\]]+)?))?\\s*[)\\]])`,
      'giu',
    ),
    afterNumber: true,
  },
  // "Unit: millions", "Units: EUR m"
  {
    re: new RegExp(
      `${NOT_WORD_BEFORE}units?\\s*:\\s*(?:(?<cur>${CUR})\\s*)?(?:(?<word>${WORD})|(?<abbr>${ABBR}))${NOT_WORD_AFTER}`,
      'giu',
    ),
    afterNumber: true,
  },
];

function scaleOfWord(word: string): number {
  const singular = word.toLowerCase().replace(/s$/, '');
  return SCALE_WORDS[singular] ?? 1;
}

function scaleOfAbbreviation(abbr: string): number {
  const lower = abbr.toLowerCase();
  if (/000/.test(lower)) return 1e3;
  if (lower === 'm' || lower === 'mm') return 1e6;
  if (lower === 'k') return 1e3;
  return SCALE_ABBREVIATIONS[lower] ?? 1;
}

function currencyOf(token: string | undefined): string | null {
  if (token === undefined) return null;
  const symbol = CURRENCY_SYMBOLS[token] ?? CURRENCY_CODES[token.toUpperCase()];
  if (symbol !== undefined) return symbol;
  const lower = token.toLowerCase();
  if (lower === 'pounds') return 'GBP';
  for (const [word, code] of CURRENCY_WORDS) if (word.toLowerCase() === lower) return code;
  return null;
}

/** ", except per share data", " except ratios": the clause after a note, up to ")", ";" or the line's end. */
const EXCEPT_RE = new RegExp(`${EXCEPT}[^()\\n;]*`, 'iy');
const EXCEPTIONS: readonly (readonly [ScaleException, RegExp])[] = [
  ['per_share', /\bper[- ](?:(?:basic|diluted|common|ordinary)[- ])?(?:share|unit|ADS)\b|\bEPS\b/i],
  ['ratios', /\bratios?\b/i],
  ['percentages', /\bpercent(?:ages?|s)?\b|\bper[- ]cent\b|%/i],
];

/** The exceptions a note's clause names and where the clause ends; none named: the note alone. */
function exceptionsAfter(text: string, end: number): { exceptions: ScaleException[]; end: number } {
  EXCEPT_RE.lastIndex = end;
  const m = EXCEPT_RE.exec(text);
  if (m === null) return { exceptions: [], end };
  const exceptions = EXCEPTIONS.filter(([, re]) => re.test(m[0])).map(([name]) => name);
  if (exceptions.length === 0) return { exceptions, end };
  return { exceptions, end: end + m[0].trimEnd().replace(/[.,:]+$/, '').length };
}

function noteOf(match: RegExpExecArray, text: string): ScaleNote | null {
  const g = match.groups ?? {};
  // Codes are upper case ("USD m"); the patterns are case-insensitive for the words only.
  for (const key of ['cur', 'cur2', 'leadCur'])
    if (/^[a-z]+$/i.test(g[key] ?? '') && /[a-z]/.test(g[key] ?? '')) return null;
  const word = g['word'];
  const abbr = g['abbr'] ?? g['abbr2'];
  const digits = g['num'] ?? g['nums'];
  const scale =
    word !== undefined
      ? scaleOfWord(word)
      : abbr !== undefined
        ? scaleOfAbbreviation(abbr)
        : digits !== undefined
          ? Number(digits.replace(/\D/g, ''))
          : 1;
  if (scale === 1) return null;
  const unit =
    currencyOf(g['cur']) ??
    currencyOf(g['cur2']) ??
    currencyOf(g['leadCur']) ??
    currencyOf(g['leadWord']) ??
    currencyOf(g['of']) ??
    currencyOf(g['after']);
  const clause = exceptionsAfter(text, match.index + match[0].length);
  return { scale, unit, start: match.index, end: clause.end, exceptions: clause.exceptions };
}

/**
 * A number ends just before `at` on the same line ("5 USD m" is a figure, not a note), other than a year
 * ("2018 $ million" is a column header) or another note's "'000" ("$'000 $'000", one per column).
 */
// A year at the end of the text: after no number ("1,2019" is one), or after a csv comma.
const YEAR_END = /(?:^|[^\d.,]|(?:^|\D),|['’]000s?,)(?:19|20)\d{2}$/;

function afterNumber(text: string, at: number): boolean {
  let k = at;
  while (k > 0 && (text[k - 1] === ' ' || text[k - 1] === '\t' || text[k - 1] === '\u00a0')) k--;
  const blanks = at - k;
  if (k > 0 && (text[k - 1] === '.' || text[k - 1] === ',')) k--;
  const c = text[k - 1];
  if (c === undefined || c < '0' || c > '9') return false;
  if (blanks === 0 || k !== at - blanks) return true;
  const before = text.slice(Math.max(0, k - 12), k);
  return !YEAR_END.test(before) && !/['’]000s?$/.test(before);
}

/** Every scale note in the text, in reading order, none overlapping another. */
export function scaleNotes(text: string): ScaleNote[] {
  const found: ScaleNote[] = [];
  for (const { re: pattern, afterNumber: mayFollowNumber } of PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const note = mayFollowNumber || !afterNumber(text, match.index) ? noteOf(match, text) : null;
      if (note !== null) found.push(note);
      if (match[0].length === 0) pattern.lastIndex++;
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ScaleNote[] = [];
  for (const note of found) {
    const last = kept[kept.length - 1];
    if (last !== undefined && note.start < last.end) continue;
    kept.push(note);
  }
  return kept;
}

/** Every scale note in the text, in reading order, none overlapping another. */
export function findScaleNotes(text: string): ScaleNote[] {
  return scaleNotes(text);
}

/**
 * The first scale note in the text ("in millions", "(in thousands)", "$000s", "(€ thousands)",
 * "in $ millions", "USD m", "figures in billions"), or null. `start`/`end` span the note's words.
 */
export function findScaleNote(text: string): ScaleNote | null {
  return scaleNotes(text)[0] ?? null;
}

/** A row label that says its figures are percentages: "Unemployment rate (%)", "Turnout (per cent)". */
const PERCENT_LABEL = /\(\s*(?:in\s+)?(?:%|per\s?cent(?:ages?)?)(?:\s+of\b[^()]*)?\s*\)/i;

/**
 * What a row's label says its figures count ("GDP ($ billion)", "Population (millions)", "Exports (in
 * thousands of tonnes)", "Unemployment rate (%)"): a scale and a unit, or a percentage; null when the
 * label says nothing of it. It is that row's, not the table's or the sheet's.
 */
export function labelUnits(label: string): { scale: number; unit: string | null } | null {
  const note = findScaleNote(label);
  if (note !== null) return { scale: note.scale, unit: note.unit };
  if (PERCENT_LABEL.test(label)) return { scale: 1, unit: '%' };
  return null;
}
