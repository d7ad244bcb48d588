import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { extract } from '../../../../service/extract/extract';
import { reader } from '../../../../service/extract/readers/pdf';
import { locateFigures } from '../../../../service/extract/figures';
import {
  DEFAULT_LIMITS,
  type ReadOptions,
  type ReadResult,
  type ReadUnit,
  type TextRun,
} from '../../../../service/extract/types';
import { buildPdf, helveticaWidth, type PdfFont, type PdfPage } from '../fixtures/pdf';
import { textPicture } from '../fixtures/pdf-images';
import { readOptions, readFailure } from './helpers';

// The PDF reader on PDFs the tests write themselves (fixtures/pdf.ts) and on three small encrypted files
// made with qpdf from one of them (fixtures/files, committed).

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/files/${name}`, import.meta.url)));

const options = (overrides: Partial<ReadOptions> = {}): ReadOptions =>
  readOptions({ ocr: 'auto', ...overrides });

const read = (bytes: Uint8Array, overrides: Partial<ReadOptions> = {}) =>
  reader.read(bytes, 'pdf', options(overrides));

const failure = readFailure;

function unit(result: ReadResult, index: number): ReadUnit {
  const found = result.units.find((u) => u.index === index);
  if (!found) throw new Error(`no unit ${index}`);
  return found;
}

/** The run whose span holds `text` in the unit's markdown. */
function runOf(u: ReadUnit, text: string): TextRun {
  const start = u.markdown.indexOf(text);
  const run = (u.runs ?? []).find((r) => r.start <= start && r.end >= start + text.length);
  if (start < 0 || !run) throw new Error(`no run holds "${text}" in ${JSON.stringify(u.markdown)}`);
  return run;
}

const TEXT_PAGES: PdfPage[] = [
  {
    // Written out of reading order: the reader sorts lines top to bottom and items left to right.
    texts: [
      { x: 72, y: 650, size: 12, text: 'Net income 98.7' },
      { x: 200, y: 700, size: 12, text: '1,234.5' },
      { x: 72, y: 700, size: 12, text: 'Revenue' },
      { x: 72, y: 740, size: 18, text: 'Annual Report 2023' },
    ],
  },
  { texts: [{ x: 100, y: 400, size: 10, text: 'Page two: margin 12.5%' }] },
];

describe('pdf reader: text layer', () => {
  it('reads every page in reading order, one text_layer unit per page with its size', async () => {
    const progress: number[] = [];
    const result = await read(buildPdf(TEXT_PAGES), { onUnit: (p) => progress.push(p.index) });
    expect(result.format).toBe('pdf');
    expect(result.lost).toEqual([]);
    expect(result.units.map((u) => [u.kind, u.index, u.extraction_method])).toEqual([
      ['page', 1, 'text_layer'],
      ['page', 2, 'text_layer'],
    ]);
    expect(unit(result, 1).markdown).toBe('Annual Report 2023\n\nRevenue 1,234.5\n\nNet income 98.7');
    expect(unit(result, 2).markdown).toBe('Page two: margin 12.5%');
    expect(unit(result, 1).page).toEqual({ width: 612, height: 792 });
    expect(progress).toEqual([1, 2]);
  });

  it('gives each item a run whose span is its text and whose box sits where it was drawn (top-left origin)', async () => {
    const page = unit(await read(buildPdf(TEXT_PAGES)), 1);
    for (const run of page.runs ?? []) expect(run.end).toBeGreaterThan(run.start);
    const figure = runOf(page, '1,234.5');
    expect(page.markdown.slice(figure.start, figure.end)).toBe('1,234.5');
    const baseline = 792 - 700;
    expect(figure.x).toBeCloseTo(200, 0);
    expect(figure.width).toBeCloseTo(helveticaWidth('1,234.5', 12), 0);
    expect(figure.y).toBeLessThan(baseline);
    expect(figure.y).toBeGreaterThan(baseline - 12);
    expect(figure.y + figure.height).toBeGreaterThan(baseline);
    expect(figure.y + figure.height).toBeLessThan(baseline + 5);
    const title = runOf(page, 'Annual Report 2023');
    expect(title.x).toBeCloseTo(72, 0);
    expect(title.y).toBeLessThan(792 - 740);
    expect(title.height).toBeGreaterThan(figure.height);
  });

  it('locates a figure through the orchestrator with a box on the page', async () => {
    const result = await extract(buildPdf(TEXT_PAGES), { filename: 'report.pdf' });
    expect(result).toMatchObject({ state: 'complete', code: null, extraction_method: 'text_layer' });
    const figure = result.units[0]?.figures.find((f) => f.raw.includes('1,234.5'));
    expect(figure?.position).toMatchObject({ kind: 'box' });
    if (figure?.position.kind === 'box') expect(figure.position.x).toBeCloseTo(200, 0);
  });

  it('boxes a figure inside a sentence on its own glyphs, by the font widths, not an even share', async () => {
    const before = 'Revenue in 2022 was ';
    const pdf = buildPdf([
      { texts: [{ x: 72, y: 700, size: 12, text: `${before}$1,000 million, up 12.5%.` }] },
    ]);
    const result = await extract(pdf, { filename: 'sentence.pdf' });
    const box = (raw: string) => {
      const position = result.units[0]?.figures.find((f) => f.raw === raw)?.position;
      if (position?.kind !== 'box') throw new Error(`no box for ${raw}`);
      return position;
    };
    const money = box('$1,000 million');
    expect(money.x).toBeCloseTo(72 + helveticaWidth(before, 12), 1);
    expect(money.width).toBeCloseTo(helveticaWidth('$1,000 million', 12), 1);
    const percent = box('12.5%');
    expect(percent.x).toBeCloseTo(72 + helveticaWidth(`${before}$1,000 million, up `, 12), 1);
    expect(percent.width).toBeCloseTo(helveticaWidth('12.5%', 12), 1);
  });

  it('applies the page rotation: size and boxes are those of the page as displayed', async () => {
    const result = await read(
      buildPdf([{ rotate: 90, texts: [{ x: 72, y: 700, size: 12, text: 'Rotated 42' }] }]),
    );
    const page = unit(result, 1);
    expect(page.page).toEqual({ width: 792, height: 612 });
    expect(page.markdown).toBe('Rotated 42');
    // The text runs down the drawn page: it is read in the frame where it runs left to right, and the
    // figure's box is turned back onto the page as displayed, near its right-hand side.
    expect(page.frame).toBe(1);
    const figure = locateFigures(page).find((f) => f.raw === '42');
    const box = figure?.position.kind === 'box' ? figure.position : null;
    if (box === null) throw new Error('no box for 42');
    expect(box.x).toBeGreaterThan(680);
    expect(box.x + box.width).toBeLessThan(792);
    expect(box.y).toBeCloseTo(72 + helveticaWidth('Rotated ', 12), 0);
    expect(box.height).toBeCloseTo(helveticaWidth('42', 12), 0);
  });

  it('reads a PDF with only an owner password like any other', async () => {
    const result = await read(fixture('pdf-owner-password-only.pdf'));
    expect(result.units.map((u) => u.markdown)).toEqual(['Secret report: Revenue 1,234.5']);
  });

  it('a blank document reads as pages holding nothing, which the orchestrator calls empty_source', async () => {
    const blank = buildPdf([{}, {}]);
    for (const ocr of ['off', 'auto'] as const) {
      const result = await read(blank, { ocr });
      expect(result.lost).toEqual([]);
      expect(result.units.map((u) => [u.index, u.markdown])).toEqual([
        [1, ''],
        [2, ''],
      ]);
    }
    const settled = await extract(blank, { filename: 'blank.pdf' }, { ocr: 'off' });
    expect(settled).toMatchObject({ state: 'error', code: 'empty_source', extraction_method: 'none' });
  });
});

describe('pdf reader: failures', () => {
  it('a PDF that needs a user password is source_encrypted (AES-256 and RC4)', async () => {
    for (const name of ['pdf-user-password.pdf', 'pdf-user-password-rc4.pdf']) {
      const error = await failure(read(fixture(name)));
      expect(error).toMatchObject({ code: 'source_encrypted', format: 'pdf' });
    }
  });

  it('a truncated PDF and bytes that only start like a PDF are source_corrupt', async () => {
    const good = buildPdf(TEXT_PAGES);
    const truncated = await failure(read(good.slice(0, Math.floor(good.length / 2))));
    expect(truncated).toMatchObject({ code: 'source_corrupt', format: 'pdf' });
    const junk = new TextEncoder().encode('%PDF-1.7\n' + 'garbage '.repeat(50));
    expect(await failure(read(junk))).toMatchObject({ code: 'source_corrupt' });
  });

  it('more pages than the ceiling is source_too_large with the observed count and the limit', async () => {
    const error = await failure(read(buildPdf([{}, {}, {}]), { limits: { ...DEFAULT_LIMITS, maxPages: 2 } }));
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toBe('pages: observed 3 (limit 2)');
  });

  it('more text than the ceiling is source_too_large', async () => {
    const error = await failure(
      read(buildPdf(TEXT_PAGES), { limits: { ...DEFAULT_LIMITS, maxTextChars: 20 } }),
    );
    expect(error.code).toBe('source_too_large');
    expect(error.reason).toContain('limit 20');
  });

  it('a page that cannot be read is lost on its own; the other pages are read', async () => {
    const bytes = buildPdf([
      { texts: [{ x: 72, y: 700, size: 12, text: 'first page' }] },
      { texts: [{ x: 72, y: 700, size: 12, text: 'second page' }] },
    ]);
    // Point the second kid at an object that does not exist (same length, so the xref stays valid).
    const source = Buffer.from(bytes).toString('latin1');
    const kids = /\/Kids \[(\d+) 0 R (\d+) 0 R\]/.exec(source);
    if (!kids) throw new Error('no /Kids');
    const broken = source.replace(kids[0], `/Kids [${kids[1]} 0 R ${kids[2]} 9 R]`);
    const result = await read(new Uint8Array(Buffer.from(broken, 'latin1')));
    expect(result.units.map((u) => [u.index, u.markdown])).toEqual([[1, 'first page']]);
    expect(result.lost).toEqual([
      expect.objectContaining({ kind: 'page', index: 2, state: 'error', code: 'source_corrupt' }),
    ]);
  });
});

describe('pdf reader: OCR', () => {
  // Page 2 is a JPEG of two lines of text, drawn at 300 dpi (0.24 pt per pixel).
  let scanned: Uint8Array;
  const imageBox = { x: 72, top: 0, width: 0, height: 0 };
  beforeAll(async () => {
    const picture = textPicture(['Invoice total 4,321', 'Paid on 12 March 2024'], { width: 1400, size: 60 });
    imageBox.width = picture.width * 0.24;
    imageBox.height = picture.height * 0.24;
    imageBox.top = 792 - 500 - imageBox.height;
    scanned = buildPdf([
      { texts: [{ x: 72, y: 700, size: 12, text: 'Page one Revenue 1,234.5' }] },
      {
        images: [
          {
            x: 72,
            y: 500,
            width: imageBox.width,
            height: imageBox.height,
            pixels: { width: picture.width, height: picture.height },
            jpeg: await picture.jpeg(),
          },
        ],
      },
      { texts: [{ x: 72, y: 700, size: 12, text: 'Page three' }] },
    ]);
  });

  it('auto: reads the page without a text layer with OCR, the others from their text layer', async () => {
    const started = Date.now();
    const result = await read(scanned, { ocr: 'auto' });
    const seconds = (Date.now() - started) / 1000;
    expect(result.lost).toEqual([]);
    expect(result.units.map((u) => u.extraction_method)).toEqual(['text_layer', 'ocr', 'text_layer']);
    const page = unit(result, 2);
    expect(page.page).toEqual({ width: 612, height: 792 });
    expect(page.markdown).toContain('Invoice total 4,321');
    expect(page.markdown).toContain('12 March 2024');
    expect(page.markdown.split('\n')).toHaveLength(2);
    // One run per word, inside the area the image covers.
    const run = runOf(page, '4,321');
    expect(page.markdown.slice(run.start, run.end)).toBe('4,321');
    for (const r of page.runs ?? []) {
      expect(r.x).toBeGreaterThanOrEqual(imageBox.x - 1);
      expect(r.x + r.width).toBeLessThanOrEqual(imageBox.x + imageBox.width + 1);
      expect(r.y).toBeGreaterThanOrEqual(imageBox.top - 1);
      expect(r.y + r.height).toBeLessThanOrEqual(imageBox.top + imageBox.height + 1);
    }
    expect(seconds).toBeLessThan(15);
  });

  it('off: the page without a text layer is lost as ocr_unavailable; the orchestrator says partial', async () => {
    const result = await read(scanned, { ocr: 'off' });
    expect(result.units.map((u) => u.index)).toEqual([1, 3]);
    expect(result.lost).toEqual([
      {
        kind: 'page',
        index: 2,
        state: 'unreadable',
        reason: 'page has no text layer and OCR is off',
        code: 'ocr_unavailable',
      },
    ]);
    const settled = await extract(scanned, { filename: 'scan.pdf' }, { ocr: 'off' });
    expect(settled).toMatchObject({ state: 'partial', code: 'partial_extraction', complete: false });
    expect(settled.lost).toEqual([expect.objectContaining({ index: 2, code: 'ocr_unavailable' })]);
  });

  it('force: every page is read with OCR, text pages included', async () => {
    const result = await read(
      buildPdf([{ texts: [{ x: 72, y: 700, size: 28, text: 'Forced reading 2024' }] }]),
      {
        ocr: 'force',
      },
    );
    const page = unit(result, 1);
    expect(page.extraction_method).toBe('ocr');
    expect(page.markdown).toContain('Forced reading 2024');
    const run = runOf(page, '2024');
    expect(run.y).toBeGreaterThan(792 - 700 - 28);
    expect(run.y + run.height).toBeLessThan(792 - 700 + 8);
  });
});

describe('pdf reader: text layers that lie', () => {
  // Each lying page shows "Revenue rose 12.5% to 1,234.5 / Net income 98.7 million"; its text layer does
  // not say so (fixtures/pdf.ts: a ToUnicode of control characters; a Type3 font whose glyphs have no
  // Unicode mapping and are coded from 0x30, so pdf.js reads digits for letters).
  const SHOWN = ['Revenue rose 12.5% to 1,234.5', 'Net income 98.7 million'];
  const SHOWN_FIGURES = ['12.5%', '1,234.5', '98.7 million'];
  const lying = (font: PdfFont): PdfPage => ({
    texts: SHOWN.map((text, i) => ({ x: 72, y: 700 - 50 * i, size: 24, text, font })),
  });
  const first: PdfPage = { texts: [{ x: 72, y: 700, size: 12, text: 'Page one Revenue 1,234.5' }] };
  const CONTROL = /(?![\n\t])[\p{Cc}\p{Co}]/u;

  /** The text layer as pdf.js reads it, page by page, before any check. */
  async function rawTextLayer(bytes: Uint8Array): Promise<string[]> {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
    const doc = await task.promise;
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    await task.destroy();
    return pages;
  }

  it('the fixtures lie: pdf.js reads control characters, and digits where the page shows letters', async () => {
    const [controls, digits, ascii] = await rawTextLayer(
      buildPdf([lying('control-map'), lying('type3-unmapped'), lying('type3-ascii')]),
    );
    expect(controls).toMatch(CONTROL);
    expect(controls).not.toContain('Revenue');
    expect(digits).toMatch(/^0121/);
    expect(digits).not.toContain('Revenue');
    expect(ascii).toContain('Revenue rose 12.5%');
  });

  for (const font of ['control-map', 'type3-unmapped'] as const) {
    it(`auto: a page whose text layer lies (${font}) is read with OCR, only what it shows`, async () => {
      const bytes = buildPdf([first, lying(font)]);
      const result = await read(bytes, { ocr: 'auto' });
      expect(result.lost).toEqual([]);
      expect(result.units.map((u) => u.extraction_method)).toEqual(['text_layer', 'ocr']);
      const page = unit(result, 2);
      expect(page.markdown).toContain('Revenue rose 12.5% to 1,234.5');
      expect(page.markdown).toContain('Net income 98.7 million');
      expect(page.markdown).not.toMatch(CONTROL);
      const settled = await extract(bytes, { filename: 'lying.pdf' }, { ocr: 'auto' });
      expect(settled.state).toBe('complete');
      expect(settled.units[1]?.figures.map((f) => f.raw)).toEqual(SHOWN_FIGURES);
    });

    it(`off: a page whose text layer lies (${font}) is lost with ocr_unavailable and gives no figure`, async () => {
      const result = await read(buildPdf([first, lying(font)]), { ocr: 'off' });
      expect(result.units.map((u) => u.index)).toEqual([1]);
      expect(result.lost).toEqual([
        {
          kind: 'page',
          index: 2,
          state: 'unreadable',
          reason: expect.stringMatching(
            /^the text layer (does not map to characters|may not say what the page shows) \(.+\) and OCR is off$/,
          ),
          code: 'ocr_unavailable',
        },
      ]);
      const partial = await extract(
        buildPdf([first, lying(font)]),
        { filename: 'lying.pdf' },
        { ocr: 'off' },
      );
      expect(partial).toMatchObject({ state: 'partial', code: 'partial_extraction', complete: false });
      expect(partial.units.flatMap((u) => u.figures.map((f) => f.raw))).toEqual(['1,234.5']);
      // A document of such pages only: nothing readable, the scanned-page code, never complete.
      const alone = await extract(buildPdf([lying(font)]), { filename: 'lying.pdf' }, { ocr: 'off' });
      expect(alone).toMatchObject({ state: 'error', code: 'ocr_unavailable', extraction_method: 'none' });
      expect(alone.units).toEqual([]);
      expect(alone.markdown).toBe('');
    });
  }

  it('the reason of a page lost for control characters says the text layer does not map to characters', async () => {
    const result = await read(buildPdf([lying('control-map')]), { ocr: 'off' });
    expect(result.lost[0]?.reason).toMatch(
      /^the text layer does not map to characters \(\d+ of \d+ characters/,
    );
  });

  it('a lying text layer drawn invisibly, OCR finding nothing on the page: lost, never read on trust', async () => {
    const invisible = { texts: lying('control-map').texts?.map((text) => ({ ...text, invisible: true })) };
    for (const ocr of ['auto', 'force'] as const) {
      const result = await read(buildPdf([first, invisible]), { ocr });
      expect(result.units.map((u) => u.index)).toEqual([1]);
      expect(result.lost).toEqual([
        {
          kind: 'page',
          index: 2,
          state: 'unreadable',
          reason: expect.stringMatching(
            /^the text layer does not map to characters .* and OCR found no text on the page$/,
          ),
          code: 'extraction_error',
        },
      ]);
    }
  });

  it('force: a lying page is read with OCR as every page is', async () => {
    const result = await read(buildPdf([lying('type3-unmapped')]), { ocr: 'force' });
    expect(result.units.map((u) => u.extraction_method)).toEqual(['ocr']);
    expect(unit(result, 1).markdown).toContain('1,234.5');
  });

  it('auto: glyphs without a Unicode mapping whose codes happen to be right keep the text layer, OCR agreeing', async () => {
    // Old TeX Type3 fonts: no Unicode names, codes are the characters'. Doubtful; OCR of the page agrees.
    const result = await read(buildPdf([lying('type3-ascii')]), { ocr: 'auto' });
    expect(result.units.map((u) => [u.extraction_method, u.markdown])).toEqual([
      ['text_layer', SHOWN.join('\n')],
    ]);
    // With OCR off nothing can check it: lost, never read on trust.
    const off = await read(buildPdf([lying('type3-ascii')]), { ocr: 'off' });
    expect(off.lost).toEqual([expect.objectContaining({ index: 1, code: 'ocr_unavailable' })]);
  });

  it('clean pages are never flagged: Latin-1, Greek, Russian, Chinese, a table of figures, a contents page', async () => {
    const mapped = (text: string, y: number) => ({ x: 72, y, size: 11, text, font: 'mapped' as const });
    const latin = (text: string, y: number) => ({ x: 72, y, size: 11, text });
    const pages: PdfPage[] = [
      {
        texts: [
          latin("Le chiffre d'affaires a progressé de 12,5 % à 1 234,5 millions d'euros.", 700),
          latin('Die Umsätze stiegen um 3,4 % auf 567,8 Mio.; größere Märkte in Österreich.', 680),
        ],
      },
      {
        texts: [
          mapped('Η οικονομία της Ελλάδας αναπτύχθηκε κατά 2,3% το 2023.', 700),
          mapped('Валовой внутренний продукт России вырос на 3,6% в 2023 году.', 680),
          mapped('国家统计局数据显示，2023年国内生产总值为1260582亿元，比上年增长5.2%。', 660),
        ],
      },
      {
        texts: [
          '2023 2022 2021 Change',
          'Revenue $ 1,234,567 $ 1,098,765 $ 987,654 12.4%',
          'Cost of sales (456,789) (432,100) (401,234) 5.7%',
          '1,234 5,678 9,012 3,456 (7,890) 12.3%',
          '2,345 6,789 0.123 4,567 (8,901) 23.4%',
          '$5.67 $8.90 $1.23 $4.56 - -',
          '6/30/2023 12/31/2023 3/31/2024 +1.5 -2.5 0.5',
        ].map((text, i) => latin(text, 700 - 20 * i)),
      },
      {
        texts: [
          'Chapter 1 Introduction ........................................ 1',
          'Chapter 2 Methods ........................................ 12',
          '2.2 Models . . . . . . . . . . . . . . . . . . . . . . . 18',
          'Appendix A ------------------------------------------ 31',
        ].map((text, i) => latin(text, 700 - 20 * i)),
      },
    ];
    // OCR off: a flagged page would be lost; none is, and every page is read from its text layer.
    const result = await read(buildPdf(pages), { ocr: 'off' });
    expect(result.lost).toEqual([]);
    expect(result.units.map((u) => u.extraction_method)).toEqual([
      'text_layer',
      'text_layer',
      'text_layer',
      'text_layer',
    ]);
    expect(unit(result, 2).markdown).toContain('国家统计局');
    expect(unit(result, 2).markdown).toContain('Валовой');
  });
});
