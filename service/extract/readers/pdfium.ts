import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import type { init as PdfiumInit } from '@embedpdf/pdfium';

// PDFium compiled to WebAssembly (@embedpdf/pdfium, MIT): the wasm is read from node_modules, never
// fetched. The PDF reader's text engine (pdf.ts; pdf.js where PDFium cannot open a file or a page's text
// layer is in doubt), its drawing of pages for OCR and of a report's crops (desktop/main/report/
// crop-worker.ts), and the engines' comparison (scripts/pdf-engines.ts).

// Not named `require`: a bundle for the desktop app declares its own.
const resolveFrom = createRequire(import.meta.url);

type Wrapped = Awaited<ReturnType<typeof PdfiumInit>>;
/** The Emscripten heaps the wrapper does not type. */
type Heaps = { HEAPU8: Uint8Array; HEAPF64: Float64Array };

let engine: Promise<Wrapped> | null = null;

/** The PDFium module, started once per thread. */
export function loadPdfium(): Promise<Wrapped> {
  engine ??= (async () => {
    const { init } = await import('@embedpdf/pdfium');
    const wasmBinary = await readFile(resolveFrom.resolve('@embedpdf/pdfium/pdfium.wasm'));
    const module = await init({
      wasmBinary: wasmBinary.buffer.slice(
        wasmBinary.byteOffset,
        wasmBinary.byteOffset + wasmBinary.byteLength,
      ),
    });
    module.PDFiumExt_Init();
    return module;
  })();
  return engine;
}

/** PDFium's WebAssembly memory in this thread, or 0 when this thread never started PDFium (never starts it). */
export async function pdfiumMemoryIfStarted(): Promise<number> {
  return engine === null ? 0 : pdfiumMemoryBytes();
}

/** Bytes of PDFium's WebAssembly memory in this thread (outside the V8 heap the worker's ceiling bounds). */
export async function pdfiumMemoryBytes(): Promise<number> {
  const m = await loadPdfium();
  return (m.pdfium as unknown as Heaps).HEAPU8.length;
}

/** One page's characters as PDFium reads them: the text (UTF-16) and each unit's box in PDF user space. */
export interface PdfiumPage {
  width: number;
  height: number;
  text: string;
  /** left, right, bottom, top per UTF-16 unit of `text` (PDF user space, origin bottom-left). */
  boxes: Float64Array;
}

export interface PdfiumDocument {
  /** PDFium's FPDF_DOCUMENT. */
  handle: number;
  pages: number;
  page(index: number): PdfiumPage;
  close(): void;
}

/** PDFium's error codes (FPDF_GetLastError). */
export const PDFIUM_ERROR = { success: 0, unknown: 1, file: 2, format: 3, password: 4, security: 5, page: 6 };

/** Opens `bytes`; throws an Error whose `code` is PDFium's error when it cannot. */
export async function openPdfium(bytes: Uint8Array): Promise<PdfiumDocument> {
  const m = await loadPdfium();
  const ptr = m.pdfium.wasmExports.malloc(bytes.length);
  (m.pdfium as unknown as Heaps).HEAPU8.set(bytes, ptr);
  const doc = m.FPDF_LoadMemDocument(ptr, bytes.length, '');
  if (!doc) {
    const code = m.FPDF_GetLastError();
    m.pdfium.wasmExports.free(ptr);
    throw Object.assign(new Error(`PDFium could not open the document (error ${code})`), { code });
  }
  const scratch = m.pdfium.wasmExports.malloc(32);
  return {
    handle: doc,
    pages: m.FPDF_GetPageCount(doc),
    page(index: number): PdfiumPage {
      const page = m.FPDF_LoadPage(doc, index - 1);
      if (!page) throw new Error(`PDFium could not load page ${index}`);
      try {
        const width = m.FPDF_GetPageWidthF(page);
        const height = m.FPDF_GetPageHeightF(page);
        const textPage = m.FPDFText_LoadPage(page);
        try {
          const count = m.FPDFText_CountChars(textPage);
          const buffer = m.pdfium.wasmExports.malloc((count + 1) * 2);
          m.FPDFText_GetText(textPage, 0, count, buffer);
          const text = m.pdfium.UTF16ToString(buffer, count * 2);
          m.pdfium.wasmExports.free(buffer);
          const boxes = new Float64Array(count * 4);
          const heap = (m.pdfium as unknown as Heaps).HEAPF64;
          for (let i = 0; i < count; i++) {
            if (!m.FPDFText_GetCharBox(textPage, i, scratch, scratch + 8, scratch + 16, scratch + 24))
              continue;
            const at = scratch >> 3;
            boxes.set(heap.subarray(at, at + 4), i * 4);
          }
          return { width, height, text, boxes };
        } finally {
          m.FPDFText_ClosePage(textPage);
        }
      } finally {
        m.FPDF_ClosePage(page);
      }
    },
    close() {
      m.FPDF_CloseDocument(doc);
      m.pdfium.wasmExports.free(scratch);
      m.pdfium.wasmExports.free(ptr);
    },
  };
}

