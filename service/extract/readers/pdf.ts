import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  DEFAULT_LIMITS,
  pagesLeft,
  ReadFailure,
  takePages,
  type PageShare,
  type LostUnit,
  type Reader,
  type ReadOptions,
  type ReadResult,
  type ReadUnit,
} from '../types';
import { OCR_DPI, OcrEngine, ocrSettings, type OcrText } from './ocr';
import { pdfJsAssetFolders } from './pdfjs-assets';
import {
  pageText,
  type Advances,
  type FontStyle,
  type PageText,
  type PageTextOptions,
  type PdfTextItem,
  type PdfViewport,
} from './pdf-text';
import {
  loadPdfium,
  openPdfium,
  PDFIUM_ERROR,
  pdfiumMemoryBytes,
  pdfiumPageText,
  pdfiumRenderPage,
  type PdfiumDocument,
  type PdfiumPageText,
} from './pdfium';
import {
  countTextLayer,
  fontValues,
  judgeTextLayer,
  ocrAgrees,
  type FontValues,
  type TextLayerVerdict,
} from './pdf-text-check';

// PDF: pdf.js (legacy build, its in-process "fake" worker) opens the document and says whether it needs a
// password, is damaged and how many pages it has. PDFium (WebAssembly, pdfium.ts) reads the text of every
// page it can vouch for, each character placed by its own glyph; pdf.js reads the text layer of the others
// (no text, glyphs without a Unicode value inside words, a text layer the check does not call clean) as it
// always has. Pages without a text layer, or whose text layer does not say what the page shows
// (pdf-text-check.ts), are read with OCR (ocr 'auto'), or every page is (ocr 'force', pdf.js only).
// Nothing is fetched: fonts, CMaps, ICC profiles and wasm come from node_modules (pdf.js 6 has no eval
// path at all). A document that needs a user password is source_encrypted; one pdf.js cannot open,
// source_corrupt; a page that fails is lost on its own while the others are read. The pages read with OCR
// are recognised several at once (the OCR pool's workers) and published in page order (readPages).

/**
 * PDFium's wasm memory is not in the V8 heap the worker's memory ceiling bounds (run-worker.ts, 1,536 MB):
 * a read whose PDFium memory passes the same figure is source_too_large, as the thread's would be.
 */
const PDFIUM_MAX_BYTES = 1536 * 1024 * 1024;

/** Pages are rendered for OCR at OCR_DPI, fewer when the page would exceed this many pixels. */
const MAX_RENDER_PIXELS = 50_000_000;

type PdfJs = typeof PdfJsModule;

