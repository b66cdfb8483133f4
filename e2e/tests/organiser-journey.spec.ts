import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { Client } from './cluster/client.ts';
import {
  addContestant,
  addEntry,
  finalise,
  markEverything,
  payCart,
  registerFamily,
  signIn,
  uploadEntryFile,
} from './cluster/journey.ts';
import { useOwnServer } from './own-server.ts';
import {
  familyApi,
  openStaffArea,
  registerAndLogIn,
  staffSignIn,
  openConsoleLink,
} from './session.ts';
import { png } from './test-files.ts';

// Issue 16, "done means": a new organiser sets up next year's event in the browser and makes
// it live; then a family registers, enters an item of the new event and pays, while a family of
// the earlier event still finds its order and results. Making an event live changes what every
// family sees, so this journey runs on a server of its own (embedded database, fresh each run),
// once per screen size.

const ORGANISER_EMAIL = 'organiser@journey.example';
const serverOrigin = useOwnServer('journey', ORGANISER_EMAIL);

/** Kept in test-results for a person to look at, after axe found nothing to say. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** A CSV of the spreadsheet's columns; the first data row is row 2. */
const csv = (rows: string[][]) =>
  Buffer.from(
    [
      'Code,Section,Category,Short description,Price,Due date,Group item,Minimum participants,Maximum participants',
      ...rows.map((r) => r.map((c) => `"${c}"`).join(',')),
    ].join('\n'),
  );

