import { expect, type Locator, type Page } from '@playwright/test';

/** The app shell as a fact-checker sees it: header, library, service status. */
export class WorkbenchPage {
  readonly shell: Locator;
  readonly heading: Locator;
  readonly library: Locator;
  readonly libraryEmptyState: Locator;
  readonly libraryCount: Locator;
  readonly serviceStatus: Locator;

  constructor(readonly page: Page) {
    this.shell = page.getByTestId('app-shell');
    this.heading = page.getByRole('heading', { level: 1, name: 'Evidence Workbench' });
    this.library = page.getByRole('complementary', { name: 'Library' });
    this.libraryEmptyState = page.getByTestId('library-empty');
    this.libraryCount = page.getByTestId('library-count');
    this.serviceStatus = page.getByTestId('service-status');
  }

  /** Waits until the first health call has answered, whatever it answered. */
  async waitUntilSettled(): Promise<'ready' | 'error'> {
    await expect(this.shell).toHaveAttribute('data-app-state', /^(ready|error)$/);
    return (await this.shell.getAttribute('data-app-state')) as 'ready' | 'error';
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.shell).toHaveAttribute('data-app-state', 'ready');
  }
}