/** The wasm exports the page reader calls directly (cwrap costs more than the call on every character). */
interface Exports {
  malloc(size: number): number;
  free(ptr: number): void;
  FPDF_LoadPage(doc: number, index: number): number;
  FPDF_ClosePage(page: number): void;
  FPDF_GetPageBoundingBox(page: number, rect: number): number;
  FPDFPage_GetRotation(page: number): number;
  FPDFText_LoadPage(page: number): number;
  FPDFText_ClosePage(textPage: number): void;
  FPDFText_CountChars(textPage: number): number;
  FPDFText_GetUnicode(textPage: number, index: number): number;
  FPDFText_IsGenerated(textPage: number, index: number): number;
  FPDFText_HasUnicodeMapError(textPage: number, index: number): number;
  FPDFText_GetCharOrigin(textPage: number, index: number, x: number, y: number): number;
  FPDFText_GetLooseCharBox(textPage: number, index: number, rect: number): number;
  FPDFText_GetCharAngle(textPage: number, index: number): number;
  FPDFText_GetFontSize(textPage: number, index: number): number;
  FPDFText_GetMatrix(textPage: number, index: number, matrix: number): number;
  FPDFText_GetTextObject(textPage: number, index: number): number;
  FPDFTextObj_GetFont(textObject: number): number;
  FPDFFont_GetAscent(font: number, size: number, out: number): number;
  FPDFFont_GetDescent(font: number, size: number, out: number): number;
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, index: number): number;
  FPDFPageObj_GetType(object: number): number;
  FPDFPageObj_GetMatrix(object: number, matrix: number): number;
  FPDFPageObj_GetFillColor(object: number, r: number, g: number, b: number, a: number): number;
  FPDFFormObj_CountObjects(form: number): number;
  FPDFFormObj_GetObject(form: number, index: number): number;
  FPDFPath_GetDrawMode(path: number, fillMode: number, stroke: number): number;
  FPDFPath_CountSegments(path: number): number;
  FPDFPath_GetPathSegment(path: number, index: number): number;
  FPDFPathSegment_GetPoint(segment: number, x: number, y: number): number;
  FPDFPathSegment_GetType(segment: number): number;
  FPDFPathSegment_GetClose(segment: number): number;
}

/** A run of characters drawn by one text object along one baseline, as pdf.js reports a text item. */
export interface PdfiumItem {
  str: string;
  /** [a, b, c, d, e, f]: the baseline direction times the font size, its normal, the origin (user space). */
  transform: number[];
  /** Advance along the baseline from the first character's origin to the end of the last. */
  width: number;
  /** A name unique to the item on its page: its glyph advances are looked up by it. */
  fontName: string;
  /** Each UTF-16 unit's advance along the baseline (to the next character's origin; the last to its box). */
  advances: number[];
  ascent: number;
  descent: number;
  /** Characters whose glyph the font gives no Unicode value for. */
  unmapped: number;
  /** The font (PDFium's handle) that drew the item: the text check counts by font. */
  font: number;
  /** A space, a line's end or a gap follows the item (its last character ends a word). */
  spaced: boolean;
}

export interface PdfiumPageText {
  /** The page's view box (crop box within the media box) in user space, and its rotation in degrees. */
  viewBox: [number, number, number, number];
  rotation: number;
  items: PdfiumItem[];
  /** The straight strokes drawn across or down the page: a ruled table's lines. */
  rules: PageRule[];
}

/**
 * A straight line drawn across or down a page (user space): a stroked line, an edge of a drawn rectangle
 * (a cell's border or shading), or a thin filled bar. Horizontal when y0 = y1, vertical when x0 = x1.
 */