test('an organiser sets up next year, makes it live, and both years’ families are served', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const origin = serverOrigin();
  const run = `${testInfo.project.name}.${Date.now()}`;

  // ---- A family of this year's event: a paid, marked and published entry. ----
  const earlier = await registerFamily(origin, `naidoo.${run}@example.org`, 'Naidoo');
  const priya = await addContestant(earlier, 'Priya', 'Naidoo');
  const artwork = await addEntry(earlier, 'VA102', priya);
  await payCart(earlier);
  await uploadEntryFile(
    earlier,
    artwork,
    { name: 'Sunflowers.png', type: 'image/png', data: png() },
    'main',
  );
  await finalise(earlier, artwork);
  const staff = new Client(origin);
  await signIn(staff, ORGANISER_EMAIL);
  const adjudicatorEmail = `adjudicator.${run}@example.org`;
  const invited = await staff.call<{ id: number }>('POST', '/api/Staff/Adjudicators', {
    firstName: 'Pieter',
    surname: 'Marais',
    email: adjudicatorEmail,
  });
  await staff.call('POST', `/api/Staff/Adjudicators/${invited.id}/Assignments`, {
    section: 'Visual Arts & Design',
  });
  const adjudicator = new Client(origin);
  await signIn(adjudicator, adjudicatorEmail);
  expect(await markEverything(adjudicator)).toEqual([artwork]);
  await staff.call('POST', '/api/Staff/Results/Publish', {});

  // ---- The organiser copies the event into next year's. ----
  const page = await staffSignIn(browser, ORGANISER_EMAIL, origin);
  await openStaffArea(page, testInfo);
  await openConsoleLink(page, testInfo, 'Events');
  const copyForm = page.getByRole('region', { name: 'Set up next year’s event' });
  const year = Number(await copyForm.getByRole('textbox', { name: 'Year' }).inputValue());
  const name = `Online Eisteddfod ${year}`;
  await copyForm.getByRole('textbox', { name: 'New event’s name' }).fill(name);
  await copyForm.getByRole('button', { name: 'Copy event' }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  const eventUrl = page.url();

  // Every date a week later in one step.
  await page.getByRole('textbox', { name: 'Days', exact: true }).fill('7');
  await page.getByRole('button', { name: 'Move dates' }).click();
  await expect(page.getByText('Every date and due date moved 7 days later.')).toBeVisible();
  const dates = page.getByRole('region', { name: 'Dates' });
  const ends = await dates.getByLabel(/^Submission period ends/).inputValue();
  await look(page, testInfo, 'journey-1-event');

  // ---- The catalogue: a spreadsheet with one bad row, seen, fixed, imported. ----
  await page.getByRole('link', { name: 'Edit the catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  const sheet = page.getByRole('region', { name: 'Spreadsheet' });
  const rows = (category: string) => [
    [
      'MU950',
      'Music',
      'Piano',
      'Piano – Jazz Standards (Grades 8–12)',
      '160.00',
      ends,
      'No',
      '1',
      '1',
    ],
    ['MU951', 'Music', category, 'Marimba – Solo (Grades 4–7)', '160.00', ends, 'No', '1', '1'],
  ];
  const fileInput = sheet.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'new-items.csv',
    mimeType: 'text/csv',
    buffer: csv(rows('Marimba')),
  });
  await sheet.getByRole('button', { name: 'Check spreadsheet' }).click();
  const problems = sheet.getByRole('region', { name: 'Problems in the spreadsheet' });
  await expect(
    problems.getByRole('row').filter({ hasText: 'There is no category Marimba' }),
  ).toContainText('3');
  await expect(sheet.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await look(page, testInfo, 'journey-2-import-problem');
  await fileInput.setInputFiles({
    name: 'new-items-fixed.csv',
    mimeType: 'text/csv',
    buffer: csv(rows('Piano')),
  });
  await sheet.getByRole('button', { name: 'Check spreadsheet' }).click();
  await expect(
    sheet.getByText('2 rows: 2 new, 0 changed, 0 unchanged. Nothing has been written yet.'),
  ).toBeVisible();
  await sheet.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(sheet.getByRole('alert').filter({ hasText: 'Imported' })).toBeVisible();

  // Retire one item; change another's due date. (The import's toast has gone by then: on a
  // phone it would lie over the dialog's title, which axe would count against the dialog.)
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  const items = page.getByRole('region', { name: 'Items' });
  const search = items.getByRole('textbox', { name: 'Search items' });
  await search.fill('DA101');
  await items.getByRole('button', { name: 'Edit DA101' }).click();
  let dialog = page.getByRole('dialog', { name: 'Item DA101' });
  await expectAccessibleDialog(page, dialog);
  await dialog.getByRole('switch', { name: /^Retired/ }).check();
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog).toBeHidden();
  await expect(items.getByRole('row').filter({ hasText: 'DA101' })).toContainText('Retired');
  await search.fill('MU950');
  await items.getByRole('button', { name: 'Edit MU950' }).click();
  dialog = page.getByRole('dialog', { name: 'Item MU950' });
  const earlierDue = new Date(Date.parse(`${ends}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  await dialog.getByLabel(/^Due date/).fill(earlierDue);
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog).toBeHidden();
  await expect(items.getByRole('row').filter({ hasText: 'MU950' })).toContainText(earlierDue);
  await search.fill('');
  await look(page, testInfo, 'journey-3-catalogue');

  // ---- A rubric: Dance's first criterion renamed and reweighted, the maxima still 100. ----
  await page.goto(eventUrl);
  await page.getByRole('link', { name: 'Edit the rubrics' }).click();
  const danceRubric = page.getByRole('region', { name: 'Dance' });
  const criterion = danceRubric.getByRole('textbox', { name: 'Criterion 1', exact: true });
  const firstName = await criterion.inputValue();
  await criterion.fill(`${firstName} and control`);
  await danceRubric.getByRole('button', { name: 'Save Dance rubric' }).click();
  await expect(page.getByText('The Dance rubric was saved.')).toBeVisible();
  await look(page, testInfo, 'journey-4-rubrics');

  // ---- A new FAQ entry, first of the home page's five: previewed, then published. ----
  await page.goto(eventUrl);
  await page.getByRole('link', { name: 'Edit the site content' }).click();
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await faq.getByRole('button', { name: 'Add a question' }).click();
  const question = `Can a whole class enter together? (${run})`;
  await faq.getByRole('textbox', { name: 'Question 1 (on the home page)' }).fill(question);
  await faq
    .getByRole('textbox', { name: 'Answer 1', exact: true })
    .fill('Yes: as a group item of up to 30.');
  // A new portrait for the first adjudicator, checked and re-encoded by the server.
  const judge = page.getByRole('group', { name: 'Adjudicator 1' });
  await judge.locator('input[type=file]').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: png(240, 240),
  });
  const uploaded = /^\/api\/site-images\/[0-9a-f-]{36}\.webp$/;
  await expect(judge.getByRole('img', { name: /^Current portrait/ })).toHaveAttribute(
    'src',
    uploaded,
  );
  const portraitName = `Portrait of ${await judge.getByRole('textbox', { name: 'Name' }).inputValue()}`;
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Preview of the home page' });
  const frame = preview.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 3, name: question })).toBeVisible();
  await expect(frame.getByRole('img', { name: portraitName })).toHaveAttribute('src', uploaded);
  await expect(frame.getByRole('alert').filter({ hasText: 'Preview' })).toBeVisible();
  await preview.getByRole('button', { name: 'Close the preview' }).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(
    page.getByText('The home page and its documents now show these changes.'),
  ).toBeVisible();
  await look(page, testInfo, 'journey-5-site-content');

  // ---- Make it live. ----
  await page.goto(eventUrl);
  await page.getByRole('button', { name: 'Make live…' }).click();
  dialog = page.getByRole('dialog', { name: 'Make this event live?' });
  await dialog.getByRole('button', { name: 'Make live' }).click();
  await expect(page.getByText('This event is live')).toBeVisible();

  // The home page is the new event's, with the new question among its five.
  await page.goto('/');
  await expect(
    page
      .getByRole('region', { name: 'Frequently asked questions' })
      .getByRole('heading', { name: question }),
  ).toBeVisible();
  const portrait = page.getByRole('img', { name: portraitName });
  await expect(portrait).toHaveAttribute('src', uploaded);
  await portrait.scrollIntoViewIfNeeded();
  await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  // ---- The audit log names each change with its before and after. ----
  await page.goto('/staff/audit-log');
  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /event\.make-live/ })).toBeVisible();
  await expect(changes.getByRole('row', { name: /item\.retire/ })).toBeVisible();
  await look(page, testInfo, 'journey-6-audit-log');

  // ---- A school for next year's forms. ----
  await page.goto('/staff/schools');
  const school = `Jacaranda Academy ${run}`;
  await page.getByRole('textbox', { name: 'New school' }).fill(school);
  await page.getByRole('button', { name: 'Add school' }).click();
  // The toast first: the list the page was still loading can already name the new school, and
  // a toast that arrived after the wait below faded in under axe (CI, stop 39).
  await expect(page.getByText('The school was added.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search schools' }).fill(school);
  await expect(
    page.getByRole('region', { name: 'Schools' }).getByRole('row', { name: new RegExp(school) }),
  ).toBeVisible();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await look(page, testInfo, 'journey-6-schools');
  await page.context().close();

  // ---- A new family enters an item of the new event and pays. ----
  const familyContext = await browser.newContext({ baseURL: origin });
  const family = await familyContext.newPage();
  await registerAndLogIn(family, `dlamini.${run}@example.org`);
  const { customerId, headers, call } = await familyApi(family);
  const config = await call<{ eventId: number; year: number }>('GET', '/api/config');
  expect(config.year).toBe(year);
  const contestant = await call<{ id: number }>(
    'POST',
    `/api/Customers/${customerId}/participant-profile`,
    {
      customerId,
      firstName: 'Sibusiso',
      surname: 'Dlamini',
      school: 'Other School',
      grade: '9',
      gender: 'male',
      acceptedTermsAndConditions: true,
      acceptedHonourPledge: true,
    },
  );
  const found = await call<{ items: { id: number; code: string; dueDate: string }[] }>(
    'GET',
    `/api/Eisteddfods/${config.eventId}/ItemsSearch?skip=0&take=15&search=MU950`,
  );
  expect(found.items.map((i) => [i.code, i.dueDate])).toEqual([['MU950', earlierDue]]);
  // The retired item is not offered any more.
  const retired = await call<{ items: unknown[] }>(
    'GET',
    `/api/Eisteddfods/${config.eventId}/ItemsSearch?skip=0&take=15&search=DA101`,
  );
  expect(retired.items).toEqual([]);
  const cart = await call<{ id: number }>('POST', '/api/Orders', { customerId, orderItems: [] });
  const newEntry = { itemId: found.items[0]!.id, participantProfileId: contestant.id };
  // Next year's registration opens next year (decision 041): refused, with the date.
  const early = await family.request.post(`/api/Orders/${cart.id}/OrderItems`, {
    headers,
    data: newEntry,
  });
  expect(early.status()).toBe(400);
  expect(await early.json()).toMatchObject({
    code: 'ENTRIES_NOT_OPEN',
    message: expect.stringMatching(/^Entries open on \d{1,2} \w+ \d{4}\. Please come back then\.$/),
  });

  // ---- The organiser lets this family in early, at the family desk. ----
  const desk = await staffSignIn(browser, ORGANISER_EMAIL, origin);
  await desk.goto('/staff/families');
  await desk.getByRole('searchbox', { name: 'Search families' }).fill(`dlamini.${run}`);
  await desk.getByRole('link', { name: 'Ayanda Mokoena' }).click();
  const notOpen = desk.getByRole('status', { name: 'Entries are not open yet' });
  await notOpen.getByRole('button', { name: 'Let this family enter early' }).click();
  await expect(notOpen).toContainText('This family may enter early: let in by');
  await look(desk, testInfo, 'journey-7-let-in-early');
  await desk.context().close();

  await call('POST', `/api/Orders/${cart.id}/OrderItems`, newEntry);
  await family.goto('/checkout');
  await expect(family.getByRole('region', { name: 'Contestant: Sibusiso Dlamini' })).toContainText(
    'MU950',
  );
  const total = (await family.getByTestId('grand-total').textContent()) ?? '';
  await family.getByRole('button', { name: 'Proceed to Payment' }).click();
  await family.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Payment Success' })).toBeVisible();
  await familyContext.close();

  // ---- The earlier family still finds its order and its result. ----
  const earlierPage = await staffSignIn(browser, earlier.email, origin);
  await earlierPage.goto('/my-orders');
  await expect(
    earlierPage.getByRole('table', { name: /Your orders/ }).getByRole('row'),
  ).toHaveCount(2);
  await earlierPage.goto('/uploads');
  const yearChoice = earlierPage.getByRole('combobox', { name: 'Year' });
  await expect(yearChoice).toHaveValue(String(year));
  // The copy is the year after the earlier event.
  await yearChoice.selectOption(String(year - 1));
  const entry = earlierPage.getByRole('article', { name: /^Entry Title: VA102 / });
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: 'View Result of VA102' }).click();
  const result = earlierPage.getByRole('dialog', { name: 'Results' });
  await expect(result).toBeVisible();
  await expect(result).toContainText(/Gold|Silver|Bronze|Merit|Participation|\d+/);
  await look(earlierPage, testInfo, 'journey-8-earlier-results');
  await earlierPage.context().close();
});