async function loadPdfJs(): Promise<PdfJs> {
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

/**
 * Loads pdf.js and PDFium ahead of any document, for a warm worker (run-worker.ts): the first read does
 * not pay it. pdf.js sets up its in-thread worker and its font machinery on its first document, and the
 * reader's own code (PDFium's character loop, layout, the text check) runs interpreted until it has run a
 * while: a small document of text and figures is read here, through the whole reader, a few times (a
 * thread's first real document is still slower than its next: its heap grows on that document's pages).
 */
export async function warm(): Promise<void> {
  await Promise.all([loadPdfJs(), PDF_ENGINE === 'pdfium' ? loadPdfium() : null]);
  const bytes = warmingPdf(WARMING_PAGES);
  for (let round = 0; round < WARMING_ROUNDS; round++)
    await readPdf(new Uint8Array(bytes), 'pdf', { ocr: 'off', limits: DEFAULT_LIMITS });
}

const WARMING_PAGES = 12;
const WARMING_ROUNDS = 4;

/** A PDF of `pages` pages of Helvetica lines with figures in them: what `warm` reads. */
function warmingPdf(pages: number): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (let page = 0; page < pages; page++) {
    const lines = Array.from({ length: 40 }, (_, line) => {
      const n = page * 40 + line;
      return `(Line ${n + 1}: revenue rose ${(n % 9) + 1}.${n % 10}% to $${1000 + n * 37},000 in 20${10 + (n % 15)}) Tj 0 -16 Td`;
    });
    const content = `BT /F1 10 Tf 72 740 Td ${lines.join(' ')} ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * page} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) pdf += `${String(at).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/**
 * The reader's options, with the pages this read shares with other threads reading the same document
 * (run-worker.ts reads a large document's pages in parallel threads).
 */
export interface PdfReadOptions extends ReadOptions {
  share?: PageShare;
  /** The text engine; PDF_ENGINE by default. */
  engine?: PdfEngine;
}

/**
 * PDFium reads the text and every character's box of the pages it can vouch for; pdf.js opens what PDFium
 * refuses (short of a password) and reads every page PDFium cannot vouch for (no text, glyphs without a
 * Unicode value inside words, a text layer the check does not call clean), with OCR as before. `pdfjs`
 * reads everything with pdf.js (EW_PDF_ENGINE=pdfjs).
 */
export type PdfEngine = 'pdfium' | 'pdfjs';
export const PDF_ENGINE: PdfEngine = process.env['EW_PDF_ENGINE'] === 'pdfjs' ? 'pdfjs' : 'pdfium';

/** pdf.js's viewport at scale 1 for a view box and rotation (PageViewport's transform, without pdf.js). */
function viewportOf(viewBox: readonly [number, number, number, number], rotation: number) {
  const [x0, y0, x1, y1] = viewBox;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const [a, b, c, d] =
    rotation === 90
      ? [0, 1, 1, 0]
      : rotation === 180
        ? [-1, 0, 0, 1]
        : rotation === 270
          ? [0, -1, -1, 0]
          : [1, 0, 0, -1];
  const turned = a === 0;
  const ox = turned ? Math.abs(cy - y0) : Math.abs(cx - x0);
  const oy = turned ? Math.abs(cx - x0) : Math.abs(cy - y0);
  const e = ox - a * cx - c * cy;
  const f = oy - b * cx - d * cy;
  const viewport: PdfViewport = { convertToViewportPoint: (x, y) => [a * x + c * y + e, b * x + d * y + f] };
  return {
    viewport,
    width: turned ? y1 - y0 : x1 - x0,
    height: turned ? x1 - x0 : y1 - y0,
  };
}

/**
 * The page's unit from PDFium's text when PDFium can vouch for it: text, no glyph without a Unicode value
 * (a bullet standing alone aside), and the text check calls it clean. Null: pdf.js reads the page.
 */
/** The page's text, runs and tables from PDFium's text, and the page's size as displayed. */
export function pdfiumLayer(
  text: PdfiumPageText,
  options: PageTextOptions = {},
): { layer: PageText; width: number; height: number } {
  const { viewport, width, height } = viewportOf(text.viewBox, text.rotation);
  const styles: Record<string, FontStyle> = {};
  const byName = new Map<string, number[]>();
  for (const item of text.items) {
    styles[item.fontName] = { ascent: item.ascent, descent: item.descent };
    byName.set(item.fontName, item.advances);
  }
  const advances: Advances = (fontName, str) => {
    const widths = byName.get(fontName);
    return widths && widths.length === str.length ? widths : null;
  };
  return {
    layer: pageText(text.items, styles, viewport, advances, { rules: text.rules, ...options }),
    width,
    height,
  };
}

async function pdfiumUnit(doc: PdfiumDocument, index: number): Promise<ReadUnit | null> {
  const text = await pdfiumPageText(doc, index);
  if (text.items.length === 0) return null;
  if (text.items.some((item) => item.unmapped > 0 && (item.str.trim().length > 1 || /\d/.test(item.str))))
    return null;
  const { layer, width, height } = pdfiumLayer(text);
  if (!/\S/.test(layer.markdown)) return null;
  const counts = countTextLayer(
    // Items end at a space or a gap (a word's end: a bullet standing alone is not in a word) or where the
    // font changes inside a word (its neighbours count).
    text.items.map((item) => ({ str: item.str, fontName: `font-${item.font}`, hasEOL: item.spaced })),
    () => null,
  );
  if (judgeTextLayer(counts.page, counts.fonts.values()).kind !== 'clean') return null;
  return {
    kind: 'page',
    index,
    extraction_method: 'text_layer',
    markdown: layer.markdown,
    page: { width, height, ...(layer.tables.length > 0 ? { tables: layer.tables } : {}) },
    runs: layer.runs,
    ...(layer.frame === undefined ? {} : { frame: layer.frame }),
  };
}

function failure(error: unknown): ReadFailure {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException')
    return new ReadFailure('source_encrypted', 'the PDF is encrypted and needs a password to open', 'pdf');
  if (/fake worker|GlobalWorkerOptions/i.test(message)) throw error;
  return new ReadFailure('source_corrupt', `the PDF could not be opened: ${message || name}`, 'pdf');
}

/** Renders a page at OCR resolution; returns PNG bytes and the points per pixel of the rendering. */
/** Pixels per point of a page drawn for OCR: OCR_DPI, less when the page would exceed MAX_RENDER_PIXELS. */
export function ocrScale(width: number, height: number): number {
  return Math.min(OCR_DPI / 72, Math.sqrt(MAX_RENDER_PIXELS / Math.max(1, width * height)));
}

/** A page drawn for OCR by pdf.js on a canvas, as a PNG (where PDFium cannot draw it; scripts/pdf-engines.ts compares). */
export async function renderPage(page: PDFPageProxy): Promise<{ png: Uint8Array; pointsPerPixel: number }> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const base = page.getViewport({ scale: 1 });
  const scale = ocrScale(base.width, base.height);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  type RenderParameters = Parameters<PDFPageProxy['render']>[0];
  await page.render({
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: context as unknown as RenderParameters['canvasContext'],
    viewport,
  } as RenderParameters).promise;
  const png = await canvas.encode('png');
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), pointsPerPixel: 1 / scale };
}

