import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
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

/** Types the claim, runs the check and waits for its result card. */
export async function runClaim(page: Page, claim: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Claim' }).fill(claim);
  await page.getByRole('button', { name: /^Run check/ }).click();
  const card = page.getByTestId('result-card');
  await expect(card).toBeVisible();
  return card;
}
