/**
 * Display-safe file names and titles.
 *
 * A file name or title is stored exactly as it was given; it is shown or exported only through this
 * module: the service's responses, the bridge's replies, the UI and the report writers (when they land,
 * they call `displayName` / `displayText` and nothing else) all use it, so the rule exists once.
 *
 * The aim is that what a person sees is the characters of the name, in their real order, with nothing
 * hidden: a name `invoice` + RIGHT-TO-LEFT OVERRIDE + `fdp.exe` is shown as `invoicefdp.exe`, not as
 * `invoiceexe.pdf`. It is not a confusables (homoglyph) check: `pаypal` with a Cyrillic `а` stays as it is.
 *
 * What the display form does to a name:
 * - Removed: C0 controls (NUL, BEL, ESC…), DEL, C1 controls (U+0080–U+009F), lone surrogates (removed,
 *   not turned into U+FFFD), noncharacters, the interlinear annotation controls (U+FFF9–U+FFFB) and every
 *   Default_Ignorable_Code_Point not kept below. That covers the bidirectional controls (U+202A–U+202E
 *   embeddings and overrides, U+2066–U+2069 isolates, LRM/RLM U+200E/F, ALM U+061C), ZERO WIDTH SPACE
 *   U+200B, the BOM U+FEFF, WORD JOINER U+2060 and the invisible operators U+2061–U+2064, SOFT HYPHEN,
 *   the Hangul fillers U+3164/U+FFA0 and the Tag characters U+E0000–U+E007F. Printable characters are
 *   never removed, so an escape sequence (`ESC[31m`) loses its ESC and shows its printable tail: the
 *   person sees that the name was crafted.
 * - Kept only where they shape text (anywhere else they hide nothing, but disguise or smuggle):
 *   - ZWNJ U+200C, ZWJ U+200D, COMBINING GRAPHEME JOINER U+034F, MONGOLIAN VOWEL SEPARATOR U+180E:
 *     between two letters or combining marks (Persian `می‌خواهم`, Devanagari half forms `क्‍ष`);
 *     ZWJ also between emoji (`👩‍💻`, `🏳️‍🌈`). Leading, trailing, doubled or lone ones go.
 *   - Variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF, Mongolian U+180B–U+180D, U+180F): one,
 *     right after the character it selects a form of (`❤️`, CJK ideographic variants); a run of them
 *     (a way to hide bytes after an emoji) keeps none beyond the first.
 *   - Tag characters: only as an emoji subdivision flag (`🏴` + 2 letters + 1–4 letters or digits +
 *     CANCEL TAG, e.g. Scotland); anywhere else they are invisible text ("ASCII smuggling").
 *   - Hangul fillers U+115F/U+1160: only inside a conjoining jamo syllable with a real vowel or
 *     initial; a filler-only syllable is blank.
 * - Turned into a space: tab, line feed, vertical tab, form feed, carriage return, the information
 *   separators U+001C–U+001F, NEXT LINE U+0085, LINE and PARAGRAPH SEPARATOR U+2028/U+2029 and every
 *   space separator (NBSP, U+2000–U+200A, U+3000…), so words are never glued together; runs of spaces
 *   collapse to one and the ends are trimmed (a long run of spaces can push `.exe` out of sight).
 * - Kept as they are: combining marks (`café` written e + U+0301, Devanagari `नमस्ते`, Arabic harakat),
 *   emoji and their skin-tone modifiers, private-use characters.
 * - Then normalised to NFC, which is safe for display (canonically equivalent text looks the same) but
 *   never applied to the stored original, whose exact code points are its provenance.
 *
 * No length limit: the display form is never longer than a few characters more than the original (NFC
 * may decompose a handful of characters) and never truncated; shortening for a narrow column is the
 * layout's job. Where a name sits inside other text, the display layer isolates it (HTML `<bdi>`, or
 * FSI…PDI in plain text): the one bidirectional control a name gets is added by the layout, never kept
 * from the name.
 *
 * Pure and idempotent: `displayText(displayText(x)) === displayText(x)`.
 */

/** What a file name shows as when nothing visible is left of it. */
export const UNNAMED_FILE = '(unnamed file)';

const SPACE_SEPARATOR = /^\p{Zs}$/u;

/** Line breaks, C0 separators and space separators: each becomes one space. */
function isSpaceLike(ch: string, code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    (code >= 0x1c && code <= 0x1f) ||
    code === 0x85 ||
    code === 0x2028 ||
    code === 0x2029 ||
    SPACE_SEPARATOR.test(ch)
  );
}

/** Controls, lone surrogates, noncharacters, interlinear annotation and invisible formatting characters. */
const REMOVED = /^[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\p{Default_Ignorable_Code_Point}\ufff9-\ufffb]$/u;

const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
const EMOJI = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const CGJ = 0x034f;
const MONGOLIAN_VOWEL_SEPARATOR = 0x180e;
const EMOJI_PRESENTATION = 0xfe0f;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
const HANGUL_CHOSEONG_FILLER = 0x115f;
const HANGUL_JUNGSEONG_FILLER = 0x1160;

/** The characters whose fate depends on their neighbours. */
type Contextual = 'joiner' | 'selector' | 'tag' | 'choseong-filler' | 'jungseong-filler';

