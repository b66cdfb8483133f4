import { paths } from '@eisteddfod/shared';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { Client } from './cluster/client.ts';
import {
  addContestant,
  addEntry,
  finalise,
  inviteAdjudicator,
  markEverything,
  payCart,
  registerFamily,
  signIn,
  uploadEntryFile,
} from './cluster/journey.ts';
import { useOwnServer } from './own-server.ts';
import { pdfText } from './pdf-text.ts';
import { openConsoleLink, openStaffArea, staffSignIn } from './session.ts';
import { png } from './test-files.ts';

// Issue 20, "done means": on results day an organiser sets the section winners rule, previews
// and confirms the winners, and sets the gala's time; the test clock moves past it and the
// results, certificates and messages go out; the public gala page shows the medals and the
// winner, the family's results page shows every result with its certificate, and the winner's
// certificate's QR code opens a page saying it is genuine. Publication changes what every family
// sees and the clock moves, so this runs on a server of its own, once per screen size.

const ORGANISER_EMAIL = 'organiser@results-day.example';
const serverOrigin = useOwnServer('results-day', ORGANISER_EMAIL);

/** Four Visual Arts items of the Grades 4–7 band: four entries make a Section Winner (spec 9). */
const WINNER_ITEMS = ['VA102', 'VA202', 'VA301', 'VA401'];
const SECTION = 'Visual Arts & Design';

/** Axe on the screen, nothing wider than it, and a screenshot kept for a person to look at. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAccessibilityViolations(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${name} is wider than the screen`,
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** A dialog as it is drawn, kept for a person to look at (the page behind it is dimmed). */
async function dialogShot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/**
 * Setup through the API, as a family and an adjudicator would make it: one contestant with four
 * artworks (eligible), another with one (not), every entry paid, uploaded, finalised and marked.
 */
async function markedEntries(origin: string, run: string) {
  const family = await registerFamily(origin, `naidoo.${run}@example.org`, 'Naidoo');
  const priya = await addContestant(family, 'Priya', 'Naidoo');
  const lerato = await addContestant(family, 'Lerato', 'Naidoo');
  const entries: number[] = [];
  for (const code of WINNER_ITEMS) entries.push(await addEntry(family, code, priya));
  const single = await addEntry(family, 'VA102', lerato);
  await payCart(family);
  for (const [k, id] of [...entries, single].entries()) {
    await uploadEntryFile(
      family,
      id,
      { name: `artwork-${k + 1}.png`, type: 'image/png', data: png(96, 64) },
      'main',
    );
    await finalise(family, id);
  }
  const organiser = new Client(origin);
  await signIn(organiser, ORGANISER_EMAIL);
  const adjudicatorEmail = `adjudicator.${run}@example.org`;
  await inviteAdjudicator(organiser, adjudicatorEmail, [SECTION]);
  const adjudicator = new Client(origin);
  await signIn(adjudicator, adjudicatorEmail);
  expect((await markEverything(adjudicator)).sort()).toEqual([...entries, single].sort());
  return { family, organiser, entries, single };
}

/** The release time of day set on the winners screen, on the event's gala date. */
const RELEASE_TIME = '18:00';

