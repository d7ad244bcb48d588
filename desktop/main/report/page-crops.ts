import type { BoxPosition } from '../../../shared/api';
import { png, type RgbaImage } from '../../../service/extract/readers/pdfium';
import { CROP_MARK_COLOUR, CROP_MARK_STROKE, type CropImage, type CropRect } from './crop-geometry';

// A page box's two crops, cut from a page's pixels: where the band of its row and its close-up lie on the
// page, where their edges fall between lines, and the crop outlined and written as a PNG. Shared by the
// crop thread (PDF pages drawn by PDFium, crop-worker.ts) and the image scans cut in crops.ts, so both
// look alike. Pixels are opaque RGBA; nothing here draws a page.

/** Pixels per PDF point a page is drawn at (144 dpi). */
export const CROP_SCALE = 2;

/** A page is never drawn bigger than this many pixels: a larger page is drawn at a smaller scale. */
export const MAX_CROP_PAGE_PIXELS = 20_000_000;

/** A row's band: this many glyph heights above and below the box, and at most this wide, in points. */
const BAND_ROWS = 1;
const MAX_BAND_WIDTH = 842;
/**
 * A close-up draws the figure's glyph box this many pixels tall, so its digits (about three fifths of the
 * box in common fonts) read at the size of body text; never at less than CROP_SCALE, never above
 * MAX_CLOSE_UP_SCALE.
 */
export const CLOSE_UP_GLYPH_PIXELS = 24;
const MAX_CLOSE_UP_SCALE = 6;
/** A close-up's width in pixels (a phone's screen shows most of it), and its glyph heights of context. */
const CLOSE_UP_PIXELS = 480;
const CLOSE_UP_ROWS = 2;
/** The widest a close-up grows to take in its line's label: a report's column, so it is never shrunk. */
const MAX_CLOSE_UP_PIXELS = 720;
/** A channel below this is ink when looking for where a figure's line starts. */
const INK = 128;
/** Space in pixels between the figure's box and its outline, so the outline never covers a glyph. */
const MARK_GAP = 2;
/** The translucent fill inside the outline: the mark colour at this alpha (of 255) over the page. */
const MARK_FILL_ALPHA = 26;
/** How far (px) a band's top or bottom edge may move to a blank row, so it does not cut a line of text. */
export const SNAP_RANGE = 40;

/** A page's size in points, the scale it is drawn at, and its full size in pixels at that scale. */
export interface PagePixels {
  size: { width: number; height: number };
  scale: number;
  width: number;
  height: number;
}

/** The scale a page of `size` points is drawn at for its bands, and its size in pixels at that scale. */
export function pagePixels(size: { width: number; height: number }): PagePixels {
  const area = Math.max(1, size.width * size.height);
  const scale = Math.min(CROP_SCALE, Math.sqrt(MAX_CROP_PAGE_PIXELS / area));
  return {
    size,
    scale,
    width: Math.max(1, Math.ceil(size.width * scale)),
    height: Math.max(1, Math.ceil(size.height * scale)),
  };
}

/**
 * Rows of a page drawn at `scale`: `image` row 0 is page pixel row `top`, its column 0 page pixel column
 * `left`; `height` is the page's whole height in pixels at that scale.
 */
export interface DrawnRows {
  image: RgbaImage;
  top: number;
  left: number;
  height: number;
  scale: number;
}

/** The height of a figure's glyphs in points: its box's height, or its width where the text runs down. */
function glyphSize(box: BoxPosition): number {
  return Math.max(1, box.height > 2 * box.width ? box.width : box.height);
}

/** The pixels per point a figure's close-up is drawn at: its glyph box CLOSE_UP_GLYPH_PIXELS tall. */
export function closeUpScale(box: BoxPosition): number {
  return Math.min(MAX_CLOSE_UP_SCALE, Math.max(CROP_SCALE, CLOSE_UP_GLYPH_PIXELS / glyphSize(box)));
}

/** The part of a page (points) a close-up shows at `scale`: the box, its neighbours, about CLOSE_UP_PIXELS wide. */
function closeUpRegion(
  box: BoxPosition,
  page: { width: number; height: number },
  scale: number,
  /** Where the figure's line starts left of it, in points (its row's label in a table); null: unknown. */
  lineStart: number | null,
): { x: number; y: number; width: number; height: number } {
  const size = glyphSize(box);
  const width = Math.min(page.width, Math.max(CLOSE_UP_PIXELS / scale, box.width + 4 * size));
  const height = Math.min(page.height, box.height + 2 * CLOSE_UP_ROWS * size);
  const x = Math.min(Math.max(box.x + box.width / 2 - width / 2, 0), page.width - width);
  const y = Math.min(Math.max(box.y + box.height / 2 - height / 2, 0), page.height - height);
  // The row's label beside its figure when both fit at this scale: the figure is read with what it counts.
  if (lineStart !== null && lineStart < x) {
    const from = Math.max(0, lineStart - size);
    const to = Math.max(x + width, Math.min(page.width, box.x + box.width + 2 * size));
    if ((to - from) * scale <= MAX_CLOSE_UP_PIXELS) return { x: from, y, width: to - from, height };
  }
  return { x, y, width, height };
}

