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

export interface ScaleNote {
  scale: number;
  unit: string | null;
  start: number;
  end: number;
}

const CUR = alternation([...Object.keys(CURRENCY_SYMBOLS), ...Object.keys(CURRENCY_CODES)]);
const CUR_WORD = alternation([...CURRENCY_WORDS.map(([word]) => word), 'pounds']);
const WORD = 'thousands?|millions?|billions?|trillions?|lakhs?|crores?';
const THOUSANDS = "['’]?000s?";
const ABBR = `${THOUSANDS}|mln|mn|m|bln|bn|k|tn|trn|mm`;
const LEAD =
  '(?:all\\s+)?(?:figures|amounts|values|numbers|data)(?:\\s+(?:are|is))?' +
  '(?:\\s+(?:shown|expressed|stated|presented|reported|given))?';
const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';
const NOT_AFTER_NUMBER = '(?<!\\d[.,]?\\s*)';

const PATTERNS: readonly RegExp[] = [
  // "in millions", "figures in billions", "$ in millions", "dollars in thousands", "in USD thousands",
  // "in millions of euros"; "in millions of homes" is not a note.
  new RegExp(
    `${NOT_WORD_BEFORE}(?:(?:${LEAD}|(?<leadWord>${CUR_WORD})|(?<leadCur>${CUR}))\\s+)?in\\s+` +
      `(?:(?<cur>${CUR})\\s*)?(?<word>${WORD})(?:\\s+of\\s+(?<of>${CUR_WORD}|${CUR}))?` +
      `${NOT_WORD_AFTER}(?!\\s+of\\b)`,
    'giu',
  ),
  // "in $000s", "in '000", "in €m", "in USD m"
  new RegExp(
    `${NOT_WORD_BEFORE}(?:(?:${LEAD})\\s+)?in\\s+(?:(?:(?<cur>${CUR})\\s*)?(?<abbr>${THOUSANDS})|` +
      `(?<cur2>${CUR})\\s*(?<abbr2>${ABBR}))${NOT_WORD_AFTER}`,
    'giu',
  ),
  // "(€ thousands)", "USD millions", "EUR thousand"
  new RegExp(
    `${NOT_AFTER_NUMBER}(?<![\\p{L}])(?<cur>${CUR})\\s*(?<word>${WORD})${NOT_WORD_AFTER}(?!\\s+of\\b)`,
    'giu',
  ),
  // "$000s", "£'000", "€m", "USD m", "£bn"
  new RegExp(`${NOT_AFTER_NUMBER}(?<![\\p{L}])(?<cur>${CUR})\\s?(?<abbr>${ABBR})${NOT_WORD_AFTER}`, 'gu'),
  // "(millions)", "(thousands of dollars)", "('000s)"
  new RegExp(
    `(?<=\\(\\s*)(?:(?<word>${WORD})(?:\\s+of\\s+(?<of>${CUR_WORD}|${CUR}))?|(?<abbr>${THOUSANDS}))(?=\\s*\\))`,
    'giu',
  ),
  // "Unit: millions", "Units: EUR m"
  new RegExp(
    `${NOT_WORD_BEFORE}units?\\s*:\\s*(?:(?<cur>${CUR})\\s*)?(?:(?<word>${WORD})|(?<abbr>${ABBR}))${NOT_WORD_AFTER}`,
    'giu',
  ),
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

function noteOf(match: RegExpExecArray): ScaleNote | null {
  const g = match.groups ?? {};
  // Codes are upper case ("USD m"); the patterns are case-insensitive for the words only.
  for (const key of ['cur', 'cur2', 'leadCur'])
    if (/^[a-z]+$/i.test(g[key] ?? '') && /[a-z]/.test(g[key] ?? '')) return null;
  const word = g['word'];
  const abbr = g['abbr'] ?? g['abbr2'];
  const scale = word !== undefined ? scaleOfWord(word) : abbr !== undefined ? scaleOfAbbreviation(abbr) : 1;
  if (scale === 1) return null;
  const unit =
    currencyOf(g['cur']) ??
    currencyOf(g['cur2']) ??
    currencyOf(g['leadCur']) ??
    currencyOf(g['leadWord']) ??
    currencyOf(g['of']);
  return { scale, unit, start: match.index, end: match.index + match[0].length };
}

/** Every scale note in the text, in reading order, none overlapping another. */
export function scaleNotes(text: string): ScaleNote[] {
  const found: ScaleNote[] = [];
  for (const pattern of PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const note = noteOf(match);
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

/**
 * The first scale note in the text ("in millions", "(in thousands)", "$000s", "(€ thousands)",
 * "in $ millions", "USD m", "figures in billions"), or null. `start`/`end` span the note's words.
 */
export function findScaleNote(text: string): ScaleNote | null {
  return scaleNotes(text)[0] ?? null;
}
