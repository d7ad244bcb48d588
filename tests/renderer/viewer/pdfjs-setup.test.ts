// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

// pdf.js as the renderer's CSP allows it: the worker from the bundle (never react-pdf's default or a CDN),
// and cMaps, standard fonts and image decoders from the folders renderer/vite.config.ts copies beside
// index.html, as absolute URLs on the page's own origin.

const workerOptions = vi.hoisted(() => ({ workerSrc: 'pdf.worker.mjs' }));
vi.mock('react-pdf', () => ({ pdfjs: { GlobalWorkerOptions: workerOptions } }));

describe('pdf.js setup', () => {
  it('loads the worker from the bundle', async () => {
    await import('../../../renderer/src/viewer/pdfjs-setup');
    expect(workerOptions.workerSrc).toMatch(/pdfjs-dist\/build\/pdf\.worker\.min\.mjs/);
    expect(workerOptions.workerSrc).not.toMatch(/^(https?:)?\/\/(?!localhost)/);
  });

  it('points pdf.js at its data on the page’s origin, with the bridge headers and ranges on demand', async () => {
    const { pdfDocumentOptions } = await import('../../../renderer/src/viewer/pdfjs-setup');
    const options = pdfDocumentOptions({ 'x-token': 't' });
    const origin = new URL(document.baseURI).origin;
    for (const [key, folder] of [
      ['cMapUrl', 'cmaps'],
      ['standardFontDataUrl', 'standard_fonts'],
      ['wasmUrl', 'wasm'],
    ] as const) {
      const url = new URL(String(options[key]));
      expect(url.origin).toBe(origin);
      expect(url.pathname).toMatch(new RegExp(`/pdfjs/${folder}/$`));
    }
    expect(options).toMatchObject({
      cMapPacked: true,
      useSystemFonts: false,
      useWasm: false,
      httpHeaders: { 'x-token': 't' },
      disableAutoFetch: true,
      disableStream: true,
    });
  });
});
