import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extract } from '../../../../service/extract/extract';
import { imageInfo, reader } from '../../../../service/extract/readers/image';
import { type ReadOptions, type ReadUnit, type TextRun } from '../../../../service/extract/types';
import { greyTiff, tablePicture, textPicture } from '../fixtures/pdf-images';
import { locateFigures } from '../../../../service/extract/figures';
import { readOptions, readFailure } from './helpers';

// The image reader: one OCR page per PNG, JPEG or TIFF, on pictures of text the tests draw themselves.

const options = (overrides: Partial<ReadOptions> = {}): ReadOptions =>
  readOptions({ ocr: 'auto', ...overrides });

const failure = readFailure;

function runOf(u: ReadUnit, text: string): TextRun {
  const start = u.markdown.indexOf(text);
  const run = (u.runs ?? []).find((r) => r.start <= start && r.end >= start + text.length);
  if (start < 0 || !run) throw new Error(`no run holds "${text}" in ${JSON.stringify(u.markdown)}`);
  return run;
}

const LINES = ['Revenue 1,234.5', 'Margin 12.5%'];

describe('image reader', () => {
  it('PNG: one ocr page; words in lines, one run per word where it was drawn, in points at 300 dpi', async () => {
    const picture = textPicture(LINES);
    const progress: unknown[] = [];
    const result = await reader.read(
      await picture.png(),
      'png',
      options({ onUnit: (p) => progress.push(p) }),
    );
    expect(result.format).toBe('png');
    expect(result.lost).toEqual([]);
    expect(result.units).toHaveLength(1);
    const [page] = result.units;
    if (!page) throw new Error('no unit');
    expect(page).toMatchObject({ kind: 'page', index: 1, extraction_method: 'ocr' });
    expect(page.markdown).toBe('Revenue 1,234.5\nMargin 12.5%');
    // No pHYs chunk: read at 300 dpi, so a pixel is 0.24 pt.
    expect(page.page?.width).toBeCloseTo(picture.width * 0.24, 6);
    expect(page.page?.height).toBeCloseTo(picture.height * 0.24, 6);
    expect(page.runs).toHaveLength(4);
    const revenue = runOf(page, 'Revenue');
    const drawn = picture.lines[0];
    if (!drawn) throw new Error('no line');
    expect(Math.abs(revenue.x - drawn.x * 0.24)).toBeLessThan(2);
    expect(Math.abs(revenue.y - drawn.y * 0.24)).toBeLessThan(3);
    const figure = runOf(page, '12.5%');
    expect(figure.y).toBeGreaterThan(revenue.y + revenue.height);
    // The page is published with the unit itself, as the result holds it.
    expect(progress).toEqual([{ kind: 'page', index: 1, total: 1, unit: result.units[0] }]);
  });

  it('JPEG and a transparent PNG are read too', async () => {
    const jpeg = await reader.read(await textPicture(LINES).jpeg(), 'jpeg', options());
    expect(jpeg.units[0]?.markdown).toContain('Revenue 1,234.5');
    const clear = await textPicture(LINES, { transparent: true }).png();
    expect(imageInfo(clear, 'png').alpha).toBe(true);
    const png = await reader.read(clear, 'png', options());
    expect(png.units[0]?.markdown).toContain('Margin 12.5%');
  });

  it('TIFF: read at its declared resolution; every page of a multi-page TIFF is read', async () => {
    const picture = textPicture(LINES);
    const tiff = greyTiff(picture.grey(), picture.width, picture.height, 150, 2);
    const result = await reader.read(tiff, 'tiff', options());
    const [page, second] = result.units;
    expect(page?.markdown).toContain('Revenue 1,234.5');
    expect(page?.page?.width).toBeCloseTo((picture.width * 72) / 150, 6);
    expect(second).toEqual({ ...page, index: 2 });
    expect(result.lost).toEqual([]);
  });

  it('multi-page TIFF: pages read at once, each as it reads alone, progress in page order', async () => {
    const texts = [
      ['Page one 1,111'],
      ['Page two 2,222.5'],
      ['Page three 33%'],
      ['Page four 4,444'],
      ['Page five 5.5'],
    ];
    const pictures = texts.map((lines) => textPicture(lines, { width: 900 }));
    const tiff = multiTiff(pictures.map((p) => greyTiff(p.grey(), p.width, p.height, 200)));
    const progress: unknown[] = [];
    const result = await reader.read(tiff, 'tiff', options({ onUnit: (p) => progress.push(p) }));
    expect(result.lost).toEqual([]);
    expect(result.units.map((u) => u.markdown)).toEqual(texts.map((lines) => lines.join('\n')));
    expect(progress).toEqual(result.units.map((unit, i) => ({ kind: 'page', index: i + 1, total: 5, unit })));
    // Each page as the image reader reads it alone.
    const alone = await reader.read(
      greyTiff(pictures[2]?.grey() ?? new Uint8Array(), 900, pictures[2]?.height ?? 0, 200),
      'tiff',
      options(),
    );
    expect(result.units[2]).toEqual({ ...alone.units[0], index: 3 });
  });

  it('multi-page TIFF: a damaged later page is lost, the others read', async () => {
    const pictures = [['Kept 1,234'], ['Gone 5,678'], ['Also kept 9.5']].map((lines) =>
      textPicture(lines, { width: 900 }),
    );
    const pages = pictures.map((p) => greyTiff(p.grey(), p.width, p.height, 200));
    const tiff = multiTiff(pages);
    // Page 2's strip offset pointed past the end of the file.
    const second = pageDirectory(tiff, 1);
    const view = new DataView(tiff.buffer);
    view.setUint32(second + 2 + 5 * 12 + 8, tiff.length + 10, true);
    const result = await reader.read(tiff, 'tiff', options());
    expect(result.units.map((u) => [u.index, u.markdown])).toEqual([
      [1, 'Kept 1,234'],
      [3, 'Also kept 9.5'],
    ]);
    expect(result.lost).toEqual([
      expect.objectContaining({ kind: 'page', index: 2, state: 'unreadable', code: 'source_corrupt' }),
    ]);
  });

  it('OCR off: ocr_unavailable, for the reader and through the orchestrator', async () => {
    const png = await textPicture(LINES).png();
    const error = await failure(reader.read(png, 'png', options({ ocr: 'off' })));
    expect(error).toMatchObject({
      code: 'ocr_unavailable',
      reason: 'an image needs OCR, which is off',
      format: 'png',
    });
    const settled = await extract(png, { filename: 'scan.png' }, { ocr: 'off' });
    expect(settled).toMatchObject({ state: 'error', code: 'ocr_unavailable', format: 'png' });
  });

  it('broken image bytes are source_corrupt', async () => {
    const png = await textPicture(LINES).png();
    const headerOnly = png.slice(0, 40);
    expect(await failure(reader.read(headerOnly, 'png', options()))).toMatchObject({
      code: 'source_corrupt',
    });
    const cut = png.slice(0, Math.floor(png.length / 2));
    expect(await failure(reader.read(cut, 'png', options()))).toMatchObject({ code: 'source_corrupt' });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);
    expect(await failure(reader.read(jpeg, 'jpeg', options()))).toMatchObject({ code: 'source_corrupt' });
    const cutJpeg = await textPicture(LINES).jpeg();
    expect(await failure(reader.read(cutJpeg.slice(0, 2000), 'jpeg', options()))).toMatchObject({
      code: 'source_corrupt',
    });
    const tiff = new Uint8Array([0x49, 0x49, 42, 0, 0xff, 0xff, 0, 0]);
    expect(await failure(reader.read(tiff, 'tiff', options()))).toMatchObject({ code: 'source_corrupt' });
    const picture = textPicture(LINES);
    const fullTiff = greyTiff(picture.grey(), picture.width, picture.height);
    expect(await failure(reader.read(fullTiff.slice(0, 5000), 'tiff', options()))).toMatchObject({
      code: 'source_corrupt',
    });
    // Damaged pixel data under valid headers: the chunk checksum gives it away.
    const garbled = png.slice();
    const idat = Buffer.from(garbled).indexOf('IDAT');
    const idatLength = new DataView(garbled.buffer).getUint32(idat - 4);
    garbled.fill(0x55, idat + 4, idat + 4 + idatLength);
    expect(await failure(reader.read(garbled, 'png', options()))).toMatchObject({ code: 'source_corrupt' });
  });

  it('reads the declared resolution from PNG pHYs and JFIF headers', () => {
    // A 10x20 PNG header with a pHYs of 5906 px/m (150 dpi), then an empty IDAT and IEND.
    const u32 = (n: number) => [24, 16, 8, 0].map((s) => (n >>> s) & 0xff);
    const chunk = (type: string, data: number[]) => {
      const body = [...Buffer.from(type, 'latin1'), ...data];
      return [...u32(data.length), ...body, ...u32(crc32(new Uint8Array(body)))];
    };
    const png = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...chunk('IHDR', [...u32(10), ...u32(20), 8, 0, 0, 0, 0]),
      ...chunk('pHYs', [...u32(5906), ...u32(5906), 1]),
      ...chunk('IDAT', []),
      ...chunk('IEND', []),
    ]);
    expect(imageInfo(png, 'png')).toMatchObject({ width: 10, height: 20, alpha: false });
    expect(imageInfo(png, 'png').dpi).toBeCloseTo(150, 0);
    const jfif = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, 0, 200, 0, 200, 0, 0, 0xff, 0xc0, 0,
      11, 8, 0, 30, 0, 40, 1, 1, 0x11, 0, 0xff, 0xd9,
    ]);
    expect(imageInfo(jfif, 'jpeg')).toMatchObject({ width: 40, height: 30, dpi: 200 });
  });
});

