import { defineConfig } from '@playwright/test';
import { DEBIAN_CHROMIUM } from './e2e/chromium';
import type { WorkbenchOptions } from './e2e/fixtures';

/** Debian's Chromium: never `npx playwright install` (nothing may download a browser). */
const CHROMIUM = DEBIAN_CHROMIUM;

export default defineConfig<WorkbenchOptions>({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Two cores: one worker, tests in order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  projects: [
    { name: 'web', use: { host: 'web', launchOptions: CHROMIUM } },
    { name: 'electron', use: { host: 'electron' } },
  ],
});
