import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import rendererConfig from './renderer/vite.config';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // The workers are entries of their own: the extraction pool (service/extract/run-worker.ts) runs
      // `./worker.js` beside the bundle, a report's crop thread (desktop/main/report/crop-thread.ts)
      // `./crop-worker.js`.
      lib: {
        entry: {
          index: resolve(root, 'desktop/electron/index.ts'),
          worker: resolve(root, 'service/extract/worker.ts'),
          'crop-worker': resolve(root, 'desktop/main/report/crop-worker.ts'),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload cannot require from node_modules: bundle everything, as one CommonJS file.
      externalizeDeps: false,
      lib: {
        entry: resolve(root, 'desktop/electron/preload/index.ts'),
        formats: ['cjs'],
        fileName: () => 'index.cjs',
      },
    },
  },
  renderer: rendererConfig,
});
