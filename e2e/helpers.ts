import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { DocumentFile } from './documents';
import { expect } from './fixtures';

// What the journeys share: axe on a screen, a figure by its label, a claim checked.

/** No serious or critical accessibility violation on the screen as it is now (or inside `include`). */
export async function expectAccessible(page: Page, screen: string, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
  expect(serious, `axe on ${screen}`).toEqual([]);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The figure chip or box whose label starts with `Figure RAW (`, the first one visible. */
export function figure(page: Page, raw: string): Locator {
  return page
    .getByRole('button', { name: new RegExp(`^Figure ${escapeRegExp(raw)} \\(`) })
    .filter({ visible: true })
    .first();
}

/** Adds `file` through "Add files", waits until the library has read it completely, and opens it. */
export async function addAndOpen(page: Page, file: DocumentFile): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add files' }).click();
  await (await chooser).setFiles([file]);
  const item = page.getByTestId('library-item').filter({ hasText: file.name });
  await expect(item).toContainText('Read completely');
  await item
    .getByRole('button', { name: new RegExp(escapeRegExp(file.name)) })
    .first()
    .click();
}

/**
 * Adds `files` through "Add files" with the keyboard alone: Tab to the button, Space to press it.
 * Space, because in headless Chromium Enter's activation does not open a file picker. Headless Chromium
 * now and then opens no picker for the key: the button is focused and pressed again, so a lost picker
 * costs seconds, not the test's whole time.
 */
export async function addFilesByKeyboard(page: Page, files: DocumentFile[]): Promise<void> {
  const add = page.getByRole('button', { name: 'Add files' });
  for (let attempt = 1; ; attempt++) {
    await pressUntilFocused(page, add);
    const chooser = page.waitForEvent('filechooser', { timeout: 20_000 });
    await page.keyboard.press('Space');
    try {
      await (await chooser).setFiles(files);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Types the claim, runs the check and waits for its result card. */
export async function runClaim(page: Page, claim: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Claim' }).fill(claim);
  await page.getByRole('button', { name: /^Run check/ }).click();
  const card = page.getByTestId('result-card');
  await expect(card).toBeVisible();
  return card;
}

/** The few browser globals the keyboard helpers read inside the page. */
interface FocusGlobals {
  document: { activeElement: unknown };
}

async function hasFocus(target: Locator): Promise<boolean> {
  return target
    .evaluate((el) => el === (globalThis as unknown as FocusGlobals).document.activeElement)
    .catch(() => false);
}

async function holdsFocus(container: Locator): Promise<boolean> {
  return container
    .evaluate((el) => {
      const active = (globalThis as unknown as FocusGlobals).document.activeElement;
      return active !== el && el.contains(active as never);
    })
    .catch(() => false);
}

/** Presses `key` until `target` has the focus (at most `limit` times); answers how many presses it took. */
export async function pressUntilFocused(
  page: Page,
  target: Locator,
  key = 'Tab',
  limit = 80,
): Promise<number> {
  for (let presses = 0; presses <= limit; presses++) {
    if (await hasFocus(target)) return presses;
    if (presses < limit) await page.keyboard.press(key);
  }
  throw new Error(`${key} never brought the focus to the element`);
}

/** Presses Tab until the focus is inside `container` (at most `limit` times); answers how many presses. */
export async function tabInto(page: Page, container: Locator, limit = 80): Promise<number> {
  for (let presses = 0; presses <= limit; presses++) {
    if (await holdsFocus(container)) return presses;
    if (presses < limit) await page.keyboard.press('Tab');
  }
  throw new Error('Tab never brought the focus inside the element');
}

/** The figures of the open unit's text: one Tab stop, the arrows between them. */
export function textFigures(page: Page): Locator {
  return page.getByRole('region', { name: 'Extracted text' }).getByRole('group', { name: /^Text of / });
}

/** A figure's chip in the text, by its label's start "Figure RAW (". */
export function textFigure(page: Page, raw: string): Locator {
  return textFigures(page).getByRole('button', { name: new RegExp(`^Figure ${escapeRegExp(raw)} \\(`) });
}
