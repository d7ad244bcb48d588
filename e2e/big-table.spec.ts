import type { Locator, Page, TestInfo } from '@playwright/test';
import { buildPdf, type PdfText } from '../tests/service/extract/fixtures/pdf';
import type { DocumentFile } from './documents';
import { expect, test } from './fixtures';
import {
  addFilesByKeyboard,
  escapeRegExp,
  expectAccessible,
  pressUntilFocused,
  textFigures,
} from './helpers';

// A big table on a landscape page, as a fact-checker meets it with the keyboard alone: fifty states by
// twenty-four years, one Tab stop for the text's figures and one for the page's, a named cell reached in a
// handful of keys, the page opened at a readable size (fitted on request), and the boxes faint on so dense
// a page.

const STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
];
const YEARS = Array.from({ length: 24 }, (_, i) => String(2001 + i));

/** The permits printed for the state of row `row` (1-based) in the year of column `col` (1-based). */
function permits(row: number, col: number): string {
  const n = 10_000 + ((((row - 1) * YEARS.length + (col - 1)) * 7919) % 89_000);
  return n.toLocaleString('en-US');
}

/** An A3 landscape page (1190 × 842 points) holding one table: a header of years over fifty states. */
function permitsByStatePdf(): DocumentFile {
  const top = 778;
  const step = 14.5;
  const size = 7;
  const texts: PdfText[] = [{ x: 36, y: 802, size: 12, text: 'Table 1. Permits issued by state and year' }];
  texts.push({ x: 36, y: top, size, text: 'State' });
  YEARS.forEach((year, c) => texts.push({ x: 130 + c * 43, y: top, size, text: year }));
  STATES.forEach((state, r) => {
    const y = top - (r + 1) * step;
    texts.push({ x: 36, y, size, text: state });
    YEARS.forEach((_, c) => texts.push({ x: 130 + c * 43, y, size, text: permits(r + 1, c + 1) }));
  });
  const bytes = buildPdf([{ width: 1190, height: 842, texts }]);
  return { name: 'permits-by-state.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
}

/** The browser globals read inside the page (the e2e program is typed without the DOM lib). */
interface BrowserElement {
  getAttribute(name: string): string | null;
  closest(selector: string): BrowserElement | null;
}
interface BrowserGlobals {
  document: { activeElement: BrowserElement | null };
}

/** What the focused element is: its name, its description, and where its figure is (text or page). */
async function focusedFigure(page: Page) {
  return page.evaluate(() => {
    const active = (globalThis as unknown as BrowserGlobals).document.activeElement;
    return {
      name: active?.getAttribute('aria-label') ?? null,
      description: active?.getAttribute('aria-description') ?? null,
      place: active?.closest('[data-figure-place]')?.getAttribute('data-figure-place') ?? null,
    };
  });
}

/** A cell named as a person names it: its state and year. */
function cell(row: number, col: number) {
  return {
    name: `Figure ${permits(row, col)} (page 1)`,
    labels: `${STATES[row - 1]} · ${YEARS[col - 1]}`,
  };
}

async function expectFocusOn(page: Page, row: number, col: number): Promise<void> {
  const { name, labels } = cell(row, col);
  await expect.poll(async () => (await focusedFigure(page)).name).toBe(name);
  expect((await focusedFigure(page)).description).toMatch(new RegExp(`^${escapeRegExp(labels)}\\. `));
}

/** Adds and opens the document with the keyboard alone. */
async function openByKeyboard(page: Page, pdf: DocumentFile): Promise<void> {
  await addFilesByKeyboard(page, [pdf]);
  const item = page.getByTestId('library-item').filter({ hasText: pdf.name });
  await expect(item).toContainText('Read completely', { timeout: 30_000 });
  await pressUntilFocused(
    page,
    item.getByRole('button', { name: new RegExp(escapeRegExp(pdf.name)) }).first(),
  );
  await page.keyboard.press('Enter');
  await expectPageDrawn(page);
}

/** Page 1 drawn at the width it is shown at (after a resize, drawn again), its figures over it. */
async function expectPageDrawn(page: Page): Promise<void> {
  await expect(page.getByRole('img', { name: 'Page 1 of the original' }).locator('canvas')).toBeVisible();
  await expect(page.getByTestId('pdf-page').first()).toHaveAttribute('data-drawn', 'true', {
    timeout: 20_000,
  });
  await expect(page.getByRole('group', { name: 'Figures on page 1' })).toBeVisible();
}

/** The drawn page's width beside the width the original pane offers it (less its margins). */
async function pageAndPane(page: Page): Promise<{ canvas: number; pane: number }> {
  const canvas = await page
    .getByRole('img', { name: 'Page 1 of the original' })
    .locator('canvas')
    .boundingBox();
  const pane = await page
    .getByRole('region', { name: 'Original' })
    .evaluate((el) => (el as unknown as { clientWidth: number }).clientWidth);
  return { canvas: canvas?.width ?? 0, pane };
}

/** The page drawn as wide as its pane offers, margins aside (the zoom at "Fit width"). */
async function expectFitted(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const { canvas, pane } = await pageAndPane(page);
      return Math.abs(canvas - (pane - 32));
    })
    .toBeLessThanOrEqual(2);
}

/** The page drawn at the readable 60% (1190 points: 714 pixels), wider than its pane, which scrolls sideways. */
async function expectReadable(page: Page): Promise<void> {
  await expect.poll(async () => Math.abs((await pageAndPane(page)).canvas - 714)).toBeLessThanOrEqual(2);
  await expect(page.getByTestId('zoom-level')).toHaveText('60%');
  const pane = page.getByRole('region', { name: 'Original' });
  expect(
    await pane.evaluate((el) => {
      const box = el as unknown as { scrollWidth: number; clientWidth: number };
      return box.scrollWidth > box.clientWidth;
    }),
  ).toBe(true);
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(name) });
}

