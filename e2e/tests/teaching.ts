import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { expectAccessibleDialog } from './axe.ts';
import { Client } from './cluster/client.ts';
import {
  inviteAdjudicator,
  markEverything,
  registerFamily,
  signIn,
  type Family,
} from './cluster/journey.ts';
import { openConsoleLink, openStaffArea } from './session.ts';

// A teacher approved for a school (issue 35, decision 061), reached as the product reaches it:
// the family registers with its pin and asks through the Teaching screen's call, an organiser
// approves through the Teachers page's call, learners join the class through the class's own
// call. The screens of registering, asking and approving are other journeys'
// (accounts.spec.ts, teachers.spec.ts); the class's screens start from here.
//
// Each person calls from a client address of their own (cluster/client.ts), as on the cluster
// journey: the shared e2e servers count pins and registrations per address and per account
// (decision 004), and the browsers of every journey there share 127.0.0.1.

/** The bootstrap organiser of the e2e servers (playwright.config.ts). */
export const ORGANISER_EMAIL = 'organiser@e2e.example';

/**
 * The organiser's API session on a server, signed in once per worker and server: an account
 * gets six pins an hour, and the shared servers' other journeys sign this organiser in too.
 */
const organisers = new Map<string, Promise<Client>>();
export function organiser(origin: string): Promise<Client> {
  let client = organisers.get(origin);
  if (!client) {
    const signedIn = new Client(origin);
    client = signIn(signedIn, ORGANISER_EMAIL).then(() => signedIn);
    client.catch(() => organisers.delete(origin));
    organisers.set(origin, client);
  }
  return client;
}

/** A school of the list by its name, or one the list does not have, which approving adds. */
export type SchoolAsked = { listed: string } | { name: string; kind: 'school' | 'studio' };

/** The project's server, unless a spec runs on one of its own (own-server.ts). */
function projectOrigin(): string {
  const origin = test.info().project.use.baseURL;
  if (!origin) throw new Error('the project has no baseURL');
  return origin;
}

/**
 * A new family account on the project's server or `origin` (registered and signed in with its
 * emailed pin), and the same session in `page`'s browser, as the verify screen leaves it (spec
 * 3's storage keys), so that the browser opens the family's screens signed in.
 */
export async function signedInFamily(
  page: Page,
  email: string,
  firstName: string,
  surname: string,
  origin = projectOrigin(),
) {
  const family = await registerFamily(origin, email, surname, firstName);
  const session = { token: family.client.token, customerId: family.customerId, username: email };
  await page.addInitScript((stored) => {
    if (localStorage.getItem('token')) return;
    localStorage.setItem('token', stored.token ?? '');
    localStorage.setItem('customerId', String(stored.customerId));
    localStorage.setItem('username', stored.username);
  }, session);
  return family;
}

/** The family asks to act for `school` as a teacher, as the Teaching screen does; the request's id. */
export async function askToTeach(family: Family, school: SchoolAsked): Promise<number> {
  const base = `/api/Customers/${family.customerId}`;
  let asked: { schoolId?: number; schoolName?: string; kind?: string };
  if ('listed' in school) {
    const listed = await family.client.call<{ id: number; name: string }[]>(
      'GET',
      `${base}/teaching/schools`,
    );
    const found = listed.find((s) => s.name === school.listed);
    if (!found) throw new Error(`${school.listed} is not a school of the list`);
    asked = { schoolId: found.id };
  } else {
    asked = { schoolName: school.name, kind: school.kind };
  }
  const membership = await family.client.call<{ id: number }>(
    'POST',
    `${base}/school-memberships`,
    { ...asked, role: 'teacher' },
  );
  return membership.id;
}

/**
 * The family asks to act for `school` as a teacher, and the organiser approves it (a new name
 * becomes a school of the list). Its class's membership id and school.
 */
export async function approvedTeacher(family: Family, school: SchoolAsked) {
  const membershipId = await askToTeach(family, school);
  const staff = await organiser(family.client.origin);
  const approved = await staff.call<{ schoolId: number; status: string }>(
    'POST',
    `/api/Staff/Teachers/${membershipId}/Approve`,
    'listed' in school ? {} : { newSchool: { name: school.name, kind: school.kind } },
  );
  if (approved.status !== 'approved') throw new Error(`not approved: ${approved.status}`);
  return { membershipId, schoolId: approved.schoolId };
}

/** The banking details the journeys give the organiser, as a bank's statement would. */
export const BANKING = {
  bankName: 'First National Bank',
  accountName: 'Online Eisteddfod NPC',
  accountNumber: '62812345678',
  branchCode: '250655',
};

/** The organiser's banking details on the served event, as the console's event settings save them. */
export async function setBankingDetails(origin: string, banking: Record<string, string>) {
  const staff = await organiser(origin);
  const { events } = await staff.call<{
    events: { id: number; isServed: boolean; settings: Record<string, unknown> }[];
  }>('GET', '/api/Staff/Events');
  const served = events.find((e) => e.isServed)!;
  await staff.call('PUT', `/api/Staff/Events/${served.id}`, { ...served.settings, banking });
  return served.id;
}

