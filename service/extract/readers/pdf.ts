import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  ReadFailure,
  type LostUnit,
  type Reader,
  type ReadOptions,
  type ReadResult,
  type ReadUnit,
} from '../types';
import { OCR_DPI, OcrEngine, type OcrText } from './ocr';
import { pageText, type FontStyle, type PdfTextItem } from './pdf-text';

// PDF: pdf.js (legacy build, its in-process "fake" worker) reads the text layer of every page; pages
// without one are read with OCR (ocr 'auto'), or every page is (ocr 'force'). Nothing is fetched: fonts,
// CMaps, ICC profiles and wasm come from node_modules/pdfjs-dist (pdf.js 6 has no eval path at all).
// A document that needs a user password is source_encrypted; one pdf.js cannot open, source_corrupt;
// a page that fails is lost on its own while the others are read.

const require = createRequire(import.meta.url);

/** pdf.js's own asset folders, as local paths with a trailing separator (read with fs, never fetched). */
function assetFolders() {
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  const folder = (name: string) => join(root, name) + sep;
  return {
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    cMapPacked: true,
    iccUrl: folder('iccs'),
    wasmUrl: folder('wasm'),
  };
}

/** Pages are rendered for OCR at OCR_DPI, fewer when the page would exceed this many pixels. */
const MAX_RENDER_PIXELS = 50_000_000;

type PdfJs = typeof PdfJsModule;

async function loadPdfJs(): Promise<PdfJs> {
  return import('pdfjs-dist/legacy/build/pdf.mjs');
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
async function renderPage(page: PDFPageProxy): Promise<{ png: Uint8Array; pointsPerPixel: number }> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const base = page.getViewport({ scale: 1 });
  const area = Math.max(1, base.width * base.height);
  const scale = Math.min(OCR_DPI / 72, Math.sqrt(MAX_RENDER_PIXELS / area));
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

export const reader: Reader = {
  formats: ['pdf'],
  read: readPdf,
};

async function readPdf(bytes: Uint8Array, _format: string, options: ReadOptions): Promise<ReadResult> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js may take ownership of the buffer it is given; it gets a copy.
    data: new Uint8Array(bytes),
    ...assetFolders(),
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    throw failure(error);
  }
  const ocr = new OcrEngine();
  try {
    return await readPages(pdfjs, doc, options, ocr);
  } finally {
    await ocr.terminate();
    await task.destroy().catch(() => {});
  }
}

async function readPages(
  pdfjs: PdfJs,
  doc: PDFDocumentProxy,
  options: ReadOptions,
  ocr: OcrEngine,
): Promise<ReadResult> {
  const { limits } = options;
  const total = doc.numPages;
  if (total > limits.maxPages)
    throw new ReadFailure('source_too_large', `pages: observed ${total} (limit ${limits.maxPages})`, 'pdf');
  const units: ReadUnit[] = [];
  const lost: LostUnit[] = [];
  let chars = 0;
  let ocrBroken: string | null = null;

  const runOcr = async (page: PDFPageProxy): Promise<OcrText | string> => {
    if (ocrBroken !== null) return ocrBroken;
    try {
      const { png, pointsPerPixel } = await renderPage(page);
      return await ocr.recognize(png, pointsPerPixel);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // An engine that cannot start will not start for the next page either.
      if (/traineddata|tesseract|wasm|worker/i.test(message)) ocrBroken = `OCR failed: ${message}`;
      return `OCR failed: ${message}`;
    }
  };

  for (let index = 1; index <= total; index++) {
    let page: PDFPageProxy | null = null;
    try {
      page = await doc.getPage(index);
      const viewport = page.getViewport({ scale: 1 });
      const size = { width: viewport.width, height: viewport.height };
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is PdfTextItem & (typeof content.items)[number] =>
        Object.hasOwn(item, 'str'),
      );
      const layer = pageText(items, content.styles as Record<string, FontStyle>, viewport);
      const hasText = /\S/.test(layer.markdown);
      const textUnit: ReadUnit = {
        kind: 'page',
        index,
        extraction_method: 'text_layer',
        markdown: layer.markdown,
        page: size,
        runs: layer.runs,
      };
      let unit: ReadUnit | null = textUnit;
      if (options.ocr === 'force' || !hasText) {
        if (!hasText && (await paintsNothing(pdfjs, page))) {
          // A blank page: read, and it holds nothing. OCR could not find anything on it either.
        } else if (options.ocr === 'off') {
          unit = null;
          lost.push({
            kind: 'page',
            index,
            state: 'unreadable',
            reason: 'page has no text layer and OCR is off',
            code: 'ocr_unavailable',
          });
        } else {
          const read = await runOcr(page);
          if (typeof read !== 'string') {
            // Forced OCR that finds nothing on a page with a text layer keeps the text layer.
            if (hasText && !/\S/.test(read.markdown)) unit = textUnit;
            else unit = { ...textUnit, extraction_method: 'ocr', markdown: read.markdown, runs: read.runs };
          } else if (!hasText) {
            unit = null;
            lost.push({ kind: 'page', index, state: 'error', reason: read, code: 'ocr_unavailable' });
          }
        }
      }
      if (unit) {
        chars += unit.markdown.length;
        if (chars > limits.maxTextChars)
          throw new ReadFailure(
            'source_too_large',
            `text characters: observed at least ${chars} by page ${index} (limit ${limits.maxTextChars})`,
            'pdf',
          );
        units.push(unit);
      }
    } catch (error) {
      if (error instanceof ReadFailure) throw error;
      const message = error instanceof Error ? error.message : String(error);
      lost.push({
        kind: 'page',
        index,
        state: 'error',
        reason: `page ${index} could not be read: ${message}`,
        code: 'source_corrupt',
      });
    } finally {
      page?.cleanup();
    }
    options.onUnit?.({ kind: 'page', index, total });
  }
  return { format: 'pdf', units, lost };
}
