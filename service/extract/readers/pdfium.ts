import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { init as PdfiumInit } from '@embedpdf/pdfium';

// PDFium compiled to WebAssembly (@embedpdf/pdfium, MIT): the wasm is read from node_modules, never
// fetched. Used to measure the engines against each other (scripts/pdf-engines.ts); see the extract
// README for why the reader keeps pdf.js.

const require = createRequire(import.meta.url);

type Wrapped = Awaited<ReturnType<typeof PdfiumInit>>;
/** The Emscripten heaps the wrapper does not type. */
type Heaps = { HEAPU8: Uint8Array; HEAPF64: Float64Array };

let engine: Promise<Wrapped> | null = null;

/** The PDFium module, started once per thread. */
export function loadPdfium(): Promise<Wrapped> {
  engine ??= (async () => {
    const { init } = await import('@embedpdf/pdfium');
    const wasmBinary = await readFile(require.resolve('@embedpdf/pdfium/pdfium.wasm'));
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

/** One page's characters as PDFium reads them: the text (UTF-16) and each unit's box in PDF user space. */
export interface PdfiumPage {
  width: number;
  height: number;
  text: string;
  /** left, right, bottom, top per UTF-16 unit of `text` (PDF user space, origin bottom-left). */
  boxes: Float64Array;
}

export interface PdfiumDocument {
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