export interface PageRule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** An edge of a filled area (a shaded cell or band), not a line drawn as one. */
  shade?: true;
}

/** A filled shape no thicker than this (points) is a line drawn as a bar; a thicker light one, shading. */
const BAR_THICKNESS = 3;

/** A page's rules are looked for among at most this many drawing objects (a map or chart has more). */
const RULE_OBJECTS = 20_000;
/** At most this many rules are kept from a page. */
const MAX_RULES = 4_000;
/** PDFium's object types and path segment types. */
const OBJ_PATH = 2;
const OBJ_FORM = 5;
const SEG_LINETO = 0;
const SEG_MOVETO = 2;

/**
 * The rules drawn on a page: every straight horizontal or vertical edge of its painted paths (in forms
 * too), at least 3 points long. Paths only filled white are the page's ground, not lines.
 */
function pageRules(ex: Exports, page: number, heaps: Heaps): PageRule[] {
  const rules: PageRule[] = [];
  const at = ex.malloc(64);
  let visited = 0;
  try {
    const f32 = () => new Float32Array(heaps.HEAPU8.buffer, at, 8);
    const u32 = () => new Uint32Array(heaps.HEAPU8.buffer, at, 8);
    const i32 = () => new Int32Array(heaps.HEAPU8.buffer, at, 8);
    type Matrix = [number, number, number, number, number, number];
    const times = (m: Matrix, n: Matrix): Matrix => [
      m[0] * n[0] + m[1] * n[2],
      m[0] * n[1] + m[1] * n[3],
      m[2] * n[0] + m[3] * n[2],
      m[2] * n[1] + m[3] * n[3],
      m[4] * n[0] + m[5] * n[2] + n[4],
      m[4] * n[1] + m[5] * n[3] + n[5],
    ];
    const matrixOf = (object: number): Matrix => {
      if (!ex.FPDFPageObj_GetMatrix(object, at)) return [1, 0, 0, 1, 0, 0];
      const m = f32();
      return [m[0] ?? 1, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1, m[4] ?? 0, m[5] ?? 0];
    };
    let shape: PageRule[] = [];
    const edge = (ax: number, ay: number, bx: number, by: number) => {
      if (rules.length + shape.length >= MAX_RULES) return;
      const horizontal = Math.abs(ay - by) < 0.5 && Math.abs(ax - bx) >= 3;
      const vertical = Math.abs(ax - bx) < 0.5 && Math.abs(ay - by) >= 3;
      if (horizontal) {
        const y = (ay + by) / 2;
        shape.push({ x0: Math.min(ax, bx), y0: y, x1: Math.max(ax, bx), y1: y });
      } else if (vertical) {
        const x = (ax + bx) / 2;
        shape.push({ x0: x, y0: Math.min(ay, by), x1: x, y1: Math.max(ay, by) });
      }
    };
    const path = (object: number, outer: Matrix) => {
      if (!ex.FPDFPath_GetDrawMode(object, at, at + 4)) return;
      const [fill = 0, stroke = 0] = i32();
      if (fill === 0 && stroke === 0) return;
      let light = false;
      if (stroke === 0 && ex.FPDFPageObj_GetFillColor(object, at, at + 4, at + 8, at + 12)) {
        const [r = 0, g = 0, b = 0] = u32();
        if (r >= 250 && g >= 250 && b >= 250) return;
        light = Math.min(r, g, b) >= 140;
      }
      // Segment points are in the path's own space: its matrix, then its forms' matrices.
      const m = times(matrixOf(object), outer);
      const count = ex.FPDFPath_CountSegments(object);
      shape = [];
      const xs: number[] = [];
      const ys: number[] = [];
      let startX = 0;
      let startY = 0;
      let lastX = 0;
      let lastY = 0;
      for (let k = 0; k < count; k++) {
        const segment = ex.FPDFPath_GetPathSegment(object, k);
        if (!segment || !ex.FPDFPathSegment_GetPoint(segment, at, at + 4)) continue;
        const [px = 0, py = 0] = f32();
        const x = m[0] * px + m[2] * py + m[4];
        const y = m[1] * px + m[3] * py + m[5];
        xs.push(x);
        ys.push(y);
        const type = ex.FPDFPathSegment_GetType(segment);
        if (type === SEG_MOVETO) {
          startX = x;
          startY = y;
        } else if (type === SEG_LINETO) edge(lastX, lastY, x, y);
        lastX = x;
        lastY = y;
        if (ex.FPDFPathSegment_GetClose(segment)) {
          edge(x, y, startX, startY);
          lastX = startX;
          lastY = startY;
        }
      }
      const thickness = Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
      // A light fill behind words is shading; a dark one is a frame drawn filled (a white box laid on it).
      const shaded = stroke === 0 && light && thickness > BAR_THICKNESS;
      for (const rule of shape) rules.push(shaded ? { ...rule, shade: true } : rule);
      shape = [];
    };
    const walk = (count: number, get: (i: number) => number, outer: Matrix, depth: number) => {
      for (let i = 0; i < count && visited < RULE_OBJECTS && rules.length < MAX_RULES; i++) {
        visited++;
        const object = get(i);
        if (!object) continue;
        const type = ex.FPDFPageObj_GetType(object);
        if (type === OBJ_PATH) path(object, outer);
        else if (type === OBJ_FORM && depth < 4)
          walk(
            ex.FPDFFormObj_CountObjects(object),
            (j) => ex.FPDFFormObj_GetObject(object, j),
            times(matrixOf(object), outer),
            depth + 1,
          );
      }
    };
    walk(ex.FPDFPage_CountObjects(page), (i) => ex.FPDFPage_GetObject(page, i), [1, 0, 0, 1, 0, 0], 0);
  } finally {
    ex.free(at);
  }
  return rules;
}

