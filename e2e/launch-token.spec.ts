import type { Page } from '@playwright/test';
import { rendererOutDir } from '../desktop/project';
import { startWebHost } from '../desktop/web/server';
import { expect, test } from './fixtures';
import { WorkbenchPage } from './pages/workbench-page';

// A tab opened from the printed address keeps working across reloads and when that address (or a newer
// launch's) is opened again in it; a tab or origin that never had this launch's token is still refused.

/** Adds a small text document through "Add files" and waits until the library lists it. */
async function addNote(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add files' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'note.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Revenue rose 12% to $1.2bn in 2023.\n'),
  });
  await expect(page.getByTestId('library-item').filter({ hasText: 'note.txt' })).toBeVisible();
}

async function expectWorking(workbench: WorkbenchPage): Promise<void> {
  await workbench.waitUntilReady();
  await expect(workbench.serviceStatus).toContainText('Local evidence service: ready');
  await expect(workbench.libraryCount).toHaveText('1 document');
  await expect(workbench.page.getByTestId('library-item').filter({ hasText: 'note.txt' })).toBeVisible();
}

test.describe('the launch token across reloads', () => {
  test('a launched tab survives F5 and the printed address opened again in it', async ({
    webHost,
    chromium,
  }) => {
    const context = await (await chromium()).newContext();
    const page = await context.newPage();
    await page.goto(webHost.url);
    const workbench = new WorkbenchPage(page);
    await workbench.waitUntilReady();
    await addNote(page);

    await page.reload();
    expect(page.url()).toBe(`${webHost.origin}/`);
    await expectWorking(workbench);

    // The same address again, in the same tab: only the fragment changes, so nothing loads.
    await page.goto(webHost.url);
    await expect(page).toHaveURL(`${webHost.origin}/`);
    await expectWorking(workbench);
    await page.reload();
    await expectWorking(workbench);

    // The token was kept for this tab only: a new tab on the same origin never had it.
    const other = new WorkbenchPage(await context.newPage());
    await other.page.goto(webHost.origin);
    expect(await other.waitUntilSettled()).toBe('error');
    await expect(other.serviceStatus).toContainText('This tab has no workbench token');

    // Another origin of the same host (localhost, not 127.0.0.1) holds nothing of this tab's.
    const elsewhere = new WorkbenchPage(await context.newPage());
    await elsewhere.page.goto(`http://localhost:${webHost.port}/`);
    expect(await elsewhere.waitUntilSettled()).toBe('error');
    await expect(elsewhere.serviceStatus).toContainText('This tab has no workbench token');

    await context.close();
  });

  test('a tab kept from an earlier launch says to open what "npm start" printed, and opening it there works', async ({
    dataDir,
    chromium,
  }) => {
    const earlier = await startWebHost({
      port: 0,
      dataDir,
      rendererDir: rendererOutDir,
      launchCommand: 'npm start',
    });
    const context = await (await chromium()).newContext();
    const page = await context.newPage();
    const workbench = new WorkbenchPage(page);
    await page.goto(earlier.url);
    await workbench.waitUntilReady();
    await addNote(page);
    await earlier.close();

    // Started again on the same port (as with --port): a new token, and the tab still holds the old one.
    const restarted = await startWebHost({
      port: earlier.port,
      dataDir,
      rendererDir: rendererOutDir,
      launchCommand: 'npm start',
    });
    try {
      expect(restarted.token).not.toBe(earlier.token);
      await page.reload();
      expect(await workbench.waitUntilSettled()).toBe('error');
      await expect(workbench.serviceStatus).toContainText('Local evidence service: unavailable');
      await expect(workbench.serviceStatus).toContainText("This tab's workbench token is not this launch's");
      await expect(workbench.serviceStatus).toContainText('Open the address "npm start" printed last');
      await expect(workbench.serviceStatus).not.toContainText('npm run web');
      await expect(workbench.page.getByTestId('library-error')).toContainText('not this launch');

      await page.goto(restarted.url);
      await expectWorking(workbench);
      expect(page.url()).toBe(`${restarted.origin}/`);
    } finally {
      await context.close();
      await restarted.close();
    }
  });
});