/**
 * Where the ink of the figure's line starts left of its box, in points (from `from`), or null when there
 * is none: in a table, its row's label.
 */
export function lineStartOf(drawn: DrawnRows, box: BoxPosition, from: number): number | null {
  const s = drawn.scale;
  const { rgba, width: stride, height: rows } = drawn.image;
  const x0 = Math.max(drawn.left, Math.floor(from * s));
  const x1 = Math.min(drawn.left + stride, Math.floor(box.x * s) - 1);
  const y0 = Math.max(drawn.top, Math.ceil(box.y * s));
  const y1 = Math.min(drawn.top + rows, Math.floor((box.y + box.height) * s));
  if (x1 <= x0 || y1 <= y0) return null;
  for (let x = x0; x < x1; x++)
    for (let y = y0; y < y1; y++) {
      const i = ((y - drawn.top) * stride + (x - drawn.left)) * 4;
      if (rgba[i]! < INK && rgba[i + 1]! < INK && rgba[i + 2]! < INK) return x / s;
    }
  return null;
}

/** A close-up's rectangle and the box's outline in the pixels of its page drawn at `scale`. */
export function closeUpRect(
  box: BoxPosition,
  page: { width: number; height: number },
  scale: number,
  lineStart: number | null = null,
): { crop: CropRect; mark: CropRect } {
  const area = closeUpRegion(box, page, scale, lineStart);
  const pixels = { width: Math.ceil(page.width * scale), height: Math.ceil(page.height * scale) };
  return rectAndMark(
    box,
    page,
    { x0: area.x, x1: area.x + area.width, y0: area.y, y1: area.y + area.height },
    scale,
    pixels,
  );
}

/** The pixel rectangle of the band of `box`'s row (points, viewport space) on a page of `page` points, at `scale`. */
export function band(
  box: BoxPosition,
  page: { width: number; height: number },
  scale: number,
  canvas: { width: number; height: number },
): { crop: CropRect; mark: CropRect } {
  // Horizontally: the page's full width (a table row's label is often far left of its figure), or a band
  // MAX_BAND_WIDTH wide centred on the box on a wider page.
  let x0 = 0;
  let x1 = page.width;
  if (page.width > MAX_BAND_WIDTH) {
    const centre = box.x + box.width / 2;
    x0 = Math.min(Math.max(centre - MAX_BAND_WIDTH / 2, 0), page.width - MAX_BAND_WIDTH);
    x1 = x0 + MAX_BAND_WIDTH;
  }
  const context = BAND_ROWS * glyphSize(box);
  return rectAndMark(
    box,
    page,
    { x0, x1, y0: box.y - context, y1: box.y + box.height + context },
    scale,
    canvas,
  );
}

/**
 * The pixel rectangle of `area` (points) at `scale` on a canvas of `canvas` pixels, and the outline of
 * `box` in the same pixels (inside the rectangle).
 */
function rectAndMark(
  box: BoxPosition,
  page: { width: number; height: number },
  area: { x0: number; x1: number; y0: number; y1: number },
  scale: number,
  canvas: { width: number; height: number },
): { crop: CropRect; mark: CropRect } {
  const clampX = (v: number) => Math.min(Math.max(v, 0), page.width);
  const clampY = (v: number) => Math.min(Math.max(v, 0), page.height);
  const bx0 = clampX(box.x);
  const bx1 = clampX(box.x + box.width);
  const by0 = clampY(box.y);
  const by1 = clampY(box.y + box.height);
  const x0 = clampX(area.x0);
  const x1 = clampX(area.x1);
  const y0 = clampY(area.y0);
  const y1 = clampY(area.y1);
  const px = (v: number, max: number, round: (n: number) => number) =>
    Math.min(Math.max(round(v * scale), 0), max);
  const cx0 = px(x0, canvas.width, Math.floor);
  const cy0 = px(y0, canvas.height, Math.floor);
  const cx1 = Math.max(cx0 + 1, px(x1, canvas.width, Math.ceil));
  const cy1 = Math.max(cy0 + 1, px(y1, canvas.height, Math.ceil));
  const crop = { x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0 };
  // The outline lies outside the box by MARK_GAP, kept inside the crop.
  const pad = MARK_GAP + CROP_MARK_STROKE;
  const mx0 = Math.max(px(bx0, canvas.width, Math.floor) - pad, cx0);
  const my0 = Math.max(px(by0, canvas.height, Math.floor) - pad, cy0);
  const mx1 = Math.min(px(bx1, canvas.width, Math.ceil) + pad, cx1);
  const my1 = Math.min(px(by1, canvas.height, Math.ceil) + pad, cy1);
  const mark = { x: mx0, y: my0, width: mx1 - mx0, height: my1 - my0 };
  return { crop, mark };
}

