import { CURRENCY_CODES, CURRENCY_SYMBOLS, CURRENCY_WORDS } from '../figures/lexicon';

// A column that says each row's currency ("Contract Currency": "GHS", "US$", "¥Japan"): the figures of a
// row are in its own currency, never in one another row writes beside its figure. Without such a column a
// table that writes one currency on some of its figures ("$" on a column's first row) is in that one.

const SYMBOLS = Object.keys(CURRENCY_SYMBOLS).sort((a, b) => b.length - a.length);
const WORDS = new Map(CURRENCY_WORDS.map(([word, code]) => [word.toLowerCase(), code]));

/** A heading that says its column is the row's currency. */
export const CURRENCY_HEADING = /\bcurrenc(?:y|ies)\b/i;

/**
 * The currencies a cell of words names, in ISO codes in the order named ("US$" USD, "¥Japan" JPY, "euros"
 * EUR; "GHS" only under a heading that says currency), or null when it says anything else (a digit, a
 * word that is no currency). Unknown codes count only `underHeading`: "AAA" is a licence type elsewhere.
 */
export function currenciesNamed(text: string, underHeading: boolean): string[] | null {
  const trimmed = text.trim();
  if (trimmed === '' || /\d/.test(trimmed)) return null;
  const lower = trimmed.toLowerCase();
  const word = WORDS.get(lower);
  if (word !== undefined) return [word];
  const codes: string[] = [];
  for (const token of trimmed.split(/[\s/,;]+/).filter((t) => t !== '')) {
    const symbol = SYMBOLS.find((s) => token.startsWith(s));
    // A symbol may run on into its country's name ("¥Japan", "$US").
    if (symbol !== undefined && /^\p{L}*$/u.test(token.slice(symbol.length))) {
      codes.push(CURRENCY_SYMBOLS[symbol]!);
      continue;
    }
    const code = CURRENCY_CODES[token] ?? (underHeading && /^[A-Z]{3}$/.test(token) ? token : undefined);
    const named = code ?? WORDS.get(token.toLowerCase());
    if (named === undefined) return null;
    codes.push(named);
  }
  return codes.length === 0 ? null : codes;
}

/**
 * Whether a column of a table's body says each row's currency: its heading says so, or every one of its
 * texts names currencies only, and two currencies or more. A column of one symbol ("$" beside the first
 * row and the total, as accounts print it) says the table's one currency, not each row's.
 */
export function isCurrencyColumn(heading: string, texts: readonly string[]): boolean {
  const filled = texts.map((t) => t.trim()).filter((t) => t !== '');
  if (filled.length === 0) return false;
  if (CURRENCY_HEADING.test(heading)) return filled.some((t) => currenciesNamed(t, true) !== null);
  const named = filled.map((t) => currenciesNamed(t, false));
  return named.every((n) => n !== null) && new Set(named.flat()).size >= 2;
}

/** The one currency a row's currency cell names, or null (none, or several). */
export function rowCurrency(text: string | undefined, heading: string): string | null {
  const named = text === undefined ? null : currenciesNamed(text, CURRENCY_HEADING.test(heading));
  const distinct = new Set(named ?? []);
  return distinct.size === 1 ? [...distinct][0]! : null;
}
