import { test, type Browser, type Page } from '@playwright/test';
import { Client } from './cluster/client.ts';
import { registerFamily, signIn, type Family } from './cluster/journey.ts';

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

/**
 * A new family account on the project's server (registered and signed in with its emailed pin),
 * and the same session in `page`'s browser, as the verify screen leaves it (spec 3's storage
 * keys), so that the browser opens the family's screens signed in.
 */
export async function signedInFamily(
  page: Page,
  email: string,
  firstName: string,
  surname: string,
) {
  const origin = test.info().project.use.baseURL;
  if (!origin) throw new Error('the project has no baseURL');
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

/**
 * The family asks to act for `school` as a teacher, and the organiser approves it (a new name
 * becomes a school of the list). Its class's membership id and school.
 */
export async function approvedTeacher(family: Family, school: SchoolAsked) {
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
  const staff = await organiser(family.client.origin);
  const approved = await staff.call<{ schoolId: number; status: string }>(
    'POST',
    `/api/Staff/Teachers/${membership.id}/Approve`,
    'listed' in school ? {} : { newSchool: { name: school.name, kind: school.kind } },
  );
  if (approved.status !== 'approved') throw new Error(`not approved: ${approved.status}`);
  return { membershipId: membership.id, schoolId: approved.schoolId };
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
export async function organiserPage(browser: Browser): Promise<Page> {
  const origin = test.info().project.use.baseURL;
  if (!origin) throw new Error('the project has no baseURL');
  const token = (await organiser(origin)).token ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  const page = await (await browser.newContext()).newPage();
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