export interface Learner {
  firstName: string;
  surname: string;
  grade: string;
  gender: 'female' | 'male';
  /** For the parent's invitation (decision 063). */
  parentEmail?: string;
}

/** Learners added to the class one by one, the school's consent declared; their ids. */
export async function addLearners(family: Family, membershipId: number, learners: Learner[]) {
  const ids: number[] = [];
  for (const learner of learners) {
    const added = await family.client.call<{ id: number }>(
      'POST',
      `/api/Customers/${family.customerId}/Classes/${membershipId}/Learners`,
      { ...learner, schoolConsentDeclared: true },
    );
    ids.push(added.id);
  }
  return ids;
}

/**
 * The console in a browser signed in as the e2e servers' organiser with the worker's cached API
 * session, as the verify screen leaves it: no pin of its own. The organiser gets six pins an
 * hour, and the journeys sharing a server spent them (a seventh sign-in was refused).
 */
export async function organiserPage(browser: Browser, origin = projectOrigin()): Promise<Page> {
  const token = (await organiser(origin)).token ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  const page = await (await browser.newContext({ baseURL: origin })).newPage();
  const session = { token, customerId: claims.sub, username: ORGANISER_EMAIL };
  await page.addInitScript((stored) => {
    if (localStorage.getItem('token')) return;
    localStorage.setItem('token', stored.token);
    localStorage.setItem('customerId', stored.customerId);
    localStorage.setItem('username', stored.username);
  }, session);
  await page.goto('/staff');
  return page;
}

/** The invitation's link for a learner's parent, as their email has it (the dev outbox). */
export async function invitationLink(family: Family, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = await family.client.call<{ channel: string; body: string }[]>(
        'GET',
        `/api/dev/outbox?to=${encodeURIComponent(email)}`,
      );
      link = messages
        .map((m) => /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}/.exec(m.body)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

/** One of a parent's consents on the invitation's page: its text read, then I Accept. */
export async function acceptConsent(page: Page, name: string) {
  await page.getByRole('checkbox', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expectAccessibleDialog(page, dialog);
  await dialog.getByRole('button', { name: 'I Accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('checkbox', { name })).toBeChecked();
}

/**
 * The organiser records a school's EFT on the console's Payments screen by the statement's
 * reference, as the bank line carries it (typed in lower case): the order it finds is `found`.
 * Its amount, as the find dialog says it ("R 640.00").
 */
export async function recordEftByReference(
  desk: Page,
  testInfo: TestInfo,
  reference: string,
  found: RegExp,
): Promise<string> {
  await openStaffArea(desk, testInfo);
  await openConsoleLink(desk, testInfo, 'Payments');
  await desk.getByRole('button', { name: 'Record an EFT by reference…' }).click();
  const find = desk.getByRole('dialog', { name: 'Record an EFT by its reference' });
  await find.getByRole('textbox', { name: 'Statement reference' }).fill(reference.toLowerCase());
  await find.getByRole('button', { name: 'Find' }).click();
  const order = find.getByText(found);
  await expect(order).toBeVisible();
  const amount = /R [\d\s,]+\.\d\d/.exec((await order.textContent()) ?? '')?.[0] ?? '';
  await expectAccessibleDialog(desk, find);
  await desk.screenshot({ path: testInfo.outputPath('ledger-find.png') });
  await find.getByRole('button', { name: 'Record the payment…' }).click();
  const record = desk.getByRole('dialog', { name: /^Record a payment for order / });
  await expect(record.getByRole('textbox', { name: 'Reference' })).toHaveValue(reference);
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(desk.getByText(`is paid (${amount})`)).toBeVisible();
  await desk.getByRole('textbox', { name: 'Search payments' }).fill(reference);
  await expect(desk.getByRole('cell', { name: reference })).toBeVisible();
  return amount;
}

/** A download the page starts with `click`: its suggested name and its bytes. */
export async function downloaded(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/**
 * An adjudicator of `section` marks every finalised entry (`marked` of them), the organiser
 * releases the results now (the release screen is results-day.spec.ts's), and the class's
 * certificates are made by their job: waited for through the class's results CSV.
 */
export async function markedAndReleased(
  teacher: Family,
  membershipId: number,
  section: string,
  marked: number,
) {
  const origin = teacher.client.origin;
  const staff = await organiser(origin);
  const adjudicatorEmail = `adjudicator.${Date.now()}@example.org`;
  await inviteAdjudicator(staff, adjudicatorEmail, [section]);
  const adjudicator = new Client(origin);
  await signIn(adjudicator, adjudicatorEmail);
  expect(await markEverything(adjudicator)).toHaveLength(marked);
  const { eventId } = await staff.call<{ eventId: number }>('GET', '/api/config');
  await staff.call('POST', `/api/Staff/Events/${eventId}/Release/Now`, {
    acknowledge: ['WINNERS_UNCONFIRMED', 'WINNERS_NEED_CONFIRMING', 'MARKING_INCOMPLETE'],
  });
  const csv = `/api/Customers/${teacher.customerId}/Classes/${membershipId}/Results.csv`;
  await expect
    .poll(
      async () =>
        (await teacher.client.send('GET', csv))
          .text()
          .match(/,[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\r\n/g)?.length ?? 0,
      { timeout: 60_000 },
    )
    .toBe(marked);
}
