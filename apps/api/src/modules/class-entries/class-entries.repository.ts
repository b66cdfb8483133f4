import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  events,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
  schoolMemberships,
} from '../../db/schema/index.ts';
import { learnersIn, type ClassReach } from '../teachers/index.ts';
import { hasMainFile } from '../uploads/index.ts';

// The reads of a teacher's class (issue 35, decision 065), each within the caller's reach
// (learnersIn, decision 061): a learner outside it is never read.

export type LearnerRow = Pick<
  typeof participantProfiles.$inferSelect,
  'id' | 'customerId' | 'firstName' | 'surname' | 'grade' | 'school' | 'gender'
>;

const learnerColumns = {
  id: participantProfiles.id,
  customerId: participantProfiles.customerId,
  firstName: participantProfiles.firstName,
  surname: participantProfiles.surname,
  grade: participantProfiles.grade,
  school: participantProfiles.school,
  gender: participantProfiles.gender,
};

/** The learners of one class, by surname and name. */
export async function findClassLearners(
  db: Database,
  reach: ClassReach,
  membershipId: number,
): Promise<LearnerRow[]> {
  return db
    .select(learnerColumns)
    .from(participantProfiles)
    .where(and(learnersIn(reach), eq(participantProfiles.schoolMembershipId, membershipId)))
    .orderBy(asc(participantProfiles.surname), asc(participantProfiles.firstName));
}

/** The event's entries of these learners in open or paid orders (the grid's ticks). */
export async function findGridEntries(db: Database, eventId: number, learnerIds: number[]) {
  if (learnerIds.length === 0) return [];
  return db
    .select({
      orderItemId: orderItems.id,
      learnerId: orderItems.participantProfileId,
      itemId: orderItems.itemId,
      instruments: orderItems.instruments,
      groupName: orderItems.groupName,
      status: orders.status,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.eventId, eventId),
        inArray(orders.status, ['cart', 'awaiting_payment', 'paid']),
        inArray(orderItems.participantProfileId, learnerIds),
        eq(orderItems.isCancelled, false),
      ),
    )
    .orderBy(asc(orderItems.id));
}

/** Every entry of the learners `scope` reaches in the event, with what its state needs. */
export async function findScopedEntries(db: Database, eventId: number, scope: SQL) {
  return db
    .select({
      orderItemId: orderItems.id,
      learnerId: participantProfiles.id,
      classId: participantProfiles.schoolMembershipId,
      customerId: participantProfiles.customerId,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      itemCode: items.code,
      itemName: items.shortDescription,
      dueDate: items.dueDate,
      isPaid: sql<boolean>`${orders.status} = 'paid'`,
      isCancelled: orderItems.isCancelled,
      isSubmittedForMarking: orderItems.isSubmittedForMarking,
      hasMainFile: sql<boolean>`${hasMainFile}`,
      isMarked: sql<boolean>`${isNotNull(marks.publishedAt)}`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(
      and(
        scope,
        eq(orders.eventId, eventId),
        inArray(orders.status, ['cart', 'awaiting_payment', 'paid']),
      ),
    )
    .orderBy(
      asc(participantProfiles.surname),
      asc(participantProfiles.firstName),
      asc(items.code),
      asc(orderItems.id),
    );
}

/** Whether the event's results are released (decision 026): the class's results pack opens. */
export async function resultsReleased(db: Database, eventId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: events.resultsReleasedAt })
    .from(events)
    .where(eq(events.id, eventId));
  return row !== undefined && row.at !== null;
}

/** The learners of a school's approved classes (the console's School page, decision 068). */
export function schoolScope(schoolId: number): SQL {
  return sql`${participantProfiles.schoolMembershipId} in (select ${schoolMemberships.id}
    from ${schoolMemberships} where ${schoolMemberships.schoolId} = ${schoolId}
      and ${schoolMemberships.status} = 'approved')`;
}
