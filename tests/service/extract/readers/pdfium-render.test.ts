import { loadImage } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  greyPng,
  openPdfium,
  pdfiumDrawing,
  pdfiumRenderPage,
} from '../../../../service/extract/readers/pdfium';
import { buildPdf } from '../fixtures/pdf';

// Pages drawn for OCR by PDFium: a grey PNG at the scale asked, the page as displayed (rotation), and
// nothing drawn when PDFium's page is not the size pdf.js reads (OCR's boxes would land elsewhere). Regions
// of a page drawn in colour for a report's crops: only the pixels asked for, the same pixels wherever the
// region starts.

/** The decoded picture's grey level at (x, y): the PNG read back by an independent decoder. */
async function greyAt(
  png: Uint8Array,
): Promise<{ width: number; height: number; at(x: number, y: number): number }> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at: (x, y) => data[(y * image.width + x) * 4] ?? -1,
  };
}

describe('greyPng', () => {
  it('encodes a BGRx bitmap as a grey PNG any decoder reads, row stride and luma kept', async () => {
    // 3 × 2 pixels, stride 16 (4 bytes of padding a row): white, black, pure red / blue, green, grey.
    const bgrx = new Uint8Array(32);
    const put = (x: number, y: number, [r, g, b]: number[]) => bgrx.set([b!, g!, r!, 255], y * 16 + x * 4);
    put(0, 0, [255, 255, 255]);
    put(1, 0, [0, 0, 0]);
    put(2, 0, [255, 0, 0]);
    put(0, 1, [0, 0, 255]);
    put(1, 1, [0, 255, 0]);
    put(2, 1, [128, 128, 128]);
    const picture = await greyAt(greyPng(bgrx, 3, 2, 16));
    expect([picture.width, picture.height]).toEqual([3, 2]);
    expect([0, 1, 2].map((x) => picture.at(x, 0))).toEqual([255, 0, 76]);
    expect([0, 1, 2].map((x) => picture.at(x, 1))).toEqual([28, 149, 128]);
  });
});

describe('pdfiumRenderPage', () => {
  const square = (rotate = 0) =>
    buildPdf([
      {
        width: 200,
        height: 100,
        rotate,
        // A black picture over the left half of the page: 100 × 100 points.
        images: [
          { x: 0, y: 0, width: 100, height: 100, pixels: { width: 1, height: 1 }, rgb: new Uint8Array(3) },
        ],
      },
    ]);

  it('draws the page at the scale asked, in grey, white where nothing is painted', async () => {
    const doc = await openPdfium(square());
    try {
      const drawn = await pdfiumRenderPage(doc, 1, { width: 200, height: 100 }, () => 2);
      expect(drawn?.pointsPerPixel).toBe(0.5);
      const picture = await greyAt(drawn!.png);
      expect([picture.width, picture.height]).toEqual([400, 200]);
      expect(picture.at(50, 100)).toBe(0);
      expect(picture.at(350, 100)).toBe(255);
    } finally {
      doc.close();
    }
  });

  it('draws a rotated page as it is displayed', async () => {
    const doc = await openPdfium(square(90));
    try {
      const drawn = await pdfiumRenderPage(doc, 1, { width: 100, height: 200 }, () => 1);
      const picture = await greyAt(drawn!.png);
      expect([picture.width, picture.height]).toEqual([100, 200]);
      // Turned a quarter clockwise: the left half of the page is now its top half.
      expect(picture.at(50, 50)).toBe(0);
      expect(picture.at(50, 150)).toBe(255);
    } finally {
      doc.close();
    }
  });

  it('draws nothing when its page is not the size the text layer was read at', async () => {
    const doc = await openPdfium(square());
    try {
      expect(await pdfiumRenderPage(doc, 1, { width: 612, height: 792 }, () => 1)).toBeNull();
    } finally {
      doc.close();
    }
  });
});

describe('pdfiumDrawing', () => {
  // A red picture over the page's left half, a blue one over its right half: 100 × 100 points each.
  const halves = (rotate = 0) =>
    buildPdf([
      {
        width: 200,
        height: 100,
        rotate,
        images: [
          {
            x: 0,
            y: 0,
            width: 100,
            height: 100,
            pixels: { width: 1, height: 1 },
            rgb: new Uint8Array([255, 0, 0]),
          },
          {
            x: 100,
            y: 0,
            width: 100,
            height: 100,
            pixels: { width: 1, height: 1 },
            rgb: new Uint8Array([0, 0, 255]),
          },
        ],
      },
    ]);
  const rgbAt = (image: { rgba: Uint8Array; width: number }, x: number, y: number) => [
    ...image.rgba.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
  ];

  it('draws only the region asked for, at the scale asked, in colour', async () => {
    const doc = await openPdfium(halves());
    const page = await pdfiumDrawing(doc, 1);
    try {
      expect([page.width, page.height]).toEqual([200, 100]);
      // At 6 pixels a point the page is 1200 × 600: a 40 × 20 region across the halves' border.
      const region = page.draw({ x: 580, y: 300, width: 40, height: 20 }, 6);
      expect([region.width, region.height, region.rgba.length]).toEqual([40, 20, 40 * 20 * 4]);
      expect(rgbAt(region, 5, 10)).toEqual([255, 0, 0, 255]);
      expect(rgbAt(region, 35, 10)).toEqual([0, 0, 255, 255]);
      // The same pixels as the whole page drawn at that scale.
      const whole = page.draw({ x: 0, y: 0, width: 1200, height: 600 }, 6);
      for (const [x, y] of [
        [0, 0],
        [19, 7],
        [20, 19],
        [39, 0],
      ] as const)
        expect(rgbAt(region, x, y)).toEqual(rgbAt(whole, 580 + x, 300 + y));
    } finally {
      page.close();
      doc.close();
    }
  });

  it('draws a rotated page as it is displayed, white outside the page', async () => {
    const doc = await openPdfium(halves(90));
    const page = await pdfiumDrawing(doc, 1);
    try {
      expect([page.width, page.height]).toEqual([100, 200]);
      const drawn = page.draw({ x: 0, y: 0, width: 100, height: 220 }, 1);
      // Turned a quarter clockwise: the left (red) half is on top.
      expect(rgbAt(drawn, 50, 50)).toEqual([255, 0, 0, 255]);
      expect(rgbAt(drawn, 50, 150)).toEqual([0, 0, 255, 255]);
      expect(rgbAt(drawn, 50, 210)).toEqual([255, 255, 255, 255]);
    } finally {
      page.close();
      doc.close();
    }
  });
});
