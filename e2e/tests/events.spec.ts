import { expect, test } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { openConsoleLink, openStaffArea, staffSignIn } from './session.ts';

// Issue 16, first part: an organiser sets up next year's event in the browser. Making it live
// is left to the API tests (apps/api/src/modules/events): on this shared server it would move
// every other spec's families to an event whose registration opens in a year.

/** The bootstrap organiser of the e2e server (playwright.config.ts). */
const ORGANISER_EMAIL = 'organiser@e2e.example';

test('an organiser copies the event into next year, moves its dates and edits a fee', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const page = await staffSignIn(browser, ORGANISER_EMAIL);
  await openStaffArea(page, testInfo);
  await openConsoleLink(page, testInfo, 'Events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const events = page.getByRole('region', { name: 'Events' });
  // The demo event is live (this test's other run adds events that are not).
  const live = events
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Live', exact: true }) });
  await expect(live).toHaveCount(1);
  await expectNoAccessibilityViolations(page);
  // Kept in test-results for a person to look at.
  await page.screenshot({ path: testInfo.outputPath('events.png'), fullPage: true });

  // Copy: the form proposes next year's name and year and 364 days (same weekdays).
  const form = page.getByRole('region', { name: 'Set up next year’s event' });
  const name = `Online Eisteddfod ${testInfo.project.name} ${Date.now()}`;
  await form.getByRole('textbox', { name: 'New event’s name' }).fill(name);
  // One event a year: the phone's run takes the year after the desktop's.
  const year = form.getByRole('textbox', { name: 'Year' });
  const proposed = Number(await year.inputValue());
  if (testInfo.project.name === 'phone') await year.fill(String(proposed + 1));
  await expect(form.getByRole('textbox', { name: 'Move every date by (days)' })).toHaveValue('364');
  const opensBefore = await live.getByRole('cell').nth(1).textContent();
  await form.getByRole('button', { name: 'Copy event' }).click();

  await expect(page).toHaveURL(/\/staff\/events\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText(/189 items, 0 orders/)).toBeVisible();
  // The demo's words named its year only in its name and title: the copy says its own (059).
  await expect(
    page.getByText(/^Copied from (\d{4}): no text families see names \1 any more\.$/),
  ).toBeVisible();
  const dates = page.getByRole('region', { name: 'Dates' });
  const opens = dates.getByLabel(/^Registration opens/);
  const before = opensBefore!.slice(0, 10);
  const expected = new Date(Date.parse(`${before}T00:00:00Z`) + 364 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await expect(opens).toHaveValue(expected);

  // A date that does not fit is named; the form is not sent.
  await dates.getByLabel(/^Gala release of results/).fill(before);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByText('Gala release of results must be on or after submission period ends.'),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const ends = await dates.getByLabel(/^Submission period ends/).inputValue();
  const gala = new Date(Date.parse(`${ends}T00:00:00Z`) + 30 * 86_400_000).toISOString();
  await dates.getByLabel(/^Gala release of results/).fill(gala.slice(0, 10));

  // A fee in rand.
  const individual = page.getByRole('textbox', { name: 'Individual entry (R)' });
  await individual.fill('175.00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The event’s settings were saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Individual entry (R)' })).toHaveValue('175.00');

  // Moving every date a week earlier.
  await page.getByRole('textbox', { name: 'Days', exact: true }).fill('-7');
  await page.getByRole('button', { name: 'Move dates' }).click();
  await expect(page.getByText('Every date and due date moved 7 days earlier.')).toBeVisible();
  const weekEarlier = new Date(Date.parse(`${expected}T00:00:00Z`) - 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await expect(
    page.getByRole('region', { name: 'Dates' }).getByLabel(/^Registration opens/),
  ).toHaveValue(weekEarlier);

  // Making it live asks first (and is cancelled here: see above).
  await page.getByRole('button', { name: 'Make live…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make this event live?' });
  await expectAccessibleDialog(page, dialog);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expectNoAccessibilityViolations(page);
  // Kept in test-results for a person to look at.
  await page.screenshot({ path: testInfo.outputPath('event.png'), fullPage: true });
  await page.context().close();
});
