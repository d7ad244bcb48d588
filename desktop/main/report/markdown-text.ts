import { displayText } from '../../../shared/text/display-name';

// Text from a document or a person in a Markdown report: shown display-safe (displayText: one line, no
// hidden characters) and escaped only where CommonMark or GitHub's tables and strikethrough would read a
// character as markup, so "8.5%" and "nics-background" stay as written and an editor reads the text, not
// backslashes. Every escape is a backslash before ASCII punctuation, which CommonMark turns back into the
// character itself. A bare URL may still be shown as a link by GitHub's autolinking; its text is then its
// target, so nothing is disguised.

/**
 * Where the text sits: `inline` after other words on its line; `block` where a line or a list item's
 * content begins (a quoted line, a numbered item), so a leading "#", "-" or "1." would start a block;
 * `heading` after the "#"s of a heading; `cell` in a table's cell.
 */
export type MarkdownPlace = 'inline' | 'block' | 'heading' | 'cell';

const SPACE = /^\s$/u;
const WORD = /^[\p{L}\p{N}]$/u;
/** A character entity or a numeric reference, which CommonMark replaces by the character it names. */
const ENTITY = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;

const isSpace = (ch: string | undefined) => ch !== undefined && SPACE.test(ch);
const isWord = (ch: string | undefined) => ch !== undefined && WORD.test(ch);

/** Whether the character at `i` would be read as markup inside a line. */
function inlineMarkup(text: string, i: number, place: MarkdownPlace): boolean {
  const ch = text[i]!;
  const before = text[i - 1];
  const after = text[i + 1];
  switch (ch) {
    case '\\':
    case '`':
      return true;
    // Emphasis and strikethrough: a run with a space on both sides can neither open nor close one. The
    // text's ends count as markup-adjacent, since the words around it are the writer's.
    case '*':
    case '~':
      return !(isSpace(before) && isSpace(after));
    // "_" inside a word never opens or closes emphasis in CommonMark.
    case '_':
      return !((isSpace(before) && isSpace(after)) || (isWord(before) && isWord(after)));
    // A link or image needs "](" or "][" after its text.
    case ']':
      return after === undefined || after === '(' || after === '[';
    // A tag, an autolink, a comment or a processing instruction begins "<" + a letter, "/", "!" or "?".
    case '<':
      return after === undefined || /^[A-Za-z/!?]$/.test(after);
    case '&':
      return ENTITY.test(text.slice(i));
    // A table's cells are split at "|"; a quoted line or an item with "|" in it could start a table.
    case '|':
      return place === 'cell' || place === 'block';
    default:
      return false;
  }
}

/** The index of a character that would start a block when the text begins a line, or -1. */
function blockStart(text: string): number {
  if (/^#{1,6}(\s|$)/.test(text)) return 0;
  if (/^[>[]/.test(text)) return 0;
  if (/^[-+*](\s|$)/.test(text)) return 0;
  // A thematic break ("---", "* * *", "___") or a setext underline ("===") under the line before it.
  if (/^[-_*=][-_*=\s]*$/.test(text)) return 0;
  // An ordered list item: its number, then "." or ")".
  const item = /^\d{1,9}[.)](\s|$)/.exec(text);
  if (item) return item[0].trimEnd().length - 1;
  return -1;
}

/** Markdown-safe text of a document or a person, for `place` (inline after other words by default). */
export function escapeMarkdown(text: string, place: MarkdownPlace = 'inline'): string {
  const shown = displayText(text);
  const atBlock = place === 'block' ? blockStart(shown) : -1;
  // A heading's closing "#"s are dropped unless escaped.
  const atEnd = place === 'heading' && shown.endsWith('#') ? shown.length - 1 : -1;
  let out = '';
  for (let i = 0; i < shown.length; i++) {
    const ch = shown[i]!;
    out += i === atBlock || i === atEnd || inlineMarkup(shown, i, place) ? `\\${ch}` : ch;
  }
  return out;
}
