import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));

/** pdfjs-dist as react-pdf resolves it: the one pdf.js of the app. */
const pdfjsRoot = dirname(
  createRequire(createRequire(import.meta.url).resolve('react-pdf')).resolve('pdfjs-dist/package.json'),
);

/**
 * pdf.js's data files, served as `pdfjs/<folder>/<file>` beside index.html (renderer/src/viewer/pdfjs-setup.ts
 * points pdf.js at them): cMaps and standard fonts, so text is drawn with real glyph widths, and the
 * JavaScript decoders for JPEG 2000 and JBIG2 images (the CSP has no 'wasm-unsafe-eval', so no .wasm).
 */
const PDFJS_DATA: Record<string, (file: string) => boolean> = {
  cmaps: () => true,
  standard_fonts: () => true,
  wasm: (file) => file.endsWith('_nowasm_fallback.js') || file.startsWith('LICENSE'),
};

const DATA_MEDIA_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.ttf': 'font/ttf',
};

function pdfjsDataFile(urlPath: string): string | null {
  const [folder, file, ...rest] = urlPath.split('?')[0]?.split('/').filter(Boolean) ?? [];
  if (folder === undefined || file === undefined || rest.length > 0) return null;
  const keep = Object.hasOwn(PDFJS_DATA, folder) ? PDFJS_DATA[folder] : undefined;
  if (keep === undefined || file.includes('..') || !keep(file)) return null;
  const path = join(pdfjsRoot, folder, file);
  return existsSync(path) && statSync(path).isFile() ? path : null;
}

/** Copies pdf.js's data files into the build, and serves them from node_modules in development. */
function pdfjsData(): Plugin {
  return {
    name: 'workbench-pdfjs-data',
    configureServer(server) {
      server.middlewares.use('/pdfjs', (request, response, next) => {
        const path = pdfjsDataFile(request.url ?? '');
        if (path === null) return next();
        const extension = /\.[a-z]+$/.exec(path)?.[0] ?? '';
        response.setHeader('content-type', DATA_MEDIA_TYPES[extension] ?? 'application/octet-stream');
        createReadStream(path).pipe(response);
      });
    },
    generateBundle() {
      for (const [folder, keep] of Object.entries(PDFJS_DATA)) {
        for (const file of readdirSync(join(pdfjsRoot, folder)).filter(keep)) {
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${folder}/${file}`,
            source: readFileSync(join(pdfjsRoot, folder, file)),
          });
        }
      }
    },
  };
}

/** The one Vite config of the renderer: `npm run build:renderer`, the web host and electron-vite use it. */
export default defineConfig({
  root: rendererRoot,
  base: './',
  plugins: [react(), tailwindcss(), pdfjsData()],
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    // The app is loaded from disk or a loopback address, never downloaded over a network, so the size
    // warning meant for web pages only flags pdf.js; the ceiling still catches a bundle that runs away.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      input: fileURLToPath(new URL('./index.html', import.meta.url)),
      // How long plugins took is the bundler's own profiling, not a fault in the build.
      checks: { bundlerTimings: false },
    },
  },
});
