import { WEB_BRIDGE_PATH, WEB_TOKEN_HEADER } from '../shared/bridge';
import { expect, test } from './fixtures';
import { WorkbenchPage } from './pages/workbench-page';

test.describe('the web host bridge', () => {
  test('refuses a call without the launch token, even from the workbench page itself', async ({
    webHost,
    chromium,
  }) => {
    const context = await (await chromium()).newContext();
    const page = await context.newPage();
    await page.goto(webHost.url);
    const workbench = new WorkbenchPage(page);
    await workbench.waitUntilReady();

    // The token was taken from the fragment and cleared from the address bar.
    expect(page.url()).not.toContain('token=');

    const call = (token: string | null) =>
      page.evaluate(
        async ({ path, header, token }) => {
          const response = await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token === null ? {} : { [header]: token }) },
            body: JSON.stringify({ channel: 'health', input: {} }),
          });
          return { status: response.status, body: (await response.json()) as unknown };
        },
        { path: WEB_BRIDGE_PATH, header: WEB_TOKEN_HEADER, token },
      );

    const withoutToken = await call(null);
    expect(withoutToken.status).toBe(401);
    expect(withoutToken.body).toMatchObject({ ok: false, error: { code: 'unauthorized' } });

    const wrongToken = await call('not-the-launch-token');
    expect(wrongToken.status).toBe(401);

    const withToken = await call(webHost.token);
    expect(withToken.status).toBe(200);
    expect(withToken.body).toMatchObject({ ok: true, value: { status: 'ok', service: 'embedded' } });

    await context.close();
  });

  test('a page that never had the token shows the refusal, never a ready service', async ({
    webHost,
    chromium,
  }) => {
    const context = await (await chromium()).newContext();
    const page = await context.newPage();
    // Opened without the #token fragment, in a tab that never had the token.
    await page.goto(webHost.origin);
    const workbench = new WorkbenchPage(page);
    expect(await workbench.waitUntilSettled()).toBe('error');
    await expect(workbench.serviceStatus).toContainText('Local evidence service: unavailable');
    await expect(workbench.serviceStatus).toContainText('token');
    await expect(workbench.serviceStatus).not.toContainText('ready');
    await context.close();
  });
});
