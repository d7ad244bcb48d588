import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';

// pdf.js's fonts, CMaps, ICC profiles and wasm from node_modules/pdfjs-dist: the PDF reader and the
// report's page crops give the same folders to pdf.js, so nothing is ever fetched.

// Not named `require`: a bundle for the desktop app declares its own.
const resolveFrom = createRequire(import.meta.url);

/** pdf.js's own asset folders, as local paths with a trailing separator (read with fs, never fetched). */
export function pdfJsAssetFolders() {
  const root = dirname(resolveFrom.resolve('pdfjs-dist/package.json'));
  const folder = (name: string) => join(root, name) + sep;
  return {
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    cMapPacked: true,
    iccUrl: folder('iccs'),
    wasmUrl: folder('wasm'),
  };
}
