import { loadImage } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { greyPng, openPdfium, pdfiumRenderPage } from '../../../../service/extract/readers/pdfium';
import { buildPdf } from '../fixtures/pdf';

// Pages drawn for OCR by PDFium: a grey PNG at the scale asked, the page as displayed (rotation), and
// nothing drawn when PDFium's page is not the size pdf.js reads (OCR's boxes would land elsewhere).

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
