import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { buildPdf } from '../tests/service/extract/fixtures/pdf';
import type { DocumentFile } from './documents';
import { expect, test } from './fixtures';
import { addAndOpen, expectAccessible, runClaim, textFigure, pressUntilFocused } from './helpers';

// A table on a landscape PDF page, through the web host in Chromium: its grid drawn over the page on
// request, two of its cells picked by their headers, a claim naming them checked, and the table saved as
// CSV under its provenance. Driven by role and label, and the grid and the table buttons once by the
// keyboard alone.

const TITLE = 'Table 1. Handgun permits issued by state';
const CLAIM = 'Texas handgun permits rose from 61,450 in 2022 to 64,980 in 2023';

/** A landscape page (792 × 612 points) with a titled table: a header row of years, three states. */
function permitsPdf(): DocumentFile {
  const row = (y: number, label: string, values: string[]) => [
    { x: 72, y, size: 11, text: label },
    ...values.map((text, i) => ({ x: 330 + i * 110, y, size: 11, text })),
  ];
  const bytes = buildPdf([
    {
      width: 792,
      height: 612,
      texts: [
        { x: 72, y: 540, size: 16, text: TITLE },
        ...row(510, 'State', ['2021', '2022', '2023']),
        ...row(492, 'Texas', ['58,210', '61,450', '64,980']),
        ...row(476, 'Ohio', ['22,130', '23,875', '24,010']),
        ...row(460, 'Maine', ['3,120', '3,305', '3,290']),
        { x: 72, y: 400, size: 11, text: 'Permits rose in every state but Maine in 2023.' },
      ],
    },
  ]);
  return { name: 'handgun-permits.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
}

interface BrowserGlobals {
  document: { activeElement: unknown };
  navigator: { clipboard: { readText(): Promise<string> } };
}

async function openPermits(page: Page, pdf: DocumentFile): Promise<void> {
  await addAndOpen(page, pdf);
  await expect(page.getByRole('img', { name: 'Page 1 of the original' }).locator('canvas')).toBeVisible();
}

/** The figure box on the page whose tooltip starts "Figure RAW (". */
function figureBox(page: Page, raw: string): Locator {
  return page.getByTestId('page-overlay').locator(`[data-testid="figure-box"][title^="Figure ${raw} ("]`);
}

function tableGroup(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Extracted text' })
    .getByRole('group', { name: `${TITLE} — 4 rows × 4 columns` });
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot();
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

test.describe('a table on a PDF page', () => {
  test('grid on, two cells picked by their headers, a claim checked, the table saved as CSV', async ({
    workbench,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    const pdf = permitsPdf();
    await openPermits(page, pdf);

    // The grid, turned on from the keyboard: Tab to the toggle, then Space.
    const toggle = page.getByRole('button', { name: 'Show tables' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('table-grid')).toHaveCount(0);
    await pressUntilFocused(page, toggle);
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const grid = page.getByTestId('table-grid');
    await expect(grid).toBeVisible();
    await expect(grid.getByTestId('table-tag')).toHaveText(['Table 1']);
    await expect(grid.getByTestId('table-outline')).toHaveCount(1);
    await expect(grid.getByTestId('table-cell-outline')).toHaveCount(16);
    // The grid lies over the page where the table is drawn.
    const pageBox = await page.getByRole('img', { name: 'Page 1 of the original' }).boundingBox();
    const tableBox = await grid.getByTestId('table-outline').boundingBox();
    expect(pageBox && tableBox && tableBox.x > pageBox.x && tableBox.y > pageBox.y).toBe(true);
    await expectAccessible(page, 'a PDF table with its grid shown');

    // The tables beside the page's text.
    const table = tableGroup(page);
    await expect(table).toBeVisible();
    await expect(table.getByRole('button')).toHaveText(['Copy as CSV', 'Save CSV', 'Save Excel (.xlsx)']);

    // Texas in 2022, picked on the page: hovering its box names its row and column.
    const texas2022 = figureBox(page, '61,450');
    await texas2022.hover();
    await expect(texas2022).toHaveAttribute('title', 'Figure 61,450 (page 1) — Texas · 2022');
    await texas2022.click();
    // Texas in 2023, picked from the text with the keyboard: its chip describes its headers.
    const chip = textFigure(page, '64,980');
    await expect(chip).toHaveAttribute('aria-description', /^Texas · 2023\. /);
    await chip.focus();
    await page.keyboard.press('Shift+2');
    const tray = page.getByRole('region', { name: 'Figures' });
    await expect(tray.getByRole('region', { name: 'Figure 1' })).toContainText('Texas · 2022');
    await expect(tray.getByRole('region', { name: 'Figure 2' })).toContainText('Texas · 2023');

    const card = await runClaim(page, CLAIM);
    const roles = page.getByRole('region', { name: 'Which figure is which' }).getByRole('listitem');
    await expect(roles).toHaveCount(2);
    await expect(roles.filter({ hasText: 'Texas · 2022, 61,450' })).toHaveCount(1);
    await expect(roles.filter({ hasText: 'Texas · 2023, 64,980' })).toHaveCount(1);
    await expect(card).toHaveAttribute('data-outcome', 'supported');
    await expectAccessible(page, 'a check of two table cells');
    await keepScreenshot(page, testInfo, 'table-checked');

    // Copied as CSV: the same text as the saved file.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await table.getByRole('button', { name: 'Copy as CSV' }).click();
    await expect(page.getByTestId('viewer-announcement')).toHaveText('Table 1 copied as CSV.');
    const copied = await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText(),
    );

    // Saved as CSV from the keyboard: Tab to the button, Enter, and the browser downloads it.
    const save = table.getByRole('button', { name: 'Save CSV' });
    await pressUntilFocused(page, save);
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('handgun-permits-p1-table1.csv');
    const csv = await readFile(await file.path(), 'utf8');
    const sha256 = createHash('sha256').update(pdf.buffer).digest('hex');
    const expected = [
      `Source,${pdf.name}`,
      `SHA-256,${sha256}`,
      'Page,1',
      'Table,1 of 1',
      /^Read by,Text layer \(ew-extract-\d+[^)]*\)$/,
      `Table title,${TITLE}`,
      '',
      'State,2021,2022,2023',
      'Texas,"58,210","61,450","64,980"',
      'Ohio,"22,130","23,875","24,010"',
      'Maine,"3,120","3,305","3,290"',
      '',
    ];
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(expected.length);
    expected.forEach((line, i) =>
      typeof line === 'string' ? expect(lines[i]).toBe(line) : expect(lines[i]).toMatch(line),
    );
    expect(csv.includes('\n') && !/[^\r]\n/.test(csv)).toBe(true);
    expect(copied).toBe(csv);
    await expect(table.getByTestId('table-export-outcome')).toHaveText(
      'Table 1 saved as handgun-permits-p1-table1.csv in your browser’s downloads.',
    );
  });

  test('looks right with the grid on, wide and small, light and dark', async ({ workbench }, testInfo) => {
    test.setTimeout(90_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    await openPermits(page, permitsPdf());
    await page.getByRole('button', { name: 'Show tables' }).click();
    await expect(page.getByTestId('table-grid')).toBeVisible();
    await figureBox(page, '61,450').click();
    for (const [width, height] of [
      [1440, 900],
      [800, 600],
    ] as const)
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.getByTestId('table-grid')).toBeVisible();
        await expect(tableGroup(page)).toBeVisible();
        await expect(
          page.getByRole('img', { name: 'Page 1 of the original' }).locator('canvas'),
        ).toBeVisible();
        const name = `tables-${width}x${height}-${scheme}.png`;
        // Kept beside the test's results, for a person to look at.
        await page.screenshot({ path: testInfo.outputPath(name) });
        await expectAccessible(page, `the table viewer at ${width}×${height}, ${scheme}`);
      }
  });
});
