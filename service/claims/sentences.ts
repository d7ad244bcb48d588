// Sentences of an article: where each begins and ends, so a claim keeps its place in what was said. A full
// stop ends a sentence unless it belongs to a number ("4.7"), an initial ("J. Smith") or an abbreviation
// ("Mr.", "e.g."); abbreviations that can also close a sentence ("Inc.", "U.S.") close it only before a
// word that opens one.

/** [start, end) in the text: `text.slice(start, end)` is what it covers. */
export interface TextSpan {
  start: number;
  end: number;
}

/** Abbreviations that never end a sentence: a title, "e.g.", "No. 5", a month before its day. */
const NEVER_LAST = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sen',
  'rep',
  'gov',
  'gen',
  'col',
  'lt',
  'capt',
  'sgt',
  'rev',
  'hon',
  'st',
  'mt',
  'ft',
  'no',
  'nos',
  'fig',
  'figs',
  'vol',
  'pp',
  'p',
  'para',
  'sec',
  'art',
  'approx',
  'est',
  'vs',
  'cf',
  'e.g',
  'i.e',
  'viz',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/** Abbreviations a sentence may end on ("… sold to Apple Inc. The deal …"). */
const MAY_BE_LAST = new Set([
  'inc',
  'ltd',
  'co',
  'corp',
  'plc',
  'llc',
  'bros',
  'jr',
  'sr',
  'etc',
  'u.s',
  'u.k',
  'u.n',
  'e.u',
  'a.m',
  'p.m',
]);

/** Words that open a sentence after an abbreviation that may end one. */
const OPENERS =
  /^(?:the|this|that|these|those|it|its|in|on|at|for|from|by|with|we|our|us|he|she|his|her|they|their|there|here|a|an|but|however|and|as|after|before|since|so|yet|while|when|if|although|meanwhile|also|according|during|over|under|net|total|revenue|sales)\b/i;

const CLOSERS = /["'”’)\]]/;

/** The word just before the full stop at `dot`, with any inner dots ("U.S" of "U.S."). */
function wordBefore(text: string, dot: number): string {
  let i = dot;
  while (i > 0 && /[\p{L}.]/u.test(text[i - 1]!)) i--;
  return text.slice(i, dot).replace(/^\.+/, '');
}

/** Whether the full stop at `dot` ends a sentence, given the text that follows the blank after it. */
function stopEnds(text: string, dot: number, next: string): boolean {
  // A list item's number at the start of a line: "2. Costs".
  if (/^[ \t]*\d{1,3}$/.test(text.slice(text.lastIndexOf('\n', dot - 1) + 1, dot))) return false;
  const word = wordBefore(text, dot);
  const low = word.toLowerCase();
  // An initial: "J. Smith", "Lockheed Martin Corp. (A)".
  if (/^\p{Lu}$/u.test(word)) return false;
  if (NEVER_LAST.has(low)) return false;
  if (MAY_BE_LAST.has(low)) return OPENERS.test(next);
  // Any other dotted abbreviation ("a.k.a.", "Ph.D.") ends one only before a capital.
  if (/\./.test(word)) return /^[\p{Lu}"“(]/u.test(next) && OPENERS.test(next);
  return true;
}

/** The sentences of `text`, in order, each trimmed of the blanks around it. */
export function sentenceSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let start = 0;
  const close = (end: number) => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) spans.push({ start: s, end: e });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    // A blank line or a list item's bullet ends whatever came before it: a heading, an item, a caption.
    if (c === '\n' && /^\n[ \t]*(?:\n|[•▪·*–-][ \t]|\d{1,2}[.)][ \t])/.test(text.slice(i, i + 40))) {
      close(i);
      continue;
    }
    if (c !== '.' && c !== '!' && c !== '?' && c !== '…') continue;
    let end = i + 1;
    while (end < text.length && (text[end] === '.' || text[end] === '!' || text[end] === '?')) end++;
    while (end < text.length && CLOSERS.test(text[end]!)) end++;
    // A stop inside a word or a number ("4.7", "e.g.,", "U.S.-based") is not an end.
    if (end < text.length && !/\s/.test(text[end]!)) {
      i = end - 1;
      continue;
    }
    const next = text.slice(end).trimStart();
    if (next.length === 0) {
      close(text.length);
      break;
    }
    // A sentence opens with a capital, a digit, a quote, a bracket or a currency sign, never lower case.
    const opens = /^[\p{Lu}\p{N}"“'‘([$€£¥]/u.test(next);
    if (opens && (c !== '.' || stopEnds(text, i, next))) close(end);
    i = end - 1;
  }
  close(text.length);
  return spans;
}
