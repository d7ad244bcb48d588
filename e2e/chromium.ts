/**
 * Debian's Chromium and the flags every headless run here uses (Playwright's journeys, the benchmarks):
 * never `npx playwright install`, since nothing may download a browser.
 */
export const DEBIAN_CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