function contextual(code: number): Contextual | null {
  if (code === ZWNJ || code === ZWJ || code === CGJ || code === MONGOLIAN_VOWEL_SEPARATOR) return 'joiner';
  if (
    (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xe0100 && code <= 0xe01ef) ||
    (code >= 0x180b && code <= 0x180d) ||
    code === 0x180f
  )
    return 'selector';
  if (code >= 0xe0020 && code <= 0xe007f) return 'tag';
  if (code === HANGUL_CHOSEONG_FILLER) return 'choseong-filler';
  if (code === HANGUL_JUNGSEONG_FILLER) return 'jungseong-filler';
  return null;
}

const codeOf = (ch: string | undefined): number => (ch === undefined ? -1 : (ch.codePointAt(0) ?? -1));

/** A visible character a contextual one can lean on: not a space, not itself contextual. */
function isBase(ch: string | undefined): ch is string {
  return ch !== undefined && ch !== ' ' && contextual(codeOf(ch)) === null;
}

const isLetterOrMark = (ch: string | undefined) => isBase(ch) && LETTER_OR_MARK.test(ch);

const isHangulVowel = (code: number) =>
  (code > 0x1160 && code <= 0x11a7) || (code >= 0xd7b0 && code <= 0xd7c6);
const isHangulInitial = (code: number) =>
  (code >= 0x1100 && code < 0x115f) || (code >= 0xa960 && code <= 0xa97c);

/** Tag letters a–z and digits 0–9, as used by emoji subdivision flags. */
const isTagLetter = (code: number) => code >= 0xe0061 && code <= 0xe007a;
const isTagAlnum = (code: number) => isTagLetter(code) || (code >= 0xe0030 && code <= 0xe0039);

/** The length of a valid subdivision-flag tag run starting at `start` (after 🏴), or 0. */
function flagTagRun(chars: string[], start: number): number {
  let end = start;
  while (end < chars.length && contextual(codeOf(chars[end])) === 'tag' && codeOf(chars[end]) !== CANCEL_TAG)
    end++;
  const spec = chars.slice(start, end).map(codeOf);
  const valid =
    codeOf(chars[end]) === CANCEL_TAG &&
    spec.length >= 3 &&
    spec.length <= 6 &&
    spec.slice(0, 2).every(isTagLetter) &&
    spec.slice(2).every(isTagAlnum);
  return valid ? end - start + 1 : 0;
}

/**
 * Decides every contextual character against its neighbours. Each rule leans only on base characters
 * (never removed here) or, for ZWJ after VS16, on a selector decided just before: one pass is final.
 */
function keepContextual(chars: string[]): string[] {
  const kept: boolean[] = chars.map((ch) => contextual(codeOf(ch)) === null);
  for (let i = 0; i < chars.length; i++) {
    const code = codeOf(chars[i]);
    const kind = contextual(code);
    const prev = chars[i - 1];
    const next = chars[i + 1];
    if (kind === 'joiner') {
      const betweenLetters = isLetterOrMark(prev) && isLetterOrMark(next);
      const emojiBefore =
        (isBase(prev) && (EMOJI.test(prev) || EMOJI_MODIFIER.test(prev))) ||
        (codeOf(prev) === EMOJI_PRESENTATION && kept[i - 1] === true);
      const emojiSequence = code === ZWJ && emojiBefore && isBase(next) && EMOJI.test(next);
      kept[i] = betweenLetters || emojiSequence;
    } else if (kind === 'selector') {
      kept[i] = isBase(prev);
    } else if (kind === 'choseong-filler') {
      kept[i] = isHangulVowel(codeOf(next));
    } else if (kind === 'jungseong-filler') {
      kept[i] = isHangulInitial(codeOf(prev));
    } else if (kind === 'tag') {
      const run = codeOf(prev) === BLACK_FLAG ? flagTagRun(chars, i) : 0;
      for (let j = i; j < i + run; j++) kept[j] = true;
      if (run > 0) i += run - 1;
    }
  }
  return chars.filter((_, i) => kept[i]);
}

/**
 * The display-safe form of a title or other free text given with a file: see the module comment.
 * Empty when nothing visible is left (a caller then falls back to something else, e.g. the file name).
 */
export function displayText(raw: string): string {
  const chars: string[] = [];
  for (const ch of raw) {
    const code = codeOf(ch);
    if (isSpaceLike(ch, code)) chars.push(' ');
    else if (contextual(code) !== null || !REMOVED.test(ch)) chars.push(ch);
  }
  return keepContextual(chars).join('').replace(/ {2,}/g, ' ').replace(/^ | $/g, '').normalize('NFC');
}

/**
 * The display-safe form of a file name (see the module comment): what the service answers, the bridge
 * hands the renderer, the UI shows and the report writers print. Never empty: `(unnamed file)` when
 * nothing visible is left.
 */
export function displayName(raw: string): string {
  return displayText(raw) || UNNAMED_FILE;
}

/** A source's display label: its title when the title has anything visible, else its file name. */
export function displayTitle(title: string | null, filename: string): string {
  return (title === null ? '' : displayText(title)) || displayName(filename);
}
