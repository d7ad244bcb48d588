import type { Locator, Page, TestInfo } from '@playwright/test';
import { rendererOutDir } from '../desktop/project';
import { startWebHost } from '../desktop/web/server';
import {
  briefingWithScans,
  brokenWorkbook,
  encryptedPdf,
  mergedHeaderWorkbook,
  revenuePdf,
  scannedPdf,
  type DocumentFile,
} from './documents';
import { expect, test } from './fixtures';
import {
  addFilesByKeyboard,
  escapeRegExp,
  expectAccessible,
  figure,
  pressUntilFocused,
  runClaim,
  tabInto,
  textFigure,
  textFigures,
} from './helpers';

// The fact-checker's core loop, through the web host in Chromium, each journey on its own data folder:
// documents in, the original page beside its text, figures picked, a claim checked, unresolved outcomes
// never dressed as success, and everything still there after a restart. Locators by role and label.

const TRUE_CLAIM = 'Revenue rose 12% from 2022 to 2023';

/** The few browser globals the journeys use inside the page (the e2e program is typed without the DOM lib). */
interface BrowserNode {
  textContent: string | null;
}
interface BrowserGlobals {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown;
  document: {
    activeElement: unknown;
    querySelector(selector: string): unknown;
    createTreeWalker(root: unknown, show: number): { nextNode(): BrowserNode | null };
    createRange(): {
      setStart(node: BrowserNode, offset: number): void;
      setEnd(node: BrowserNode, offset: number): void;
      getBoundingClientRect(): { x: number; y: number; width: number; height: number };
    };
  };
}

/** Keeps a screenshot of the journey's end as a test artifact. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** Adds files through the "Add files" button's file picker. */
async function addFiles(page: Page, files: DocumentFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add files' }).click();
  await (await chooser).setFiles(files);
}

/** Drops files on the window, as a person dragging them from their desktop does. */
async function dropFiles(page: Page, files: DocumentFile[]): Promise<void> {
  const transfer = await page.evaluateHandle(
    (list) => {
      const browser = globalThis as unknown as BrowserGlobals;
      const data = new browser.DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        data.items.add(new browser.File([bytes], file.name, { type: file.mimeType }));
      }
      return data;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') })),
  );
  const target = page.locator('body');
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/** The library row of a document, by its file name. */
function libraryItem(page: Page, name: string): Locator {
  return page.getByTestId('library-item').filter({ hasText: name });
}

async function openDocument(page: Page, name: string): Promise<void> {
  await libraryItem(page, name)
    .getByRole('button', { name: new RegExp(escapeRegExp(name)) })
    .first()
    .click();
}

/**
 * The rectangle the page's own text layer (pdf.js) gives the characters of `raw` on page `pageNumber`,
 * in viewport pixels: where the number is drawn.
 */
async function textLayerRect(page: Page, pageNumber: number, raw: string) {
  return page.evaluate(
    ({ pageNumber, raw }) => {
      const { document } = globalThis as unknown as BrowserGlobals;
      const layer = document.querySelector(`[data-page-number="${pageNumber}"] .textLayer`);
      if (!layer) return null;
      const walker = document.createTreeWalker(layer, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(raw) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + raw.length);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }
      return null;
    },
    { pageNumber, raw },
  );
}

