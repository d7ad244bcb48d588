import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { rendererOutDir } from '../desktop/project';
import { startWebHost, type WebHost } from '../desktop/web/server';
import { WEB_BRIDGE_PATH, WEB_TOKEN_HEADER, WEB_UPLOAD_META_HEADER, WEB_UPLOAD_PATH } from '../shared/bridge';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

// The search journey, through the web host in Chromium on its own data folder: three documents in the
// library, each registered with the web address it came from (so the service knows its domain); a search
// with a domain filter; the second result opened at its passage, lit in the unit text; kept in a case.

interface SeedDocument {
  filename: string;
  title: string;
  url: string;
  year: number;
  text: string;
}

const DOCUMENTS: SeedDocument[] = [
  {
    filename: 'labour-market.txt',
    title: 'Labour market overview, UK: November 2026',
    url: 'https://www.ons.gov.uk/employmentandlabourmarket/bulletins/labourmarketoverview',
    year: 2026,
    text: [
      'Labour market overview, UK: November 2026',
      '',
      'The employment rate for people aged 16 to 64 years was estimated at 75.0% in July to September 2026.',
      'The unemployment rate rose to 4.3% in the quarter, led by young people leaving education.',
      'Average regular pay grew by 4.8% (£36,200 a year), the slowest rise since 2022.',
    ].join('\n'),
  },
  {
    filename: 'benefit-statistics.txt',
    title: 'Benefit statistics: Universal Credit, October 2026',
    url: 'https://www.dwp.gov.uk/statistics/universal-credit-october-2026',
    year: 2025,
    text: [
      'Benefit statistics: Universal Credit, October 2026',
      '',
      'There were 7.1 million people on Universal Credit in October 2026, up 2% on the year.',
      'Claims by people searching for work, the closest measure of unemployment in these figures, fell by 12,000.',
      'Naïve comparisons with the claimant count of 2019 overstate the change — the rules differ.',
    ].join('\n'),
  },
  {
    filename: 'jobs-news.txt',
    title: 'Jobless rate climbs as hiring slows',
    url: 'https://www.bbc.co.uk/news/business-jobs-2026',
    year: 2026,
    text: [
      'Jobless rate climbs as hiring slows',
      '',
      'Unemployment in the UK rose again this autumn, official figures show, as firms cut back on hiring.',
    ].join('\n'),
  },
];

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

/** Uploads a text document with its web address and year (what the service reads its domain from), and reads it. */
async function seed(host: WebHost, doc: SeedDocument): Promise<void> {
  const meta = {
    filename: doc.filename,
    mediaType: 'text/plain',
    title: doc.title,
    url: doc.url,
    publication_year: doc.year,
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
  const reply = (await res.json()) as {
    ok: boolean;
    value?: { source_version_id?: string };
    error?: unknown;
  };
  if (!reply.ok || !reply.value?.source_version_id) throw new Error(`upload: ${JSON.stringify(reply)}`);
  await invoke(host, 'documents.publish', { sourceVersionId: reply.value.source_version_id });
}

/** A PNG under test-results (to look at), also attached to the report. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join('test-results', 'search');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

test.describe('search journey', () => {
  test('(1) search with a domain filter, open the second result at its passage, add it to a case', async ({
    dataDir,
    chromium,
    host,
  }) => {
    test.skip(host !== 'web', 'This journey drives the loopback web host.');
    const webHost = await startWebHost({ port: 0, dataDir, rendererDir: rendererOutDir });
    try {
      for (const doc of DOCUMENTS) await seed(webHost, doc);
      const context = await (await chromium()).newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.goto(webHost.url);
      await expect(page.getByTestId('app-shell')).toHaveAttribute('data-app-state', 'ready');
      await expect(page.getByTestId('library-item')).toHaveCount(3);

      // Ctrl+K from anywhere opens the panel with the query focused.
      await page.locator('body').click();
      await page.keyboard.press('Control+k');
      const panel = page.getByRole('dialog', { name: 'Search your evidence' });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('searchbox', { name: 'Search query' })).toBeFocused();
      await page.keyboard.type('unemployment');
      await expect(panel.getByTestId('search-result')).toHaveCount(3);

      // Only gov.uk and its subdomains: the BBC's story goes.
      await panel.getByRole('button', { name: /^Filters/ }).click();
      await panel.getByRole('textbox', { name: 'Domains' }).fill('gov.uk');
      const results = panel.getByTestId('search-result');
      await expect(results).toHaveCount(2);
      await expect(panel.getByTestId('search-body')).toHaveAttribute('data-state', 'current');
      await expect(panel.getByTestId('result-domain')).toHaveText([/gov\.uk$/, /gov\.uk$/]);
      await expect(panel).not.toContainText('bbc.co.uk');
      await expect(results.first().locator('mark').first()).toHaveText(/unemployment/i);
      await expect(panel.getByTestId('search-stance')).toContainText('unverifiable');
      await expectAccessible(page, 'the search panel with results');
      await screenshot(page, 'search-panel-laptop');

      // The second result, opened at its passage.
      const second = results.nth(1);
      const title = (await second.getByRole('heading').textContent()) ?? '';
      const doc = DOCUMENTS.find((d) => d.title === title);
      expect(doc, `the second result "${title}" is one of the documents`).toBeDefined();
      const snippet = ((await second.getByTestId('result-snippet').textContent()) ?? '').trim();
      await second.getByRole('button', { name: 'Open at passage' }).click();
      await expect(panel).toBeHidden();
      const viewer = page.getByRole('main', { name: 'Document viewer' });
      await expect(viewer).toContainText(title);
      const lit = viewer.getByTestId('unit-markdown').getByTestId('lit-passage');
      await expect(lit.first()).toBeVisible();
      // The keyboard is taken where the eye is sent: to the passage itself.
      await expect(lit.first()).toBeFocused();
      const litText = (await lit.allTextContents()).join('');
      expect(litText.toLowerCase()).toContain('unemployment');
      expect(doc!.text).toContain(litText);
      expect(litText.trim()).toBe(snippet);
      await expectAccessible(page, 'the viewer with a lit passage');
      await screenshot(page, 'passage-laptop');

      // Back to the results (kept as left) and the second one kept in a case.
      await page.keyboard.press('Control+k');
      await expect(panel).toBeVisible();
      await expect(results).toHaveCount(2);
      await results.nth(1).getByRole('button', { name: 'Add to case' }).click();
      await expect(results.nth(1).getByTestId('result-note')).toContainText('Kept in the case');
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      const kept = page.getByTestId('case-citation');
      await expect(kept).toHaveCount(1);
      await expect(kept).toContainText(title);
      await expect(kept).toContainText('unemployment');
      await expectAccessible(page, 'the case with its kept passage');

      // A small window: the panel and the viewer still fit.
      await page.setViewportSize({ width: 760, height: 560 });
      await screenshot(page, 'passage-small');
      await page.keyboard.press('Control+k');
      await expect(panel).toBeVisible();
      await expectAccessible(page, 'the search panel in a small window');
      await screenshot(page, 'search-panel-small');

      // The dark theme (following the system): the panel stays readable.
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(results).toHaveCount(2);
      await expectAccessible(page, 'the search panel in the dark theme');
      await screenshot(page, 'search-panel-dark');
      await context.close();
    } finally {
      await webHost.close();
    }
  });
});
