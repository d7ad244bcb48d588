import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, test as base, type Browser } from '@playwright/test';
import { findElectronBinary, projectRoot, rendererOutDir } from '../desktop/project';
import { startWebHost, type WebHost } from '../desktop/web/server';
import { WorkbenchPage } from './pages/workbench-page';

export interface WorkbenchOptions {
  /** Which host the journeys run against; set per project in playwright.config.ts. */
  host: 'web' | 'electron';
}

interface WorkbenchFixtures {
  /** A fresh data folder for this test only. */
  dataDir: string;
  /** The shell, opened in the project's host. */
  workbench: WorkbenchPage;
  /** The web host behind `workbench` (web project only; the test is skipped elsewhere). */
  webHost: WebHost;
}

interface WorkerFixtures {
  /** Launches the project's Chromium on first use only, so the Electron project never starts one. */
  launchChromium: () => Promise<Browser>;
}

interface ChromiumFixture {
  /** The project's Chromium for journeys that open their own tabs: web project only, skipped elsewhere. */
  chromium: () => Promise<Browser>;
}

export const ELECTRON_MISSING =
  'Electron runtime not installed on this machine: node_modules/electron/dist is missing (it cannot be downloaded here)';

export const test = base.extend<WorkbenchFixtures & ChromiumFixture & WorkbenchOptions, WorkerFixtures>({
  host: ['web', { option: true }],

  launchChromium: [
    async ({ playwright, launchOptions }, use) => {
      let launched: Promise<Browser> | undefined;
      await use(() => (launched ??= playwright.chromium.launch(launchOptions)));
      if (launched) await (await launched).close();
    },
    { scope: 'worker' },
  ],

  chromium: async ({ host, launchChromium }, use) => {
    test.skip(host !== 'web', 'This journey opens its own Chromium tabs on the loopback web host only.');
    await use(launchChromium);
  },

  // Playwright reads a fixture's dependencies from its first parameter: `{}` means none.
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'workbench-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },

  webHost: async ({ host, dataDir }, use) => {
    test.skip(host !== 'web', 'This journey exercises the loopback web host only.');
    const webHost = await startWebHost({ port: 0, dataDir, rendererDir: rendererOutDir });
    await use(webHost);
    await webHost.close();
  },

  workbench: async ({ host, dataDir, launchChromium }, use) => {
    if (host === 'electron') {
      const executablePath = findElectronBinary();
      test.skip(executablePath === null, ELECTRON_MISSING);
      const app = await _electron.launch({
        executablePath: executablePath ?? undefined,
        args: [projectRoot],
        env: { ...process.env, WORKBENCH_DATA_DIR: dataDir },
      });
      await use(new WorkbenchPage(await app.firstWindow()));
      await app.close();
      return;
    }
    const webHost = await startWebHost({ port: 0, dataDir, rendererDir: rendererOutDir });
    const context = await (await launchChromium()).newContext();
    const page = await context.newPage();
    await page.goto(webHost.url);
    await use(new WorkbenchPage(page));
    await context.close();
    await webHost.close();
  },
});

export { expect } from '@playwright/test';
