import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
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
  type Family,
} from './cluster/journey.ts';
import { useOwnServer } from './own-server.ts';
import { openConsoleLink, openStaffArea, staffSignIn } from './session.ts';
import { png } from './test-files.ts';

// Issue 34, "done means": an organiser signs in and lands on the console, works three items of
// the task list to done from it, publishes marks without releasing the gala, then releases it
// (the public page changes only then), and undoes a mistaken release within the grace period.
// Releasing changes what every visitor sees, so this runs on a server of its own.

const ORGANISER_EMAIL = 'organiser@console.example';
const serverOrigin = useOwnServer('console', ORGANISER_EMAIL);

const SECTION = 'Visual Arts & Design';
const ADJUDICATOR = 'Pieter Marais';

/** Nothing wider than the screen, and axe when asked: each console screen the journey visits. */
async function look(page: Page, name: string, axe = false) {
  if (axe) await expectNoAccessibilityViolations(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${name} is wider than the screen`,
  ).toBeLessThanOrEqual(0);
}

/** A task of the overview's list, by its title. */
const task = (page: Page, title: string) => page.getByRole('listitem', { name: title });

const TASKS = {
  finalise: 'Entries complete but not sent to the adjudicators',
  unassigned: 'Finalised entries no adjudicator can mark',
  requests: 'Data requests waiting',
};

/**
 * The season as the organiser finds it: a family with an entry complete but not finalised and
 * one finalised that no adjudicator can mark (the one adjudicator has no section yet), and
 * another family that asked for its data to be erased.
 */
async function season(origin: string, run: string) {
  const family = await registerFamily(origin, `naidoo.${run}@example.org`, 'Naidoo');
  const priya = await addContestant(family, 'Priya', 'Naidoo');
  const sent = await addEntry(family, 'VA102', priya);
  const waiting = await addEntry(family, 'VA202', priya);
  await payCart(family);
  for (const [k, id] of [sent, waiting].entries()) {
    const file = { name: `artwork-${k + 1}.png`, type: 'image/png', data: png(96, 64) };
    await uploadEntryFile(family, id, file, 'main');
  }
  await finalise(family, sent);
  const leaving = await registerFamily(origin, `botha.${run}@example.org`, 'Botha');
  await leaving.client.call('POST', `/api/Customers/${leaving.customerId}/ErasureRequest`);
  const organiser = new Client(origin);
  await signIn(organiser, ORGANISER_EMAIL);
  const adjudicatorEmail = `adjudicator.${run}@example.org`;
  await inviteAdjudicator(organiser, adjudicatorEmail, []);
  const adjudicator = new Client(origin);
  await signIn(adjudicator, adjudicatorEmail);
  return { family, waiting, adjudicator };
}

/** Emails in the dev outbox to an address. */
async function emailsTo(family: Family) {
  const all = await family.client.call<{ channel: string; body: string }[]>(
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(family.email)}`,
  );
  return all.filter((m) => m.channel === 'email');
}

/** The public gala page as a new visitor sees it (a browser of their own: no cached answer). */
async function galaReleased(browser: Browser, origin: string): Promise<boolean> {
  const visitor = await (await browser.newContext({ baseURL: origin })).newPage();
  await visitor.goto('/gala');
  const notYet = visitor.getByText('Results are not released yet');
  const released = visitor.getByRole('heading', { level: 2, name: 'Section winners' });
  await expect(notYet.or(released)).toBeVisible();
  const answer = await released.isVisible();
  await visitor.context().close();
  return answer;
}

/** Back on the overview, the task shows done. */
async function expectDone(page: Page, testInfo: TestInfo, title: string) {
  await openStaffArea(page, testInfo);
  await expect(task(page, title).getByText('Done', { exact: true })).toBeVisible();
}

