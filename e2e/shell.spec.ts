import { expect, test } from './fixtures';

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
