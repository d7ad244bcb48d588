// Whether a page's text layer says what the page shows. A font without a usable Unicode map makes pdf.js
// report a glyph's raw code as its character: control characters, stray symbols and digits that are drawn
// nowhere ("%(-.48&79)&"). Such a page is read with OCR or reported lost, never trusted. The rule and its
// thresholds are documented in service/extract/README.md; change both together.

/** Character classes of a text layer, over its non-whitespace code points. */
export interface TextLayerCounts {
  glyphs: number;
  letters: number;
  digits: number;
  /** Punctuation and symbols; a run of one repeated character (leaders, rules) counts once. */
  symbols: number;
  /** C0/C1 controls, unassigned code points, noncharacters, lone surrogates, U+FFFD. */
  invalid: number;
  /** Invalid code points inside a word (a bullet or a marker standing alone is not counted). */
  invalidInWords: number;
  privateUse: number;
  privateUseInWords: number;
  /** Characters whose glyph the font gives no Unicode value for (pdf.js reports the raw code instead). */
  unmapped: number;
  /** Unmapped characters inside a word (a bullet or an icon standing alone is not counted). */
  unmappedInWords: number;
  unmappedDigits: number;
  /** Letters inside a word whose script differs from the letter before (Han, kana and Hangul are one). */
  scriptSwitches: number;
}

export type TextLayerVerdict =
  | { kind: 'clean' }
  /** Certain: the text layer does not map to characters. */
  | { kind: 'garbled'; why: string }
  /** Unsure: believe it only when OCR of the page agrees with it. */
  | { kind: 'doubtful'; why: string };

/** Thresholds of the rule (see service/extract/README.md). */
export const TEXT_CHECK = {
  /** Garbled: at least this many invalid code points ... */
  invalidMin: 3,
  /** ... making at least this share of the page's (or of one font's) characters. */
  invalidShare: 0.05,
  /** Garbled: at least this many private-use code points making at least this share. */
  privateUseMin: 10,
  privateUseShare: 0.3,
  /** Doubtful: any digit from an unmapped glyph, or this many unmapped characters in words ... */
  unmappedMin: 3,
  /** ... making at least this share of the page's characters. */
  unmappedShare: 0.05,
  /** Doubtful: at least this many symbols, more than `symbolRatio` times the letters and digits. */
  symbolMin: 20,
  symbolRatio: 1.5,
  /** Doubtful: at least this many script switches inside words, this share of the letters. */
  scriptSwitchMin: 5,
  scriptSwitchShare: 0.2,
  /** OCR agrees when it holds at least this share of the text layer's words, and of its numbers. */
  ocrAgreement: 0.5,
} as const;

/** A text item as pdf.js gives it: its string and the loaded name of its font. */
export interface CheckedItem {
  str: string;
  fontName: string;
  /** The item ends a line. */
  hasEOL?: boolean;
}

/** The characters a font can report for mapped glyphs; null when that cannot be known. */
export type FontValues = ReadonlySet<string> | null;

const emptyCounts = (): TextLayerCounts => ({
  glyphs: 0,
  letters: 0,
  digits: 0,
  symbols: 0,
  invalid: 0,
  invalidInWords: 0,
  privateUse: 0,
  privateUseInWords: 0,
  unmapped: 0,
  unmappedInWords: 0,
  unmappedDigits: 0,
  scriptSwitches: 0,
});

const WHITESPACE = /\s/u;
const LETTER = /[\p{L}\p{M}]/u;
const MARK = /\p{M}/u;
const DIGIT = /\p{Nd}/u;
const PRIVATE_USE = /\p{Co}/u;
const INVALID = /[\p{Cc}\p{Cn}\p{Cs}\uFFFD]/u;

type CharClass = 'space' | 'letter' | 'mark' | 'digit' | 'symbol' | 'invalid' | 'private';

const classCache = new Map<number, CharClass>();