/** Whether the page paints anything at all (an image, a path, a shading, text): a blank page needs no OCR. */
async function paintsNothing(pdfjs: PdfJs, page: PDFPageProxy): Promise<boolean> {
  const { OPS } = pdfjs;
  const painting = new Set<number>(
    [
      OPS.stroke,
      OPS.closeStroke,
      OPS.fill,
      OPS.eoFill,
      OPS.fillStroke,
      OPS.eoFillStroke,
      OPS.closeFillStroke,
      OPS.closeEOFillStroke,
      OPS.shadingFill,
      OPS.showText,
      OPS.showSpacedText,
      OPS.nextLineShowText,
      OPS.nextLineSetSpacingShowText,
      OPS.paintImageMaskXObject,
      OPS.paintImageMaskXObjectGroup,
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintInlineImageXObjectGroup,
      OPS.paintImageXObjectRepeat,
      OPS.paintImageMaskXObjectRepeat,
      OPS.paintSolidColorImageMask,
      OPS.constructPath,
      (OPS as Record<string, number>)['rawFillPath'] ?? -1,
    ].filter((op) => typeof op === 'number' && op >= 0),
  );
  const list = await page.getOperatorList();
  return !list.fnArray.some((op) => painting.has(op));
}

/**
 * The characters each font maps glyphs to, by pdf.js's loaded name, for the whole document. A font
 * reaches page.commonObjs only with an operator list, so one is built for a page that uses a font not
 * seen before.
 */
class FontMaps {
  private readonly known = new Map<string, FontValues>();
  private readonly metrics = new Map<string, FontMetrics | null>();

  /** Loads the fonts `items` use that were not seen before (pdf.js resolves them with an operator list). */
  async load(page: PDFPageProxy, items: readonly PdfTextItem[]): Promise<void> {
    const names = new Set(items.map((item) => item.fontName));
    if (![...names].some((name) => !this.known.has(name))) return;
    try {
      await page.getOperatorList();
      // A font is resolved a turn after its message: give it that turn before calling it unknown.
      if ([...names].some((name) => !page.commonObjs.has(name)))
        await new Promise((resolve) => setImmediate(resolve));
      for (const name of names)
        if (!this.known.has(name)) {
          const font = page.commonObjs.has(name) ? (page.commonObjs.get(name) as unknown) : null;
          this.known.set(name, font === null ? null : fontValues(font));
          this.metrics.set(name, font === null ? null : fontMetrics(font));
        }
    } catch {
      // judged on its characters alone, placed by even shares
    }
  }

