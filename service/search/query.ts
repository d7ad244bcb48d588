// A user's search text as phrases of lower-case words. Nothing the user types reaches the index as
// syntax: the store quotes every phrase (service/store/search-index.ts), so quotes, operators (AND, OR,
// NOT, NEAR, *, ^, :, -, parentheses), punctuation and SQL-looking text are only words or nothing. Text in
// double quotes is kept as a phrase; so is a run of words joined by punctuation without spaces ("1,120",
// "U.S.", "covid-19"), which FTS5's tokenizer splits the same way in the indexed text.

/** At most this many phrases are searched; the rest of a very long query is ignored (said in the note). */
export const MAX_PHRASES = 32;

export interface ParsedQuery {
  /** Each phrase as its lower-case words. */
  phrases: string[][];
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

function wordsOf(text: string): string[] {
  return (text.normalize('NFC').match(WORD) ?? []).map((w) => w.toLowerCase());
}

/** The phrases of `text`, or null when it holds no word at all (only operators, punctuation, symbols). */
export function parseQuery(text: string): ParsedQuery | null {
  const phrases: string[][] = [];
  const seen = new Set<string>();
  const add = (words: string[]) => {
    if (words.length === 0) return;
    const key = words.join(' ');
    if (seen.has(key)) return;
    seen.add(key);
    phrases.push(words);
  };
  // Split on double quotes (straight or curly): odd pieces were inside quotes.
  const pieces = text.split(/["“”„]/);
  pieces.forEach((piece, i) => {
    const quoted = i % 2 === 1 && i < pieces.length - 1;
    if (quoted) add(wordsOf(piece));
    else for (const chunk of piece.split(/\s+/)) add(wordsOf(chunk));
  });
  if (phrases.length === 0) return null;
  return { phrases: phrases.slice(0, MAX_PHRASES) };
}

/** A pattern finding a phrase in original text: its words in order, separated by anything but a word. */
export function phrasePattern(words: readonly string[]): RegExp {
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(
    `(?<![\\p{L}\\p{N}\\p{M}])${escaped.join('[^\\p{L}\\p{N}\\p{M}]+')}(?![\\p{L}\\p{N}\\p{M}])`,
    'giu',
  );
}
