import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with the rule ids and targets of every WCAG 2.1 AA violation on the page. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = results.violations.map((v) => ({
    rule: v.id,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(found).toEqual([]);
}
