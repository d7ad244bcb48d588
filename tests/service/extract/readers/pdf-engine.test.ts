import { afterEach, describe, expect, it, vi } from 'vitest';
import { extract, settle, type Extraction, type UnitPreview } from '../../../../service/extract/extract';
import { reader, type PdfEngine, type PdfReadOptions } from '../../../../service/extract/readers/pdf';
import { pdfJsAssetFolders } from '../../../../service/extract/readers/pdfjs-assets';
import {
  pagesLeft,
  sharePages,
  takePages,
  type PageShare,
  type UnitProgress,
} from '../../../../service/extract/types';
import { buildPdf, type PdfPage } from '../fixtures/pdf';
import { readOptions } from './helpers';

// The PDF engine's inputs and its parallel reading: the standard font data reaches pdf.js, so a
// non-embedded Helvetica is placed by its real glyph widths; a figure inside a longer run is boxed on its own
// glyphs; a large document whose pages several threads share gives what one thread gives.

// Helvetica's widths from its AFM (per 1000 units of the font size), written out here on purpose.
const AFM: Record<string, number> = {
  W: 944,
  i: 222,
  ' ': 278,
  ',': 278,
  '1': 556,
  '2': 556,
  '3': 556,
  '4': 556,
};
const advance = (text: string, size: number) =>
  ([...text].reduce((n, c) => n + (AFM[c] ?? NaN), 0) * size) / 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pdf engine: standard font data', () => {
  it('pdf.js loads the standard fonts from the reader’s folders without a warning about standardFontDataUrl', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = pdfjs.getDocument({
      data: buildPdf([{ texts: [{ x: 72, y: 700, size: 12, text: 'WWWW 1,234 iiii' }] }]),
      ...pdfJsAssetFolders(),
      useSystemFonts: false,
      disableFontFace: true,
      useWorkerFetch: false,
      verbosity: pdfjs.VerbosityLevel.WARNINGS,
    });
    const page = await (await task.promise).getPage(1);
    await page.getTextContent();
    await page.getOperatorList();
    await task.destroy();
    expect(logged.filter((line) => /standardFontData|font data/i.test(line))).toEqual([]);
  });

  it('a figure inside a longer run of mixed-width Helvetica glyphs is boxed on its digits within 1 pt', async () => {
    const text = 'WWWW 1,234 iiii';
    const x = 72;
    const size = 12;
    const result = await extract(buildPdf([{ texts: [{ x, y: 700, size, text }] }]), { filename: 'w.pdf' });
    const figure = result.units[0]?.figures.find((f) => f.raw === '1,234');
    expect(figure?.position.kind).toBe('box');
    if (figure?.position.kind !== 'box') return;
    const left = x + advance('WWWW ', size);
    const right = left + advance('1,234', size);
    expect(Math.abs(figure.position.x - left)).toBeLessThanOrEqual(1);
    expect(Math.abs(figure.position.x + figure.position.width - right)).toBeLessThanOrEqual(1);
    // An even share of the 15 characters would put it 7 pt off: the widths are the font's, not guessed.
    const even = x + (advance(text, size) * 5) / text.length;
    expect(Math.abs(figure.position.x - even)).toBeGreaterThan(5);
  });
});

/** Read options naming the engine. */
const withEngine = (engine: PdfEngine): PdfReadOptions => ({ ...readOptions(), engine });
const sharing = (share: PageShare): PdfReadOptions => ({ ...readOptions(), share });

