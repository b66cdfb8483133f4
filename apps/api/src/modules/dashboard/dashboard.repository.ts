import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  customers,
  events,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
} from '../../db/schema/index.ts';
import { isMarkable, isVisibleTo } from '../entries/index.ts';
import { hasMainFile } from '../uploads/index.ts';

/**
 * The dashboard's figures (decision 023), one grouped query each. "Complete" and "finalised"
 * are the uploads' and adjudication's own predicates (`hasMainFile`, `isMarkable`).
 */

export async function findEvent(db: Database, eventId: number) {
  const [event] = await db
    .select({ id: events.id, name: events.name, timeZone: events.timeZone })
    .from(events)
    .where(eq(events.id, eventId));
  return event;
}

/**
 * When an order was paid: the payment's time; orders marked paid without one (imports, fixes
 * by hand) fall back to their checkout, then to their creation.
 */
const paidAt = sql`coalesce(${orders.completedAt}, ${orders.checkedOutAt}, ${orders.createdAt})`;
/** The calendar day of the payment in the event's time zone, as 'YYYY-MM-DD'. */
const paidDay = (timeZone: string) =>
  sql<string>`to_char((${paidAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/**
 * Grouping by the day: by position, as the time zone is a bound parameter and PostgreSQL does
 * not take the select's `$1` and the group's `$2` for the same expression.
 */
const byFirstColumn = sql`1`;

/** Entries of the event's paid orders, not withdrawn: the base of the entry and upload counts. */
function isPaidEntry(eventId: number) {
  return and(
    eq(items.eventId, eventId),
    eq(orders.status, 'paid'),
    eq(orderItems.isCancelled, false),
  );
}

/** Paid entries (not withdrawn) per section and day of payment. */
export async function countEntriesByDay(db: Database, eventId: number, timeZone: string) {
  const day = paidDay(timeZone);
  return db
    .select({ day, section: categories.section, entries: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(isPaidEntry(eventId))
    .groupBy(byFirstColumn, categories.section);
}

/** Paid orders and their totals (cents) per day of payment. */
export async function sumRevenueByDay(db: Database, eventId: number, timeZone: string) {
  const day = paidDay(timeZone);
  return db
    .select({
      day,
      cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.status, 'paid')))
    .groupBy(byFirstColumn);
}

/** Per section: paid entries, those with a main file, finalised, marks submitted, published. */
export async function countUploadsBySection(db: Database, eventId: number) {
  const markable = isMarkable(eventId);
  return db
    .select({
      section: categories.section,
      paid: sql<number>`count(*)::int`,
      complete: sql<number>`count(*) filter (where ${hasMainFile})::int`,
      finalised: sql<number>`count(*) filter (where ${markable})::int`,
      submitted: sql<number>`count(*) filter (where ${markable} and ${marks.status} = 'submitted')::int`,
      published: sql<number>`count(*) filter (where ${markable} and ${marks.publishedAt} is not null)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(isPaidEntry(eventId))
    .groupBy(categories.section);
}

/** Every adjudicator account (deactivated ones too: their marks still count), by name. */
export { findAdjudicators } from '../adjudication/index.ts';

/**
 * How many finalised entries each adjudicator may mark: what their marking list shows
 * (`isVisibleTo`), for every adjudicator at once.
 */
export async function countAssignedByAdjudicator(db: Database, eventId: number) {
  return db
    .select({ adjudicatorId: customers.id, assigned: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .innerJoin(customers, eq(customers.role, 'adjudicator'))
    .where(and(isMarkable(eventId), isVisibleTo(customers.id, eventId)))
    .groupBy(customers.id);
}

/** Each adjudicator's draft and submitted marks of the event's finalised entries. */
export async function countMarksByAdjudicator(db: Database, eventId: number) {
  return db
    .select({
      adjudicatorId: marks.adjudicatorId,
      drafts: sql<number>`count(*) filter (where ${marks.status} = 'draft')::int`,
      submitted: sql<number>`count(*) filter (where ${marks.status} = 'submitted')::int`,
    })
    .from(marks)
    .innerJoin(orderItems, eq(orderItems.id, marks.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(isMarkable(eventId))
    .groupBy(marks.adjudicatorId);
}
