import { describe, expect, it } from 'vitest';
import {
  countCharacters,
  countTextLayer,
  fontValues,
  judgeTextLayer,
  ocrAgrees,
  type TextLayerVerdict,
} from '../../../../service/extract/readers/pdf-text-check';

// The text-layer check on its own: strings from lying text layers (TAMReview.pdf page 3 verbatim, control
// characters, private-use code points, glyph codes read as digits) against clean text in many scripts,
// tables of figures and a table of contents. A clean verdict means the page is never sent to OCR.

const judge = (text: string): TextLayerVerdict['kind'] => judgeTextLayer(countCharacters(text)).kind;

/** What pdf.js reports for a run of TAMReview.pdf page 3 (a Cambria subset without a Unicode map). */
const TAM_PAGE_3 =
  '\u001d\u0006\u0011\u001e\u0005\u0004\b7\u0018\b\u0002\u0005\u0006\u0011\u0006\u000f\u0015\u0010\b \u0013\u0016' +
  '\b\u0014\u0005 \u0014 \u0019\u0004\u0017\b%\u0012\b\u001d\u0005\u0004\u0017\b\u001b\u0015\u0003\u0006\u0019\b(' +
  '\u001b\u0015\u0003\u0006\u0019\u001a\b-.48\u001a\b\u0014&\b79)&\b';

const GARBLED: [string, string][] = [
  ['TAMReview.pdf page 3, as pdf.js reads it', TAM_PAGE_3],
  [
    'control characters for letters',
    '\u0002\u0003\u0004\u0005\u0003\u0006\u0004\u0007\b \u0004\u000e \u000f\u0010',
  ],
  ['a word per control character', 'Perceived\u0002Ease\u0002of\u0002Use\u0002and\u0002Usefulness'],
  ['replacement characters', 'Net income \uFFFD\uFFFD\uFFFD\uFFFD million'],
  ['unassigned code points', 'Revenue \u0378\u0379\u0380\u0381 rose'],
  [
    'private-use code points for every letter',
    '\uE052\uE065\uE076\uE065\uE06E\uE075\uE065 \uE072\uE06F\uE073\uE065 12',
  ],
];

const DOUBTFUL: [string, string][] = [
  ['stray symbols and digits, a page of them', '%(-.48&79)& '.repeat(4)],
  ['symbols with hardly a letter', '#$%& *+,/ :;<=> ?@[\\] ^_`{ |}~ 1'],
  ['letters switching script inside words', 'Ѐ΄Ⴀאژ ҂ϨႭבڱ ЉΘႱגڶ ЋΫႷדۀ'],
];

const CLEAN: [string, string][] = [
  [
    'English',
    'Revenue rose 12.5% to $1,234.5 million in 2023, while net income reached 98.7 million (up from 87.1).',
  ],
  [
    'French',
    "Le chiffre d'affaires a progressé de 12,5 % à 1 234,5 millions d'euros ; les élèves naïfs ont reçu leur diplôme à Noël.",
  ],
  [
    'German',
    'Die Umsätze stiegen um 3,4 % auf 567,8 Mio. €. Größere Märkte wie Österreich trugen maßgeblich bei.',
  ],
  [
    'Greek',
    'Η οικονομία της Ελλάδας αναπτύχθηκε κατά 2,3% το 2023, σύμφωνα με την Ελληνική Στατιστική Αρχή.',
  ],
  ['Russian', 'Валовой внутренний продукт России вырос на 3,6% в 2023 году; инфляция составила 7,4%.'],
  ['Chinese', '国家统计局发布的数据显示，2023年国内生产总值为1260582亿元，比上年增长5.2%。'],
  ['Japanese', '日本の国内総生産（GDP）は2023年に前年比1.9%増加し、TOPIXは25%上昇しました。'],
  ['Korean', '한국은행에 따르면 2023년 한국의 경제성장률은 1.4%를 기록했다.'],
  ['Arabic', 'أعلنت الهيئة العامة للإحصاء أن الناتج المحلي الإجمالي نما بنسبة 3.2% في عام 2023'],
  [
    'a table of figures',
    [
      '2023 2022 2021 Δ %',
      'Revenue $ 1,234,567 $ 1,098,765 $ 987,654 12.4%',
      'Cost of sales (456,789) (432,100) (401,234) 5.7%',
      'Interest (12,345) (11,234) — —',
      'EPS (€) 4.32 3.58 3.22 20.7%',
      '¥ per $ 141.23 131.45 109.87 7.4%',
    ].join('\n'),
  ],
  [
    'a page of numbers only',
    [
      '1,234 5,678 9,012 3,456 (7,890) 12.3%',
      '2,345 6,789 0.123 4,567 (8,901) 23.4%',
      '$5.67 $8.90 $1.23 $4.56 — —',
      '— — — — — —',
      '6/30/2023 12/31/2023 3/31/2024 +1.5 -2.5 ±0.5',
    ].join('\n'),
  ],
  [
    'a table of contents',
    [
      'Chapter 1 ........................................ 12',
      'Chapter 2 Methods . . . . . . . . . . . . . . . . . 14',
      'Chapter 3 Results ________________________________ 25',
      'Appendix A ---------------------------------------- 31',
    ].join('\n'),
  ],
  [
    'mathematics',
    'Let ∑ xᵢ = μ·n with σ² = E[(X − μ)²] ≥ 0, and |x − a| < δ ⇒ |f(x) − f(a)| < ε for α + β = γ.',
  ],
  ['bullets in a private-use font', '\uF0B7 First item\n\uF0B7 Second item\n\uF0A7 Third item with 12 units'],
  [
    'bullets that are control characters, standing alone',
    '\u0002 Item one\n\u0002 Item two\n\u0002 Item three',
  ],
  ['a web address', 'See http://www.idtheftcenter.org/2014?ref=a&b=c and sprouts.aisnet.org/9-37'],
  [
    'mixed scripts, word by word',
    'The Москва office (Μόσχα in Greek) opened a 東京 branch; naïve café coöperation, ﬁ ﬂ.',
  ],
];