describe('pdf engine: PDFium and pdf.js', () => {
  const pages: PdfPage[] = [
    {
      texts: [
        { x: 72, y: 740, size: 18, text: 'Annual Report 2023' },
        { x: 72, y: 700, size: 12, text: 'Revenue rose 12.5% to $1,234 million in 2023.' },
        { x: 72, y: 680, size: 9, text: 'WWWW 1,234 iiii and 98.7' },
        { x: 300, y: 640, size: 12, text: '4,567' },
      ],
    },
    { rotate: 90, texts: [{ x: 72, y: 700, size: 12, text: 'Rotated 42' }] },
  ];

  it('read the same text, figures and page sizes; PDFium’s boxes are within 1 pt of pdf.js’s', async () => {
    const pdf = buildPdf(pages);
    const fast = await reader.read(pdf, 'pdf', withEngine('pdfium'));
    const slow = await reader.read(pdf, 'pdf', withEngine('pdfjs'));
    expect(fast.units.map((u) => [u.index, u.markdown, u.page])).toEqual(
      slow.units.map((u) => [u.index, u.markdown, u.page]),
    );
    const a = settle(fast).units.flatMap((u) => u.figures);
    const b = settle(slow).units.flatMap((u) => u.figures);
    expect(a.map((f) => f.raw)).toEqual(b.map((f) => f.raw));
    a.forEach((f, i) => {
      const g = b[i]?.position;
      if (f.position.kind !== 'box' || g?.kind !== 'box') throw new Error('no box');
      expect(Math.abs(f.position.x - g.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(f.position.width - g.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(f.position.y - g.y)).toBeLessThanOrEqual(1);
    });
  });

  it('text drawn twice over itself (fake bold) is read once, its figure once', async () => {
    const bold = (dx: number) => ({ x: 72 + dx, y: 700, size: 12, text: 'Total 1,234' });
    const result = await reader.read(
      buildPdf([{ texts: [bold(0), bold(0.3)] }]),
      'pdf',
      withEngine('pdfium'),
    );
    expect(result.units[0]?.markdown).toBe('Total 1,234');
    expect(settle(result).units[0]?.figures.map((f) => f.raw)).toEqual(['1,234']);
  });

  it('a page PDFium cannot vouch for is read by pdf.js: a text layer that lies is lost, never read from PDFium', async () => {
    const pdf = buildPdf([
      { texts: [{ x: 72, y: 700, size: 12, text: 'clean page 1,234' }] },
      {
        texts: [
          { x: 72, y: 700, size: 12, text: 'Revenue 2023 was 1,234.5 million', font: 'type3-unmapped' },
        ],
      },
      { texts: [{ x: 72, y: 700, size: 12, text: 'Revenue 2023 was 1,234.5 million', font: 'control-map' }] },
    ]);
    const result = await reader.read(pdf, 'pdf', withEngine('pdfium'));
    expect(result.units.map((u) => u.index)).toEqual([1]);
    expect(result.lost.map((p) => [p.index, p.code])).toEqual([
      [2, 'ocr_unavailable'],
      [3, 'ocr_unavailable'],
    ]);
  });
});

describe('extract: a page’s figures found once', () => {
  it('the result takes the figures of a page shown while it was read, and locates the others', async () => {
    const pdf = buildPdf([
      { texts: [{ x: 72, y: 700, size: 12, text: 'Revenue rose 4.5% to $1,250,000' }] },
      { texts: [{ x: 72, y: 700, size: 12, text: 'Costs fell 2.5% to $980,000' }] },
    ]);
    const read = await reader.read(pdf, 'pdf', readOptions());
    const located = settle(read);
    const [one, two] = located.units;
    if (!one || !two) throw new Error('two pages');
    const shown = one.figures.map((figure) => ({ ...figure }));
    const reused = settle(read, (unit) => (unit.index === 1 ? shown : undefined));
    expect(reused.units[0]?.figures).toBe(shown);
    expect(reused.units[1]?.figures).toEqual(two.figures);
    expect(two.figures.length).toBeGreaterThan(0);
  });
});

describe('pdf engine: pages shared by several threads', () => {
  it('threads taking pages from one share take every page once, each in increasing order', () => {
    for (const total of [1, 2, 7, 306])
      for (const threads of [1, 2, 3, 4]) {
        const share = sharePages(threads);
        const takers = Array.from({ length: threads }, () => takePages(total, share));
        const taken: number[][] = takers.map(() => []);
        // Threads take at uneven paces: thread t takes t + 1 pages per turn.
        for (let turn = 0, more = true; more; turn++) {
          more = false;
          takers.forEach((take, t) => {
            for (let k = 0; k <= t; k++) {
              const page = take();
              if (page === null) continue;
              taken[t]?.push(page);
              more = true;
            }
          });
        }
        for (const pages of taken) expect(pages).toEqual([...pages].sort((a, b) => a - b));
        expect(taken.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
        expect(pagesLeft(share)).toBe(false);
      }
    // A share no thread has counted yet may have pages left; a read alone takes them all in order.
    expect(pagesLeft(sharePages(2))).toBe(true);
    const alone = takePages(3, undefined);
    expect([alone(), alone(), alone(), alone()]).toEqual([1, 2, 3, null]);
  });

  it('a read joining a share takes only the pages left and says the document’s page count in its progress', async () => {
    const pdf = buildPdf(
      Array.from({ length: 5 }, (_, i) => ({
        texts: [{ x: 72, y: 700, size: 12, text: `Page ${i + 1}: 1${i}.5` }],
      })),
    );
    const progress: UnitProgress[] = [];
    const share = sharePages(2);
    // Pages 1 and 2 were taken by another thread.
    share.claims[0] = 3;
    const options = { ...readOptions({ onUnit: (p) => void progress.push(p) }), share };
    const result = await reader.read(pdf, 'pdf', options);
    expect(result.units.map((u) => u.index)).toEqual([3, 4, 5]);
    // Each page is published with the unit itself, the same object the result holds.
    expect(progress).toEqual(
      result.units.map((unit) => ({ kind: 'page', index: unit.index, total: 5, unit })),
    );
    // A read joining after every page was taken reads nothing.
    const late = await reader.read(pdf, 'pdf', sharing(share));
    expect(late).toEqual({ format: 'pdf', units: [], lost: [] });
  });

  it('two reads sharing a document’s pages at once read each page once, together the whole document', async () => {
    const pdf = buildPdf(
      Array.from({ length: 12 }, (_, i) =>
        i === 6
          ? {
              images: [
                {
                  x: 72,
                  y: 72,
                  width: 100,
                  height: 50,
                  pixels: { width: 2, height: 1 },
                  rgb: new Uint8Array(6),
                },
              ],
            }
          : { texts: [{ x: 72, y: 700, size: 12, text: `Page ${i + 1}: ${i + 1}.25 million` }] },
      ),
    );
    const whole = await reader.read(pdf, 'pdf', readOptions());
    const share = sharePages(2);
    const [a, b] = await Promise.all([
      reader.read(pdf, 'pdf', sharing(share)),
      reader.read(pdf, 'pdf', sharing(share)),
    ]);
    if (!a || !b) throw new Error('two reads');
    // Both took pages (they interleave on their awaits).
    expect(a.units.length).toBeGreaterThan(0);
    expect(b.units.length).toBeGreaterThan(0);
    const units = [...a.units, ...b.units].sort((x, y) => x.index - y.index);
    const lost = [...a.lost, ...b.lost].sort((x, y) => x.index - y.index);
    expect(units).toEqual(whole.units);
    expect(lost).toEqual(whole.lost);
    expect(lost.map((p) => p.index)).toEqual([7]);
  });

  it('a document whose pages threads share gives the same units, figures and lost pages as one thread', async () => {
    const pages: PdfPage[] = Array.from({ length: 9 }, (_, i) =>
      i === 4
        ? // A picture only: no text layer, lost with OCR off.
          {
            images: [
              {
                x: 72,
                y: 72,
                width: 200,
                height: 100,
                pixels: { width: 2, height: 1 },
                rgb: new Uint8Array(6).fill(90),
              },
            ],
          }
        : {
            texts: [
              {
                x: 72,
                y: 700,
                size: 12,
                text: `Section ${i + 1}: revenue rose ${i + 2}.5% to $${(i + 1) * 1234},000`,
              },
              { x: 300, y: 650, size: 10, text: `WWWW ${i + 7},${i}21 iiii` },
            ],
          },
    );
    const pdf = buildPdf(pages);
    const progress: number[] = [];
    const early = new Map<number, UnitPreview>();
    const serial = await extract(
      pdf,
      { filename: 's.pdf' },
      { ocr: 'off', worker: { parallelMinBytes: Infinity } },
    );
    const parallel = await extract(
      pdf,
      { filename: 'p.pdf' },
      {
        ocr: 'off',
        worker: { parallelMinBytes: 0 },
        onUnit: (p) => {
          progress.push(p.index);
          if (p.unit) early.set(p.index, p.unit);
        },
      },
    );
    const view = (e: Extraction) => ({ ...e });
    expect(serial.state).toBe('partial');
    expect(serial.lost?.map((p) => [p.index, p.code])).toEqual([[5, 'ocr_unavailable']]);
    expect(serial.units.flatMap((u) => u.figures).length).toBeGreaterThan(20);
    expect(view(parallel)).toEqual(view(serial));
    expect([...progress].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The pages shown while reading are the published ones, figures and all; the lost page carries none.
    expect([...early.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 7, 8, 9]);
    for (const unit of serial.units) {
      const { runs: _runs, cells: _cells, ...shown } = unit;
      expect(early.get(unit.index)).toEqual(shown);
    }
  });
});
