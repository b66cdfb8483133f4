import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe.ts';
import { useOwnServer } from './own-server.ts';
import { openStaffArea, staffSignIn } from './session.ts';

/**
 * Issue 31, "a production database empty of events": a new site's home page tells families that
 * entries are not open yet, and its first organiser is guided from the console's overview to
 * the events page, where the demo event becomes the first event: this season's dates, not live,
 * so families still see "not open" until the organiser makes it live (docs/operations/first-event.md).
 */
const ORGANISER_EMAIL = 'first.organiser@e2e.example';
const serverOrigin = useOwnServer('first-event', ORGANISER_EMAIL, { SEED_ON_START: 'false' });

test('a new site says entries are not open yet, and its first organiser starts from the demo event', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = serverOrigin();
  const visitor = await (
    await browser.newContext({ ...testInfo.project.use, baseURL: origin })
  ).newPage();
  await visitor.goto('/');
  const notOpen = visitor.getByText('Entries are not open yet. Please check back soon.');
  await expect(notOpen).toBeVisible();
  // The home page's own call to enter is not there (the header's links are the spec's).
  await expect(visitor.getByRole('main').getByRole('link', { name: 'Enter Now' })).toHaveCount(0);
  await expectNoAccessibilityViolations(visitor);
  await visitor.screenshot({ path: testInfo.outputPath('home-not-open.png'), fullPage: true });
  // The information page says the same, not that something failed.
  await visitor.goto('/Events/Concours');
  await expect(notOpen).toBeVisible();
  await visitor.screenshot({ path: testInfo.outputPath('info-no-event.png'), fullPage: true });
  await visitor.goto('/');

  const organiser = await staffSignIn(browser, ORGANISER_EMAIL, origin);
  await openStaffArea(organiser, testInfo);
  await expect(organiser.getByText('There is no event yet')).toBeVisible();
  await organiser.getByRole('link', { name: 'Set up the first event' }).click();
  await expect(organiser).toHaveURL(/\/staff\/events$/);
  await expectNoAccessibilityViolations(organiser);
  await organiser.screenshot({ path: testInfo.outputPath('no-event-yet.png'), fullPage: true });
  await organiser.getByRole('button', { name: 'Start from the demo event' }).click();
  // The new event's page: the demo's name, this season, not live.
  await expect(organiser).toHaveURL(/\/staff\/events\/\d+$/);
  await expect(organiser.getByRole('heading', { level: 1, name: 'Event settings' })).toBeVisible();
  await expectNoAccessibilityViolations(organiser);
  await organiser.screenshot({ path: testInfo.outputPath('first-event.png'), fullPage: true });

  // Not live: families are still told to come back later.
  await visitor.reload();
  await expect(notOpen).toBeVisible();
  await organiser.context().close();
  await visitor.context().close();
});
