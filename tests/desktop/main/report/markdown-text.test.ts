import { describe, expect, it } from 'vitest';
import { escapeMarkdown, type MarkdownPlace } from '../../../../desktop/main/report/markdown-text';
import { displayText } from '../../../../shared/text/display-name';

// Escaping for a Markdown report: a backslash only where CommonMark (or GitHub's tables and strikethrough)
// would read markup, and none in ordinary text.

/** What CommonMark shows for a backslash before ASCII punctuation: the character itself. */
const unescape = (markdown: string) => markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');

const cases: [string, MarkdownPlace, string][] = [
  // Ordinary text stays as written.
  [
    'NICS checks rose 8.5% (nics-background_checks).',
    'inline',
    'NICS checks rose 8.5% (nics-background_checks).',
  ],
  [
    '5 * 3 = 15; costs fell -4.2% (see p. 3) #1 + more!',
    'inline',
    '5 * 3 = 15; costs fell -4.2% (see p. 3) #1 + more!',
  ],
  ['It\'s "up" 2:1, a/b, {x}, @them, $5^2 ~ 25', 'inline', 'It\'s "up" 2:1, a/b, {x}, @them, $5^2 ~ 25'],
  ['[sic] <5% and > 3, R&D, a | b', 'inline', '[sic] <5% and > 3, R&D, a | b'],
  // Emphasis, code and strikethrough.
  ['*bold* _lead and trail_ 2*3', 'inline', '\\*bold\\* \\_lead and trail\\_ 2\\*3'],
  ['a `code` span', 'inline', 'a \\`code\\` span'],
  ['~5% ~~struck~~', 'inline', '\\~5% \\~\\~struck\\~\\~'],
  ['C:\\Users\\x', 'inline', 'C:\\\\Users\\\\x'],
  // Links, images, HTML and entities.
  [
    '[click](https://evil.example) ![i](u) [a][b]',
    'inline',
    '[click\\](https://evil.example) ![i\\](u) [a\\][b\\]',
  ],
  [
    '<img src=x onerror=alert(1)> </b> <!-- c --> <?php',
    'inline',
    '\\<img src=x onerror=alert(1)> \\</b> \\<!-- c --> \\<?php',
  ],
  ['&amp; &#169; &#x41; &copy', 'inline', '\\&amp; \\&#169; \\&#x41; &copy'],
  // A line's start.
  ['# Not a heading', 'block', '\\# Not a heading'],
  ['#5 bolt', 'block', '#5 bolt'],
  ['- not a list', 'block', '\\- not a list'],
  ['+ not a list', 'block', '\\+ not a list'],
  ['-5% GDP', 'block', '-5% GDP'],
  ['1. First', 'block', '1\\. First'],
  ['2024) A year', 'block', '2024\\) A year'],
  ['8.5% rise', 'block', '8.5% rise'],
  ['> not quoted', 'block', '\\> not quoted'],
  ['---', 'block', '\\---'],
  ['===', 'block', '\\==='],
  ['[1]: https://x', 'block', '\\[1]: https://x'],
  ['a | b', 'block', 'a \\| b'],
  ['- not a list', 'inline', '- not a list'],
  // A heading's closing "#"s, and a table's cells.
  ['Case #', 'heading', 'Case \\#'],
  ['Issue #5', 'heading', 'Issue #5'],
  ['8.5%|x', 'cell', '8.5%\\|x'],
];

describe('escapeMarkdown', () => {
  it.each(cases)('%j as %s', (text, place, expected) => {
    expect(escapeMarkdown(text, place)).toBe(expected);
    // What a reader sees is the text as written.
    expect(unescape(expected)).toBe(displayText(text));
  });

  it('shows text display-safe on one line', () => {
    expect(escapeMarkdown('line\nbreak\u202E')).toBe('line break');
  });
});
