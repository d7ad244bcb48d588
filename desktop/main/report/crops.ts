import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as CanvasModuleNs from '@napi-rs/canvas';
import type { Canvas, Image } from '@napi-rs/canvas';
import type { BoxPosition, Representation } from '../../../shared/api';
import {
  cellsCrop,
  CROP_MARK_COLOUR,
  CROP_MARK_STROKE,
  cropKey,
  textCrop,
  type CropImage,
  type CropRect,
  type ReportCrop,
} from './crop-geometry';
import type { ReportBundle, ReportOperand } from './model';
import { formatByMagic } from '../../../shared/vocabulary/formats';
import { pdfJsAssetFolders } from '../../../service/extract/readers/pdfjs-assets';

// The crop of every cited figure of a report, made from the retained bytes and representations:
// - a figure with a page box in a PDF: two images, the box outlined in CROP_MARK_COLOUR in both, drawn by
//   pdf.js (legacy build, in process, nothing fetched: fonts, CMaps, ICC profiles and wasm from
//   node_modules/pdfjs-dist, as the service's reader does) onto a @napi-rs/canvas: a close-up of the
//   figure's cell and its neighbours, drawn at the scale that makes its digits readable at their natural
//   size, and the band of its row across the page at CROP_SCALE, where its label is; each page's bands
//   are drawn once for all the figures on it, each close-up on its own, each document opened once;
// - a figure with a page box in an image scan (PNG, JPEG): the same two images cut from the image itself
//   (the image reader's boxes are in points at the scan's declared resolution: the unit's page size says
//   how many pixels a point is);
// - a figure in a sheet cell: the cell's neighbours (cellsCrop);
// - a figure located only by its span (Word, HTML, text, or a page without a run under it): the text
//   around it (textCrop).
// The same bytes give the same PNG bytes. A crop that cannot be made is `none` with its reason, and the
// report says so; only an aborted signal rejects (with an AbortError), checked before every page.

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
/** The translucent fill inside the outline. */
const MARK_FILL = 'rgba(228, 0, 124, 0.10)';

export interface CropAccess {
  /** The retained bytes of a source version. */
  content(sourceVersionId: string, signal?: AbortSignal): Promise<{ bytes: Uint8Array; mediaType: string }>;
  /** A representation by its id. */
  representation(representationId: string, signal?: AbortSignal): Promise<Representation>;
}

export interface MakeCropsOptions {
  signal?: AbortSignal;
  /** Called with how many distinct crops are made of how many (a figure cited twice is cropped once). */
  onProgress?: (done: number, total: number) => void;
}

type PdfJs = typeof PdfJsModule;
type CanvasModule = typeof CanvasModuleNs;

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('the report was cancelled', 'AbortError');
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/**
 * Gives the event loop a turn: pdf.js's in-process worker answers through microtasks, so without this a
 * whole report's crops would run without one, and a cancel (or a progress event) would wait for the end.
 */