/** Single-page little-endian TIFFs (as greyTiff writes them) chained into one file. */
function multiTiff(pages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(8 + pages.reduce((n, p) => n + p.length - 8, 0));
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 42, 0]);
  let at = 8;
  let link = 4;
  for (const page of pages) {
    const source = new DataView(page.buffer, page.byteOffset, page.byteLength);
    const shift = at - 8;
    out.set(page.subarray(8), at);
    const ifd = source.getUint32(4, true) + shift;
    view.setUint32(link, ifd, true);
    const count = view.getUint16(ifd, true);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const tag = view.getUint16(entry, true);
      // Offsets to move with the page: strips and the resolution rationals.
      if ([273, 282, 283].includes(tag))
        view.setUint32(entry + 8, view.getUint32(entry + 8, true) + shift, true);
    }
    link = ifd + 2 + count * 12;
    view.setUint32(link, 0, true);
    at += page.length - 8;
  }
  return out;
}

/** Where the `n`-th (0-based) image directory of a little-endian TIFF starts. */
function pageDirectory(tiff: Uint8Array, n: number): number {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  let ifd = view.getUint32(4, true);
  for (let i = 0; i < n; i++) ifd = view.getUint32(ifd + 2 + view.getUint16(ifd, true) * 12, true);
  return ifd;
}