function pageFigures(page: Page): Locator {
  return page.getByRole('group', { name: 'Figures on page 1' });
}

test.describe('a big table by the keyboard', () => {
  test('a named cell in ten keys, then the arrows around it, on the text and on the page', async ({
    workbench,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    await openByKeyboard(page, permitsByStatePdf());
    // Every cell's figure is in the text, and one of them alone is a Tab stop.
    await expect(textFigures(page).locator('[tabindex="0"]')).toHaveCount(1);
    expect(await textFigures(page).getByRole('button').count()).toBeGreaterThanOrEqual(
      STATES.length * YEARS.length,
    );

    // Oregon (row 37) in 2018 (column 18): Ctrl+G, its row and column in a few letters, Enter.
    const keys = ['Control+g', ...'ore 2018'.split(''), 'Enter'];
    expect(keys.length).toBeLessThanOrEqual(10);
    for (const key of keys) await page.keyboard.press(key);
    await expectFocusOn(page, 37, 18);
    expect((await focusedFigure(page)).place).toBe('text');
    // On the page, its box is lit with it.
    await expect(pageFigures(page).getByRole('button', { name: cell(37, 18).name })).toHaveAttribute(
      'data-lit',
      'true',
    );

    // Around it by row and column, to the row's ends and the table's.
    await page.keyboard.press('ArrowUp');
    await expectFocusOn(page, 36, 18);
    await page.keyboard.press('ArrowRight');
    await expectFocusOn(page, 36, 19);
    await page.keyboard.press('End');
    await expectFocusOn(page, 36, 24);
    await page.keyboard.press('Home');
    await expectFocusOn(page, 36, 1);
    await page.keyboard.press('Control+End');
    await expectFocusOn(page, 50, 24);
    await page.keyboard.press('Control+Home');
    await expectFocusOn(page, 1, 1);
    // Typed digits go to the next figure printed with them.
    const target = permits(43, 7);
    for (const digit of target.replace(/\D/g, '')) await page.keyboard.press(digit);
    await expectFocusOn(page, 43, 7);

    // The page's figures are one Tab stop too, entered at the same figure (the page comes before the text:
    // Shift+Tab past the text's own stops goes back to it); Shift+1 picks it.
    const box = pageFigures(page).getByRole('button', { name: cell(43, 7).name });
    expect(await pressUntilFocused(page, box, 'Shift+Tab', 12)).toBeLessThanOrEqual(12);
    await expectFocusOn(page, 43, 7);
    expect((await focusedFigure(page)).place).toBe('original');
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(page, 44, 7);
    await page.keyboard.press('Shift+1');
    const tray = page.getByRole('region', { name: 'Figures' });
    await expect(tray.getByRole('region', { name: 'Figure 1' })).toContainText(cell(44, 7).labels);
    await expectAccessible(page, 'a big table reached by the keyboard');
    await keepScreenshot(page, testInfo, 'big-table-keyboard.png');
  });

  test('opens readable, fits its pane on request and after zooming, boxes faint until shown', async ({
    workbench,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    const pdf = permitsByStatePdf();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add files' }).click();
    await (await chooser).setFiles([pdf]);
    const item = page.getByTestId('library-item').filter({ hasText: pdf.name });
    await expect(item).toContainText('Read completely', { timeout: 30_000 });
    await item
      .getByRole('button', { name: new RegExp(escapeRegExp(pdf.name)) })
      .first()
      .click();
    await expectPageDrawn(page);

    for (const [width, height] of [
      [1440, 900],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Fitted to its pane the A3 page would be drawn at 34% or less, its print unreadable: it is drawn at
      // 60%, wider than the pane, which scrolls sideways, and the viewer says so.
      await expectReadable(page);
      await expect(page.getByTestId('zoom-note')).toContainText('Shown at 60% to be readable');
      await expect(page.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'false');
    }
    await keepScreenshot(page, testInfo, 'big-table-opened-800x600.png');
    // "Fit width" shows the whole width, at whatever scale that takes.
    await page.getByRole('button', { name: 'Fit width' }).click();
    await expectFitted(page);
    await expect(page.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('zoom-note')).toBeHidden();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Fit width' }).click();
    await expectFitted(page);

    // 1,200 figures on one page: their boxes are faint until pointed at, or all shown on request.
    const boxes = pageFigures(page).getByTestId('figure-box');
    await expect(boxes.first()).toHaveAttribute('data-quiet', 'true');
    const toggle = page.getByRole('button', { name: 'Show all boxes' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    for (const [width, height] of [
      [1440, 900],
      [800, 600],
    ] as const)
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await expectFitted(page);
        await expectPageDrawn(page);
        await keepScreenshot(page, testInfo, `big-table-${width}x${height}-${scheme}.png`);
        // Axe reads every one of the page's 2,400 figures: once per size is what the machine can afford.
        if ((width === 1440) === (scheme === 'light'))
          await expectAccessible(page, `a big table at ${width}×${height}, ${scheme}`);
      }

    await toggle.click();
    await expect(boxes.first()).not.toHaveAttribute('data-quiet', 'true');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectFitted(page);
    await expectPageDrawn(page);
    await keepScreenshot(page, testInfo, 'big-table-all-boxes.png');
  });
});
