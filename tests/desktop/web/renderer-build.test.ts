import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createLogger } from 'vite';
import { describe, expect, it } from 'vitest';
import { rendererViteConfig } from '../../../desktop/project';

// `npm start` builds the renderer on demand: its configuration must not make the bundler warn about what
// is true of every build (pdf.js is large, plugins take time), or real warnings drown in it.
describe('the renderer build', () => {
  it('warns about nothing on a clean build', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'workbench-renderer-build-'));
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => warnings.push(message);
    logger.warnOnce = (message) => warnings.push(message);
    logger.error = (message) => warnings.push(message);
    try {
      await build({
        configFile: rendererViteConfig,
        logLevel: 'warn',
        customLogger: logger,
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
    expect(warnings).toEqual([]);
  }, 120_000);
});