interface Building extends PdfiumItem {
  object: number;
  size: number;
  angle: number;
  cos: number;
  sin: number;
  lastRight: number;
  origins: number[];
  /** The item's UTF-16 code units, made a string when the item is finished. */
  units: number[];
}

/** A string of UTF-16 code units, in slices (an argument list has a ceiling). */
function fromUnits(units: readonly number[]): string {
  let out = '';
  for (let at = 0; at < units.length; at += 4096) out += String.fromCharCode(...units.slice(at, at + 4096));
  return out;
}

/** One page's text as items with their glyphs' own advances, for pageText(). */
export async function pdfiumPageText(doc: PdfiumDocument, index: number): Promise<PdfiumPageText> {
  const m = await loadPdfium();
  const ex = m.pdfium.wasmExports as unknown as Exports;
  const page = ex.FPDF_LoadPage(doc.handle, index - 1);
  if (!page) throw new Error(`page ${index} could not be loaded`);
  const scratch = ex.malloc(64);
  // Views of the heap, renewed when the wasm memory grows (only PDFium's own calls can grow it).
  const heaps = m.pdfium as unknown as Heaps;
  let f64 = heaps.HEAPF64;
  let f32 = new Float32Array(heaps.HEAPU8.buffer);
  const fresh = () => {
    if (f64.buffer !== heaps.HEAPU8.buffer || f64.length === 0) {
      f64 = heaps.HEAPF64;
      f32 = new Float32Array(heaps.HEAPU8.buffer);
    }
  };
  // Where the calls write: the origin (2 doubles), the loose box (4 floats), a matrix or a font metric.
  const origin = scratch >> 3;
  const looseBox = (scratch + 16) >> 2;
  const extra = (scratch + 32) >> 2;
  try {
    // FS_RECTF: left, top, right, bottom.
    ex.FPDF_GetPageBoundingBox(page, scratch);
    fresh();
    const box = f32.subarray(scratch >> 2, (scratch >> 2) + 4);
    const viewBox: [number, number, number, number] = [box[0] ?? 0, box[3] ?? 0, box[2] ?? 0, box[1] ?? 0];
    const rotation = (((ex.FPDFPage_GetRotation(page) % 4) + 4) % 4) * 90;
    const textPage = ex.FPDFText_LoadPage(page);
    fresh();
    const items: PdfiumItem[] = [];
    let lastObject = -1;
    let size = 0;
    let angle = 0;
    let cos = 1;
    let sin = 0;
    let horizontal = true;
    let objectFont = 0;
    // Where each character was drawn, by code: text drawn twice over itself (fake bold) is read once, as
    // pdf.js and pdftotext read it.
    const drawn = new Map<number, number[]>();
    let item: Building | null = null;
    const finish = (spaced: boolean) => {
      if (!item) return;
      const { origins, lastRight } = item;
      const advances = new Array<number>(origins.length);
      for (let k = 0; k < origins.length; k++)
        advances[k] = Math.max(0, (origins[k + 1] ?? lastRight) - (origins[k] ?? 0));
      items.push({
        str: fromUnits(item.units),
        transform: item.transform,
        width: Math.max(0, lastRight),
        fontName: item.fontName,
        advances,
        ascent: item.ascent,
        descent: item.descent,
        unmapped: item.unmapped,
        font: item.font,
        spaced,
      });
      item = null;
    };
    try {
      const count = ex.FPDFText_CountChars(textPage);
      for (let i = 0; i < count; i++) {
        const code = ex.FPDFText_GetUnicode(textPage, i);
        if (ex.FPDFText_IsGenerated(textPage, i) === 1 || code === 0x0d || code === 0x0a) {
          finish(true);
          continue;
        }
        const object = ex.FPDFText_GetTextObject(textPage, i);
        // One text object draws with one font size and matrix: asked once per object.
        if (object !== lastObject || !object) {
          // The font size of Tf times the scale of the character's matrix (FS_MATRIX: a b c d e f).
          size = ex.FPDFText_GetFontSize(textPage, i);
          // The baseline's direction is the matrix's first column (user space, y up).
          angle = 0;
          if (ex.FPDFText_GetMatrix(textPage, i, scratch + 32)) {
            fresh();
            const a = f32[extra] ?? 1;
            const b = f32[extra + 1] ?? 0;
            const c = f32[extra + 2] ?? 0;
            const d = f32[extra + 3] ?? 1;
            const scale = Math.hypot(c, d);
            if (Number.isFinite(scale) && scale > 0) size *= scale;
            if (Math.hypot(a, b) > 0) angle = Math.atan2(b, a);
          }
          cos = Math.cos(angle);
          sin = Math.sin(angle);
          horizontal = Math.abs(sin) < 1e-6 && cos > 0;
          objectFont = object ? ex.FPDFTextObj_GetFont(object) : 0;
          lastObject = object;
        }
        ex.FPDFText_GetCharOrigin(textPage, i, scratch, scratch + 8);
        fresh();
        const x = f64[origin] ?? 0;
        const y = f64[origin + 1] ?? 0;
        const near = 0.15 * size;
        const seen = drawn.get(code);
        let twice = false;
        if (seen)
          for (let k = 0; k < seen.length && !twice; k += 2)
            twice = Math.abs((seen[k] ?? 0) - x) < near && Math.abs((seen[k + 1] ?? 0) - y) < near;
        if (twice) continue;
        if (seen) seen.push(x, y);
        else drawn.set(code, [x, y]);
        ex.FPDFText_GetLooseCharBox(textPage, i, scratch + 16);
        fresh();
        const boxLeft = f32[looseBox] ?? x;
        const boxTop = f32[looseBox + 1] ?? y;
        const boxRight = f32[looseBox + 2] ?? x;
        const boxBottom = f32[looseBox + 3] ?? y;
        let along = 0;
        let across = 0;
        let continues = false;
        if (item !== null) {
          const dx = x - (item.transform[4] ?? 0);
          const dy = y - (item.transform[5] ?? 0);
          along = dx * cos + dy * sin;
          across = -dx * sin + dy * cos;
          continues =
            item.font === objectFont &&
            Math.abs(item.size - size) < 1e-3 &&
            Math.abs(item.angle - angle) < 1e-3 &&
            Math.abs(across) < 0.2 * size &&
            along >= item.lastRight - 0.5 * size &&
            along <= item.lastRight + 0.6 * size;
        }
        if (!continues) {
          const previous = item as Building | null;
          finish(
            previous === null ||
              Math.abs(across) >= 0.2 * size ||
              along > previous.lastRight + 0.102 * size ||
              along < previous.lastRight - 0.5 * size,
          );
          let ascent = 0.8;
          let descent = -0.2;
          const font = objectFont;
          if (font && size > 0) {
            if (ex.FPDFFont_GetAscent(font, size, scratch + 32)) {
              fresh();
              ascent = (f32[extra] ?? 0) / size;
            }
            if (ex.FPDFFont_GetDescent(font, size, scratch + 32)) {
              fresh();
              descent = (f32[extra] ?? 0) / size;
            }
          }
          item = {
            str: '',
            transform: [size * cos, size * sin, -size * sin, size * cos, x, y],
            width: 0,
            fontName: `pdfium-${items.length}`,
            advances: [],
            ascent,
            descent,
            unmapped: 0,
            font,
            spaced: true,
            object,
            size,
            angle,
            cos,
            sin,
            lastRight: 0,
            origins: [],
            units: [],
          };
          along = 0;
        }
        const current: Building = item as unknown as Building;
        // A gap in the flow of more than 0.102 of the size is a space, as pdf.js reads one.
        const units = current.units;
        if (
          continues &&
          along - current.lastRight > 0.102 * size &&
          units[units.length - 1] !== 0x20 &&
          code !== 0x20
        ) {
          units.push(0x20);
          current.origins.push(current.lastRight);
        }
        if (code > 0xffff) {
          // Outside the BMP: two UTF-16 units, both at the character's origin.
          units.push(0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff));
          current.origins.push(along, along);
        } else {
          units.push(code);
          current.origins.push(along);
        }
        const right = horizontal
          ? boxRight - (current.transform[4] ?? 0)
          : // Turned text: the box's extent along the baseline.
            along + Math.abs((boxRight - boxLeft) * cos) + Math.abs((boxTop - boxBottom) * sin);
        current.lastRight = Math.max(along, right);
        if (ex.FPDFText_HasUnicodeMapError(textPage, i) === 1) current.unmapped++;
      }
      finish(true);
    } finally {
      ex.FPDFText_ClosePage(textPage);
    }
    return { viewBox, rotation, items, rules: pageRules(ex, page, heaps) };
  } finally {
    ex.free(scratch);
    ex.FPDF_ClosePage(page);
  }
}

