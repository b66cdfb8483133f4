import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { EntryScope } from '../../plugins/scope.ts';
import { entriesIn } from '../entries/index.ts';
import { categories, items, marks, orderItems, orders, payments } from '../../db/schema/index.ts';

/** The figures of the organiser's overview (decision 008). */

/**
 * The entries of paid orders in `scope` per section: entered, finalised, withdrawn, marked,
 * published.
 */
export async function countEntriesBySection(db: Database, scope: EntryScope, eventId: number) {
  return db
    .select({
      section: categories.section,
      entries: sql<number>`count(*) filter (where not ${orderItems.isCancelled})::int`,
      finalised: sql<number>`count(*) filter (where not ${orderItems.isCancelled} and ${orderItems.isSubmittedForMarking})::int`,
      withdrawn: sql<number>`count(*) filter (where ${orderItems.isCancelled})::int`,
      marked: sql<number>`count(*) filter (where not ${orderItems.isCancelled} and ${marks.status} = 'submitted')::int`,
      published: sql<number>`count(*) filter (where not ${orderItems.isCancelled} and ${marks.publishedAt} is not null)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(and(eq(items.eventId, eventId), eq(orders.status, 'paid'), entriesIn(scope, eventId)))
    .groupBy(categories.section);
}

/** How many of the event's orders are paid, and how many awaiting payment. */
export async function countOrders(
  db: Database,
  eventId: number,
): Promise<{ paid: number; awaiting: number }> {
  const [counts] = await db
    .select({
      paid: sql<number>`count(*) filter (where ${orders.status} = 'paid')::int`,
      awaiting: sql<number>`count(*) filter (where ${orders.status} = 'awaiting_payment')::int`,
    })
    .from(orders)
    .where(eq(orders.eventId, eventId));
  return { paid: counts?.paid ?? 0, awaiting: counts?.awaiting ?? 0 };
}

/** The payments credited to the event's orders, in cents. */
export async function sumCreditedPayments(db: Database, eventId: number): Promise<number> {
  const [received] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.eventId, eventId), eq(payments.status, 'credited')));
  return received?.cents ?? 0;
}