function classify(cp: number): CharClass {
  // ASCII first: most text is.
  if (cp < 0x80) {
    if (cp === 0x20 || (cp >= 0x09 && cp <= 0x0d)) return 'space';
    if (cp < 0x20 || cp === 0x7f) return 'invalid';
    if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return 'letter';
    if (cp >= 0x30 && cp <= 0x39) return 'digit';
    return 'symbol';
  }
  const cached = classCache.get(cp);
  if (cached) return cached;
  const ch = String.fromCodePoint(cp);
  let found: CharClass;
  if (WHITESPACE.test(ch)) found = 'space';
  else if (PRIVATE_USE.test(ch)) found = 'private';
  else if (INVALID.test(ch) || (cp & 0xfffe) === 0xfffe || (cp >= 0xfdd0 && cp <= 0xfdef)) found = 'invalid';
  else if (MARK.test(ch)) found = 'mark';
  else if (LETTER.test(ch)) found = 'letter';
  else if (DIGIT.test(ch)) found = 'digit';
  else found = 'symbol';
  classCache.set(cp, found);
  return found;
}

const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\p{Script=Hangul}]/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
];
const scriptCache = new Map<number, string>();

/** The script of a letter, as far as switching inside a word goes; other scripts keep their block. */
function scriptOf(cp: number): string {
  if (cp < 0x250) return 'Latin';
  const cached = scriptCache.get(cp);
  if (cached) return cached;
  const ch = String.fromCodePoint(cp);
  const found = SCRIPTS.find(([, pattern]) => pattern.test(ch))?.[0] ?? `block-${cp >> 7}`;
  scriptCache.set(cp, found);
  return found;
}

const isSpace = (ch: string | undefined) => ch === undefined || classify(ch.codePointAt(0) ?? 0) === 'space';

/**
 * Adds one item's characters to `counts`; `values` are the characters its font maps glyphs to. `before`
 * and `after` are the characters next to the item on the page (a word may run on into the next item).
 */
function countInto(
  counts: TextLayerCounts,
  text: string,
  values: FontValues,
  before?: string,
  after?: string,
): void {
  const chars = Array.from(text);
  let script: string | null = null;
  let lastSymbol: string | null = null;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    const cp = ch.codePointAt(0) ?? 0;
    const kind = classify(cp);
    if (kind === 'space') {
      script = null;
      continue;
    }
    const inWord =
      !isSpace(i > 0 ? chars[i - 1] : before) || !isSpace(i + 1 < chars.length ? chars[i + 1] : after);
    counts.glyphs++;
    if (kind === 'letter' || kind === 'mark') counts.letters++;
    else if (kind === 'digit') counts.digits++;
    else if (kind === 'invalid') {
      counts.invalid++;
      if (inWord) counts.invalidInWords++;
    } else if (kind === 'private') {
      counts.privateUse++;
      if (inWord) counts.privateUseInWords++;
    }
    if (kind === 'symbol') {
      if (ch !== lastSymbol) counts.symbols++;
      lastSymbol = ch;
    } else lastSymbol = null;
    if (kind === 'letter') {
      const next = scriptOf(cp);
      if (script !== null && next !== script) counts.scriptSwitches++;
      script = next;
    } else if (kind !== 'mark') script = null;
    if (values && !values.has(ch)) {
      counts.unmapped++;
      if (kind === 'digit') counts.unmappedDigits++;
      if (inWord) counts.unmappedInWords++;
    }
  }
}

/** Counts of plain text (no font information: nothing is known to be unmapped). */
export function countCharacters(text: string): TextLayerCounts {
  const counts = emptyCounts();
  countInto(counts, text, null);
  return counts;
}

