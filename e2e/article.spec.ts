import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildXlsx, cell, row } from '../tests/service/extract/fixtures/xlsx';
import type { DocumentFile } from './documents';
import { expect, test } from './fixtures';
import { addAndOpen, expectAccessible } from './helpers';

// Checking an article, through the web host in Chromium: a sheet of handgun checks in the library, an
// article pasted, its claims lit and listed, a claim's candidate from the sheet checked by the same
// numeric check as a person's own pick, the outcome seen, kept, and found in the case; and a number typed
// in search finds the figure with that value. Locators by role and label; the keyboard alone for a check.

/** Handgun checks by state and month: Texas 51,670 in October 2015 and 56,941 in November. */
function checksWorkbook(): DocumentFile {
  const bytes = buildXlsx({
    sheets: [
      {
        name: 'Handgun checks',
        rows: [
          row(
            1,
            cell.inline('A1', 'State'),
            cell.inline('B1', 'October 2015'),
            cell.inline('C1', 'November 2015'),
          ),
          row(2, cell.inline('A2', 'Texas'), cell.n('B2', 51670), cell.n('C2', 56941)),
          row(3, cell.inline('A3', 'Ohio'), cell.n('B3', 40210), cell.n('C3', 44300)),
        ].join(''),
      },
    ],
  });
  return {
    name: 'handgun-checks.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(bytes),
  };
}

const ARTICLE = [
  'Gun checks soar before the holidays.',
  'Texas ran 56,941 handgun checks in November 2015, federal figures show.',
  'Ohio ran 44,300 handgun checks in November 2015.',
].join(' ');

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join('test-results', 'article');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
}

test.describe('check an article', () => {
  test('paste an article, see its claims, check a candidate from a sheet, keep it in the case', async ({
    workbench,
    host,
  }) => {
    test.skip(host !== 'web', 'This journey drives the loopback web host.');
    test.setTimeout(120_000);
    const page = workbench.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await workbench.waitUntilReady();
    await addAndOpen(page, checksWorkbook());

    await page.getByRole('button', { name: 'Check an article' }).click();
    const view = page.getByRole('region', { name: 'Check an article' });
    await expect(view).toBeVisible();
    await expectAccessible(page, 'the article view, empty');
    await screenshot(page, 'empty-1366x768-light');
    await view.getByRole('textbox', { name: 'Article text' }).fill(ARTICLE);
    await view.getByRole('button', { name: 'List the claims' }).click();

    const claims = view.getByRole('listbox', { name: 'Claims' });
    const texas = claims.getByRole('option', { name: /Texas ran 56,941/ });
    await expect(texas).toBeVisible();
    await expect(claims.getByRole('option', { name: /Ohio ran 44,300/ })).toBeVisible();
    await expect(claims.getByRole('option')).toHaveCount(2);
    const text = view.getByRole('region', { name: 'Article text, its claims marked' });
    await expect(text.locator('mark', { hasText: 'Texas ran 56,941' })).toBeVisible();

    await texas.click();
    await expect(texas).toHaveAttribute('aria-selected', 'true');
    const candidates = view.getByRole('list', { name: 'Candidates for the claim' });
    const first = candidates.getByRole('listitem').first();
    await expect(first).toContainText('56,941');
    await expect(first).toContainText('Texas');
    await expect(first).toContainText('November 2015');
    await expect(texas).toContainText(/candidate/);

    await setTheme(page, 'light');
    await expectAccessible(page, 'the article view');
    await screenshot(page, 'claims-1366x768-light');
    await setTheme(page, 'dark');
    await page.setViewportSize({ width: 900, height: 600 });
    await expectAccessible(page, 'the article view in a small window, dark');
    await screenshot(page, 'claims-900x600-dark');
    await setTheme(page, 'light');
    await page.setViewportSize({ width: 1366, height: 768 });

    // The keyboard alone: Tab into the claim list, the arrows along it, Enter to the candidates, Enter to check.
    const options = claims.getByRole('option');
    await claims.focus();
    await page.keyboard.press('End');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    while ((await texas.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const check = first.getByRole('button', { name: 'Check with these figures' });
    await expect(check).toBeFocused();
    await page.keyboard.press('Enter');

    const card = page.getByTestId('result-card');
    await expect(card).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Claim' })).toHaveValue(/Texas ran 56,941/);
    await expect(first.getByTestId('candidate-outcome')).toBeVisible();
    await expect(texas.getByTestId('claim-state')).toContainText('Checked:');
    await expect(texas.getByTestId('claim-state')).toContainText('not kept yet');
    await expectAccessible(page, 'the article view with a result');
    await screenshot(page, 'checked-1366x768-light');
    await setTheme(page, 'dark');
    await expectAccessible(page, 'the article view with a result, dark');
    await screenshot(page, 'checked-1366x768-dark');
    await page.setViewportSize({ width: 900, height: 600 });
    await screenshot(page, 'checked-900x600-dark');
    await setTheme(page, 'light');
    await screenshot(page, 'checked-900x600-light');
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByRole('button', { name: 'Keep this check and check another claim' }).click();
    await expect(texas.getByTestId('claim-state')).not.toContainText('not kept yet');
    await expect(texas.getByTestId('claim-state')).toContainText('Checked:');
    const kept = page.getByTestId('kept-check');
    await expect(kept).toHaveCount(1);
    await expect(kept.getByTestId('kept-check-claim')).toContainText('Texas ran 56,941');
    await expect(view.getByTestId('article-origin')).toContainText('kept in the case');

    // A number typed in search finds the figure with that value, openable where it was read.
    await page.keyboard.press('Control+k');
    const panel = page.getByRole('dialog', { name: 'Search your evidence' });
    await page.keyboard.type('56,941');
    const figures = panel.getByRole('list', { name: 'Figures with this value' });
    await expect(figures.getByRole('listitem')).toHaveCount(1);
    await expect(figures).toContainText('Texas');
    await expectAccessible(page, 'search by value', '[data-testid="search-panel"]');
    await screenshot(page, 'search-value-1366x768-light');
    await figures.getByRole('button', { name: /^Open 56,?941 in / }).click();
    await expect(panel).toBeHidden();
    await expect(view).toBeHidden();
  });
});
