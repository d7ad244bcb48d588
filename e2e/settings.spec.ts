import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot, rendererOutDir } from '../desktop/project';
import { startWebHost } from '../desktop/web/server';
import { revenuePdf } from './documents';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, figure } from './helpers';
import { WorkbenchPage } from './pages/workbench-page';

// A fact-checker points the workbench at a newsroom's evidence service: the real service (`npm run
// service`) in its own process on its own data folder, with a key made by `keys create`. They test the
// connection, set the key, upload and check through it; a wrong key is reported as rejected; when the
// service stops the status bar says so within 5 s, and when it is back the calls work again.
//
// The key store is the host's own: the OS keychain when a Secret Service is running and unlocked (run the
// suite under `dbus-run-session` with gnome-keyring, as tests/desktop/main/keychain does), else this session only.

interface RunningService {
  url: string;
  port: number;
  child: ChildProcess;
}

function service(args: string[]): string[] {
  return ['run', '--silent', 'service', '--', ...args];
}

function createKey(dataDir: string): string {
  const made = spawnSync('npm', service(['keys', 'create', '--label', 'e2e', '--data', dataDir]), {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  const key = made.stdout.trim().split('\n').pop()?.trim() ?? '';
  if (made.status !== 0 || key === '') throw new Error(`keys create failed: ${made.stderr}`);
  return key;
}

async function startService(dataDir: string, port = 0): Promise<RunningService> {
  const child = spawn(
    'npm',
    service(['--port', String(port), '--data', dataDir, '--ocr', 'off']),
    // Its own process group, so stopping it stops npm and the service behind it.
    { cwd: projectRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the service did not start: ${errors}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(out);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}): ${errors}`));
    });
  });
  return { url, port: Number(new URL(url).port), child };
}

async function stopService(running: RunningService): Promise<void> {
  if (running.child.exitCode !== null || running.child.pid === undefined) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  process.kill(-running.child.pid, 'SIGTERM');
  await exited;
}

test.describe('a remote evidence service set up in the settings', () => {
  test.setTimeout(120_000);

  test('remote mode: test, key, upload and check; a wrong key; the service stops and comes back', async ({
    host,
    dataDir,
    chromium,
  }, testInfo) => {
    test.skip(host !== 'web', 'This journey exercises the loopback web host only.');
    const serviceData = await mkdtemp(join(tmpdir(), 'workbench-e2e-service-'));
    const key = createKey(serviceData);
    // Started one by one inside the try: whichever fails to start, what did start is stopped.
    let running: RunningService | undefined;
    let webHost: Awaited<ReturnType<typeof startWebHost>> | undefined;
    let context: BrowserContext | undefined;
    try {
      running = await startService(serviceData);
      webHost = await startWebHost({ port: 0, dataDir, rendererDir: rendererOutDir });
      context = await (await chromium()).newContext({ viewport: { width: 1366, height: 820 } });
      const page = await context.newPage();
      await page.goto(webHost.url);
      const workbench = new WorkbenchPage(page);
      await workbench.waitUntilReady();
      await expect(workbench.serviceStatus).toContainText('Local evidence service: ready');

      // Ctrl+, opens the settings.
      await page.keyboard.press('Control+Comma');
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'the settings dialog', '[role="dialog"]');
      await page.screenshot({ path: testInfo.outputPath('settings-local-laptop.png') });

      await dialog.getByRole('radio', { name: /A remote service/ }).check();
      await dialog.getByLabel('Service URL').fill(running.url);
      const keyField = dialog.getByLabel('API key', { exact: true });
      await keyField.fill(key);
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      const result = dialog.getByTestId('connection-result');
      await expect(result).toContainText('Connected.');
      await expect(keyField).toHaveValue(key);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByTestId('settings-notice')).toContainText(
        `now uses the evidence service at ${running.url}`,
      );
      await expect(keyField).toHaveValue('');
      await expect(dialog.getByTestId('key-storage')).toContainText(
        /A key is set, kept (in the OS keychain|for this session only)/,
      );
      await expectAccessible(page, 'the settings dialog, remote', '[role="dialog"]');
      await page.screenshot({ path: testInfo.outputPath('settings-remote-laptop.png') });
      await page.setViewportSize({ width: 640, height: 560 });
      await page.screenshot({ path: testInfo.outputPath('settings-remote-small.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(page, 'the settings dialog, dark', '[role="dialog"]');
      await page.screenshot({ path: testInfo.outputPath('settings-remote-small-dark.png') });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1366, height: 820 });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      const state = page.getByTestId('service-state');
      await expect(workbench.serviceStatus).toContainText(`Remote evidence service: ${running.url}`);
      await expect(state).toHaveText('ok');
      const keyNote = page.getByTestId('key-status');
      if (process.env['DBUS_SESSION_BUS_ADDRESS'])
        await expect(keyNote).toHaveText('Key: in the OS keychain');
      else await expect(keyNote).toContainText('Key: kept for this session only');
      console.log(`settings e2e: the key was kept as "${await keyNote.textContent()}"`);

      // Upload and check through the remote service.
      const pdf = revenuePdf();
      await page
        .getByTestId('add-files-input')
        .setInputFiles({ name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer });
      const item = page.getByTestId('library-item').filter({ hasText: pdf.name });
      await expect(item).toContainText('Read completely', { timeout: 30_000 });
      await item
        .getByRole('button', { name: new RegExp(pdf.name.replace('.', '\\.')) })
        .first()
        .click();
      await figure(page, '$1,000 million').click();
      await figure(page, '$1,120 million').click();
      await page.getByRole('textbox', { name: 'Claim' }).fill('Revenue rose 12% from 2022 to 2023');
      await page.getByRole('button', { name: /^Run check/ }).click();
      await expect(page.getByTestId('result-card')).toHaveAttribute('data-outcome', 'supported');
      await page.screenshot({ path: testInfo.outputPath('status-bar-laptop.png') });

      // A wrong key: the app says it was rejected.
      await page.getByRole('button', { name: 'Settings' }).click();
      await dialog.getByLabel('API key', { exact: true }).fill('ek_this_is_not_the_key_0000');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await expect(result).toContainText('Key rejected.');
      await dialog.getByRole('button', { name: 'Replace key' }).click();
      await expect(dialog.getByLabel('API key', { exact: true })).toHaveValue('');
      await page.keyboard.press('Escape');
      await expect(state).toHaveText('key rejected', { timeout: 5_000 });
      await page.screenshot({ path: testInfo.outputPath('status-bar-key-rejected.png') });
      // And the right key again.
      await page.getByRole('button', { name: 'Settings' }).click();
      await dialog.getByLabel('API key', { exact: true }).fill(key);
      await dialog.getByRole('button', { name: 'Replace key' }).click();
      await expect(dialog.getByTestId('key-storage')).toContainText('A key is set');
      await page.keyboard.press('Escape');
      await expect(state).toHaveText('ok', { timeout: 5_000 });

      // The service stops: the status bar says so within 5 s.
      await stopService(running);
      await expect(state).toHaveText('not answering', { timeout: 5_000 });
      await page.screenshot({ path: testInfo.outputPath('status-bar-down.png') });
      await page.setViewportSize({ width: 640, height: 560 });
      await page.screenshot({ path: testInfo.outputPath('status-bar-down-small.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: testInfo.outputPath('status-bar-down-small-dark.png') });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1366, height: 820 });

      // It comes back on the same address: the calls work again.
      running = await startService(serviceData, running.port);
      await expect(state).toHaveText('ok', { timeout: 5_000 });
      await page.getByRole('button', { name: /^Run check/ }).click();
      await expect(page.getByTestId('result-card')).toHaveAttribute('data-outcome', 'supported');
      await expect(page.getByTestId('library-item').filter({ hasText: pdf.name })).toContainText(
        'Read completely',
      );
    } finally {
      await context?.close();
      await webHost?.close();
      if (running !== undefined) await stopService(running);
      await rm(serviceData, { recursive: true, force: true });
    }
  });
});
