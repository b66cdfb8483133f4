import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * Waits until nothing on the page is moving, so that axe measures colours as drawn. A toast
 * closes by itself after 5 s with a fade that can start at any moment of a check, so each one is
 * held open first, as a person reading it does: hovering the stack pauses every toast's timer.
 * Then no animation or transition may be running for two looks in a row (one that starts late,
 * such as a fade already due, is waited for too).
 */
async function settled(page: Page): Promise<boolean> {
  const toast = page.locator('.mantine-Notification-root').first();
  const held =
    (await toast.isVisible()) &&
    (await toast.hover({ timeout: 1000 }).then(
      () => true,
      () => false,
    ));
  let quiet = 0;
  for (let look = 0; look < 100 && quiet < 2; look++) {
    const moving = await page.evaluate(() => {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      // A toast drawn part-transparent is coming or going (its transition set by style, which
      // may not have started when the animations were read): axe would measure its faded text.
      const fading = Array.from(document.querySelectorAll('.mantine-Notification-root')).filter(
        (toast) => {
          let opacity = 1;
          for (let e: Element | null = toast; e; e = e.parentElement) {
            opacity *= Number(getComputedStyle(e).opacity);
          }
          return opacity < 1;
        },
      ).length;
      return Promise.all(running.map((a) => a.finished.catch(() => null))).then(
        () => running.length + fading,
      );
    });
    quiet = moving === 0 ? quiet + 1 : 0;
    if (quiet < 2) await page.waitForTimeout(100);
  }
  return held;
}

/** Lets held toasts go: their timers start again, so they close and stop covering the page. */
async function release(page: Page, held: boolean): Promise<void> {
  if (held) await page.mouse.move(0, 0);
}

/** Fails with the rule ids and targets of every WCAG 2.1 AA violation on the page. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const held = await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
    .finally(() => release(page, held));
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
  await release(page, await settled(page));
  await page.waitForTimeout(250);
  await expectNoAccessibilityViolations(page);
}

/**
 * A screen looked at: axe on it, nothing wider than it, and a screenshot in the test's output
 * for a person to look at.
 */
export async function look(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoAccessibilityViolations(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${name} is wider than the screen`,
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}
