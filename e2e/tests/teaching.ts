import type { Page } from '@playwright/test';
import { Client } from './cluster/client.ts';
import { signIn } from './cluster/journey.ts';
import { familyApi } from './session.ts';

// A teacher approved for a school (issue 35, decision 061), reached as the product reaches it:
// the family asks through the Teaching screen's call, an organiser approves through the
// Teachers page's call, learners join the class through the class's own call. The screens of
// asking and approving are teachers.spec.ts's journey; the others start from here.

/** The bootstrap organiser of the e2e servers (playwright.config.ts). */
export const ORGANISER_EMAIL = 'organiser@e2e.example';

/**
 * The organiser's API session on a server, signed in once per worker and server: an account
 * gets six pins an hour (decision 004), and the shared servers' other journeys sign this
 * organiser in too. Signed in from a client address of its own, not the browsers'.
 */
const organisers = new Map<string, Promise<Client>>();
function organiser(origin: string): Promise<Client> {
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
 * The family signed in on `page` asks to act for `school` as a teacher, and the organiser
 * approves it (a new name becomes a school of the list). Its class's membership id.
 */
export async function approvedTeacher(page: Page, school: SchoolAsked) {
  const { customerId, call } = await familyApi(page);
  let asked: { schoolId?: number; schoolName?: string; kind?: string };
  if ('listed' in school) {
    const listed = await call<{ id: number; name: string }[]>(
      'GET',
      `/api/Customers/${customerId}/teaching/schools`,
    );
    const found = listed.find((s) => s.name === school.listed);
    if (!found) throw new Error(`${school.listed} is not a school of the list`);
    asked = { schoolId: found.id };
  } else {
    asked = { schoolName: school.name, kind: school.kind };
  }
  const membership = await call<{ id: number }>(
    'POST',
    `/api/Customers/${customerId}/school-memberships`,
    { ...asked, role: 'teacher' },
  );
  const staff = await organiser(new URL(page.url()).origin);
  const approved = await staff.call<{ schoolId: number; status: string }>(
    'POST',
    `/api/Staff/Teachers/${membership.id}/Approve`,
    'listed' in school ? {} : { newSchool: { name: school.name, kind: school.kind } },
  );
  if (approved.status !== 'approved') throw new Error(`not approved: ${approved.status}`);
  return { customerId, membershipId: membership.id, schoolId: approved.schoolId };
}

export interface Learner {
  firstName: string;
  surname: string;
  grade: string;
  gender: 'female' | 'male';
}

/** Learners added to the class one by one, the school's consent declared; their ids. */
export async function addLearners(page: Page, membershipId: number, learners: Learner[]) {
  const { customerId, call } = await familyApi(page);
  const ids: number[] = [];
  for (const learner of learners) {
    const added = await call<{ id: number }>(
      'POST',
      `/api/Customers/${customerId}/Classes/${membershipId}/Learners`,
      { ...learner, schoolConsentDeclared: true },
    );
    ids.push(added.id);
  }
  return ids;
}