  judge(items: readonly PdfTextItem[]): TextLayerVerdict {
    const counts = countTextLayer(items, (name) => this.known.get(name) ?? null);
    return judgeTextLayer(counts.page, counts.fonts.values());
  }

  /** Each UTF-16 unit's advance in the font, from its glyph widths; null when they are not known. */
  readonly advances: Advances = (fontName, text) => {
    const metrics = this.metrics.get(fontName);
    if (!metrics) return null;
    const out: number[] = [];
    for (const ch of text) {
      const code = metrics.codeOf.get(ch);
      const width = code === undefined ? undefined : metrics.widths[code];
      if (width === undefined || !Number.isFinite(width)) return null;
      out.push(width);
      if (ch.length === 2) out.push(0);
    }
    return out;
  };
}

/** A simple font's glyph widths by code and the code of each character it maps (pdf.js font object). */
interface FontMetrics {
  widths: Readonly<Record<number, number>>;
  codeOf: ReadonlyMap<string, number>;
}

function fontMetrics(font: unknown): FontMetrics | null {
  if (typeof font !== 'object' || font === null) return null;
  const { widths, toUnicode, vertical } = font as {
    widths?: unknown;
    toUnicode?: unknown;
    vertical?: unknown;
  };
  if (vertical === true || typeof widths !== 'object' || widths === null) return null;
  const map = (toUnicode as { _map?: unknown } | undefined)?._map;
  if (typeof map !== 'object' || map === null) return null;
  const codeOf = new Map<string, number>();
  for (const [code, value] of Object.entries(map as Record<string, unknown>))
    if (typeof value === 'string' && value.length > 0 && !codeOf.has(value)) codeOf.set(value, Number(code));
  // pdf.js reports a space it collapsed from any white space; the font's own space is its width.
  if (!codeOf.has(' ') && (widths as Record<number, number>)[32] !== undefined) codeOf.set(' ', 32);
  return { widths: widths as Record<number, number>, codeOf };
}

/** Why a distrusted text layer is not read, for a lost page's reason. */
function distrust(verdict: Exclude<TextLayerVerdict, { kind: 'clean' }>): string {
  return verdict.kind === 'garbled'
    ? `the text layer does not map to characters (${verdict.why})`
    : `the text layer may not say what the page shows (${verdict.why})`;
}

export const reader: Reader = {
  formats: ['pdf'],
  read: readPdf,
};

type LoadingTask = ReturnType<PdfJs['getDocument']>;

/**
 * Opens the bytes (a copy: pdf.js may take ownership of what it is given). The text document never
 * decodes an image: its operator lists are built only to learn the fonts, and decoding every picture
 * would double the time of an illustrated document. Pages are drawn from a second, full document.
 */
function openDocument(pdfjs: PdfJs, bytes: Uint8Array, purpose: 'text' | 'pictures'): LoadingTask {
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    ...pdfJsAssetFolders(),
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    enableXfa: false,
    // Fonts keep their toUnicode map on this side: the text check needs to know which glyphs it maps.
    fontExtraProperties: true,
    maxImageSize: purpose === 'text' ? 1 : -1,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
}

/** The document with its pictures, for drawing pages and asking whether they paint anything: opened once, when first needed. */
class Pictures {
  private task: LoadingTask | null = null;

  constructor(
    private readonly pdfjs: PdfJs,
    private readonly bytes: Uint8Array,
  ) {}

  async use<T>(index: number, work: (page: PDFPageProxy) => Promise<T>): Promise<T> {
    this.task ??= openDocument(this.pdfjs, this.bytes, 'pictures');
    const page = await (await this.task.promise).getPage(index);
    try {
      return await work(page);
    } finally {
      page.cleanup();
    }
  }

  async close(): Promise<void> {
    await this.task?.destroy().catch(() => {});
  }
}

