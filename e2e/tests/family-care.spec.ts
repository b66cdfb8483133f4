import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { Client } from './cluster/client.ts';
import {
  addContestant,
  addEntry,
  payCart,
  registerFamily,
  uploadEntryFile,
} from './cluster/journey.ts';
import { useOwnServer } from './own-server.ts';
import { openConsoleLink, openStaffArea, staffSignIn } from './session.ts';
import { png } from './test-files.ts';

// Issue 17, "done means": an organiser finds a family by its child's name and records a bank
// transfer for its unpaid order (the family gets its confirmation); schedules the "no main file
// yet" reminder and it reaches exactly the families that need it; reads the dashboard. A family
// downloads its data and asks for erasure; the organiser carries it out, and the family is gone
// everywhere but the anonymised ledger. Reminders count every family of the event, so this runs
// on a server of its own (embedded database, fresh each run), once per screen size.

const ORGANISER_EMAIL = 'organiser@care.example';
const serverOrigin = useOwnServer('care', ORGANISER_EMAIL);

/** Kept in test-results for a person to look at, after axe found nothing to say. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAccessibilityViolations(page);
  // Nothing wider than the screen: wide tables scroll in their own box.
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > width + 1)
      .filter((e) => !e.closest('[role=region][tabindex="0"]'))
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  expect(wide, `${name}: wider than the screen`).toEqual([]);
  // And the page itself: what is placed absolutely inside a scrolling box can escape it.
  const [scrollWidth = 0, clientWidth = 0] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth + 1);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** The subjects of the emails the dev outbox holds for an address, newest first. */
