import { OTHER_SCHOOL } from '@eisteddfod/shared';
import { and, asc, eq, inArray, ne, count, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { foldedSql } from '../../db/fold.ts';
import {
  events,
  groupParticipants,
  items,
  orderItems,
  orders,
  participantProfiles,
  schools,
} from '../../db/schema/index.ts';

export type ProfileRow = typeof participantProfiles.$inferSelect;
export type ProfileValues = Pick<
  ProfileRow,
  'firstName' | 'surname' | 'email' | 'mobileNumber' | 'school' | 'grade' | 'gender'
>;

export async function findProfiles(db: Database, customerId: number): Promise<ProfileRow[]> {
  return db
    .select()
    .from(participantProfiles)
    .where(eq(participantProfiles.customerId, customerId))
    .orderBy(asc(participantProfiles.id));
}

/** The contestant, only when it belongs to the customer. */
export async function findProfile(
  db: Database,
  customerId: number,
  profileId: number,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(participantProfiles)
    .where(
      and(eq(participantProfiles.id, profileId), eq(participantProfiles.customerId, customerId)),
    );
  return row;
}

/**
 * The school of the list a typed name is, folded as migration 0033 folds it (case and runs of
 * spaces); null for 'Other School' and a name the list does not have (decision 061).
 */
const schoolNamed = (name: string): SQL =>
  sql`(select min(${schools.id}) from ${schools}
        where ${foldedSql(schools.name)} = ${foldedSql(sql`${name}`)} and ${schools.name} <> ${OTHER_SCHOOL})`;

export async function insertProfile(
  db: Database,
  values: ProfileValues & {
    customerId: number;
    acceptedTermsAt: Date;
    acceptedHonourPledgeAt: Date;
  },
): Promise<ProfileRow> {
  const [row] = await db
    .insert(participantProfiles)
    .values({ ...values, schoolId: schoolNamed(values.school) })
    .returning();
  if (!row) throw new Error('The contestant was not created');
  return row;
}

export async function updateProfile(
  db: Database,
  customerId: number,
  profileId: number,
  values: ProfileValues,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(participantProfiles)
    // The same school typed again keeps its link (one an organiser confirmed by hand too).
    .set({
      ...values,
      schoolId: sql`case when ${foldedSql(participantProfiles.school)} = ${foldedSql(sql`${values.school}`)}
        then ${participantProfiles.schoolId} else ${schoolNamed(values.school)} end`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(participantProfiles.id, profileId), eq(participantProfiles.customerId, customerId)),
    )
    .returning();
  return row;
}

export async function deleteProfile(
  db: Database,
  customerId: number,
  profileId: number,
): Promise<void> {
  await db
    .delete(participantProfiles)
    .where(
      and(eq(participantProfiles.id, profileId), eq(participantProfiles.customerId, customerId)),
    );
}

/** Items entered for the contestant in any order that is not cancelled (carts included). */
export async function countEnteredItems(db: Database, profileId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.participantProfileId, profileId), ne(orders.status, 'cancelled')));
  return row?.n ?? 0;
}

export interface EnteredItemRow {
  id: number;
  orderId: number;
  participantProfileId: number;
  itemCode: string;
  itemShortDescription: string;
  itemDescription: string;
  isGroupItem: boolean;
  instruments: string;
  orderStatus: (typeof orders.$inferSelect)['status'];
  isSubmittedForMarking: boolean;
  dueDate: string;
  timeZone: string;
}

export async function findEnteredItems(
  db: Database,
  profileIds: number[],
): Promise<EnteredItemRow[]> {
  if (profileIds.length === 0) return [];
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      participantProfileId: orderItems.participantProfileId,
      itemCode: items.code,
      itemShortDescription: items.shortDescription,
      itemDescription: items.description,
      isGroupItem: items.isGroupItem,
      instruments: orderItems.instruments,
      orderStatus: orders.status,
      isSubmittedForMarking: orderItems.isSubmittedForMarking,
      dueDate: items.dueDate,
      timeZone: events.timeZone,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(
      and(
        inArray(orderItems.participantProfileId, profileIds),
        ne(orders.status, 'cancelled'),
        eq(orderItems.isCancelled, false),
      ),
    )
    .orderBy(asc(items.code));
}

export async function findGroupParticipants(db: Database, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return [];
  return db
    .select()
    .from(groupParticipants)
    .where(inArray(groupParticipants.orderItemId, orderItemIds))
    .orderBy(asc(groupParticipants.orderItemId), asc(groupParticipants.position));
}

export async function findSchoolNames(db: Database): Promise<string[]> {
  const rows = await db
    .select({ name: schools.name })
    .from(schools)
    .orderBy(asc(schools.sortOrder));
  return rows.map((r) => r.name);
}