async function readPdf(bytes: Uint8Array, _format: string, options: PdfReadOptions): Promise<ReadResult> {
  // A thread that joins a shared read after the others took every page has nothing to open.
  if (options.share && !pagesLeft(options.share)) return { format: 'pdf', units: [], lost: [] };
  // PDFium reads the text of the pages it vouches for (not with OCR forced) and draws pages for OCR.
  let fast: PdfiumDocument | null = null;
  if ((options.engine ?? PDF_ENGINE) === 'pdfium')
    try {
      fast = await openPdfium(bytes);
    } catch (error) {
      if ((error as { code?: unknown }).code === PDFIUM_ERROR.password)
        throw new ReadFailure('source_encrypted', 'the PDF is encrypted and needs a password to open', 'pdf');
      // Anything else: pdf.js says whether it can open the file (it recovers some PDFium refuses).
    }
  const pdfjs = await loadPdfJs();
  const text = new TextDocument(pdfjs, bytes);
  const pictures = new Pictures(pdfjs, bytes);
  const ocr = new OcrEngine();
  try {
    // pdf.js opens the document whatever reads the pages: whether it opens, needs a password or is
    // damaged, and how many pages it has, are said as they always were.
    try {
      await text.open();
    } catch (error) {
      throw failure(error);
    }
    return await readPages(pdfjs, text, fast, pictures, options, ocr);
  } finally {
    fast?.close();
    await ocr.terminate();
    await pictures.close();
    await text.close();
  }
}

/** pdf.js's text document (no image decoded), opened once. */
class TextDocument {
  private task: LoadingTask | null = null;

  constructor(
    private readonly pdfjs: PdfJs,
    private readonly bytes: Uint8Array,
  ) {}

  async open(): Promise<PDFDocumentProxy> {
    this.task ??= openDocument(this.pdfjs, this.bytes, 'text');
    return this.task.promise;
  }

  async close(): Promise<void> {
    await this.task?.destroy().catch(() => {});
  }
}

