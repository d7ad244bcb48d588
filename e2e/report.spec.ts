import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { parseBundle } from '../desktop/main/report/model';
import { revenuePdf } from './documents';
import { expect, test } from './fixtures';
import { addAndOpen, escapeRegExp, expectAccessible, figure, runClaim } from './helpers';

// The report journey, through the web host in Chromium on its own data folder: a case built through the UI
// with two checks (one supported; one escalated, with the person's judgment) and two kept search passages;
// exported as HTML and as PDF (the web host's print page, printed headless); the PDF's pages rendered with
// poppler's pdftoppm and read with pdftotext: outcomes in words, the judgment labelled as the person's,
// the document's hash, and every cited figure's crop with its box drawn in the report's mark colour.

const TRUE_CLAIM = 'Revenue rose 12% from 2022 to 2023';
/** The crops' mark colour (desktop/main/report/crops.ts), as RGB. */
const MARK = [0xe4, 0x00, 0x7c] as const;

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join('test-results', 'report');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Keeps a search result for `query` in the open case. */
async function keepPassage(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const panel = page.getByRole('dialog', { name: 'Search your evidence' });
  await expect(panel).toBeVisible();
  const box = panel.getByRole('searchbox', { name: 'Search query' });
  await box.fill(query);
  await expect(panel.getByTestId('search-body')).toHaveAttribute('data-state', 'current');
  const result = panel.getByTestId('search-result').first();
  await expect(result.locator('mark').first()).toHaveText(new RegExp(escapeRegExp(query), 'i'));
  await result.getByRole('button', { name: 'Add to case' }).click();
  await expect(result.getByTestId('result-note')).toContainText('Kept in the case');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

/** Opens the export dialog, exports in `format` (the radio's label) and answers the dialog. */
async function openExport(page: Page, format: RegExp): Promise<Locator> {
  await page
    .getByRole('button', { name: /^Export report/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /Export/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: format }).check();
  return dialog;
}

/**
 * The marks drawn in a rendered page: connected regions of the mark colour (8-neighbours), each at least
 * `minPixels` large, so a stray anti-aliased pixel is not a mark.
 */
async function marksOn(png: Buffer, minPixels = 12): Promise<number> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
  const mask = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const i = p * 4;
    if (
      Math.abs(data[i]! - MARK[0]) < 48 &&
      Math.abs(data[i + 1]! - MARK[1]) < 64 &&
      Math.abs(data[i + 2]! - MARK[2]) < 64
    )
      mask[p] = 1;
  }
  let marks = 0;
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1) continue;
    let size = 0;
    mask[start] = 2;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      size++;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (mask[q] === 1) {
            mask[q] = 2;
            stack.push(q);
          }
        }
    }
    if (size >= minPixels) marks++;
  }
  return marks;
}

