import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  customers,
  events,
  ledgerMovements,
  orderItems,
  orders,
  participantProfiles,
  schoolMemberships,
  schools,
} from '../../db/schema/index.ts';

// The reads of a school's statement (issue 35, decision 066). Which learners an order must hold
// to be on it is the caller's condition on participant_profiles (learnersIn, decision 061, or
// a school's classes for an organiser): an order of no learner in reach is never read.

export type StatementOrderRow = Awaited<ReturnType<typeof findStatementOrders>>[number];

/** Learners of the school's approved classes (an organiser's statement of a school). */
export function learnersOfSchool(schoolId: number): SQL {
  return sql`${participantProfiles.schoolMembershipId} in (
    select ${schoolMemberships.id} from ${schoolMemberships}
    where ${schoolMemberships.schoolId} = ${schoolId} and ${schoolMemberships.status} = 'approved')`;
}

/** Orders the customer placed. */
export const placedBy = (customerId: number): SQL => eq(orders.customerId, customerId);

/** The customers who hold an approved class at the school: its teachers. */
export function teachersOfSchool(schoolId: number): SQL {
  return sql`${orders.customerId} in (
    select ${schoolMemberships.customerId} from ${schoolMemberships}
    where ${schoolMemberships.schoolId} = ${schoolId} and ${schoolMemberships.status} = 'approved')`;
}

/**
 * The event's open, awaiting and paid orders of `placedBy` that hold an entry of a learner
 * `learners` reaches, with their teacher, entries and refunds, oldest first.
 */
export async function findStatementOrders(
  db: Database,
  eventId: number,
  placedBy: SQL,
  learners: SQL,
) {
  return db
    .select({
      order: orders,
      teacherName: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
      entries: sql<number>`(select count(*) from ${orderItems}
        where ${orderItems.orderId} = ${orders.id} and not ${orderItems.isCancelled})::int`,
      refundedCents: sql<number>`(select coalesce(sum(${ledgerMovements.amountCents}), 0)
        from ${ledgerMovements} where ${ledgerMovements.orderId} = ${orders.id}
        and ${ledgerMovements.kind} in ('refund', 'credit'))::int`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.eventId, eventId),
        inArray(orders.status, ['cart', 'awaiting_payment', 'paid']),
        placedBy,
        sql`exists (select 1 from ${orderItems}
          join ${participantProfiles} on ${participantProfiles.id} = ${orderItems.participantProfileId}
          where ${orderItems.orderId} = ${orders.id} and ${learners})`,
      ),
    )
    .orderBy(asc(customers.surname), asc(customers.firstName), asc(orders.id));
}

export async function findSchoolName(db: Database, schoolId: number) {
  const [row] = await db
    .select({ name: schools.name })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row?.name;
}

/** Any order, with its event's year and its payer (the ledger's look-up by reference). */
export async function findOrderWithPayer(db: Database, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      eventYear: events.year,
      payerName: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
      entries: sql<number>`(select count(*) from ${orderItems}
        where ${orderItems.orderId} = ${orders.id} and not ${orderItems.isCancelled})::int`,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  return row;
}

/** The event's banking details as the settings keep them (in its content, decision 066). */
export async function findEventBanking(db: Database, eventId: number): Promise<unknown> {
  const [row] = await db
    .select({ banking: sql<unknown>`${events.content} -> 'banking'` })
    .from(events)
    .where(eq(events.id, eventId));
  return row?.banking;
}

/** The ids of the school's learners (its approved classes'): what the school's statement names. */
export async function findSchoolLearnerIds(db: Database, schoolId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: participantProfiles.id })
    .from(participantProfiles)
    .where(learnersOfSchool(schoolId));
  return new Set(rows.map((r) => r.id));
}
