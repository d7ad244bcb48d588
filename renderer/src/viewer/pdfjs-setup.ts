import { pdfjs } from 'react-pdf';
import type { DocumentProps } from 'react-pdf';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// pdf.js as the renderer's CSP allows it (script-src, worker-src and connect-src 'self'): the worker is a
// file of the bundle, and its data files are copied beside index.html by renderer/vite.config.ts.
// react-pdf sets its own default worker when its module runs; importing it above runs it first, so this wins.
pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

/** Where renderer/vite.config.ts puts a pdf.js data folder, as the absolute URL pdf.js's worker needs. */
export function pdfjsDataUrl(folder: 'cmaps' | 'standard_fonts' | 'wasm'): string {
  return new URL(`pdfjs/${folder}/`, document.baseURI).href;
}

/** The `options` of a <Document>: pdf.js's data from the bundle, the bridge's headers, pages on demand. */
export function pdfDocumentOptions(
  httpHeaders: Record<string, string>,
): NonNullable<DocumentProps['options']> {
  return {
    cMapUrl: pdfjsDataUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsDataUrl('standard_fonts'),
    // The bundled fonts for the standard 14, not whatever the machine has: every reader sees the same page.
    useSystemFonts: false,
    // No 'wasm-unsafe-eval' in the CSP: pdf.js takes its JavaScript image decoders from here instead.
    wasmUrl: pdfjsDataUrl('wasm'),
    useWasm: false,
    httpHeaders,
    // Range requests for the pages drawn, not the whole file up front: a 500-page report opens at once.
    disableAutoFetch: true,
    disableStream: true,
  };
}
