import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { buildXlsx, cell, row } from '../tests/service/extract/fixtures/xlsx';
import type { DocumentFile } from './documents';
import { expect, test } from './fixtures';
import { addAndOpen, expectAccessible, pressUntilFocused } from './helpers';

// Checking an article, through the web host in Chromium: a sheet of handgun checks in the library, an
// article pasted, its claims lit and listed, a claim's candidate from the sheet checked by the same
// numeric check as a person's own pick, the outcome seen, kept, and found in the case; the case exported
// with the article's claims in its order; and a number typed in search finds the figure with that value. Locators by role and label; the keyboard alone for a check.

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
  'In October 2015 Texas ran 51,670 handgun checks.',
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

/** The screen as it is, at 1280×800 and 880×560, light and dark, with axe on each; back to 1280×800 light. */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [880, 560],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await expectAccessible(page, `${name}, ${width}×${height} ${theme}`);
      await screenshot(page, `${name}-${width}x${height}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await setTheme(page, 'light');
}

/** An article whose first claim (Ohio's, hedged) is less checkable than its second (Texas's). */
const ARTICLE_OHIO_FIRST = [
  'Ohio saw many checks too, some 44,300 of them.',
  'Texas ran 56,941 handgun checks in November 2015, federal figures show.',
].join(' ');

/** The claims listed, each option's text without its state line. */
async function listedClaims(claims: Locator): Promise<string[]> {
  return claims
    .getByRole('option')
    .evaluateAll((options) => options.map((o) => o.querySelector('.line-clamp-3')?.textContent ?? ''));
}

test.describe('check an article', () => {
  test('paste an article, check candidates from a sheet, keep them, export the case', async ({
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
    await expect(claims.getByRole('option')).toHaveCount(3);
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

    // A second claim, written before the first one checked, checked and kept too.
    const october = claims.getByRole('option', { name: /Texas ran 51,670/ });
    await october.click();
    const octoberFirst = candidates.getByRole('listitem').first();
    await expect(octoberFirst).toContainText('51,670');
    await octoberFirst.getByRole('button', { name: 'Check with these figures' }).click();
    await expect(page.getByRole('textbox', { name: 'Claim' })).toHaveValue(/Texas ran 51,670/);
    await page.getByRole('button', { name: 'Keep this check and check another claim' }).click();
    await expect(kept).toHaveCount(2);

    // The case exported: the article named, its claims in the article's order, not the order checked.
    await page
      .getByRole('button', { name: /^Export report/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /Export/ });
    await dialog.getByRole('radio', { name: /^HTML/ }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /^Export$/ }).click();
    const html = readFileSync(await (await download).path(), 'utf8');
    await expect(dialog).toContainText(/Saved as/);
    await dialog.getByRole('button', { name: /^Close/ }).click();
    expect(html).toContain("The article's claims, in its order");
    const listed = html.slice(html.indexOf('<ol class="article-claims">'), html.indexOf('</ol>'));
    expect(listed).toContain('Texas ran 51,670');
    expect(listed.indexOf('Texas ran 51,670')).toBeLessThan(listed.indexOf('Texas ran 56,941'));
    expect(listed).not.toContain('Ohio ran 44,300');

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

  test('an article read again shows its checks in the article’s order; a web address shows its reading', async ({
    workbench,
    host,
  }) => {
    test.skip(host !== 'web', 'This journey drives the loopback web host.');
    test.setTimeout(180_000);
    const page = workbench.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await workbench.waitUntilReady();
    await addAndOpen(page, checksWorkbook());

    // Texas's claim checked and kept in a case made from the article.
    await page.getByRole('button', { name: 'Check an article' }).click();
    const view = page.getByRole('region', { name: 'Check an article' });
    await view.getByRole('textbox', { name: 'Article text' }).fill(ARTICLE_OHIO_FIRST);
    await view.getByRole('button', { name: 'List the claims' }).click();
    const claims = view.getByRole('listbox', { name: 'Claims' });
    const texas = claims.getByRole('option', { name: /Texas ran 56,941/ });
    await texas.click();
    const candidate = view
      .getByRole('list', { name: 'Candidates for the claim' })
      .getByRole('listitem')
      .first();
    await expect(candidate).toContainText('56,941');
    await candidate.getByRole('button', { name: 'Check with these figures' }).click();
    await expect(page.getByTestId('result-card')).toBeVisible();
    await page.getByRole('button', { name: 'Keep this check and check another claim' }).click();
    await expect(page.getByTestId('kept-check')).toHaveCount(1);

    // The app opened again: no case is open, and the article is pasted again.
    await page.reload();
    await workbench.waitUntilReady();
    await page.getByRole('button', { name: 'Check an article' }).click();
    await view.getByRole('textbox', { name: 'Article text' }).fill(ARTICLE_OHIO_FIRST);
    await view.getByRole('button', { name: 'List the claims' }).click();
    await expect(texas.getByTestId('claim-state')).toContainText('Checked: Supported');
    await expect(texas.getByTestId('claim-state')).not.toContainText('not kept yet');
    await expect(view.getByTestId('article-origin')).toContainText('kept in the case');

    // As in the article by default: the list in the order of the marks in the text, numbered alike.
    const inArticle = view.getByRole('radio', { name: 'As in the article' });
    await expect(inArticle).toBeChecked();
    const text = view.getByRole('region', { name: 'Article text, its claims marked' });
    const marks = await text.locator('mark').allTextContents();
    expect(await listedClaims(claims)).toEqual(marks);
    expect(await claims.getByTestId('claim-number').allTextContents()).toEqual(['1', '2']);
    await expect(claims.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await lookAt(page, 'reopened');

    // The keyboard alone: to the order, the arrows to most checkable first, the selection kept.
    await claims.focus();
    await page.keyboard.press('End');
    await expect(texas).toHaveAttribute('aria-selected', 'true');
    await pressUntilFocused(page, inArticle, 'Shift+Tab', 10);
    await page.keyboard.press('ArrowRight');
    await expect(view.getByRole('radio', { name: 'Most checkable first' })).toBeChecked();
    const checkable = await listedClaims(claims);
    expect([...checkable].sort()).toEqual([...marks].sort());
    await expect(texas).toHaveAttribute('aria-selected', 'true');
    await expect(text.locator('mark[data-selected="true"]')).toContainText('Texas ran 56,941');
    await lookAt(page, 'checkable-first');
    await page.keyboard.press('ArrowLeft');
    await expect(inArticle).toBeChecked();

    // A web address the service refuses: said in plain words, with the address.
    await view.getByRole('button', { name: 'Another article' }).click();
    await view.getByRole('radio', { name: 'A web address' }).check();
    const address = view.getByRole('textbox', { name: 'Article’s web address' });
    await address.fill('http://127.0.0.1:9/news');
    await address.press('Enter');
    const failure = view.getByRole('alert').filter({ hasText: 'could not be read' });
    await expect(failure).toContainText('The article at http://127.0.0.1:9/news could not be read.');
    await expect(failure).toContainText('not a public web address');
    await lookAt(page, 'url-failed');

    // A page that takes long: its address and steps while it downloads, and Stop from the keyboard. The
    // bridge's answer is held back here, as a slow site would hold it; the cancel goes to the main process.
    const slow = 'https://news.example.org/2015/12/gun-checks-soar';
    let release: (() => void) | null = null;
    const cancelled = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/bridge/invoke', async (route) => {
      const body = route.request().postDataJSON() as { channel: string; input: { url?: string } };
      if (body.channel === 'article.claims' && body.input.url === slow) {
        await cancelled;
        await route.fulfill({
          json: { ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } },
        });
        return;
      }
      if (body.channel === 'article.cancel') release?.();
      await route.continue();
    });
    await address.fill(slow);
    await address.press('Enter');
    const reading = view.getByTestId('article-reading');
    await expect(reading).toContainText(slow);
    await expect(reading.getByRole('listitem').first()).toHaveAttribute('data-step', 'now');
    const stop = reading.getByRole('button', { name: 'Stop' });
    await expect(stop).toBeFocused();
    await expect(view.getByRole('listbox', { name: 'Claims' })).toBeHidden();
    await lookAt(page, 'url-reading');
    await page.keyboard.press('Enter');
    await expect(view.getByTestId('article-cancelled')).toContainText('Stopped: the claims were not listed.');
    await expect(reading).toBeHidden();
    await expect(address).toHaveValue(slow);
    await lookAt(page, 'url-stopped');
    await page.unroute('**/bridge/invoke');
  });
});