/** The figure's box on the page is over the characters the text layer draws for it. */
async function expectBoxOverNumber(page: Page, raw: string): Promise<void> {
  const box = await page
    .getByTestId('page-overlay')
    .locator(`[title^="Figure ${raw} ("]`)
    .first()
    .boundingBox();
  const text = await textLayerRect(page, 1, raw);
  expect(box, `a box for ${raw}`).not.toBeNull();
  expect(text, `the text layer's ${raw}`).not.toBeNull();
  if (!box || !text) return;
  const overlap =
    Math.max(0, Math.min(box.x + box.width, text.x + text.width) - Math.max(box.x, text.x)) *
    Math.max(0, Math.min(box.y + box.height, text.y + text.height) - Math.max(box.y, text.y));
  // Most of the drawn number lies inside its box, and the box is not much wider than the number.
  expect(overlap / (text.width * text.height), `${raw}: share of the number inside its box`).toBeGreaterThan(
    0.8,
  );
  // Both ends within 8% of the number's width (an even share of the line's characters put "$1,000 million"
  // 7 pt, about a fifth of its width, to the left of where it is drawn).
  const tolerance = text.width * 0.08;
  expect(Math.abs(box.x - text.x), `${raw}: left edges`).toBeLessThan(tolerance);
  expect(Math.abs(box.x + box.width - (text.x + text.width)), `${raw}: right edges`).toBeLessThan(tolerance);
}

