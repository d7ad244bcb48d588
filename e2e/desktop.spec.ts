import type { Page, TestInfo } from '@playwright/test';
import { comboLabel, KEYMAP } from '../shared/vocabulary/commands';
import { revenuePdf } from './documents';
import { expect, test } from './fixtures';
import { addAndOpen, expectAccessible } from './helpers';

// A desktop app's habits through the web host in Chromium: every key the app binds is listed by the
// shortcuts overlay (compared with the keymap's own table), the in-page menu runs the same commands,
// and the workbench is readable and accessible in the dark theme as in the light one.

const TRUE_CLAIM = 'Revenue rose 12% from 2022 to 2023';

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

async function checkTrueClaim(page: Page): Promise<void> {
  const pdf = revenuePdf();
  await addAndOpen(page, pdf);
  await expect(page.getByRole('img', { name: 'Page 1 of the original' }).locator('canvas')).toBeVisible();
  for (const raw of ['$1,000 million', '$1,120 million'])
    await page
      .getByRole('button', { name: new RegExp(`^Figure ${raw.replace(/[$]/g, '\\$')} \\(`) })
      .filter({ visible: true })
      .first()
      .click();
  await page.getByRole('textbox', { name: 'Claim' }).fill(TRUE_CLAIM);
  await page.getByRole('button', { name: /^Run check/ }).click();
  await expect(page.getByTestId('result-card')).toHaveAttribute('data-outcome', 'supported');
}

test.describe('desktop habits', () => {
  test('(3) the shortcuts overlay lists every shortcut the app binds', async ({ workbench }, testInfo) => {
    const { page } = workbench;
    await workbench.waitUntilReady();
    const opener = page.getByTestId('toggle-library');
    await opener.focus();

    await page.keyboard.press('?');
    const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(overlay).toBeVisible();
    const rows = overlay.getByTestId('shortcut-row');
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-shortcut-id')))).toEqual(
      KEYMAP.map((shortcut) => shortcut.id),
    );
    for (const shortcut of KEYMAP) {
      const row = overlay.locator(`[data-shortcut-id="${shortcut.id}"]`);
      await expect(row.getByTestId('shortcut-description')).toHaveText(shortcut.description);
      await expect(row.getByTestId('shortcut-key')).toHaveText(
        shortcut.keys.map((combo) => comboLabel(combo, false)),
      );
    }
    await expectAccessible(page, 'the shortcuts overlay');
    await keepScreenshot(page, testInfo, 'shortcuts-overlay');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page, 'the shortcuts overlay, dark');
    await page.setViewportSize({ width: 800, height: 600 });
    await page.screenshot({ path: testInfo.outputPath('dark-shortcuts-800x600.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await expect(opener).toBeFocused();

    // The keymap's own keys do what the table says.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    // Once in a full run the picker's event never came for a key pressed just as the wait started
    // (Playwright turns its interception of pickers on as the wait starts). One more press then, and none
    // after: a key that never opens the picker still fails here.
    const picked = async () => {
      const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
      await page.keyboard.press('Control+o');
      return chooser;
    };
    expect((await picked().catch(picked)).isMultiple()).toBe(true);
    await page.keyboard.press('Control+Shift+L');
    await expect(page.getByRole('textbox', { name: 'Paste a web address' })).toBeFocused();
    // Typing "?" in a field is typing.
    await page.keyboard.type('?');
    await expect(overlay).toBeHidden();
  });

  test('the in-page menu runs the same commands with their keys', async ({ workbench }) => {
    const { page } = workbench;
    await workbench.waitUntilReady();
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    const menu = page.getByRole('menu', { name: 'Workbench menu' });
    await expect(menu).toBeVisible();
    for (const group of ['File', 'View', 'Help'])
      await expect(menu.getByRole('group', { name: group })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Add files/ })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+O',
    );
    await expect(menu.getByRole('menuitem', { name: /Export report/ })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Shift+E',
    );
    await expect(menu.getByRole('menuitem', { name: /Export report/ })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expectAccessible(page, 'the open menu');
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'About Evidence Workbench' })).toBeFocused();
    await page.keyboard.press('Enter');
    const about = page.getByRole('dialog', { name: 'About Evidence Workbench' });
    await expect(about.getByTestId('version-evidence')).toHaveText(/^\d+\.\d+\.\d+/);
    await expect(about.getByTestId('version-chromium')).toHaveText(/^\d+\./);
    await page.keyboard.press('Escape');
    await expect(about).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole('menuitem', { name: 'Hide library' }).click();
    await expect(page.getByTestId('sidebar')).toBeHidden();
  });

  test('(4) dark theme: the viewer with a result card, axe-core in both themes', async ({
    workbench,
  }, testInfo) => {
    const { page } = workbench;
    await page.emulateMedia({ colorScheme: 'dark' });
    await workbench.waitUntilReady();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page, 'the empty workbench, dark');

    await checkTrueClaim(page);
    await expectAccessible(page, 'a supported check, dark');
    await page.getByTestId('result-card').scrollIntoViewIfNeeded();
    await page.getByTestId('result-card').screenshot({ path: testInfo.outputPath('dark-result-card.png') });
    const viewer = await page.getByTestId('app-shell').screenshot();
    await testInfo.attach('dark-viewer-with-result', { body: viewer, contentType: 'image/png' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: testInfo.outputPath('dark-1366x768.png') });
    await page.setViewportSize({ width: 800, height: 600 });
    await page.screenshot({ path: testInfo.outputPath('dark-800x600.png') });
    await expectAccessible(page, 'a supported check, dark, small window');

    // The system turns light: the page follows it.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.screenshot({ path: testInfo.outputPath('light-800x600.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: testInfo.outputPath('light-1366x768.png') });
    await expectAccessible(page, 'a supported check, light');

    // A manual choice overrides the system, and is kept.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Theme: dark' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Theme: dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.screenshot({ path: testInfo.outputPath('dark-menu.png') });
    await expectAccessible(page, 'the menu, dark');
    await page.keyboard.press('Escape');
    // (The web host's launch token lives in the page's memory only, so a reloaded page has no bridge: only
    // the theme is looked at after it.)
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('text scales with the font size the system gives the page', async ({ workbench }) => {
    const { page } = workbench;
    await workbench.waitUntilReady();
    const size = (selector: string) =>
      page.locator(selector).evaluate((element) => {
        const { getComputedStyle } = globalThis as unknown as {
          getComputedStyle: (node: unknown) => { fontSize: string };
        };
        return parseFloat(getComputedStyle(element).fontSize);
      });
    // No size is set on the root: it is the browser's (the system's) default.
    expect(await size('html')).toBe(16);
    const heading = await size('h1');
    // A person who asks for larger text: every rem-sized text follows.
    await page
      .locator('html')
      .evaluate((element) =>
        (
          element as unknown as { style: { setProperty(name: string, value: string): void } }
        ).style.setProperty('font-size', '125%'),
      );
    expect(await size('h1')).toBeCloseTo(heading * 1.25, 1);
    expect(await size('[data-testid="toggle-library"]')).toBeCloseTo(14 * 1.25, 1);
  });
});