describe('text-layer check: the rule on strings', () => {
  it.each(GARBLED)('garbled: %s', (_, text) => expect(judge(text)).toBe('garbled'));
  it.each(DOUBTFUL)('doubtful: %s', (_, text) => expect(judge(text)).toBe('doubtful'));
  it.each(CLEAN)('clean: %s', (_, text) => expect(judge(text)).toBe('clean'));

  it('says why, with the counts', () => {
    expect(judgeTextLayer(countCharacters(TAM_PAGE_3))).toMatchObject({
      kind: 'garbled',
      why: expect.stringMatching(/^\d+ of \d+ characters are control or unassigned code points$/),
    });
  });

  it('counts a leader or a rule once, whatever its length', () => {
    expect(countCharacters('Chapter 1 ........ 12').symbols).toBe(1);
    expect(countCharacters('Chapter 1 . . . . . . 12').symbols).toBe(1);
  });
});

describe('text-layer check: glyphs without a Unicode mapping', () => {
  // A font whose map covers letters only: what it reports for any other glyph is a raw code.
  const letters = new Set('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const values = (name: string) => (name === 'F1' ? letters : null);

  it('a digit from an unmapped glyph makes the page doubtful, even a short stray figure', () => {
    const { page, fonts } = countTextLayer([{ str: '%(-.48&79)&', fontName: 'F1' }], values);
    expect(page.unmappedDigits).toBe(4);
    expect(judgeTextLayer(page, fonts.values())).toMatchObject({ kind: 'doubtful' });
    // Without the font's map, eleven characters are too few to judge.
    expect(judge('%(-.48&79)&')).toBe('clean');
  });

  it('a font whose map is unknown (identity) judges nothing unmapped', () => {
    const { page } = countTextLayer([{ str: 'Revenue 1,234.5', fontName: 'F2' }], values);
    expect(page.unmapped).toBe(0);
  });

  it('one font of control characters makes a long clean page garbled', () => {
    const clean = { str: 'Revenue rose 12.5% to 1,234.5 million. '.repeat(30), fontName: 'F0' };
    const sidebar = { str: '\u0002\u0003 \u0004\u0005\u0006\u0007\u0005\b \u0003 \u0006', fontName: 'F3' };
    const { page, fonts } = countTextLayer([clean, sidebar], () => null);
    expect(judgeTextLayer(page).kind).toBe('clean');
    expect(judgeTextLayer(page, fonts.values())).toMatchObject({ kind: 'garbled', why: /in one font$/ });
  });

  it('a word runs on into the next item: a marker is alone only with space on both sides', () => {
    const split = countTextLayer(
      [
        { str: 'Net\u0002', fontName: 'F0' },
        { str: 'income', fontName: 'F0' },
      ],
      () => null,
    );
    expect(split.page.invalidInWords).toBe(1);
    const alone = countTextLayer(
      [
        { str: '\u0002', fontName: 'F0', hasEOL: true },
        { str: ' income', fontName: 'F0' },
      ],
      () => null,
    );
    expect(alone.page.invalidInWords).toBe(0);
  });
});

describe('text-layer check: what a pdf.js font maps', () => {
  it('the values of its toUnicode map, ligatures also as pdf.js normalises them', () => {
    const values = fontValues({ toUnicode: { _map: [undefined, 'A', 'ﬁ', '', 'β'] } });
    expect(values && [...values].sort()).toEqual(['A', 'f', 'i', 'β', 'ﬁ'].sort());
  });

  it('nothing can be said of an identity map or a font without one', () => {
    expect(fontValues({ toUnicode: { firstChar: 0, lastChar: 0xffff } })).toBeNull();
    expect(fontValues({})).toBeNull();
    expect(fontValues(null)).toBeNull();
  });
});

describe('text-layer check: OCR agreeing with the text layer', () => {
  const layer = 'Revenue rose 12.5% to 1,234.5 million\nNet income 98.7 million';

  it('agrees when OCR reads the same words and numbers, a misread or two aside', () => {
    expect(ocrAgrees(layer, 'Revenue rose 12.5% to 1,234.5 million\nNet incorne 98.7 million')).toBe(true);
  });

  it('disagrees when the text layer says words or figures the page does not show', () => {
    expect(ocrAgrees('0121 3415 678 159 :;<=5 >759', layer)).toBe(false);
    expect(ocrAgrees('Revenue rose 48.5% to 7,979.2 million', 'Revenue rose 12.5% to 1,234.5 million')).toBe(
      false,
    );
    expect(ocrAgrees(layer, '')).toBe(false);
  });
});
