import type { Locator, Page, TestInfo } from '@playwright/test';
import type { DocumentFile } from './documents';
import { expect, test } from './fixtures';
import { addAndOpen, expectAccessible, figure, runClaim, pressUntilFocused } from './helpers';

// Which figure is which, through the web host in Chromium: the claim's words bind the figures whatever
// order they were picked in, and when the words cannot tell them apart the person is asked, answers with
// the keyboard alone, and the check runs again with their answer, kept as their judgment.

const BOUND_CLAIM = 'Texas ran 5,271 more handgun checks than long gun checks';
const UNCLEAR_CLAIM = 'Texas ran 5,271 more checks of one kind than the other';
const LINE = 'Handgun 56,941 − long gun 51,670 = 5,271; the claim says 5,271 (±0.5): holds';

/** One state's background checks for a month: a row label, two columns that are not periods. */
function checksCsv(): DocumentFile {
  return {
    name: 'background-checks.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('State,Handgun,Long Gun\nTexas,56941,51670\n'),
  };
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** The figures as the result card lists them, in the claim's order. */
function figureRoles(page: Page): Locator {
  return page.getByRole('region', { name: 'Which figure is which' }).getByRole('listitem');
}

test.describe('which figure is which', () => {
  test('the claim’s words bind the figures in either order; unclear words ask the person', async ({
    workbench,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { page } = workbench;
    await workbench.waitUntilReady();
    const csv = checksCsv();
    await addAndOpen(page, csv);

    // Picked handgun first: the tray names each figure by its row and column.
    await figure(page, '56941').click();
    await figure(page, '51670').click();
    const tray = page.getByRole('region', { name: 'Figures' });
    await expect(tray.getByRole('region', { name: 'Figure 1' })).toContainText('Texas · Handgun');
    await expect(tray.getByRole('region', { name: 'Figure 2' })).toContainText('Texas · Long Gun');
    await expect(tray).not.toContainText(/baseline|swap/i);

    let card = await runClaim(page, BOUND_CLAIM);
    await expect(figureRoles(page)).toHaveText([
      'Compared · by the claim’s words“handgun checks”Texas · Handgun, 56941',
      'Compared with · by the claim’s words“long gun checks”Texas · Long Gun, 51670',
    ]);
    await expect(card.getByTestId('arithmetic-line')).toHaveText(LINE);
    await expect(card).not.toHaveAttribute('data-outcome', 'supported');
    await expectAccessible(page, 'a result with roles');

    // Picked the other way round: the same answer.
    await tray.getByRole('button', { name: 'Clear both' }).click();
    await figure(page, '51670').click();
    await figure(page, '56941').click();
    await expect(tray.getByRole('region', { name: 'Figure 1' })).toContainText('Texas · Long Gun');
    card = await runClaim(page, BOUND_CLAIM);
    await expect(page.getByTestId('result-stale')).toHaveCount(0);
    await expect(figureRoles(page)).toHaveText([
      /“handgun checks”Texas · Handgun, 56941$/,
      /“long gun checks”Texas · Long Gun, 51670$/,
    ]);
    await expect(card.getByTestId('arithmetic-line')).toHaveText(LINE);

    // Words that cannot tell the figures apart: a question, and both computations, neither as the answer.
    card = await runClaim(page, UNCLEAR_CLAIM);
    const question = card.getByRole('group', { name: 'Which figure is “one kind”?' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('radio')).toHaveCount(2);
    await expect(question.getByTestId('roles-choice')).toHaveText([
      'Figure 1Texas · Long Gun, 51670',
      'Figure 2Texas · Handgun, 56941',
    ]);
    const readings = card.getByTestId('arithmetic-reading');
    await expect(readings).toHaveCount(2);
    await expect(card.getByTestId('arithmetic-readings')).not.toContainText(/[✓✗]|holds|fails/);
    await expect(card).toHaveAttribute('data-outcome', 'escalate');
    await expectAccessible(page, 'the question which figure is which');
    await keepScreenshot(page, testInfo, 'roles-question');

    // Answered with the keyboard alone: handgun checks (Figure 2) are the "one kind".
    const first = question.getByRole('radio', { name: /Figure 1/ });
    await pressUntilFocused(page, first);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect(question.getByRole('radio', { name: /Figure 2/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Column B of the table is handguns.');
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Answer and check again' })).toBeFocused();
    await page.keyboard.press('Enter');

    const change = card.getByRole('button', { name: 'Change your answer' });
    await expect(change).toBeFocused();
    await expect(page.getByRole('region', { name: 'Which figure is which' })).toHaveAttribute(
      'data-state',
      'person',
    );
    await expect(figureRoles(page)).toHaveText([
      'Compared · set by you“one kind”Texas · Handgun, 56941',
      'Compared with · set by youFigure 1Texas · Long Gun, 51670',
    ]);
    await expect(card.getByTestId('arithmetic-line')).toHaveText(
      '56,941 − 51,670 = 5,271; the claim says 5,271 (±0.5): holds',
    );
    await expect(card.getByTestId('arithmetic-readings')).toHaveCount(0);
    const judgment = page
      .getByRole('region', { name: 'Your judgments' })
      .getByTestId('person-judgment')
      .filter({ hasText: 'which figure is which' });
    // The answer is said in words (which figure they chose), then the person's own note.
    await expect(judgment).toContainText(
      'Your judgment: which figure is which — Figure 2 (56941) is ‹one kind›, the figure the claim compares; figure 1 (51670) is the figure it is compared with. Column B of the table is handguns.',
    );
    await expectAccessible(page, 'a check run again with the person’s roles');
    await keepScreenshot(page, testInfo, 'roles-answered');
  });
});