test.describe('report journey', () => {
  test('(1) a case with two checks and two passages, exported as HTML and PDF, read back from the PDF', async ({
    workbench,
    host,
  }) => {
    test.skip(
      host !== 'web',
      "The web host's journey: the desktop app saves through its own save dialog and prints with printToPDF.",
    );
    test.setTimeout(120_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    const pdf = revenuePdf();
    const pdfHash = createHash('sha256').update(pdf.buffer).digest('hex');
    await addAndOpen(page, pdf);

    // Check 1: the sentence's figures support the claim; kept in the case.
    await figure(page, '$1,000 million').click();
    await figure(page, '$1,120 million').click();
    let card = await runClaim(page, TRUE_CLAIM);
    await expect(card).toHaveAttribute('data-outcome', 'supported');
    await page.getByRole('button', { name: /^Keep this check/ }).click();
    const kept = page.getByTestId('kept-check');
    await expect(kept).toHaveCount(1);
    await expect(kept.first()).toContainText('Supported by the figures');
    // The figures stay for another claim over them; this journey checks other figures next.
    await expect(page.getByRole('region', { name: 'Figure 1' })).toContainText('$1,000 million');
    await page.getByRole('button', { name: 'Clear both' }).click();

    // Check 2: the table's figures leave the period to a person, who judges it.
    await figure(page, '1,000').click();
    await figure(page, '1,120').click();
    card = await runClaim(page, TRUE_CLAIM);
    await expect(card).toHaveAttribute('data-outcome', 'escalate');
    const form = page.getByTestId('judgment-form-period');
    await form.getByRole('radio', { name: 'Yes' }).check();
    await form
      .getByRole('textbox', { name: /Note/ })
      .fill('The report is for 2023, so the prior year is 2022.');
    await form.getByRole('button', { name: 'Record your judgment' }).click();
    await expect(page.getByTestId('judgments')).toContainText(
      'The report is for 2023, so the prior year is 2022.',
    );

    // Two kept passages.
    await keepPassage(page, 'revenue');
    await keepPassage(page, 'million');
    await expect(page.getByTestId('case-citation')).toHaveCount(2);
    await expectAccessible(page, 'the case ready to export');
    await screenshot(page, 'case-ready');

    // HTML: one self-contained file with a crop of every cited figure.
    let dialog = await openExport(page, /^HTML/);
    await expectAccessible(page, 'the export dialog');
    await screenshot(page, 'export-dialog');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /^Export$/ }).click();
    const htmlFile = await (await download).path();
    await expect(dialog).toContainText(/Saved as/);
    const html = readFileSync(htmlFile, 'utf8');
    // The HTML escapes apostrophes; read it as text for the words.
    const words = html
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    const has = (pattern: RegExp | string) =>
      expect(
        typeof pattern === 'string' ? words.includes(pattern) : pattern.test(words),
        String(pattern),
      ).toBe(true);
    has('Supported by the figures');
    has(/Unresolved: Needs a person's judgment/);
    has(/Judgment by [^<]*\(the person's, not the service's\)/);
    has(pdfHash);
    expect(/<script/i.test(html), 'no script in the report').toBe(false);
    // A crop of every cited figure (two figures in each of the two checks): its close-up and its row.
    expect((html.match(/<img class="close-up" [^>]*src="data:image\/png;base64,/g) ?? []).length).toBe(4);
    expect((html.match(/<img class="row-band" [^>]*src="data:image\/png;base64,/g) ?? []).length).toBe(4);
    await dialog.getByRole('button', { name: /^Close/ }).click();

    // The JSON bundle parses, and its digest seals it.
    dialog = await openExport(page, /^JSON/);
    const bundleDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /^Export$/ }).click();
    const bundle = parseBundle(JSON.parse(readFileSync(await (await bundleDownload).path(), 'utf8')));
    expect(bundle.ok).toBe(true);
    if (bundle.ok) {
      const checks = bundle.bundle.cases[0]!.checks;
      expect(checks.map((c) => c.response?.outcome)).toEqual(['supported', 'escalate']);
      expect(checks[1]!.personJudgments).toMatchObject([{ facet: 'period', holds: true }]);
      expect(bundle.bundle.cases[0]!.citations).toHaveLength(2);
    }
    await dialog.getByRole('button', { name: /^Close/ }).click();

    // PDF: the web host opens the report for the browser's print dialog; printed headless here.
    dialog = await openExport(page, /^PDF/);
    const opened = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: /^Export$/ }).click();
    const printPage = await opened;
    await printPage.waitForLoadState('load');
    await expect(printPage.locator('h1')).toBeVisible();
    // The PDF and its rendered pages stay under test-results to look at.
    const work = join('test-results', 'report', 'pdf');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    {
      const pdfPath = join(work, 'report.pdf');
      await printPage.pdf({ path: pdfPath, format: 'A4', printBackground: true });
      await printPage.close();

      const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
      expect(text).toContain('Supported by the figures');
      expect(text).toMatch(/Unresolved: Needs a person.s judgment/);
      expect(text).toMatch(/Judgment by .*\(the person.s, not the service.s\)/);
      expect(text).toContain('The report is for 2023, so the prior year is 2022.');
      expect(text).toMatch(/Scope/);
      // Long hashes may wrap: the document's hash is on the page once the line breaks are taken out.
      expect(text.replace(/\s+/g, '')).toContain(pdfHash);

      execFileSync('pdftoppm', ['-r', '100', '-png', pdfPath, join(work, 'page')]);
      const pages = readdirSync(work).filter((f) => f.startsWith('page') && f.endsWith('.png'));
      expect(pages.length).toBeGreaterThan(0);
      const marks = await Promise.all(pages.map((p) => marksOn(readFileSync(join(work, p)))));
      // Four cited figures (two per check), each crop with its box drawn in the mark colour.
      const total = marks.reduce((a, b) => a + b, 0);
      expect(total, `marks per page: ${marks.join(', ')}`).toBeGreaterThanOrEqual(4);
    }
    expect(existsSync(htmlFile)).toBe(true);
  });
});
