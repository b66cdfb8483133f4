import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits for running transitions (a toast or dialog fading in): axe measures colours as drawn. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
}

/** Fails with the rule ids and targets of every WCAG 2.1 AA violation on the page. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = results.violations.map((v) => ({
    rule: v.id,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(found).toEqual([]);
}

/**
 * Checks a dialog once it has finished appearing: axe measures colours as drawn, and a dialog
 * still fading in has text of too little contrast.
 */
export async function expectAccessibleDialog(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await settled(page);
  await page.waitForTimeout(250);
  await expectNoAccessibilityViolations(page);
}
