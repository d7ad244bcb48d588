import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayName, displayText, displayTitle, UNNAMED_FILE } from '../../../shared/text/display-name';

// Hostile file names and titles, and what a person must see of them: the characters of the name, in their
// real order, with nothing hidden, reordered or glued together; scripts that need joiners and marks intact.

const hostile: [label: string, raw: string, shown: string][] = [
  ['RTLO hides an .exe behind .pdf', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
  ['RLO with its PDF', 'report\u202Egnp.\u202Cexe', 'reportgnp.exe'],
  ['LRE, RLE, PDF, LRO, RLO', '\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee', 'abcde'],
  ['isolates LRI, RLI, FSI, PDI', '\u2066a\u2067b\u2068c\u2069d', 'abcd'],
  ['LRM and RLM', '\u200Eleft\u200F.txt', 'left.txt'],
  ['Arabic letter mark', 'x\u061Cy.csv', 'xy.csv'],
  ['C1 NEL is a line break: a space', 'annual\u0085report.pdf', 'annual report.pdf'],
  ['C1 CSI is removed', 'data\u009B31m.csv', 'data31m.csv'],
  [
    'every other C1',
    `a${String.fromCharCode(...Array.from({ length: 32 }, (_, i) => 0x80 + i).filter((c) => c !== 0x85))}b`,
    'ab',
  ],
  ['NUL, BEL and BS', 'a\u0000b\u0007c\u0008d.pdf', 'abcd.pdf'],
  ['ESC sequence: the ESC goes, its printable tail stays', '\u001b[31mred\u001b[0m.txt', '[31mred[0m.txt'],
  ['DEL', 'del\u007Fete.txt', 'delete.txt'],
  ['tabs and newlines become one space', 'quarterly\treport\r\n\n2024.xlsx', 'quarterly report 2024.xlsx'],
  ['line and paragraph separators', 'one\u2028two\u2029three', 'one two three'],
  ['exotic spaces collapse to one', 'a\u00A0\u2003\u3000b', 'a b'],
  ['a run of spaces cannot push .exe out of sight', `photo.jpg${' '.repeat(60)}.exe`, 'photo.jpg .exe'],
  ['leading and trailing whitespace', ' \t name.pdf \n', 'name.pdf'],
  ['zero width space', 'in\u200Bvoice.pdf', 'invoice.pdf'],
  ['BOM and word joiner', '\uFEFFbudget\u2060.pdf', 'budget.pdf'],
  ['soft hyphen', 'in\u00ADvoice', 'invoice'],
  ['lone, leading and trailing joiners', '\u200Dname\u200C.\u200Dpdf\u200D', 'name.pdf'],
  ['a joiner beside a space or digit', 'a \u200D b 1\u200C2', 'a b 12'],
  ['Tag characters smuggling text', 'ok\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}.pdf', 'ok.pdf'],
  [
    'Tag text smuggled after a black flag',
    '🏴\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E0061}\u{E006C}\u{E006C}\u{E007F}x',
    '🏴x',
  ],
  ['a flag tag run without its cancel tag', '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}x', '🏴x'],
  ['a run of variation selectors hiding bytes', 'hi😀\uFE0F\u{E0100}\u{E0101}\u{E0102}', 'hi😀\uFE0F'],
  ['a variation selector with nothing to select', '\uFE0Fname', 'name'],
  ['Hangul filler-only syllable', 'a\u3164\u115F\u1160\uFFA0b', 'ab'],
  ['lone surrogates: removed, no U+FFFD', 'a\uD800b\uDFFFc', 'abc'],
  ['noncharacters', 'a\uFFFEb\u{10FFFF}c', 'abc'],
  ['interlinear annotation', 'a\uFFF9hidden\uFFFBb', 'ahiddenb'],
];

const kept: [label: string, raw: string, shown: string][] = [
  ['café with a combining acute (NFC for display)', 'cafe\u0301.pdf', 'caf\u00E9.pdf'],
  ['Hindi', 'नमस्ते.txt', 'नमस्ते.txt'],
  ['Devanagari half form with ZWJ', 'क्\u200Dष', 'क्\u200Dष'],
  ['Arabic with harakat', 'مَرْحَبًا.docx', 'مَرْحَبًا.docx'],
  ['Persian ZWNJ between letters', 'می\u200Cخواهم.pdf', 'می\u200Cخواهم.pdf'],
  ['Hebrew', 'דוח שנתי.pdf', 'דוח שנתי.pdf'],
  ['emoji ZWJ sequence', '👩\u200D💻 notes.md', '👩\u200D💻 notes.md'],
  ['emoji with VS16 and ZWJ', '🏳\uFE0F\u200D🌈.png', '🏳\uFE0F\u200D🌈.png'],
  ['emoji with a skin tone and ZWJ', '👩🏽\u200D🔬', '👩🏽\u200D🔬'],
  [
    'subdivision flag',
    '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} budget',
    '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} budget',
  ],
  ['keycap', '1\uFE0F\u20E3 first.txt', '1\uFE0F\u20E3 first.txt'],
  ['CJK ideographic variation', '葛\u{E0100}飾区.pdf', '葛\u{E0100}飾区.pdf'],
  ['old Hangul syllable with a filler', '\u1100\u1160\u11A8', '\u1100\u1160\u11A8'],
  ['printable ASCII', 'Q3 report (final) #2 [v1.0] ~draft~.pdf', 'Q3 report (final) #2 [v1.0] ~draft~.pdf'],
];

describe('displayName', () => {
  it.each(hostile)('%s', (_label, raw, shown) => {
    expect(displayName(raw)).toBe(shown);
  });

  it.each(kept)('keeps %s', (_label, raw, shown) => {
    expect(displayName(raw)).toBe(shown);
  });

  it('shows a name with nothing visible as the placeholder', () => {
    for (const raw of [
      '',
      '   ',
      '\u202E',
      '\u0000\u0007\u001b',
      '\u200B\uFEFF\u2060',
      '\t\n\u2028',
      '\u0085\u009B',
    ])
      expect(displayName(raw)).toBe(UNNAMED_FILE);
  });

  it('never truncates: a long name keeps its length, less only what was removed', () => {
    const long = 'a'.repeat(255) + '.pdf';
    expect(displayName(long)).toBe(long);
    expect(displayName('b'.repeat(10_000))).toHaveLength(10_000);
    expect(displayName(`${'c'.repeat(200)}\u202E${'d'.repeat(54)}`)).toHaveLength(254);
  });
});

describe('displayText and displayTitle', () => {
  it('gives an empty text, not a placeholder, when nothing visible is left', () => {
    expect(displayText('\u202E\u200B')).toBe('');
    expect(displayText(' Budget\u0085 2024 ')).toBe('Budget 2024');
  });

  it('labels a source by its visible title, else its file name', () => {
    expect(displayTitle('Budget\u202E 2024', 'b.pdf')).toBe('Budget 2024');
    expect(displayTitle(null, 'invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayTitle('\u202E\u2066', 'b.pdf')).toBe('b.pdf');
    expect(displayTitle('\u202E', '\u202E')).toBe(UNNAMED_FILE);
  });
});

// ---- properties ------------------------------------------------------------------------------------

/** Code points that must never reach a person: controls, bidi controls, invisible formatters. */
function forbidden(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x061c ||
    code === 0x200b ||
    code === 0xfeff ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x00ad ||
    code === 0xfffd ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

const interesting = [
  '\u202E',
  '\u202D',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\uFEFF',
  '\u2060',
  '\u034F',
  '\u180E',
  '\uFE0F',
  '\uFE0E',
  '\u{E0100}',
  '\u{E0067}',
  '\u{E007F}',
  '\u{E0001}',
  '\u115F',
  '\u1160',
  '\u1100',
  '\u1161',
  '\u3164',
  '\u0000',
  '\u001b',
  '\u007F',
  '\u0085',
  '\u009B',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\u2029',
  '\u00A0',
  '\u3000',
  ' ',
  '  ',
  '\u0301',
  '\u094D',
  '\u064E',
  'e',
  'क',
  'ی',
  '👩',
  '💻',
  '🏳',
  '🏴',
  '🏽',
  '.',
  '\uD800',
  '\uDC00',
  '\uFFFE',
  '\uFFF9',
  '\u0958',
  '\u2126',
  '\u2000',
];

/** Strings built from the characters above, any code point and lone surrogates. */
const names = fc.string({
  unit: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...interesting) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  ),
  maxLength: 40,
});

describe('displayName properties', () => {
  it('never contains a forbidden code point, and is never empty, padded or doubly spaced', () => {
    fc.assert(
      fc.property(names, (raw) => {
        const shown = displayName(raw);
        expect(shown.length).toBeGreaterThan(0);
        for (const ch of shown)
          expect(forbidden(ch.codePointAt(0)!), `U+${ch.codePointAt(0)!.toString(16)}`).toBe(false);
        expect(shown).not.toMatch(/^\s|\s$|\s\s|[^\S ]/u);
        expect(shown).toBe(shown.normalize('NFC'));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps joiners only between letters or marks, or ZWJ between emoji', () => {
    fc.assert(
      fc.property(names, (raw) => {
        const chars = [...displayName(raw)];
        chars.forEach((ch, i) => {
          if (ch !== '\u200C' && ch !== '\u200D') return;
          const around = `${chars[i - 1] ?? ''}${chars[i + 1] ?? ''}`;
          expect(around, JSON.stringify(chars)).toMatch(
            /^(?:[\p{L}\p{M}]{2}|[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]\p{Extended_Pictographic})$/u,
          );
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(names, (raw) => {
        const once = displayName(raw);
        expect(displayName(once)).toBe(once);
        expect(displayText(displayText(raw))).toBe(displayText(raw));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves printable ASCII as it is, but for collapsed and trimmed spaces', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
        (raw) => {
          expect(displayName(raw)).toBe(raw.replace(/ +/g, ' ').trim() || UNNAMED_FILE);
        },
      ),
    );
  });

  it('keeps every visible letter, digit, mark and emoji of the name, in order', () => {
    // U+1D1BB is excluded from composition: NFC shows it as U+1D1B9 U+1D165.
    expect([...displayText('\u{1D1BB}')]).toEqual(['\u{1D1B9}', '\u{1D165}']);
    /** Well-formed text: lone surrogate halves dropped, as the function drops them. */
    const wellFormed = (s: string) => [...s].filter((ch) => !/^\p{Cs}$/u.test(ch)).join('');
    // Decomposed first (a composition exclusion such as U+1D1BB shows as its parts, a symbol and a mark);
    // canonical order is taken again after filtering: a removed character no longer blocks mark reordering.
    const visible = (s: string) =>
      [...wellFormed(s).normalize('NFD')]
        .filter((ch) => /^[\p{L}\p{N}\p{M}\p{Extended_Pictographic}]$/u.test(ch))
        .filter((ch) => !/^\p{Default_Ignorable_Code_Point}$/u.test(ch))
        .join('')
        .normalize('NFD');
    fc.assert(
      fc.property(names, (raw) => {
        expect(visible(displayText(raw))).toBe(visible(raw));
      }),
      { numRuns: 2000 },
    );
  });
});