test('results day: the winners rule, a scheduled release, the gala and a family’s verified certificates', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = serverOrigin();
  const run = `${testInfo.project.name}.${Date.now()}`;
  const { family, organiser, entries } = await markedEntries(origin, run);
  const { eventId } = await organiser.call<{ eventId: number }>('GET', '/api/config');

  // ---- The organiser: the rule, the preview, the confirmation, the release time. ----
  const page = await staffSignIn(browser, ORGANISER_EMAIL, origin);
  await openStaffArea(page, testInfo);
  await openConsoleLink(page, testInfo, 'Events');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Online Eisteddfod/ })
    .click();
  await page.getByRole('link', { name: 'Section winners and release' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/events/${eventId}/winners$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Section winners and release' }),
  ).toBeVisible();

  // The rule: four entries (spec 9's FAQ), the best four averaged, at least 75, ties broken.
  const rule = page.getByRole('region', { name: 'Rule' });
  await expect(rule.getByRole('textbox', { name: /^Minimum entries/ })).toHaveValue('4');
  await rule.getByRole('textbox', { name: /^Minimum average/ }).fill('75');
  await rule.getByRole('combobox', { name: 'Ties' }).selectOption('highestSingleMark');
  await expect(page.getByRole('button', { name: 'Preview winners' })).toBeDisabled();
  await rule.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText('The section winners rule was saved.')).toBeVisible();

  await page.getByRole('button', { name: 'Preview winners' }).click();
  const band = page.getByRole('table', { name: `${SECTION}, Intermediate (Grades 4-6)` });
  const rows = band.getByRole('row');
  await expect(rows.nth(1)).toContainText('Priya Naidoo');
  await expect(rows.nth(1)).toContainText('Section Winner');
  await expect(rows.nth(2)).toContainText('Lerato Naidoo');
  await expect(rows.nth(2)).toContainText('Too few entries (4 needed)');
  await page.getByRole('button', { name: 'Confirm winners' }).click();
  const confirmed = page.getByRole('region', { name: 'Confirmed winners' });
  await expect(confirmed).toContainText('Priya Naidoo');
  await expect(confirmed.getByRole('link', { name: /\(PDF\)$/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Confirm winners' })).toBeDisabled();

  const panel = page.getByRole('region', { name: 'Release on the gala date' });
  // Releasing by hand asks first; not today.
  await panel.getByRole('button', { name: 'Release now…' }).click();
  const ask = page.getByRole('dialog', { name: 'Release the results now?' });
  await expect(ask).toContainText('5 submitted marks will be published');
  await expectAccessibleDialog(page, ask);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await panel.getByLabel(/^Release time/).fill(RELEASE_TIME);
  await panel.getByRole('button', { name: 'Schedule release' }).click();
  await expect(panel).toContainText(`at ${RELEASE_TIME} (Africa/Johannesburg)`);
  const { releaseAt, now } = await organiser.call<{ releaseAt: string; now: string }>(
    'GET',
    `/api/Staff/Events/${eventId}/Release`,
  );
  expect(Date.parse(releaseAt)).toBeGreaterThan(Date.parse(now));
  // One look at the whole screen: the saved rule, the preview, the confirmed winner, the time.
  await look(page, testInfo, 'results-day-1-winners');

  // ---- Publishing every mark by hand tells the family, and leaves the gala page alone. ----
  await page.goto(paths.staffResults.href());
  await page.getByRole('button', { name: 'Publish results…' }).click();
  await page.getByRole('menuitem', { name: 'Publish all sections' }).click();
  const publishing = page.getByRole('dialog', { name: 'Publish results' });
  await expect(publishing).toContainText(
    /1 family of 2 contestants is told their results now by email.*; the gala page is not released\./,
  );
  await expectAccessibleDialog(page, publishing);
  await dialogShot(page, testInfo, 'results-day-1b-publish-dialog');
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^5 results published/)).toBeVisible();
  await page.goto(`/staff/events/${eventId}/winners`);

  // ---- Before the time, the gala page says when. ----
  const visitor = await (await browser.newContext({ baseURL: origin })).newPage();
  await visitor.goto(paths.info.href());
  await expectNoAccessibilityViolations(visitor);
  await visitor.getByRole('link', { name: 'Online gala awards' }).click();
  await expect(visitor).toHaveURL(/\/gala$/);
  await expect(visitor.getByText(/^Results will be released on .* at /)).toContainText(
    RELEASE_TIME,
  );
  // Every mark is published by now: the page still says only when.
  await expect(visitor.getByText(/^Results will be released on .* at /)).toContainText(
    RELEASE_TIME,
  );
  await look(visitor, testInfo, 'results-day-2-gala-before');
  // The gala's answer may be kept a minute (its cache header): the next visitor comes later.
  await visitor.context().close();

  // ---- The test clock passes the time: the release sweep publishes everything. ----
  await page.context().close();
  await organiser.call('POST', '/api/dev/clock', {
    now: new Date(Date.parse(releaseAt) + 60_000).toISOString(),
  });
  // Weeks may have passed on the server's clock: the organiser signs in again.
  const later = await staffSignIn(browser, ORGANISER_EMAIL, origin);
  await later.goto(`/staff/events/${eventId}/winners`);
  await expect(
    later.getByRole('region', { name: 'Release on the gala date' }).getByText('Results released'),
  ).toBeVisible();
  await look(later, testInfo, 'results-day-3-released');

  // ---- Withdrawn within its grace period, then released again by hand. ----
  const released = later.getByRole('region', { name: 'Release on the gala date' });
  await released.getByRole('button', { name: 'Withdraw the gala page…' }).click();
  const withdrawing = later.getByRole('dialog', { name: 'Withdraw the gala page?' });
  await expect(withdrawing).toContainText('Messages already sent to families are not unsent');
  await expectAccessibleDialog(later, withdrawing);
  await dialogShot(later, testInfo, 'results-day-3b-withdraw-dialog');
  await withdrawing.getByRole('button', { name: 'Withdraw the gala page' }).click();
  await expect(released.getByRole('button', { name: 'Release now…' })).toBeVisible();
  const between = await (await browser.newContext({ baseURL: origin })).newPage();
  await between.goto('/gala');
  await expect(between.getByText(/^Results will be released on /)).toBeVisible();
  await between.context().close();
  await released.getByRole('button', { name: 'Release now…' }).click();
  const releasing = later.getByRole('dialog', { name: 'Release the results now?' });
  await expect(releasing).toContainText(`${SECTION}, Intermediate (Grades 4-6): Priya N.`);
  await expect(releasing).toContainText('0 submitted marks will be published');
  await expectAccessibleDialog(later, releasing);
  await dialogShot(later, testInfo, 'results-day-3c-release-dialog');
  await releasing.getByRole('button', { name: 'Release now' }).click();
  await expect(released.getByText('Results released')).toBeVisible();
  await later.context().close();

  // ---- The gala page: medals per section, the winner, the showcase. ----
  const guest = await (await browser.newContext({ baseURL: origin })).newPage();
  await guest.goto('/gala');
  const winners = guest.getByRole('table', { name: `Section winners of ${SECTION}` });
  await expect(winners).toContainText('Intermediate (Grades 4-6)');
  await expect(winners).toContainText('Priya N.');
  await expect(winners).not.toContainText('Naidoo');
  const medals = guest.getByRole('table', { name: SECTION, exact: true });
  const awarded = await medals.getByRole('row').allInnerTexts();
  expect(awarded.slice(1).reduce((n, r) => n + Number(/(\d+)\s*$/.exec(r)?.[1] ?? 0), 0)).toBe(
    entries.length + 1,
  );
  const artwork = guest.getByRole('img', { name: /by Priya N\.$/ });
  await artwork.scrollIntoViewIfNeeded();
  await expect.poll(() => artwork.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await look(guest, testInfo, 'results-day-4-gala');
  await guest.context().close();

  // ---- The family: every result of the contestant, with certificates to share. ----
  const home = await staffSignIn(browser, family.email, origin);
  await home.getByRole('link', { name: 'Results of Priya Naidoo' }).click();
  await expect(
    home.getByRole('heading', { level: 1, name: 'Results of Priya Naidoo' }),
  ).toBeVisible();
  const title = home.getByRole('region', {
    name: `Section Winner: ${SECTION}, Intermediate (Grades 4-6)`,
  });
  await expect(title).toBeVisible();
  for (const code of WINNER_ITEMS) {
    const card = home.getByRole('article', { name: new RegExp(`^${code} - `) });
    await expect(card.getByRole('table', { name: `Scores for ${code}` })).toBeVisible();
    await expect(card).toContainText('Adjudicator Comment');
    await expect(card.getByRole('link', { name: /^Download .*\(PDF\)$/ })).toBeVisible();
  }
  await look(home, testInfo, 'results-day-5-family-results');
  const share = title.getByRole('link', { name: /^Open the public page of / });
  const shared = (await share.getAttribute('href'))!;
  const download = (await title.getByRole('link', { name: /^Download / }).getAttribute('href'))!;

  // The certificate's QR code holds the address printed under it: the shared link.
  const pdf = await home.request.get(download);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  expect(text).toContain('Priya Naidoo');
  expect(text.replace(/\s+/g, '')).toContain(shared);
  await home.goto(shared);
  await expect(home.getByRole('heading', { level: 1, name: 'Genuine certificate' })).toBeVisible();
  await expect(home.locator('dl')).toContainText(/Section Winner/);
  await expect(home.locator('dl')).toContainText('Priya Naidoo');
  await look(home, testInfo, 'results-day-6-verified');
  await home.context().close();
});
