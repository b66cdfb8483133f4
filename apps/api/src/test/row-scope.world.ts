import type { Item } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { customers, orderItemUploads, schoolMemberships } from '../db/schema/index.ts';
import { createStaff, finalisedEntry } from '../modules/adjudication/adjudication.test-helpers.ts';
import {
  addMainFile,
  createSchool,
  createTeacher,
  markPaid,
} from '../modules/class-entries/class-entries.test-helpers.ts';
import { createFamily } from './family.ts';
import { catalogueItems } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

// The world of the row-scope walk (issue 35, "Done means"): two unrelated families, two schools
// with their teachers and a coordinator, an organiser and an adjudicator. Every party's names
// are its own, so that an answer carrying another party's row shows it by name.

/** The rows of one party, by the kind of id a route's parameter names. */
export interface Party {
  name: string;
  customerId: number;
  email: string;
  /** Words that appear only in this party's rows (contestants' names, the account's surname). */
  marks: string[];
  profileId: number;
  orderId: number;
  orderItemId: number;
  uploadId: number;
  fileName: string;
  /** The party's class (a teacher), else 0. */
  membershipId: number;
  /** The party's school (a teacher), else 0. */
  schoolId: number;
}

/** A caller: a session, and the party whose rows are theirs. */
export interface Caller extends Party {
  auth: { authorization: string };
}

/** Gives the account a surname nobody else has (every test family is 'Thandi Nkosi'). */
async function rename(t: TestApp, customerId: number, surname: string) {
  await t.database.db.update(customers).set({ surname }).where(eq(customers.id, customerId));
}

/** A family with one child, a paid and finalised entry of `item` and its main file. */
async function parent(t: TestApp, name: string, item: Item): Promise<Caller> {
  const family = await createFamily(t);
  const surname = `Row${name}`;
  await rename(t, family.id, `${surname}fam`);
  const entry = await finalisedEntry(t, family, item, { firstName: `${name}kid`, surname });
  const [upload] = await t.database.db
    .select({ fileName: orderItemUploads.fileName })
    .from(orderItemUploads)
    .where(eq(orderItemUploads.id, entry.uploadId));
  return {
    name,
    customerId: family.id,
    email: family.email,
    auth: family.auth,
    marks: [`${name}kid`, `${surname}fam`],
    profileId: entry.profileId,
    orderId: entry.orderId,
    orderItemId: entry.orderItemId,
    uploadId: entry.uploadId,
    fileName: upload!.fileName,
    membershipId: 0,
    schoolId: 0,
  };
}

/** An approved teacher (or coordinator) at `schoolId` with one learner entered in `item`. */
async function teacher(
  t: TestApp,
  name: string,
  schoolId: number,
  item: Item,
  role: 'teacher' | 'coordinator' = 'teacher',
): Promise<Caller> {
  const tc = await createTeacher(t, schoolId, [], role);
  await rename(t, tc.id, `Row${name}teach`);
  const [learnerId] = await tc.addLearners([
    { firstName: `${name}learner`, surname: `Row${name}` },
  ]);
  const cart = await tc.openCart();
  const added = await tc.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: learnerId,
  });
  if (added.statusCode !== 201) throw new Error(`learner's entry not added: ${added.body}`);
  const orderItemId = added.json<{ id: number }>().id;
  await markPaid(t, cart);
  await addMainFile(t, orderItemId);
  const [upload] = await t.database.db
    .select({ id: orderItemUploads.id, fileName: orderItemUploads.fileName })
    .from(orderItemUploads)
    .where(eq(orderItemUploads.orderItemId, orderItemId));
  return {
    name,
    customerId: tc.id,
    email: tc.email,
    auth: tc.auth,
    marks: [`${name}learner`, `Row${name}teach`],
    profileId: learnerId!,
    orderId: cart,
    orderItemId,
    uploadId: upload!.id,
    fileName: upload!.fileName,
    membershipId: tc.membershipId,
    schoolId,
  };
}

/** A member of staff as a caller; their own rows are none (ids of 0 reach nothing). */
async function staff(t: TestApp, role: 'organiser' | 'adjudicator'): Promise<Caller> {
  const s = await createStaff(t, role);
  return {
    name: role,
    customerId: s.id,
    email: s.email,
    auth: s.auth,
    marks: [],
    profileId: 0,
    orderId: 0,
    orderItemId: 0,
    uploadId: 0,
    fileName: 'none.mp4',
    membershipId: 0,
    schoolId: 0,
  };
}

/**
 * A teacher of school A whose membership is no longer approved: `ended` (their class ended,
 * its learners stay with their account) or `requested` (asking to coordinate, not yet
 * decided). Neither reaches any class (decision 061: only approved memberships count).
 */
async function withoutReach(
  t: TestApp,
  name: string,
  schoolId: number,
  item: Item,
  status: 'ended' | 'requested',
): Promise<Caller> {
  // Made an approved teacher (to hold a learner, as a class does), then ended, or taken back to
  // a request to coordinate (the school has its coordinator approved already).
  const party = await teacher(t, name, schoolId, item);
  const role = status === 'requested' ? 'coordinator' : 'teacher';
  await t.database.db
    .update(schoolMemberships)
    .set({ status, role })
    .where(eq(schoolMemberships.id, party.membershipId));
  return party;
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * The world: parents P and Q (no school); school A with teachers A1 and A2 and coordinator AC,
 * a teacher whose class ended and a coordinator's request waiting; school B with teacher B1; an
 * organiser, and an adjudicator assigned the section of P's entry (Dance) and not Q's.
 */
export async function buildWorld(t: TestApp) {
  const items = await catalogueItems(t);
  const solo = (dance: boolean) => {
    const item = items.find(
      (i) =>
        !i.isGroupItem && !i.requiresAnInstrument && (i.category.section === 'Dance') === dance,
    );
    if (!item) throw new Error('no such solo item in the demo catalogue');
    return item;
  };
  const [dance, other] = [solo(true), solo(false)];
  const organiser = await staff(t, 'organiser');
  const adjudicator = await staff(t, 'adjudicator');
  const assigned = await t.app.inject({
    method: 'POST',
    url: `/api/Staff/Adjudicators/${adjudicator.customerId}/Assignments`,
    headers: organiser.auth,
    payload: { section: 'Dance' },
  });
  if (assigned.statusCode !== 201) throw new Error(`not assigned: ${assigned.body}`);
  const P = await parent(t, 'Pippa', dance);
  const Q = await parent(t, 'Quinn', other);
  const [schoolA, schoolB] = [await createSchool(t), await createSchool(t)];
  const A1 = await teacher(t, 'Aone', schoolA.id, other);
  const A2 = await teacher(t, 'Atwo', schoolA.id, other);
  const AC = await teacher(t, 'Acoord', schoolA.id, other, 'coordinator');
  const B1 = await teacher(t, 'Bone', schoolB.id, other);
  const ended = await withoutReach(t, 'Aended', schoolA.id, other, 'ended');
  const asking = await withoutReach(t, 'Aasking', schoolA.id, other, 'requested');
  return { organiser, adjudicator, P, Q, A1, A2, AC, B1, ended, asking, itemId: other.id };
}
