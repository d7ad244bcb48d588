import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

test.describe('opening the workbench', () => {
  test('shows an empty library and a ready local evidence service', async ({ workbench }) => {
    await workbench.waitUntilReady();
    await expect(workbench.heading).toBeVisible();
    await expect(workbench.library).toBeVisible();
    await expect(workbench.libraryCount).toHaveText('0 documents');
    await expect(workbench.libraryEmptyState).toContainText('No documents yet');
    await expect(workbench.serviceStatus).toContainText('Local evidence service: ready');
  });
});

test.describe('a small window', () => {
  test('the empty library passes axe at the smallest window, light and dark', async ({ workbench }) => {
    const { page } = workbench;
    await page.setViewportSize({ width: 880, height: 560 });
    await workbench.waitUntilReady();
    await expect(workbench.libraryEmptyState).toContainText('No documents yet');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `the empty library at 880×560, ${scheme}`);
    }
  });
});
