import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { parseBundle } from '../desktop/main/report/model';
import { revenuePdf } from './documents';
import { expect, test } from './fixtures';
import { addAndOpen, expectAccessible, figure, runClaim } from './helpers';

// A person's verdict, through the web host in Chromium on its own data folder: a check the service leaves to
// a person is kept, the fact-checker gives it their own verdict ("False", with a note) by keyboard, the
// cases list says the check is resolved by their verdict, and the exported report shows the verdict as
// theirs, apart from the service's outcome, which stays unresolved.

const CLAIM = 'Revenue rose 12% from 2022 to 2023';
const NOTE = 'The table is the group, the claim is about the parent company.';
const AUTHOR = 'Ada Checker';

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false });
}

test.describe("a person's verdict", () => {
  test('a kept check given "False" with a note: resolved by your verdict, and exported apart from the service outcome', async ({
    workbench,
    host,
  }, testInfo) => {
    test.skip(
      host !== 'web',
      'The web host’s journey: the desktop app saves reports through its own save dialog.',
    );
    test.setTimeout(120_000);
    const { page } = workbench;
    await workbench.waitUntilReady();

    // The name kept with the verdict as its author.
    await page.keyboard.press('Control+Comma');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByLabel('Your name on reports').fill(AUTHOR);
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByTestId('settings-notice')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    const pdf = revenuePdf();
    await addAndOpen(page, pdf);

    // The table's figures leave the period to a person: the service does not settle the check.
    await figure(page, '1,000').click();
    await figure(page, '1,120').click();
    const card = await runClaim(page, CLAIM);
    await expect(card).toHaveAttribute('data-outcome', 'escalate');
    await page.getByRole('button', { name: /^Keep this check/ }).click();
    const kept = page.getByTestId('kept-check');
    await expect(kept).toHaveCount(1);
    const caseItem = page.getByTestId('case-item').first();
    await expect(caseItem.getByTestId('case-checks')).toHaveText('⚠ 1 check, unresolved');

    // The verdict, by keyboard: open the form, move to "False" with the arrows, write the note, save.
    await kept.getByRole('button', { name: 'Give your verdict on check 1' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByTestId('verdict-form');
    const group = form.getByRole('group', { name: 'Your verdict on check 1' });
    await expect(group.getByRole('radio', { name: 'True' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: 'False' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('textbox', { name: 'Note (optional)' })).toBeFocused();
    await page.keyboard.type(NOTE);
    await expectAccessible(page, 'the verdict form', '[data-testid="kept-checks"]');
    await keepScreenshot(page, testInfo, 'verdict-form-light');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Save verdict' })).toBeFocused();
    await page.keyboard.press('Enter');

    const shown = kept.getByTestId('person-verdict');
    await expect(shown).toContainText(`Your verdict: False — ${NOTE} (by ${AUTHOR}, `);
    // The service's outcome is as it answered: unresolved, never success.
    const badge = kept.getByTestId('outcome-badge');
    await expect(badge).toHaveAttribute('data-outcome', 'escalate');
    await expect(badge).not.toHaveAttribute('data-tone', 'success');
    // The cases list: resolved, and by whom.
    await expect(caseItem.getByTestId('case-checks')).toHaveText('1 check, settled by your verdict');

    // Light, dark and a small window, each checked by axe.
    await expectAccessible(page, 'a kept check with a verdict');
    await keepScreenshot(page, testInfo, 'verdict-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'a kept check with a verdict, dark');
    await keepScreenshot(page, testInfo, 'verdict-dark');
    await page.setViewportSize({ width: 800, height: 600 });
    await kept.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'a kept check with a verdict, small window, dark');
    await keepScreenshot(page, testInfo, 'verdict-small-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await keepScreenshot(page, testInfo, 'verdict-small-light');
    await page.setViewportSize({ width: 1366, height: 820 });

    // The report: HTML, the verdict under its own heading and in its own column at a glance.
    await page
      .getByRole('button', { name: /^Export report/ })
      .first()
      .click();
    let dialog = page.getByRole('dialog', { name: /Export/ });
    await dialog.getByRole('radio', { name: /^HTML/ }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /^Export$/ }).click();
    const html = readFileSync(await (await download).path(), 'utf8').replace(/&#39;/g, "'");
    await expect(dialog).toContainText(/Saved as/);
    await dialog.getByRole('button', { name: /^Close/ }).click();
    expect(html).toContain('<th scope="col">The person\'s verdict</th>');
    expect(html).toContain(`<span class="person-badge">False (by <bdi>${AUTHOR}</bdi>)</span>`);
    expect(html).toContain(
      `<strong>Verdict by <bdi>${AUTHOR}</bdi> (the person's, not the service's)</strong>`,
    );
    expect(html).toContain(
      `Their verdict: <strong class="verdict-value">False</strong> — <bdi>${NOTE}</bdi>`,
    );
    // The service's outcome beside it is its own, unresolved.
    expect(html).toMatch(/<article class="check tone-unresolved"/);
    expect(html).toContain('<span class="badge">Unresolved: Needs a person\'s judgment</span>');
    const answer = html.slice(
      html.indexOf('<section class="answer">'),
      html.indexOf('<section class="verdict">'),
    );
    expect(answer).not.toContain('False');
    expect(html.indexOf('<section class="verdict">')).toBeGreaterThan(
      html.indexOf('<section class="answer">'),
    );

    // The report as a reader sees it, in a tab of its own.
    const reader = await page.context().newPage();
    await reader.setContent(html);
    const verdictBlock = reader.locator('section.verdict');
    await expect(verdictBlock).toContainText(`Verdict by ${AUTHOR} (the person's, not the service's)`);
    await expect(verdictBlock).toContainText(`Their verdict: False — ${NOTE}`);
    await expectAccessible(reader, 'the report with a verdict');
    await verdictBlock.scrollIntoViewIfNeeded();
    await reader.screenshot({ path: testInfo.outputPath('verdict-report.png') });
    await reader.locator('section.summary').screenshot({ path: testInfo.outputPath('verdict-glance.png') });
    await reader.setViewportSize({ width: 390, height: 800 });
    await verdictBlock.scrollIntoViewIfNeeded();
    await reader.screenshot({ path: testInfo.outputPath('verdict-report-phone.png') });
    await reader.close();

    // The bundle carries it, apart from the service's response.
    await page
      .getByRole('button', { name: /^Export report/ })
      .first()
      .click();
    dialog = page.getByRole('dialog', { name: /Export/ });
    await dialog.getByRole('radio', { name: /^JSON/ }).check();
    const bundleDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /^Export$/ }).click();
    const bundle = parseBundle(JSON.parse(readFileSync(await (await bundleDownload).path(), 'utf8')));
    expect(bundle.ok).toBe(true);
    if (bundle.ok) {
      const check = bundle.bundle.cases[0]!.checks[0]!;
      expect(check.response?.outcome).toBe('escalate');
      expect(check.personVerdict).toMatchObject({ verdict: 'false', note: NOTE, author: AUTHOR });
    }
    await dialog.getByRole('button', { name: /^Close/ }).click();
  });
});