async function readPages(
  pdfjs: PdfJs,
  text: TextDocument,
  pdfium: PdfiumDocument | null,
  pictures: Pictures,
  options: PdfReadOptions,
  ocr: OcrEngine,
): Promise<ReadResult> {
  const { limits } = options;
  const fast = options.ocr === 'force' ? null : pdfium;
  const doc = await text.open();
  const total = doc.numPages;
  if (total > limits.maxPages)
    throw new ReadFailure('source_too_large', `pages: observed ${total} (limit ${limits.maxPages})`, 'pdf');
  const units: ReadUnit[] = [];
  const lost: LostUnit[] = [];
  let chars = 0;

  // Pages read with OCR are recognised concurrently: up to `window` pages at once (the pool's workers, or
  // their share when the document's pages are read by several threads, each with its own pool),
  // rendered one after the other while earlier pages are recognised. Every page waits in `pending`, in
  // page order, and is published from there (unit or lost part, text ceiling, progress) in page order, so
  // the result is the one a page-by-page read gives.
  const parts = Math.max(1, options.share?.threads ?? 1);
  const window = Math.max(1, Math.floor(ocrSettings().workers / parts));
  /** An engine that cannot start will not start for the next page either: its message, set in page order. */
  let ocrBroken: string | null = null;
  /** Set as soon as any page finds the engine broken: no page is sent to OCR after it. */
  let ocrStopped: string | null = null;
  const broken = (message: string) => /traineddata|tesseract|wasm|worker/i.test(message);
  /** Renders one page at a time: the rendered images in memory are at most the pages in flight. */
  let rendering: Promise<unknown> = Promise.resolve();

  /**
   * Page `index` drawn for OCR: by PDFium when it has the page at the size pdf.js reads (`size`, where
   * OCR's boxes are placed), else by pdf.js.
   */
  const draw = async (index: number, size: { width: number; height: number }) => {
    const drawn =
      pdfium && index <= pdfium.pages
        ? await pdfiumRenderPage(pdfium, index, size, ocrScale).catch(() => null)
        : null;
    return drawn ?? pictures.use(index, renderPage);
  };

  const runOcr = async (
    index: number,
    size: { width: number; height: number },
  ): Promise<OcrText | string> => {
    if (ocrStopped !== null) return ocrStopped;
    try {
      const drawn = rendering.then(() => draw(index, size));
      rendering = drawn.catch(() => {});
      const { png, pointsPerPixel } = await drawn;
      if (ocrStopped !== null) return ocrStopped;
      return await ocr.recognize(png, pointsPerPixel);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (broken(message)) ocrStopped ??= `OCR failed: ${message}`;
      return `OCR failed: ${message}`;
    }
  };

  const keep = (unit: ReadUnit) => {
    chars += unit.markdown.length;
    if (chars > limits.maxTextChars)
      throw new ReadFailure(
        'source_too_large',
        `text characters: observed at least ${chars} by page ${unit.index} (limit ${limits.maxTextChars})`,
        'pdf',
      );
    units.push(unit);
  };

  interface Outcome {
    unit: ReadUnit | null;
    lost: LostUnit | null;
  }
  /** A page read up to its publication: its outcome, or its OCR (in flight until `read` is set) and how to decide on it. */
  interface Pending {
    index: number;
    outcome?: Outcome | ReadFailure;
    ocr?: {
      read: OcrText | string | null;
      settled: Promise<void>;
      decide: (read: OcrText | string) => Outcome;
    };
  }
  const pending: Pending[] = [];
  const inFlight = new Set<Promise<void>>();

  const publish = (entry: Pending) => {
    let read: ReadUnit | null = null;
    try {
      let outcome = entry.outcome;
      if (entry.ocr) {
        let read = entry.ocr.read as OcrText | string;
        if (ocrBroken !== null) read = ocrBroken;
        else if (typeof read === 'string' && broken(read)) ocrBroken = read;
        outcome = entry.ocr.decide(read);
      }
      if (outcome instanceof ReadFailure) throw outcome;
      if (outcome?.lost) lost.push(outcome.lost);
      if (outcome?.unit) {
        keep(outcome.unit);
        read = outcome.unit;
      }
    } finally {
      options.onUnit?.({ kind: 'page', index: entry.index, total, ...(read ? { unit: read } : {}) });
    }
  };

  /** Publishes the pages at the head of the line whose reading is done. */
  const publishReady = () => {
    for (let head = pending[0]; head && head.ocr?.read !== null; head = pending[0]) {
      pending.shift();
      publish(head);
    }
  };

  const fonts = new FontMaps();

  /** Reads page `index` up to its OCR, which it leaves in flight. */
  const readPage = async (index: number): Promise<Pending> => {
    let page: PDFPageProxy | null = null;
    try {
      // A page pdf.js cannot find in the page tree is lost, whichever engine would read its text.
      page = await doc.getPage(index);
      const quick = fast && index <= fast.pages ? await pdfiumUnit(fast, index).catch(() => null) : null;
      if (fast && (await pdfiumMemoryBytes()) > PDFIUM_MAX_BYTES)
        throw new ReadFailure(
          'source_too_large',
          `reading needed more memory than the ${PDFIUM_MAX_BYTES / 1024 / 1024} MB limit`,
          'pdf',
        );
      if (quick) return { index, outcome: { unit: quick, lost: null } };
      const viewport = page.getViewport({ scale: 1 });
      const size = { width: viewport.width, height: viewport.height };
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is PdfTextItem & (typeof content.items)[number] =>
        Object.hasOwn(item, 'str'),
      );
      const hasItems = items.some((item) => /\S/.test(item.str));
      if (hasItems) await fonts.load(page, items);
      const layer = pageText(items, content.styles as Record<string, FontStyle>, viewport, fonts.advances);
      const hasText = /\S/.test(layer.markdown);
      const verdict: TextLayerVerdict = hasText ? fonts.judge(items) : { kind: 'clean' };
      const textUnit: ReadUnit = {
        kind: 'page',
        index,
        extraction_method: 'text_layer',
        markdown: layer.markdown,
        page: { ...size, ...(layer.tables.length > 0 ? { tables: layer.tables } : {}) },
        runs: layer.runs,
        ...(layer.frame === undefined ? {} : { frame: layer.frame }),
      };
      if (options.ocr !== 'force' && hasText && verdict.kind === 'clean')
        return { index, outcome: { unit: textUnit, lost: null } };
      // A distrusted text layer is never read: OCR reads the page, or the page is lost.
      const distrusted = verdict.kind === 'clean' ? null : distrust(verdict);
      if (!hasText && (await pictures.use(index, (drawn) => paintsNothing(pdfjs, drawn))))
        // A blank page: read, and it holds nothing. OCR could not find anything on it either.
        return { index, outcome: { unit: textUnit, lost: null } };
      if (options.ocr === 'off')
        return {
          index,
          outcome: {
            unit: null,
            lost: {
              kind: 'page',
              index,
              state: 'unreadable',
              reason: distrusted ? `${distrusted} and OCR is off` : 'page has no text layer and OCR is off',
              code: 'ocr_unavailable',
            },
          },
        };
      const decide = (read: OcrText | string): Outcome => {
        if (typeof read === 'string')
          return !hasText || distrusted
            ? {
                unit: null,
                lost: {
                  kind: 'page',
                  index,
                  state: 'error',
                  reason: distrusted ? `${distrusted}; ${read}` : read,
                  code: 'ocr_unavailable',
                },
              }
            : { unit: textUnit, lost: null };
        const found = /\S/.test(read.markdown);
        // OCR's runs and tables are on the drawn page, and its text is not the text layer's: no frame.
        const { frame: _frame, ...upright } = textUnit;
        const ocrUnit: ReadUnit = {
          ...upright,
          extraction_method: 'ocr',
          markdown: read.markdown,
          page: { ...size, ...(read.tables.length > 0 ? { tables: read.tables } : {}) },
          runs: read.runs,
        };
        if (distrusted && !found)
          return {
            unit: null,
            lost: {
              kind: 'page',
              index,
              state: 'unreadable',
              reason: `${distrusted} and OCR found no text on the page`,
              code: 'extraction_error',
            },
          };
        // Unsure: the text layer stands when OCR of the page says the same.
        if (verdict.kind === 'doubtful' && options.ocr === 'auto')
          return { unit: ocrAgrees(layer.markdown, read.markdown) ? textUnit : ocrUnit, lost: null };
        // Forced OCR that finds nothing on a page with a trusted text layer keeps the text layer.
        if (hasText && !found) return { unit: textUnit, lost: null };
        return { unit: ocrUnit, lost: null };
      };
      const inOcr: NonNullable<Pending['ocr']> = { read: null, settled: Promise.resolve(), decide };
      const settled: Promise<void> = runOcr(index, size).then((read) => {
        inOcr.read = read;
        inFlight.delete(settled);
      });
      inOcr.settled = settled;
      inFlight.add(settled);
      return { index, ocr: inOcr };
    } catch (error) {
      if (error instanceof ReadFailure) return { index, outcome: error };
      const message = error instanceof Error ? error.message : String(error);
      return {
        index,
        outcome: {
          unit: null,
          lost: {
            kind: 'page',
            index,
            state: 'error',
            reason: `page ${index} could not be read: ${message}`,
            code: 'source_corrupt',
          },
        },
      };
    } finally {
      page?.cleanup();
    }
  };

  const take = takePages(total, options.share);
  try {
    for (let index = take(); index !== null; index = take()) {
      const entry = await readPage(index);
      pending.push(entry);
      publishReady();
      // A failure ends the read once the pages before it are published, as it always did.
      if (entry.outcome instanceof ReadFailure) break;
      while (inFlight.size >= window) {
        await Promise.race(inFlight);
        publishReady();
      }
    }
    for (let head = pending[0]; head; head = pending[0]) {
      await head.ocr?.settled;
      publishReady();
    }
  } catch (error) {
    // Nothing is left drawing or recognising on a document about to be closed.
    await Promise.allSettled(inFlight);
    throw error;
  }
  return { format: 'pdf', units, lost };
}