/**
 * Moves the crop's top and bottom edges (page pixels; x in the drawing's columns) to the nearest blank
 * (all white) row within SNAP_RANGE pixels, outward first, never into the mark: a crop that starts or ends
 * mid-line shows halves of letters.
 */
export function snapToBlankRows(drawn: DrawnRows, crop: CropRect, mark: CropRect): CropRect {
  const { rgba, width: stride, height: rows } = drawn.image;
  const drawnEnd = drawn.top + rows;
  const from = Math.max(drawn.top, crop.y - SNAP_RANGE);
  const to = Math.min(drawnEnd, crop.y + crop.height + SNAP_RANGE);
  if (to <= from) return crop;
  const left = Math.max(0, crop.x - drawn.left);
  const right = Math.min(stride, crop.x - drawn.left + crop.width);
  // A page is drawn on white: a blank row is white throughout (opaque white is all ones in any byte order).
  const words = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength >> 2);
  const blank = (y: number) => {
    const start = (y - drawn.top) * stride;
    for (let i = start + left; i < start + right; i++) if (words[i] !== 0xffffffff) return false;
    return true;
  };
  const nearest = (edge: number, lowest: number, highest: number, outward: -1 | 1): number | null => {
    for (let d = 0; d <= SNAP_RANGE; d++)
      for (const y of [edge + outward * d, edge - outward * d])
        if (y >= lowest && y <= highest && blank(y)) return y;
    return null;
  };
  let top = crop.y;
  if (top > 0) top = nearest(top, from, Math.min(mark.y - 1, to - 1), -1) ?? top;
  let bottom = crop.y + crop.height; // exclusive
  if (bottom < drawn.height) {
    const row = nearest(bottom - 1, Math.max(mark.y + mark.height, from), to - 1, 1);
    if (row !== null) bottom = row + 1;
  }
  return { x: crop.x, y: top, width: crop.width, height: Math.max(1, bottom - top) };
}

/** Each channel to the nearest multiple of 4 (255 stays 255): 64 levels, a difference no eye sees. */
const LEVEL = Uint8Array.from({ length: 256 }, (_, v) => Math.min(255, Math.round(v / 4) * 4));

/**
 * An opaque image as an indexed PNG (1, 2, 4 or 8 bits a pixel, palette in order of first use), each
 * channel first brought to 64 levels (LEVEL, which keeps the outline's #E4007C exact): a page of text, its
 * antialiased glyphs and its tinted mark, fits in 256 colours, and its PNG is a fifth of an RGB PNG. An RGB
 * PNG when the image still has more colours (a photograph). Deterministic: the same pixels give the same
 * bytes.
 */
function cropPng({ rgba, width, height }: RgbaImage): Uint8Array {
  const slot = new Map<number, number>();
  const palette: number[] = [];
  const indexes = new Uint8Array(width * height);
  let last = -1;
  let lastSlot = 0;
  for (let p = 0, q = 0; p < indexes.length; p++, q += 4) {
    const colour = (LEVEL[rgba[q]!]! << 16) | (LEVEL[rgba[q + 1]!]! << 8) | LEVEL[rgba[q + 2]!]!;
    if (colour !== last) {
      let i = slot.get(colour);
      if (i === undefined) {
        if (palette.length === 256) return rgbPng({ rgba, width, height });
        i = palette.length;
        slot.set(colour, i);
        palette.push(colour);
      }
      last = colour;
      lastSlot = i;
    }
    indexes[p] = lastSlot;
  }
  const bits = palette.length <= 2 ? 1 : palette.length <= 4 ? 2 : palette.length <= 16 ? 4 : 8;
  const rowBytes = Math.ceil((width * bits) / 8);
  // Each row: filter type 0 (none), then the packed indexes, most significant bits first.
  const raw = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (rowBytes + 1) + 1;
    for (let x = 0; x < width; x++) {
      const bit = x * bits;
      raw[row + (bit >> 3)]! |= indexes[y * width + x]! << (8 - bits - (bit & 7));
    }
  }
  const plte = new Uint8Array(palette.length * 3);
  palette.forEach((colour, i) => plte.set([colour >> 16, (colour >> 8) & 0xff, colour & 0xff], i * 3));
  return png({ width, height, bits, colour: 'indexed' }, raw, { level: 6, palette: plte });
}

