import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe.ts';
import { familyApi, openStaffArea, registerAndLogIn, staffSignIn } from './session.ts';

// Issue 17, the dashboard (decision 023): after a family pays for an entry, an organiser sees
// the event's charts, each with its figures in a table, at 1280 and at 375 px, axe clean.

/** The bootstrap organiser of the e2e server (playwright.config.ts). */
const ORGANISER_EMAIL = 'organiser@e2e.example';
const ITEM_CODE = 'VA101';

test('an organiser reads the dashboard: charts with their tables', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // A paid entry, so that every chart has something to draw (set up through the API).
  const email = `dashboard-${testInfo.project.name}-${Date.now()}@e2e.example`;
  await registerAndLogIn(page, email);
  const { customerId, call } = await familyApi(page);
  const contestant = await call<{ id: number }>(
    'POST',
    `/api/Customers/${customerId}/participant-profile`,
    {
      customerId,
      firstName: 'Lindiwe',
      surname: 'Zulu',
      school: 'Amberkloof High School',
      grade: '4',
      gender: 'female',
      acceptedTermsAndConditions: true,
      acceptedHonourPledge: true,
    },
  );
  const { eventId } = await call<{ eventId: number }>('GET', '/api/config');
  const search = await call<{ items: { id: number; code: string }[] }>(
    'GET',
    `/api/Eisteddfods/${eventId}/ItemsSearch?skip=0&take=15&search=${ITEM_CODE}`,
  );
  const item = search.items.find((i) => i.code === ITEM_CODE);
  expect(item, ITEM_CODE).toBeDefined();
  const order = await call<{ id: number }>('POST', '/api/Orders', { customerId, orderItems: [] });
  await call('POST', `/api/Orders/${order.id}/OrderItems`, {
    itemId: item!.id,
    participantProfileId: contestant.id,
  });
  const { link } = await call<{ link: string }>(
    'GET',
    `/api/Orders/${order.id}/PaymentLink/${encodeURIComponent(email)}`,
  );
  await page.goto(link);
  await page.getByRole('button', { name: /^Pay R / }).click();
  await expect(page).toHaveURL(new RegExp(`/confirmation/${order.id}$`));

  const organiser = await staffSignIn(browser, ORGANISER_EMAIL);
  await openStaffArea(organiser, testInfo);
  await organiser
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(organiser.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const title of ['Entries over time', 'Revenue per day', 'Uploads']) {
    const chart = organiser.getByRole('img', {
      name: `Chart: ${title}. The figures are in the table below.`,
    });
    await expect(chart).toBeVisible();
    await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  }
  const uploads = organiser.getByRole('table', { name: 'Uploads per section' });
  await expect(
    uploads.getByRole('row').filter({ hasText: 'Visual Arts & Design' }).first(),
  ).toBeVisible();
  await expect(organiser.getByRole('table', { name: 'Revenue per day' })).toContainText('Total');
  // Nothing wider than the screen: the charts shrink, the tables scroll in their own box.
  const overflow = await organiser.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAccessibilityViolations(organiser);
  await organiser.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });
});
