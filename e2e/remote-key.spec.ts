import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rendererOutDir } from '../desktop/project';
import { createKeyStore } from '../desktop/main/keychain';
import { startWebHost } from '../desktop/web/server';
import { expect, test } from './fixtures';
import { WorkbenchPage } from './pages/workbench-page';

// A fact-checker who chose a remote evidence service on a machine without a usable keychain is told that
// no key is set and that a key would be kept for this session only. The key itself never reaches the page.

test.describe('a remote evidence service', () => {
  test('says that no API key is set and why a key would not outlive the session', async ({
    host,
    dataDir,
    chromium,
  }) => {
    test.skip(host !== 'web', 'This journey exercises the loopback web host only.');
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ mode: 'remote', baseUrl: 'http://127.0.0.1:9', ocr: 'auto', dataDir: null }),
    );
    const noKeychain = createKeyStore({
      backend: {
        name: 'none',
        get: () => Promise.reject(new Error('no Secret Service on this machine')),
        set: () => Promise.reject(new Error('no Secret Service on this machine')),
        delete: () => Promise.reject(new Error('no Secret Service on this machine')),
      },
    });
    const webHost = await startWebHost({
      port: 0,
      dataDir,
      rendererDir: rendererOutDir,
      keyStore: noKeychain,
    });
    const context = await (await chromium()).newContext();
    try {
      const page = await context.newPage();
      await page.goto(webHost.url);
      const workbench = new WorkbenchPage(page);
      await workbench.waitUntilReady();
      await expect(workbench.serviceStatus).toContainText('Remote evidence service: http://127.0.0.1:9');
      const note = page.getByTestId('key-status');
      await expect(note).toContainText('No API key is set for http://127.0.0.1:9');
      await expect(note).toContainText('kept for this session only');
    } finally {
      await context.close();
      await webHost.close();
    }
  });
});