/** An opaque image as an 8-bit RGB PNG. */
function rgbPng({ rgba, width, height }: RgbaImage): Uint8Array {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0, q = y * width * 4, out = y * (width * 3 + 1) + 1; x < width; x++, q += 4, out += 3)
      raw.set(rgba.subarray(q, q + 3), out);
  return png({ width, height, bits: 8, colour: 'rgb' }, raw, { level: 6 });
}

const MARK_RGB = [1, 3, 5].map((at) => Number.parseInt(CROP_MARK_COLOUR.slice(at, at + 2), 16)) as [
  number,
  number,
  number,
];

/**
 * Where the mark goes in a crop of `width` × `height` pixels cut from `crop` of a source and drawn at
 * `sourceScale`: at least its outline on each side, inside the crop.
 */
export function markInCrop(
  crop: CropRect,
  /** The mark in the source's pixels. */
  markOnSource: CropRect,
  sourceScale: number,
  width: number,
  height: number,
): CropRect {
  const minimum = 2 * CROP_MARK_STROKE + 1;
  const local = { x: (markOnSource.x - crop.x) * sourceScale, y: (markOnSource.y - crop.y) * sourceScale };
  const mx = Math.min(Math.max(0, Math.floor(local.x)), Math.max(0, width - minimum));
  const my = Math.min(Math.max(0, Math.floor(local.y)), Math.max(0, height - minimum));
  return {
    x: mx,
    y: my,
    width: Math.min(Math.max(minimum, Math.ceil(markOnSource.width * sourceScale)), width - mx),
    height: Math.min(Math.max(minimum, Math.ceil(markOnSource.height * sourceScale)), height - my),
  };
}

/**
 * Outlines `mark` in `image` (changed in place): CROP_MARK_STROKE pixels of exactly CROP_MARK_COLOUR along
 * its edges, the mark colour lightly over what is inside; then the PNG.
 */
export function markAndEncode(image: RgbaImage, mark: CropRect): CropImage {
  const { rgba, width, height } = image;
  const s = CROP_MARK_STROKE;
  const x1 = Math.min(width, mark.x + mark.width);
  const y1 = Math.min(height, mark.y + mark.height);
  const [r, g, b] = MARK_RGB;
  const a = MARK_FILL_ALPHA;
  const over = (v: number, c: number) => Math.round((c * a + v * (255 - a)) / 255);
  for (let y = Math.max(0, mark.y); y < y1; y++)
    for (let x = Math.max(0, mark.x); x < x1; x++) {
      const i = (y * width + x) * 4;
      const edge = x < mark.x + s || x >= x1 - s || y < mark.y + s || y >= y1 - s;
      rgba[i] = edge ? r : over(rgba[i]!, r);
      rgba[i + 1] = edge ? g : over(rgba[i + 1]!, g);
      rgba[i + 2] = edge ? b : over(rgba[i + 2]!, b);
      rgba[i + 3] = 255;
    }
  const bytes = cropPng(image);
  return {
    pngBase64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    width,
    height,
    mark,
  };
}

/**
 * Cuts `crop` (x in the drawing's columns, y in page rows) out of `drawn` at its pixels, outlines `mark`
 * (the same coordinates) in it and writes the PNG. Rows or columns outside the drawing are white.
 */
export function cutAndMark(drawn: DrawnRows, crop: CropRect, mark: CropRect): CropImage {
  const width = Math.max(1, Math.round(crop.width));
  const height = Math.max(1, Math.round(crop.height));
  const { rgba: from, width: stride, height: rows } = drawn.image;
  const rgba = new Uint8Array(width * height * 4).fill(255);
  const x0 = crop.x - drawn.left;
  const left = Math.max(0, -x0);
  const right = Math.min(width, stride - x0);
  for (let y = 0; y < height; y++) {
    const source = crop.y + y - drawn.top;
    if (source < 0 || source >= rows || right <= left) continue;
    const at = (source * stride + x0) * 4;
    rgba.set(from.subarray(at + left * 4, at + right * 4), (y * width + left) * 4);
  }
  return markAndEncode({ rgba, width, height }, markInCrop(crop, mark, 1, width, height));
}
