import { createElement, useEffect } from 'react';

// What the viewer's tests put in place of pdf.js and of the bridge to the main process: jsdom cannot
// draw a PDF, so react-pdf reports `pages` pages and draws each as an empty canvas (at once, or when a
// test releases it), and a bridge that answers nothing, so everything over the pages is real.

/** A test's hold on page drawing: while `held`, a page is drawn only when its callback is released. */
export interface Drawing {
  held: boolean;
  release: Set<() => void>;
}

/** react-pdf as a module: a document of `pages` pages, each an empty canvas the width asked for. */
export function reactPdfStandIn(pages: number, drawing?: Drawing) {
  return {
    pdfjs: { GlobalWorkerOptions: { workerSrc: '' } },
    Document: ({
      children,
      onLoadSuccess,
    }: {
      children: unknown;
      onLoadSuccess?: (pdf: { numPages: number }) => void;
    }) => {
      useEffect(() => onLoadSuccess?.({ numPages: pages }), []);
      return createElement('div', { 'data-testid': 'fake-document' }, children as never);
    },
    Page: ({
      pageNumber,
      width,
      onRenderSuccess,
    }: {
      pageNumber: number;
      width: number;
      onRenderSuccess?: () => void;
    }) => {
      useEffect(() => {
        const drawn = () => onRenderSuccess?.();
        if (drawing === undefined || !drawing.held) return drawn();
        drawing.release.add(drawn);
        return () => void drawing.release.delete(drawn);
      }, [width]);
      return createElement('canvas', { 'data-testid': 'fake-page', 'data-page': pageNumber, width });
    },
  };
}

/** The renderer's bridge module on the web host, with a main process that never answers. */
export function idleBridge() {
  return {
    sourceContent: (id: string) => ({ url: `/bridge/content/${id}`, httpHeaders: { 'x-token': 't' } }),
    bridge: () => ({ host: 'web', on: () => () => {} }),
    callBridge: () => new Promise(() => {}),
  };
}