async function subjects(client: Client, email: string): Promise<string[]> {
  const messages = await client.call<{ channel: string; subject: string }[]>(
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  return messages.filter((m) => m.channel === 'email').map((m) => m.subject);
}

async function openStaffScreen(page: Page, testInfo: TestInfo, name: string) {
  await openStaffArea(page, testInfo);
  await openConsoleLink(page, testInfo, name);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('an organiser helps a family, pays its order by hand, reminds, and erases on request', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = serverOrigin();
  const run = `${testInfo.project.name}.${Date.now()}`;

  // ---- Three families: an unpaid cart, a paid entry with its file, a paid entry without. ----
  const unpaid = await registerFamily(origin, `dlamini.${run}@example.org`, 'Dlamini');
  const thandeka = await addContestant(unpaid, 'Thandeka', 'Dlamini');
  await addEntry(unpaid, 'VA102', thandeka);
  const complete = await registerFamily(origin, `naidoo.${run}@example.org`, 'Naidoo');
  const priya = await addContestant(complete, 'Priya', 'Naidoo');
  const artwork = await addEntry(complete, 'VA102', priya);
  await payCart(complete);
  await uploadEntryFile(
    complete,
    artwork,
    { name: 'Sunflowers.png', type: 'image/png', data: png() },
    'main',
  );
  const missing = await registerFamily(origin, `botha.${run}@example.org`, 'Botha');
  const anika = await addContestant(missing, 'Anika', 'Botha');
  await addEntry(missing, 'VA102', anika);
  await payCart(missing);

  // ---- The organiser finds the first family by its child's name. ----
  const page = await staffSignIn(browser, ORGANISER_EMAIL, origin);
  await openStaffScreen(page, testInfo, 'Families');
  await page.getByRole('searchbox', { name: 'Search families' }).fill('Thandeka');
  await page.getByRole('link', { name: /Parent Dlamini/ }).click();
  await expect(page.getByRole('heading', { name: /Parent Dlamini/ })).toBeVisible();
  await expect(page.getByText('Thandeka Dlamini').first()).toBeVisible();
  await look(page, testInfo, 'care-1-family');

  // ---- A bank transfer for its unpaid order: paid, and the family is told. ----
  await page.getByRole('tab', { name: 'Orders (1)' }).click();
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: /Record a payment for order/ });
  await expectAccessibleDialog(page, dialog);
  await dialog.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(`FNB DLAMINI ${run}`);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Resend payment confirmation' })).toBeVisible();
  const staff = new Client(origin);
  await expect
    .poll(() => subjects(staff, unpaid.email))
    .toContainEqual(expect.stringMatching(/^Your entries are confirmed \(order /));

  // ---- The "no main file yet" reminder, scheduled, then sent now. ----
  await openConsoleLink(page, testInfo, 'Reminders');
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New reminder' });
  await form.getByRole('combobox', { name: 'Reminder' }).click();
  await page.getByRole('option', { name: 'No main file yet, before the upload deadline' }).click();
  // The first family (paid by hand) and the third need it; the second uploaded its artwork.
  await expect(form.getByText('2 families would get this reminder now.')).toBeVisible();
  await form.getByRole('radio', { name: 'At a time' }).check();
  const inAnHour = new Date(Date.now() + 3_600_000 - new Date().getTimezoneOffset() * 60_000);
  await form.getByLabel('Send at').fill(inAnHour.toISOString().slice(0, 16));
  await form.getByRole('button', { name: 'Schedule' }).click();
  const table = page.getByRole('region', { name: 'Reminders', exact: true });
  // The reminders before each deadline (decision 044) may be listed beside it, once the
  // minutely sweep has planned them: the row is found by its kind.
  const row = table
    .getByRole('row')
    .filter({ hasText: 'No main file yet, before the upload deadline' });
  await expect(row.getByText('Scheduled')).toBeVisible();
  await look(page, testInfo, 'care-2-reminders');
  await row.getByRole('button', { name: /^Send now: / }).click();
  await expect(row.getByText('2 families')).toBeVisible({ timeout: 20_000 });
  const reminder = 'Your entries have no main file yet';
  await expect.poll(() => subjects(staff, unpaid.email)).toContain(reminder);
  await expect.poll(() => subjects(staff, missing.email)).toContain(reminder);
  expect(await subjects(staff, complete.email)).not.toContain(reminder);

  // ---- The reminder before each deadline (decision 044, issue 32): planned by the portal's
  // minutely sweep, it reaches the family whose entry is complete but not finalised, no other. ----
  const automatic = table.getByRole('row').filter({ hasText: /Automatic, for entries due / });
  await expect(async () => {
    await page.reload();
    await expect(automatic.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  // Each is planned for two days before its date; sent now here (one planned late has gone).
  for (const due of await automatic.all()) {
    const sendNow = due.getByRole('button', { name: /^Send now: / });
    if ((await sendNow.count()) > 0) await sendNow.click();
  }
  const notFinalised = 'Your entries are complete but not finalised';
  await expect
    .poll(() => subjects(staff, complete.email), { timeout: 20_000 })
    .toContain(notFinalised);
  expect(await subjects(staff, missing.email)).not.toContain(notFinalised);
  expect(await subjects(staff, unpaid.email)).not.toContain(notFinalised);

  // ---- The dashboard's charts, each with its figures in a table. ----
  await openConsoleLink(page, testInfo, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const title of ['Entries over time', 'Revenue per day', 'Uploads']) {
    const chart = page.getByRole('img', {
      name: `Chart: ${title}. The figures are in the table below.`,
    });
    await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  }
  const uploads = page.getByRole('table', { name: 'Uploads per section' });
  // Three paid entries in Visual Arts & Design, one with its main file.
  await expect(
    uploads.getByRole('row').filter({ hasText: 'Visual Arts & Design' }).first(),
  ).toContainText(/3\s*1\s*0/);
  await expect(page.getByRole('table', { name: 'Revenue per day' })).toContainText('Total');
  await look(page, testInfo, 'care-3-dashboard');

  // ---- The third family downloads its data and asks for erasure. ----
  const family = await staffSignIn(browser, missing.email, origin);
  await family.goto('/my-profile');
  const downloading = family.waitForEvent('download');
  await family.getByRole('button', { name: 'Download my data' }).click();
  const archive = unzipSync(readFileSync(await (await downloading).path()));
  const data = strFromU8(archive['data.json']!);
  expect(data).toContain('Anika');
  expect(data).not.toContain('Thandeka');
  await family.getByRole('button', { name: 'Ask us to erase my data' }).click();
  const confirm = family.getByRole('dialog', { name: 'Erase your data?' });
  await expectAccessibleDialog(family, confirm);
  await confirm.getByRole('button', { name: 'Ask to erase my data' }).click();
  await expect(family.getByText('Erasure requested')).toBeVisible();
  await look(family, testInfo, 'care-4-profile');

  // ---- The organiser carries it out; the family is gone but for the anonymised ledger. ----
  await openConsoleLink(page, testInfo, 'Data requests');
  await page.getByRole('button', { name: 'Carry out erasure of Parent Botha' }).click();
  const erase = page.getByRole('dialog', { name: 'Erase Parent Botha' });
  await expectAccessibleDialog(page, erase);
  await erase.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(erase).toBeHidden();
  await look(page, testInfo, 'care-5-erased');
  await openConsoleLink(page, testInfo, 'Families');
  await page.getByRole('searchbox', { name: 'Search families' }).fill('Anika');
  await expect(page.getByText('No family matches')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search families' }).fill('Botha');
  await expect(page.getByText('No family matches')).toBeVisible();
  // The signed-in family is signed out: its session ended with the erasure.
  await family.reload();
  await expect(family).toHaveURL(/\/login/);
  // The ledger keeps the order and its amount, without a name.
  await openConsoleLink(page, testInfo, 'Payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const payments = page.getByRole('region', { name: 'Payments', exact: true });
  await expect(payments.getByText('Erased family').first()).toBeVisible();
  await expect(payments).not.toContainText('Botha');
  expect(await subjects(staff, missing.email)).toEqual([]);
  await look(page, testInfo, 'care-6-payments');
});