describe('image reader: a scanned table', () => {
  it('reads the table among the words OCR found: header, labels, values, each figure in its cell', async () => {
    const picture = tablePicture(
      [
        ['Region', '2023', '2022'],
        ['North', '1,204', '1,150'],
        ['South', '2,310', '2,275'],
        ['East', '875', '902'],
      ],
      [60, 900, 1400],
      { right: [false, true, true] },
    );
    const result = await reader.read(await picture.png(), 'png', options());
    const unit = result.units[0];
    if (!unit) throw new Error('no unit');
    const table = unit.page?.tables?.[0];
    if (!table) throw new Error(`no table in ${JSON.stringify(unit.markdown)}`);
    expect(table).toMatchObject({ rows: 4, cols: 3, headerRows: 1, labelCols: 1, unsure: false });
    const at = (row: number, col: number) => table.cells.find((c) => c.row === row && c.col === col)?.text;
    expect([at(0, 1), at(0, 2), at(2, 0), at(2, 1), at(3, 2)]).toEqual([
      '2023',
      '2022',
      'South',
      '2,310',
      '902',
    ]);
    const figure = locateFigures(unit).find((f) => f.raw === '2,310');
    expect(figure?.position).toMatchObject({ kind: 'box', cell: { table: 0, row: 2, col: 1 } });
  });
});