/** A page drawn for OCR: a greyscale PNG, and the size of one of its pixels in points. */
export interface RenderedPage {
  png: Uint8Array;
  pointsPerPixel: number;
}

/** FPDF_RenderPageBitmap flags: annotations drawn (as a reader sees the page), text as pictures are. */
const RENDER_FLAGS = 0x01; // FPDF_ANNOT

/**
 * Draws page `index` (1-based) in grey, as it is displayed (crop box, page rotation), white behind: what
 * OCR reads; `scale` pixels per point, from the page's size. Null when PDFium's page is not `size` (in
 * points, as pdf.js reads it, within half a point): OCR's boxes are placed on that size. PDFium draws a
 * scanned page faster than pdf.js with a canvas (measured in service/extract/README.md, "PDF engines").
 */
export async function pdfiumRenderPage(
  doc: PdfiumDocument,
  index: number,
  size: { width: number; height: number },
  scaleFor: (width: number, height: number) => number,
): Promise<RenderedPage | null> {
  const m = await loadPdfium();
  const page = m.FPDF_LoadPage(doc.handle, index - 1);
  if (!page) throw new Error(`PDFium could not load page ${index}`);
  let bitmap = 0;
  try {
    const points = { width: m.FPDF_GetPageWidthF(page), height: m.FPDF_GetPageHeightF(page) };
    if (Math.abs(points.width - size.width) > 0.5 || Math.abs(points.height - size.height) > 0.5) return null;
    const scale = scaleFor(points.width, points.height);
    const width = Math.max(1, Math.ceil(points.width * scale));
    const height = Math.max(1, Math.ceil(points.height * scale));
    // BGRx: 4 bytes a pixel. Its buffer is PDFium's own, freed with the bitmap.
    bitmap = m.FPDFBitmap_Create(width, height, 0);
    if (!bitmap) throw new Error(`PDFium could not allocate a ${width} × ${height} bitmap for page ${index}`);
    m.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    m.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
    const stride = m.FPDFBitmap_GetStride(bitmap);
    const pixels = (m.pdfium as unknown as Heaps).HEAPU8.subarray(
      m.FPDFBitmap_GetBuffer(bitmap),
      m.FPDFBitmap_GetBuffer(bitmap) + stride * height,
    );
    return { png: greyPng(pixels, width, height, stride), pointsPerPixel: 1 / scale };
  } finally {
    if (bitmap) m.FPDFBitmap_Destroy(bitmap);
    m.FPDF_ClosePage(page);
  }
}

