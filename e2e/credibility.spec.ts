import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { rendererOutDir } from '../desktop/project';
import { startWebHost, type WebHost } from '../desktop/web/server';
import { WEB_BRIDGE_PATH, WEB_TOKEN_HEADER, WEB_UPLOAD_META_HEADER, WEB_UPLOAD_PATH } from '../shared/bridge';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

// A local government PDF scored "Credibility 40 of 100 … year unknown": the person reads why (each part
// and what it added, and how to give the year), then, by keyboard, rates it themselves with a reason and
// gives its year. A rating of 140 is refused in words. Their rating is shown as theirs, beside the
// service's, and the results are ranked with it.

interface SeedDocument {
  filename: string;
  title: string;
  url?: string;
  year?: number;
  text: string;
}

const NEWS: SeedDocument = {
  filename: 'city-news.txt',
  title: 'City council passes its budget',
  url: 'https://www.bbc.co.uk/news/city-budget',
  year: 2020,
  text: 'City council passes its budget\n\nThe city budget for general fund spending is 412 million.',
};
const CITY: SeedDocument = {
  filename: 'city-budget.txt',
  title: 'Adopted city budget',
  text: 'Adopted city budget\n\nThe city budget for general fund spending is 412 million.',
};

async function invoke(host: WebHost, channel: string, input: unknown): Promise<unknown> {
  const res = await fetch(`${host.origin}${WEB_BRIDGE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEB_TOKEN_HEADER]: host.token },
    body: JSON.stringify({ channel, input }),
  });
  const reply = (await res.json()) as { ok: boolean; value?: unknown; error?: unknown };
  if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply.error)}`);
  return reply.value;
}

async function seed(host: WebHost, doc: SeedDocument): Promise<void> {
  const meta = {
    filename: doc.filename,
    mediaType: 'text/plain',
    title: doc.title,
    ...(doc.url ? { url: doc.url } : {}),
    ...(doc.year ? { publication_year: doc.year } : {}),
  };
  const res = await fetch(`${host.origin}${WEB_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      [WEB_TOKEN_HEADER]: host.token,
      [WEB_UPLOAD_META_HEADER]: encodeURIComponent(JSON.stringify(meta)),
    },
    body: Buffer.from(doc.text, 'utf8'),
  });
  const reply = (await res.json()) as { ok: boolean; value?: { source_version_id?: string } };
  if (!reply.ok || !reply.value?.source_version_id) throw new Error(`upload: ${JSON.stringify(reply)}`);
  await invoke(host, 'documents.publish', { sourceVersionId: reply.value.source_version_id });
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join('test-results', 'credibility');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

test.describe('credibility', () => {
  test('a person sees why a document scores 40, rates it themselves, and the ranking follows', async ({
    dataDir,
    chromium,
    host,
  }) => {
    test.skip(host !== 'web', 'This journey drives the loopback web host.');
    const webHost = await startWebHost({ port: 0, dataDir, rendererDir: rendererOutDir });
    try {
      for (const doc of [NEWS, CITY]) await seed(webHost, doc);
      const context = await (await chromium()).newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(webHost.url);
      await expect(page.getByTestId('app-shell')).toHaveAttribute('data-app-state', 'ready');
      await page.locator('body').click();
      await page.keyboard.press('Control+k');
      const panel = page.getByRole('dialog', { name: 'Search your evidence' });
      await page.keyboard.type('city budget');
      const results = panel.getByTestId('search-result');
      await expect(results).toHaveCount(2);
      await expect(results.getByRole('heading')).toHaveText([NEWS.title, CITY.title]);

      // Why 40: each part, and the year it lacks with how to give it.
      const city = results.filter({ hasText: CITY.title });
      await expect(city.getByTestId('result-credibility')).toHaveText(/^Credibility 40 of 100/);
      await expect(city.getByTestId('result-year')).toContainText('year unknown');
      await city.getByText('What the credibility score is made of').click();
      const parts = city.getByRole('list', { name: 'What the credibility score is made of' });
      await expect(parts).toContainText('40 for the publisher');
      await expect(parts).toContainText('+0: year unknown');
      await expect(parts).toContainText('Give the document’s year under “Your own rating”');

      // By keyboard: open "Your own rating", type 140 (refused in words), then a level, a reason, a year.
      const summary = city.getByText('Your own rating', { exact: true });
      await summary.focus();
      await page.keyboard.press('Enter');
      const rating = city.getByRole('textbox', { name: 'Rating, 0 to 100' });
      await rating.focus();
      await page.keyboard.type('140');
      await page.keyboard.press('Enter');
      await expect(city.getByRole('alert')).toHaveText(
        '140 is outside the scale: a rating runs from 0 to 100.',
      );
      await expect(rating).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'the rating form with its error', '[data-testid="search-panel"]');
      await screenshot(page, 'rating-error-1280x800-light');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('High');
      await page.keyboard.press('Tab');
      await expect(city.getByRole('button', { name: 'High (80)' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(rating).toHaveValue('80');
      await city.getByRole('textbox', { name: 'Why (optional)' }).focus();
      await page.keyboard.type('the city’s own budget office');
      await page.keyboard.press('Tab');
      await page.keyboard.type(String(new Date().getUTCFullYear()));
      await page.keyboard.press('Enter');

      // Shown as theirs, the service's estimate beside it, and ranked first with it.
      const rated = results.filter({ hasText: CITY.title });
      await expect(rated.getByTestId('result-credibility')).toHaveText(
        'Credibility 80 of 100, set by you: the city’s own budget office',
      );
      await expect(rated.getByTestId('service-credibility')).toContainText('service’s estimate: 40 of 100');
      await expect(results.getByRole('heading')).toHaveText([CITY.title, NEWS.title]);
      await expect(rated.getByTestId('result-year')).toContainText('(given by you)');
      await expectAccessible(page, 'a result rated by the person', '[data-testid="search-panel"]');
      await rated.getByText('What the credibility score is made of').click();
      await rated.getByText(/^Why it ranks/).click();
      await rated.getByText(/^Your own rating/).click();
      await rated.scrollIntoViewIfNeeded();
      await screenshot(page, 'rated-1280x800-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(page, 'a rated result, dark', '[data-testid="search-panel"]');
      await screenshot(page, 'rated-1280x800-dark');
      await page.setViewportSize({ width: 880, height: 560 });
      await rated.scrollIntoViewIfNeeded();
      await screenshot(page, 'rated-880x560-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expectAccessible(page, 'a rated result, small window', '[data-testid="search-panel"]');
      await screenshot(page, 'rated-880x560-light');

      // It stays after a reload: kept with the document by the workbench.
      await page.reload();
      await expect(page.getByTestId('app-shell')).toHaveAttribute('data-app-state', 'ready');
      await page.locator('body').click();
      await page.keyboard.press('Control+k');
      await page.keyboard.type('city budget');
      await expect(results.first().getByTestId('result-credibility')).toHaveText(
        'Credibility 80 of 100, set by you: the city’s own budget office',
      );
      await context.close();
    } finally {
      await webHost.close();
    }
  });
});