test('the console: the task list worked to done, marks published apart from the release, a release withdrawn', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const origin = serverOrigin();
  const run = `${testInfo.project.name}.${Date.now()}`;
  const { family, waiting, adjudicator } = await season(origin, run);

  // ---- The organiser lands on the console's overview, the task list first. ----
  const page = await staffSignIn(browser, ORGANISER_EMAIL, origin);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 2, name: 'What needs doing' })).toBeVisible();
  for (const title of Object.values(TASKS)) {
    await expect(task(page, title).getByText('To do', { exact: true })).toBeVisible();
  }
  await expect(task(page, TASKS.finalise)).toContainText('1 entry of 1 family');
  await look(page, 'overview', true);

  // ---- (a) Remind them to finalise: the reminder chosen, sent now; the family finalises. ----
  const before = (await emailsTo(family)).length;
  await task(page, TASKS.finalise).getByRole('link', { name: 'Remind them to finalise' }).click();
  await expect(page).toHaveURL(/\/staff\/reminders\?kind=not_finalised$/);
  const form = page.getByRole('form', { name: 'New reminder' });
  await expect(form.getByRole('combobox', { name: 'Reminder' })).toHaveValue(
    'Complete but not finalised',
  );
  await look(page, 'reminders', true);
  await form.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('It is being sent now.')).toBeVisible();
  await expect.poll(async () => (await emailsTo(family)).length).toBeGreaterThan(before);
  await finalise(family, waiting);
  await expectDone(page, testInfo, TASKS.finalise);

  // ---- (b) Assign adjudicators: the section goes to the one adjudicator. ----
  await task(page, TASKS.unassigned).getByRole('link', { name: 'Assign adjudicators' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adjudicators' })).toBeVisible();
  const card = page.getByRole('article', { name: ADJUDICATOR });
  await expect(card).toContainText('Nothing assigned yet.');
  await look(page, 'adjudicators', true);
  await card.getByRole('combobox', { name: `Assign to ${ADJUDICATOR}` }).click();
  await page.getByRole('option', { name: SECTION, exact: true }).click();
  await card.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(card).toContainText('Marked 0 of 2');
  await expectDone(page, testInfo, TASKS.unassigned);

  // ---- (c) The data request: the family's data erased. ----
  await task(page, TASKS.requests).getByRole('link', { name: 'Open data requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data requests' })).toBeVisible();
  await look(page, 'data requests', true);
  await page.getByRole('button', { name: 'Carry out erasure of Parent Botha' }).click();
  const erase = page.getByRole('dialog', { name: 'Erase Parent Botha' });
  await erase.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(erase).toBeHidden();
  await expectDone(page, testInfo, TASKS.requests);
  await look(page, 'overview, three tasks done', true);

  // ---- Marks published by hand: families are told, the gala page stays closed. ----
  expect(await markEverything(adjudicator)).toHaveLength(2);
  await openConsoleLink(page, testInfo, 'Results');
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await look(page, 'results');
  await page.getByRole('button', { name: 'Publish results…' }).click();
  await page.getByRole('menuitem', { name: 'Publish all sections' }).click();
  const publishing = page.getByRole('dialog', { name: 'Publish results' });
  await expect(publishing).toContainText('the gala page is not released.');
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^2 results published/)).toBeVisible();
  expect(await galaReleased(browser, origin)).toBe(false);

  // ---- Released by hand, the missing winners acknowledged: the gala page opens. ----
  await openConsoleLink(page, testInfo, 'Winners and release');
  const panel = page.getByRole('region', { name: 'Release on the gala date' });
  await expect(panel).toContainText('Not scheduled');
  await look(page, 'winners and release');
  await panel.getByRole('button', { name: 'Release now…' }).click();
  const releasing = page.getByRole('dialog', { name: 'Release the results now?' });
  await expect(releasing).toContainText('No Section Winners are confirmed');
  const go = releasing.getByRole('button', { name: 'Release now', exact: true });
  await expect(go).toBeDisabled();
  await releasing.getByRole('checkbox', { name: /^Release anyway/ }).check();
  await expectAccessibleDialog(page, releasing);
  await go.click();
  await expect(panel.getByText('Results released')).toBeVisible();
  expect(await galaReleased(browser, origin)).toBe(true);

  // ---- A mistake: withdrawn within the grace period, the gala page is closed again. ----
  await panel.getByRole('button', { name: 'Withdraw the gala page…' }).click();
  const withdrawing = page.getByRole('dialog', { name: 'Withdraw the gala page?' });
  await withdrawing.getByRole('button', { name: 'Withdraw the gala page' }).click();
  await expect(panel.getByRole('button', { name: 'Release now…' })).toBeVisible();
  await look(page, 'winners and release, withdrawn');
  expect(await galaReleased(browser, origin)).toBe(false);
  await page.context().close();
});