test.describe('the evidence loop', () => {
  test('(1) drop a text PDF, see its page and text, pick two figures and check a true claim', async ({
    workbench,
  }, testInfo) => {
    const { page } = workbench;
    await workbench.waitUntilReady();
    await expectAccessible(page, 'the empty workbench');
    const pdf = revenuePdf();
    await dropFiles(page, [pdf]);
    await expect(libraryItem(page, pdf.name)).toContainText('Read completely');
    await expect(workbench.libraryCount).toHaveText('1 document');
    await openDocument(page, pdf.name);
    const firstPage = page.getByRole('img', { name: 'Page 1 of the original' });
    await expect(firstPage.locator('canvas')).toBeVisible();
    await expect(page.getByTestId('viewer')).toContainText('Revenue was $1,000 million in 2022');
    await expectAccessible(page, 'an open document');

    await figure(page, '$1,000 million').click();
    await figure(page, '$1,120 million').click();
    const tray = page.getByRole('region', { name: /Operands|Figures/ });
    await expect(tray).toContainText('$1,000 million');
    await expect(tray).toContainText('$1,120 million');
    const card = await runClaim(page, TRUE_CLAIM);
    await expect(card).toHaveAttribute('data-outcome', 'supported');
    await expect(card).toContainText('Supported by the figures');
    await expect(card).toContainText('Arithmetic only');
    await expectBoxOverNumber(page, '$1,000 million');
    await expectBoxOverNumber(page, '$1,120 million');
    await expectAccessible(page, 'a supported check');
    await keepScreenshot(page, testInfo, 'journey-1-supported');
  });

  test('(2) a claim that needs a person and one that is not checkable are shown unresolved', async ({
    workbench,
  }, testInfo) => {
    const { page } = workbench;
    await workbench.waitUntilReady();
    const pdf = revenuePdf();
    await addFiles(page, [pdf]);
    await expect(libraryItem(page, pdf.name)).toContainText('Read completely');
    await openDocument(page, pdf.name);
    // The table's columns say "Prior year" and "This year", no year: the period is left to a person.
    await figure(page, '1,000').click();
    await figure(page, '1,120').click();
    let card = await runClaim(page, TRUE_CLAIM);
    await expect(card).toHaveAttribute('data-outcome', 'escalate');
    await expect(card).toContainText('Needs a person’s judgment');
    await expect(card).toContainText(/Left to a person: .*period/i);
    await expect(card).not.toContainText('Supported by the figures');
    await expectAccessible(page, 'an escalated check');
    card = await runClaim(page, 'Revenue was up sharply');
    await expect(card).toHaveAttribute('data-outcome', 'not_applicable');
    await expect(card).toContainText('Not checkable');
    await expect(card).not.toContainText('Supported by the figures');
    await expectAccessible(page, 'a check that is not checkable');
    await keepScreenshot(page, testInfo, 'journey-2-unresolved');
  });

  test('(3) an encrypted PDF and a workbook with a broken sheet show their codes and moves', async ({
    workbench,
  }, testInfo) => {
    const { page } = workbench;
    await workbench.waitUntilReady();
    const locked = encryptedPdf();
    const workbook = brokenWorkbook();
    await addFiles(page, [locked, workbook]);
    const lockedItem = libraryItem(page, locked.name);
    const workbookItem = libraryItem(page, workbook.name);
    await expect(lockedItem).toContainText('Send an unlocked copy');
    await expect(lockedItem).not.toContainText('Read completely');
    await expect(workbookItem).toContainText('Partly read');
    await expect(workbookItem).toContainText('Detail');
    await expect(workbookItem).toContainText('source_corrupt');
    await expect(workbookItem).not.toContainText('Read completely');
    await expectAccessible(page, 'failed and partial reads');
    await openDocument(page, locked.name);
    await expect(page.getByTestId('viewer')).toContainText(/unlocked copy|password/i);
    await keepScreenshot(page, testInfo, 'journey-3-codes');
  });

  test('(4) a workbook with a merged header: pick two cells in the grid and check a claim', async ({
    workbench,
  }, testInfo) => {
    const { page } = workbench;
    await workbench.waitUntilReady();
    const workbook = mergedHeaderWorkbook();
    await addFiles(page, [workbook]);
    await expect(libraryItem(page, workbook.name)).toContainText('Read completely');
    await openDocument(page, workbook.name);
    const grid = page
      .getByRole('table', { name: /Sheet Results/ })
      .or(page.getByRole('grid', { name: /Sheet Results/ }));
    await expect(grid).toBeVisible();
    await expect(grid.locator('[colspan="2"]')).toContainText('Fiscal year');
    await figure(page, '1000').click();
    await figure(page, '1120').click();
    const card = await runClaim(page, TRUE_CLAIM);
    await expect(card).toHaveAttribute('data-outcome', 'supported');
    await expectAccessible(page, 'a sheet with a check');
    await keepScreenshot(page, testInfo, 'journey-4-sheet');
  });

  test('(5) a scanned page shows OCR as its method in the unit strip', async ({ workbench }, testInfo) => {
    test.setTimeout(90_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    const scan = await scannedPdf();
    await addFiles(page, [scan]);
    await expect(libraryItem(page, scan.name)).toContainText('Read completely', { timeout: 60_000 });
    await openDocument(page, scan.name);
    const strip = page.getByTestId('unit-strip');
    await expect(strip.getByTestId('unit-strip-item').first()).toContainText('OCR');
    await expect(page.getByTestId('viewer')).toContainText('1,234');
    await expectAccessible(page, 'a scanned page');
    await keepScreenshot(page, testInfo, 'journey-5-ocr');
  });
});

test.describe('a long document', () => {
  test('(8) page 1 is shown with its figures while the scanned pages after it are still being read', async ({
    workbench,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    const briefing = await briefingWithScans();
    await addFiles(page, [briefing]);
    await expect(libraryItem(page, briefing.name)).toBeVisible();
    await openDocument(page, briefing.name);
    const viewer = page.getByTestId('viewer');
    // Before reading ends: page 1's text, its figures marked, said to be read so far; nothing pickable.
    const early = viewer.getByRole('note').filter({ hasText: 'Read so far' });
    await expect(early).toBeVisible({ timeout: 30_000 });
    await expect(viewer.getByTestId('reading-note')).toContainText(/Reading… \d+ of 9 pages/);
    await expect(viewer.getByTestId('unit-markdown')).toContainText('Revenue was $2,500 million in 2023.');
    await expect(viewer.getByTestId('early-figure').filter({ hasText: '$2,500 million' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: /^Figure \$2,500 million/ })).toHaveCount(0);
    // On the drawn page, where the figure is (dotted, nothing to click yet).
    await expect(viewer.getByTestId('early-figure-box')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button').first()).toContainText(
      'Text layer',
    );
    await expectAccessible(page, 'a document being read');
    await keepScreenshot(page, testInfo, 'journey-8-read-so-far');
    // Reading ends: the same page, its figures now pickable, the scans read by OCR.
    await expect(libraryItem(page, briefing.name)).toContainText('Read completely', { timeout: 150_000 });
    await expect(early).toHaveCount(0);
    await expect(figure(page, '$2,500 million')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button').nth(8)).toContainText(
      'OCR',
    );
  });
});

test.describe('the workbench after a restart', () => {
  test('(6) the library, the case and its result are there when the web host starts again', async ({
    dataDir,
    chromium,
    host,
  }, testInfo) => {
    test.skip(host !== 'web', 'This journey restarts the loopback web host.');
    const browser = await chromium();
    const pdf = revenuePdf();
    const first = await startWebHost({ port: 0, dataDir, rendererDir: rendererOutDir });
    let context = await browser.newContext();
    let page = await context.newPage();
    await page.goto(first.url);
    await expect(page.getByTestId('app-shell')).toHaveAttribute('data-app-state', 'ready');
    await addFiles(page, [pdf]);
    await expect(libraryItem(page, pdf.name)).toContainText('Read completely');
    await openDocument(page, pdf.name);
    await figure(page, '$1,000 million').click();
    await figure(page, '$1,120 million').click();
    await expect(await runClaim(page, TRUE_CLAIM)).toHaveAttribute('data-outcome', 'supported');
    await context.close();
    await first.close();

    const second = await startWebHost({ port: 0, dataDir, rendererDir: rendererOutDir });
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(second.url);
    await expect(page.getByTestId('app-shell')).toHaveAttribute('data-app-state', 'ready');
    await expect(libraryItem(page, pdf.name)).toContainText('Read completely');
    const cases = page.getByRole('region', { name: /Cases/i });
    const saved = cases.getByRole('button', { name: new RegExp(escapeRegExp(TRUE_CLAIM)) }).first();
    await expect(saved).toBeVisible();
    await saved.click();
    const card = page.getByTestId('result-card');
    await expect(card).toHaveAttribute('data-outcome', 'supported');
    await expect(page.getByRole('textbox', { name: 'Claim' })).toHaveValue(TRUE_CLAIM);
    await expect(page.getByRole('region', { name: /Operands|Figures/ })).toContainText('$1,120 million');
    await expectAccessible(page, 'a reopened case');
    await keepScreenshot(page, testInfo, 'journey-6-restart');
    await context.close();
    await second.close();
  });
});

test.describe('the keyboard alone', () => {
  test('(7) journey (1) with the keyboard alone', async ({ workbench }, testInfo) => {
    // Each Tab is a round trip to the browser: on a loaded two-core machine the walks alone can take a minute.
    test.setTimeout(150_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    const pdf = revenuePdf();
    await addFilesByKeyboard(page, [pdf]);
    await expect(libraryItem(page, pdf.name)).toContainText('Read completely');
    const open = libraryItem(page, pdf.name)
      .getByRole('button', { name: new RegExp(escapeRegExp(pdf.name)) })
      .first();
    await pressUntilFocused(page, open);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('img', { name: 'Page 1 of the original' }).locator('canvas')).toBeVisible();
    // The text's figures are one Tab stop; the arrows go from figure to figure inside them.
    await tabInto(page, textFigures(page));
    await pressUntilFocused(page, textFigure(page, '$1,000 million'), 'ArrowRight', 20);
    await page.keyboard.press('Shift+1');
    await pressUntilFocused(page, textFigure(page, '$1,120 million'), 'ArrowRight', 20);
    await page.keyboard.press('Shift+2');
    const claim = page.getByRole('textbox', { name: 'Claim' });
    await pressUntilFocused(page, claim);
    await page.keyboard.type(TRUE_CLAIM);
    await page.keyboard.press('Control+Enter');
    const card = page.getByTestId('result-card');
    await expect(card).toHaveAttribute('data-outcome', 'supported');
    await expectAccessible(page, 'the keyboard journey');
    await keepScreenshot(page, testInfo, 'journey-7-keyboard');
  });
});