/** Counts of a page's text items (in content order), for the whole page and for each font. */
export function countTextLayer(
  items: readonly CheckedItem[],
  fontValues: (fontName: string) => FontValues,
): { page: TextLayerCounts; fonts: Map<string, TextLayerCounts> } {
  const page = emptyCounts();
  const fonts = new Map<string, TextLayerCounts>();
  items.forEach((item, i) => {
    let font = fonts.get(item.fontName);
    if (!font) fonts.set(item.fontName, (font = emptyCounts()));
    const previous = items[i - 1];
    const next = items[i + 1];
    const before = previous && !previous.hasEOL ? previous.str.slice(-1) : undefined;
    const after = next && !item.hasEOL ? next.str.slice(0, 1) : undefined;
    const counted = { ...font };
    countInto(font, item.str, fontValues(item.fontName), before, after);
    for (const key of Object.keys(page) as (keyof TextLayerCounts)[]) page[key] += font[key] - counted[key];
  });
  return { page, fonts };
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const of = (part: number, whole: number, what: string) => `${part} of ${whole} characters ${what}`;

function invalidVerdict(counts: TextLayerCounts, where: string): TextLayerVerdict | null {
  const { invalidInWords: invalid, glyphs } = counts;
  if (invalid >= TEXT_CHECK.invalidMin && share(invalid, glyphs) >= TEXT_CHECK.invalidShare)
    return {
      kind: 'garbled',
      why: `${of(invalid, glyphs, 'are control or unassigned code points')}${where}`,
    };
  return null;
}

/** The rule: garbled (certain), doubtful (ask OCR) or clean. Fonts are judged on invalid code points. */
export function judgeTextLayer(
  page: TextLayerCounts,
  fonts: Iterable<TextLayerCounts> = [],
): TextLayerVerdict {
  const invalid = invalidVerdict(page, '');
  if (invalid) return invalid;
  for (const font of fonts) {
    const inFont = invalidVerdict(font, ' in one font');
    if (inFont) return inFont;
  }
  const { glyphs } = page;
  if (
    page.privateUseInWords >= TEXT_CHECK.privateUseMin &&
    share(page.privateUseInWords, glyphs) >= TEXT_CHECK.privateUseShare
  )
    return { kind: 'garbled', why: of(page.privateUseInWords, glyphs, 'are private-use code points') };
  if (page.unmappedDigits > 0)
    return {
      kind: 'doubtful',
      why: `${page.unmappedDigits} digits come from glyphs without a Unicode mapping`,
    };
  if (
    page.unmappedInWords >= TEXT_CHECK.unmappedMin &&
    share(page.unmappedInWords, glyphs) >= TEXT_CHECK.unmappedShare
  )
    return {
      kind: 'doubtful',
      why: of(page.unmappedInWords, glyphs, 'come from glyphs without a Unicode mapping'),
    };
  const alphanumeric = page.letters + page.digits;
  if (page.symbols >= TEXT_CHECK.symbolMin && page.symbols > TEXT_CHECK.symbolRatio * alphanumeric)
    return { kind: 'doubtful', why: `${page.symbols} symbols against ${alphanumeric} letters and digits` };
  if (
    page.scriptSwitches >= TEXT_CHECK.scriptSwitchMin &&
    share(page.scriptSwitches, page.letters) >= TEXT_CHECK.scriptSwitchShare
  )
    return {
      kind: 'doubtful',
      why: `${page.scriptSwitches} of ${page.letters} letters switch script inside a word`,
    };
  return { kind: 'clean' };
}

/**
 * The characters a loaded pdf.js font (page.commonObjs, fontExtraProperties on) reports for the glyphs
 * it maps: the values of its toUnicode map, also as pdf.js normalises them (NFKC: ligatures, spaces).
 * Null when the map is an identity (codes are declared Unicode) or absent: nothing can be said.
 */
export function fontValues(font: unknown): FontValues {
  if (typeof font !== 'object' || font === null) return null;
  const toUnicode = (font as { toUnicode?: unknown }).toUnicode;
  if (typeof toUnicode !== 'object' || toUnicode === null) return null;
  const map = (toUnicode as { _map?: unknown })._map;
  if (typeof map !== 'object' || map === null) return null;
  const values = new Set<string>();
  for (const value of Object.values(map)) {
    if (typeof value !== 'string' || value === '') continue;
    for (const form of [value, value.normalize('NFKC')]) for (const ch of form) values.add(ch);
  }
  return values;
}

/** Words of a text for comparing it with OCR: letters and digits, lower case; single letters dropped. */
function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  ).filter((word) => word.length >= 2 || /\p{N}/u.test(word));
}

/** The share of `wanted` found in `found`, each word used once. */
function recall(wanted: readonly string[], found: readonly string[]): number {
  const pool = new Map<string, number>();
  for (const word of found) pool.set(word, (pool.get(word) ?? 0) + 1);
  let hits = 0;
  for (const word of wanted) {
    const left = pool.get(word) ?? 0;
    if (left > 0) {
      hits++;
      pool.set(word, left - 1);
    }
  }
  return share(hits, wanted.length);
}

/** Whether OCR of the page holds what its text layer says: most of its words, and most of its numbers. */
export function ocrAgrees(textLayer: string, ocr: string): boolean {
  const said = words(textLayer);
  const seen = words(ocr);
  if (said.length === 0) return false;
  const numbers = said.filter((word) => /\p{N}/u.test(word));
  return (
    recall(said, seen) >= TEXT_CHECK.ocrAgreement &&
    (numbers.length === 0 || recall(numbers, seen) >= TEXT_CHECK.ocrAgreement)
  );
}