/** A page opened to draw regions of it in colour, as it is displayed (crop box, page rotation). */
export interface PdfiumDrawing {
  /** The page's size in points, as displayed. */
  width: number;
  height: number;
  /**
   * Draws the pixels `area` of the page drawn at `scale` pixels per point (origin top-left), white behind:
   * only those pixels are rasterised, so a close-up at a large scale costs its own size, not the page's.
   */
  draw(area: { x: number; y: number; width: number; height: number }, scale: number): RgbaImage;
  close(): void;
}

/** Opaque pixels, 4 bytes each (red, green, blue, alpha), row by row. */
export interface RgbaImage {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** Loads page `index` (1-based) of `doc` for drawing; `close` frees it. */
export async function pdfiumDrawing(doc: PdfiumDocument, index: number): Promise<PdfiumDrawing> {
  const m = await loadPdfium();
  const page = m.FPDF_LoadPage(doc.handle, index - 1);
  if (!page) throw new Error(`PDFium could not load page ${index}`);
  const width = m.FPDF_GetPageWidthF(page);
  const height = m.FPDF_GetPageHeightF(page);
  return {
    width,
    height,
    draw(area, scale) {
      const w = Math.max(1, Math.round(area.width));
      const h = Math.max(1, Math.round(area.height));
      const bitmap = m.FPDFBitmap_Create(w, h, 0);
      if (!bitmap) throw new Error(`PDFium could not allocate a ${w} × ${h} bitmap for page ${index}`);
      try {
        m.FPDFBitmap_FillRect(bitmap, 0, 0, w, h, 0xffffffff);
        // The whole page is placed at `scale` with the area's corner at the bitmap's origin; PDFium clips to
        // the bitmap.
        m.FPDF_RenderPageBitmap(
          bitmap,
          page,
          -Math.round(area.x),
          -Math.round(area.y),
          Math.max(1, Math.round(width * scale)),
          Math.max(1, Math.round(height * scale)),
          0,
          RENDER_FLAGS,
        );
        const stride = m.FPDFBitmap_GetStride(bitmap);
        const start = m.FPDFBitmap_GetBuffer(bitmap);
        // Read after drawing: the heap's view is renewed when PDFium grows its memory.
        const bgrx = (m.pdfium as unknown as Heaps).HEAPU8.subarray(start, start + stride * h);
        const rgba = new Uint8Array(w * h * 4);
        for (let y = 0; y < h; y++)
          for (let x = 0, p = y * stride, q = y * w * 4; x < w; x++, p += 4, q += 4) {
            rgba[q] = bgrx[p + 2]!;
            rgba[q + 1] = bgrx[p + 1]!;
            rgba[q + 2] = bgrx[p]!;
            rgba[q + 3] = 255;
          }
        return { rgba, width: w, height: h };
      } finally {
        m.FPDFBitmap_Destroy(bitmap);
      }
    },
    close() {
      m.FPDF_ClosePage(page);
    },
  };
}

/**
 * An 8-bit greyscale PNG of a BGRx bitmap (ITU-R BT.601 luma), deflated fast: OCR reads grey, and a grey
 * PNG is a quarter of the bytes to deflate and to decode again.
 */
export function greyPng(bgrx: Uint8Array, width: number, height: number, stride: number): Uint8Array {
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    let out = y * (width + 1) + 1; // filter byte 0 (none) first
    for (let x = 0; x < width; x++, out++) {
      const p = row + x * 4;
      raw[out] = (29 * (bgrx[p] ?? 0) + 150 * (bgrx[p + 1] ?? 0) + 77 * (bgrx[p + 2] ?? 0)) >> 8;
    }
  }
  return png({ width, height, bits: 8, colour: 'grey' }, raw, { level: 1 });
}

/** PNG colour types by name. */
const PNG_COLOUR = { grey: 0, rgb: 2, indexed: 3 } as const;

/**
 * A PNG of `raw` scanlines (each a filter byte, then the row's samples), deflated at `level`; `palette`
 * (RGB triples) for an indexed image. Deterministic: the same scanlines give the same bytes.
 */
export function png(
  image: { width: number; height: number; bits: 1 | 2 | 4 | 8; colour: keyof typeof PNG_COLOUR },
  raw: Uint8Array,
  options: { level: number; palette?: Uint8Array },
): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, image.width);
  view.setUint32(4, image.height);
  // Deflate compression, adaptive filtering, no interlace.
  header.set([image.bits, PNG_COLOUR[image.colour], 0, 0, 0], 8);
  return concatBytes([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...(options.palette ? [pngChunk('PLTE', options.palette)] : []),
    pngChunk('IDAT', deflateSync(raw, { level: options.level })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