async function breathe(signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  checkAbort(signal);
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** One crop to make: every key that shows it, and the operand it is of. */
interface Job {
  keys: string[];
  operand: ReportOperand;
}

/** What a source's bytes are, by the formats' magic numbers (the media type as given is only a fallback). */
function kindOfBytes(bytes: Uint8Array, mediaType: string): 'pdf' | 'png' | 'jpeg' | 'tiff' | 'other' {
  const format = formatByMagic(bytes);
  if (format === 'pdf' || format === 'png' || format === 'jpeg' || format === 'tiff') return format;
  return mediaType === 'application/pdf' ? 'pdf' : 'other';
}

function sha256(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The words of a figure's alt text: what it is and where. */
function altOf(operand: ReportOperand): string {
  return `The figure ${operand.figure.raw} highlighted on page ${operand.unit.index}`;
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
function lineStartOf(drawn: Drawn, box: BoxPosition, from: number): number | null {
  const s = drawn.scale;
  const x0 = Math.max(0, Math.floor(from * s));
  const x1 = Math.min(drawn.canvas.width, Math.floor(box.x * s) - 1);
  const y0 = Math.max(drawn.top, Math.ceil(box.y * s));
  const y1 = Math.min(drawn.top + drawn.canvas.height, Math.floor((box.y + box.height) * s));
  if (x1 <= x0 || y1 <= y0) return null;
  const width = x1 - x0;
  const { data } = drawn.canvas.getContext('2d').getImageData(x0, y0 - drawn.top, width, y1 - y0);
  for (let x = 0; x < width; x++)
    for (let y = 0; y < y1 - y0; y++) {
      const i = (y * width + x) * 4;
      if (data[i]! < INK && data[i + 1]! < INK && data[i + 2]! < INK) return (x0 + x) / s;
    }
  return null;
}

/** A close-up's rectangle and the box's outline in the pixels of its page drawn at `scale`. */
function closeUpRect(
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
function band(
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

/** How far (px) a band's top or bottom edge may move to a blank row, so it does not cut a line of text. */
const SNAP_RANGE = 40;

/**
 * Moves the band's top and bottom edges to the nearest blank (all but white) row within SNAP_RANGE pixels,
 * outward first, never into the mark: a crop that starts or ends mid-line shows halves of letters.
 */
function snapToBlankRows(drawn: Drawn, crop: CropRect, mark: CropRect): CropRect {
  const drawnEnd = drawn.top + drawn.canvas.height;
  const from = Math.max(drawn.top, crop.y - SNAP_RANGE);
  const to = Math.min(drawnEnd, crop.y + crop.height + SNAP_RANGE);
  if (to <= from) return crop;
  const { data } = drawn.canvas
    .getContext('2d')
    .getImageData(crop.x, from - drawn.top, crop.width, to - from);
  // A page is drawn on white: a blank row is white throughout (opaque white is all ones in any byte order).
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
  const blank = (y: number) => {
    const start = (y - from) * crop.width;
    for (let i = start; i < start + crop.width; i++) if (words[i] !== 0xffffffff) return false;
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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Each channel to the nearest multiple of 4 (255 stays 255): 64 levels, a difference no eye sees. */
const LEVEL = Uint8Array.from({ length: 256 }, (_, v) => Math.min(255, Math.round(v / 4) * 4));

/**
 * An opaque image as an indexed PNG (1, 2, 4 or 8 bits a pixel, palette in order of first use), each
 * channel first brought to 64 levels (LEVEL, which keeps the outline's #E4007C exact): a page of text, its
 * antialiased glyphs and its tinted mark, fits in 256 colours, and its PNG is a fifth of the RGBA PNG the
 * canvas writes. Null when the image still has more colours (a photograph): the canvas's own PNG then.
 * Deterministic: the same pixels give the same bytes.
 */
function palettePng(rgba: Uint8ClampedArray, width: number, height: number): Buffer | null {
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
        if (palette.length === 256) return null;
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
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bits;
  header[9] = 3; // indexed colour; compression, filter and interlace 0
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((colour, i) => {
    plte[i * 3] = colour >> 16;
    plte[i * 3 + 1] = (colour >> 8) & 0xff;
    plte[i * 3 + 2] = colour & 0xff;
  });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('PLTE', plte),
    pngChunk('IDAT', deflateSync(raw, { level: 6 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * Cuts `crop` out of `source` (drawn at its pixels, no resampling), outlines `mark` in it and encodes
 * the PNG. `sourceScale` < 1 draws the source smaller (an image scan at a higher resolution than the crop).
 */
async function cutAndMark(
  canvasModule: CanvasModule,
  source: Canvas | Image,
  crop: CropRect,
  /** The mark in the source's pixels. */
  markOnSource: CropRect,
  sourceScale = 1,
): Promise<CropImage> {
  const width = Math.max(1, Math.round(crop.width * sourceScale));
  const height = Math.max(1, Math.round(crop.height * sourceScale));
  // The mark in the crop's pixels: at least its outline on each side, inside the crop.
  const minimum = 2 * CROP_MARK_STROKE + 1;
  const local = { x: (markOnSource.x - crop.x) * sourceScale, y: (markOnSource.y - crop.y) * sourceScale };
  const mx = Math.min(Math.max(0, Math.floor(local.x)), Math.max(0, width - minimum));
  const my = Math.min(Math.max(0, Math.floor(local.y)), Math.max(0, height - minimum));
  const m = {
    x: mx,
    y: my,
    width: Math.min(Math.max(minimum, Math.ceil(markOnSource.width * sourceScale)), width - mx),
    height: Math.min(Math.max(minimum, Math.ceil(markOnSource.height * sourceScale)), height - my),
  };
  const canvas = canvasModule.createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = sourceScale !== 1;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  const s = CROP_MARK_STROKE;
  context.fillStyle = MARK_FILL;
  context.fillRect(m.x + s, m.y + s, Math.max(0, m.width - 2 * s), Math.max(0, m.height - 2 * s));
  // A stroke centred on a half pixel covers whole pixels: the outline is exactly CROP_MARK_COLOUR.
  context.strokeStyle = CROP_MARK_COLOUR;
  context.lineWidth = s;
  context.strokeRect(m.x + s / 2, m.y + s / 2, Math.max(0, m.width - s), Math.max(0, m.height - s));
  const png =
    palettePng(context.getImageData(0, 0, width, height).data, width, height) ?? (await canvas.encode('png'));
  return {
    pngBase64: Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64'),
    width,
    height,
    mark: m,
  };
}

/** A page's size in points, the scale it is drawn at, and its full size in pixels at that scale. */
interface PagePixels {
  size: { width: number; height: number };
  scale: number;
  width: number;
  height: number;
}

/** The rows of a page that were drawn: `canvas` row 0 is page pixel row `top`. */
interface Drawn extends PagePixels {
  canvas: Canvas;
  top: number;
  /** Draws `area` (pixels of the page drawn at `scale`) of the same page on a canvas of its own. */
  drawArea(area: CropRect, scale: number): Promise<Canvas>;
}

/** A PDF opened once for all the figures cropped from it; `close` frees it. */
class PdfCrops {
  private constructor(
    private readonly doc: PDFDocumentProxy,
    private readonly task: ReturnType<PdfJs['getDocument']>,
  ) {}

  static async open(bytes: Uint8Array): Promise<PdfCrops> {
    const pdfjs: PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = pdfjs.getDocument({
      data: new Uint8Array(bytes),
      ...pdfJsAssetFolders(),
      useSystemFonts: false,
      disableFontFace: true,
      useWorkerFetch: false,
      enableXfa: false,
      stopAtErrors: false,
      verbosity: pdfjs.VerbosityLevel.ERRORS,
    });
    try {
      return new PdfCrops(await task.promise, task);
    } catch (error) {
      await task.destroy().catch(() => {});
      throw error;
    }
  }

  get pages(): number {
    return this.doc.numPages;
  }

  /**
   * Draws page `index` (1-based) once, only the rows `plan` asks for (the union of the page's bands: pdf.js
   * still reads every operator, but nothing outside them is rasterised), and hands the drawing to `work`,
   * which cuts every crop it needs from it.
   */
  async withPage<T>(
    index: number,
    signal: AbortSignal | undefined,
    plan: (page: PagePixels) => { from: number; to: number },
    work: (drawn: Drawn) => Promise<T>,
  ): Promise<T> {
    const canvasModule = await import('@napi-rs/canvas');
    const page: PDFPageProxy = await this.doc.getPage(index);
    try {
      const base = page.getViewport({ scale: 1 });
      const area = Math.max(1, base.width * base.height);
      const scale = Math.min(CROP_SCALE, Math.sqrt(MAX_CROP_PAGE_PIXELS / area));
      const full = page.getViewport({ scale });
      const pixels: PagePixels = {
        size: { width: base.width, height: base.height },
        scale,
        width: Math.max(1, Math.ceil(full.width)),
        height: Math.max(1, Math.ceil(full.height)),
      };
      const rows = plan(pixels);
      const top = Math.min(Math.max(0, Math.floor(rows.from)), pixels.height - 1);
      const bottom = Math.min(Math.max(top + 1, Math.ceil(rows.to)), pixels.height);
      const draw = async (rect: CropRect, at: number): Promise<Canvas> => {
        const canvas = canvasModule.createCanvas(Math.max(1, rect.width), Math.max(1, rect.height));
        const context = canvas.getContext('2d');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        type RenderParameters = Parameters<PDFPageProxy['render']>[0];
        const task = page.render({
          canvas: canvas as unknown as RenderParameters['canvas'],
          canvasContext: context as unknown as RenderParameters['canvasContext'],
          viewport: page.getViewport({ scale: at, offsetX: -rect.x, offsetY: -rect.y }),
        } as RenderParameters);
        const cancel = () => task.cancel();
        signal?.addEventListener('abort', cancel, { once: true });
        try {
          await task.promise;
        } finally {
          signal?.removeEventListener('abort', cancel);
        }
        checkAbort(signal);
        return canvas;
      };
      const canvas = await draw({ x: 0, y: top, width: pixels.width, height: bottom - top }, scale);
      return await work({ ...pixels, canvas, top, drawArea: draw });
    } finally {
      page.cleanup();
    }
  }

  async close(): Promise<void> {
    await this.task.destroy().catch(() => {});
  }
}

/**
 * The crop of every figure of every check of `bundle`, by `cropKey(caseId, checkIndex, operandIndex)`.
 * Never rejects for one figure: a crop that cannot be made is `{ kind: 'none', reason }`. Rejects with an
 * AbortError when `signal` is aborted (checked before each document, page and crop).
 */
export async function makeCrops(
  bundle: ReportBundle,
  access: CropAccess,
  options: MakeCropsOptions = {},
): Promise<Map<string, ReportCrop>> {
  const { signal, onProgress } = options;
  checkAbort(signal);
  // One job per distinct figure; grouped by source version, in the bundle's order.
  const jobs = new Map<string, Job>();
  for (const c of bundle.cases)
    c.checks.forEach((check, checkIndex) =>
      check.operands.forEach((operand, operandIndex) => {
        const id = [
          operand.source.sourceVersionId,
          operand.representationId,
          operand.unit.sourceUnitId,
          operand.reference.figure_index,
        ].join('\u0000');
        const job = jobs.get(id);
        const key = cropKey(c.caseId, checkIndex, operandIndex);
        if (job) job.keys.push(key);
        else jobs.set(id, { keys: [key], operand });
      }),
    );
  const bySource = new Map<string, Job[]>();
  for (const job of jobs.values()) {
    const list = bySource.get(job.operand.source.sourceVersionId) ?? [];
    list.push(job);
    bySource.set(job.operand.source.sourceVersionId, list);
  }

  const crops = new Map<string, ReportCrop>();
  const total = jobs.size;
  let done = 0;
  onProgress?.(0, total);
  const settle = (job: Job, crop: ReportCrop) => {
    for (const key of job.keys) crops.set(key, crop);
    done++;
    onProgress?.(done, total);
  };

  const representations = new Map<string, Promise<Representation>>();
  const representationOf = (id: string) => {
    let found = representations.get(id);
    if (!found) {
      found = access.representation(id, signal);
      found.catch(() => {}); // read by whoever awaits it
      representations.set(id, found);
    }
    return found;
  };
  const unitOf = async (operand: ReportOperand) => {
    const representation = await representationOf(operand.representationId);
    const unit = representation.units.find((u) => u.source_unit_id === operand.unit.sourceUnitId);
    if (!unit) throw new Error(`unit ${operand.unit.sourceUnitId} is not in its representation`);
    return unit;
  };

  /** Runs `make`; an error that is not an abort becomes a `none` crop with `what: message`. */
  const attempt = async (job: Job, what: string, make: () => Promise<ReportCrop>) => {
    await breathe(signal);
    let crop: ReportCrop;
    try {
      crop = await make();
    } catch (error) {
      if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
      crop = { kind: 'none', reason: `${what}: ${messageOf(error)}` };
    }
    checkAbort(signal);
    settle(job, crop);
  };

  for (const [, sourceJobs] of bySource) {
    checkAbort(signal);
    const boxes: Job[] = [];
    for (const job of sourceJobs) {
      const position = job.operand.figure.position;
      if (position.kind === 'box') {
        boxes.push(job);
        continue;
      }
      if (position.kind === 'cell') {
        await attempt(job, 'the sheet could not be read', async () => {
          const unit = await unitOf(job.operand);
          if (!unit.sheet) return { kind: 'none', reason: 'the unit is not a sheet' };
          return (
            cellsCrop(unit.sheet.name, unit.sheet.cells, position.ref) ?? {
              kind: 'none',
              reason: `the cell ${position.ref} is not an A1 reference`,
            }
          );
        });
        continue;
      }
      await attempt(job, 'the text could not be read', async () => {
        const unit = await unitOf(job.operand);
        return (
          textCrop(unit.markdown, job.operand.figure.span) ?? {
            kind: 'none',
            reason: "the figure's span lies outside its unit's text",
          }
        );
      });
    }
    if (boxes.length > 0) await cropBoxes(boxes);
  }
  return crops;

  /** The page-box crops of one source version: its bytes read once, each page drawn once. */
  async function cropBoxes(boxes: Job[]): Promise<void> {
    const source = boxes[0]!.operand.source;
    let content: { bytes: Uint8Array; mediaType: string };
    try {
      content = await access.content(source.sourceVersionId, signal);
    } catch (error) {
      if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
      const reason = `the retained bytes could not be read: ${messageOf(error)}`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
      return;
    }
    checkAbort(signal);
    // A crop shows the bytes the report cites, or none: bytes changed since are not drawn.
    if (sha256(content.bytes) !== source.bytesHash) {
      const reason = `the retained bytes do not match their hash ${source.bytesHash}`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
      return;
    }
    const kind = kindOfBytes(content.bytes, content.mediaType);
    if (kind === 'pdf') await cropPdf(boxes, content.bytes);
    else if (kind === 'png' || kind === 'jpeg') await cropImage(boxes, content.bytes);
    else {
      const reason =
        kind === 'tiff'
          ? 'a TIFF scan cannot be drawn for a crop'
          : `a page box in a ${content.mediaType || 'document'} cannot be drawn`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
    }
  }

  async function cropPdf(boxes: Job[], bytes: Uint8Array): Promise<void> {
    const canvasModule = await import('@napi-rs/canvas');
    let pdf: PdfCrops;
    try {
      pdf = await PdfCrops.open(bytes);
    } catch (error) {
      if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
      const reason = `the PDF could not be opened: ${messageOf(error)}`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
      return;
    }
    try {
      const byPage = new Map<number, Job[]>();
      for (const job of boxes) {
        const list = byPage.get(job.operand.unit.index) ?? [];
        list.push(job);
        byPage.set(job.operand.unit.index, list);
      }
      for (const [index, pageJobs] of [...byPage].sort((a, b) => a[0] - b[0])) {
        await breathe(signal);
        if (index > pdf.pages) {
          for (const job of pageJobs)
            settle(job, { kind: 'none', reason: `the PDF has no page ${index} (it has ${pdf.pages})` });
          continue;
        }
        try {
          let bands: { crop: CropRect; mark: CropRect }[] = [];
          const plan = (page: PagePixels) => {
            bands = pageJobs.map((job) =>
              band(job.operand.figure.position as BoxPosition, page.size, page.scale, page),
            );
            // Every band, with room to move its edges to blank rows.
            return {
              from: Math.min(...bands.map((b) => b.crop.y)) - SNAP_RANGE,
              to: Math.max(...bands.map((b) => b.crop.y + b.crop.height)) + SNAP_RANGE,
            };
          };
          await pdf.withPage(index, signal, plan, async (drawn) => {
            for (const [i, job] of pageJobs.entries())
              await attempt(job, 'the crop could not be cut', async () => {
                const { crop, mark } = bands[i]!;
                const snapped = snapToBlankRows(drawn, crop, mark);
                const up = (r: CropRect) => ({ ...r, y: r.y - drawn.top });
                const row = await cutAndMark(canvasModule, drawn.canvas, up(snapped), up(mark));
                const box = job.operand.figure.position as BoxPosition;
                const scale = closeUpScale(box);
                const near = closeUpRect(
                  box,
                  drawn.size,
                  scale,
                  lineStartOf(drawn, box, snapped.x / drawn.scale),
                );
                // Drawn with room above and below, so its edges can move to blank rows as the band's do.
                const pageHeight = Math.ceil(drawn.size.height * scale);
                const top = Math.max(0, near.crop.y - SNAP_RANGE);
                const bottom = Math.min(pageHeight, near.crop.y + near.crop.height + SNAP_RANGE);
                const area = await drawn.drawArea(
                  { x: near.crop.x, y: top, width: near.crop.width, height: bottom - top },
                  scale,
                );
                const local = (r: CropRect) => ({ ...r, x: r.x - near.crop.x });
                const edges = snapToBlankRows(
                  { ...drawn, canvas: area, top, height: pageHeight, scale },
                  local(near.crop),
                  local(near.mark),
                );
                const closeUp = await cutAndMark(
                  canvasModule,
                  area,
                  { ...edges, y: edges.y - top },
                  { ...local(near.mark), y: near.mark.y - top },
                );
                return { kind: 'image', ...row, alt: altOf(job.operand), closeUp };
              });
          });
        } catch (error) {
          if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
          const reason = `page ${index} could not be drawn: ${messageOf(error)}`;
          for (const job of pageJobs) if (!crops.has(job.keys[0]!)) settle(job, { kind: 'none', reason });
        }
      }
    } finally {
      await pdf.close();
    }
  }

  async function cropImage(boxes: Job[], bytes: Uint8Array): Promise<void> {
    const canvasModule = await import('@napi-rs/canvas');
    let image: Image;
    try {
      image = await canvasModule.loadImage(Buffer.from(bytes));
      if (!(image.width > 0 && image.height > 0)) throw new Error('the image has no pixels');
    } catch (error) {
      if (isAbort(error, signal)) throw signal?.aborted ? abortError(signal) : error;
      const reason = `the image could not be decoded: ${messageOf(error)}`;
      for (const job of boxes) settle(job, { kind: 'none', reason });
      return;
    }
    for (const job of boxes)
      await attempt(job, 'the crop could not be cut', async () => {
        const unit = await unitOf(job.operand);
        if (!unit.page) return { kind: 'none', reason: 'the unit has no page size' };
        // The image reader's boxes are in points at the scan's resolution: pixels per point from the page.
        const pixelsPerPoint = image.width / unit.page.width;
        const box = job.operand.figure.position as BoxPosition;
        const { crop, mark } = band(box, unit.page, pixelsPerPoint, image);
        // Never more pixels per point than a PDF page is drawn at.
        const shrink = Math.min(1, CROP_SCALE / pixelsPerPoint);
        const row = await cutAndMark(canvasModule, image, crop, mark, shrink);
        const scale = closeUpScale(box);
        const near = closeUpRect(box, unit.page, scale);
        // The close-up's rectangle in the scan's pixels, drawn at the close-up's scale.
        const ratio = pixelsPerPoint / scale;
        const onScan = (r: CropRect) => ({
          x: r.x * ratio,
          y: r.y * ratio,
          width: r.width * ratio,
          height: r.height * ratio,
        });
        const closeUp = await cutAndMark(
          canvasModule,
          image,
          onScan(near.crop),
          onScan(near.mark),
          1 / ratio,
        );
        return { kind: 'image', ...row, alt: altOf(job.operand), closeUp };
      });
  }
}
