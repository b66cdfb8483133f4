import { and, asc, count, desc, eq, exists, ilike, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { likeContains } from '../../lib/like.ts';
import { events, items, orderItems, orderItemUploads, orders } from '../../db/schema/index.ts';
import type { OrderItemRow, OrderRow } from '../orders/index.ts';

/** A contestant's paid entries in the uploads portal: listing, locking, finalising, withdrawing. */

export interface EntryRow {
  entry: OrderItemRow;
  order: OrderRow;
}

export interface EntryListFilter {
  customerId: number;
  profileId: number;
  year: number;
  search: string;
  skip: number;
  take: number;
}

/** A paid order's entries for one contestant and event year; the base of every portal list. */
function entriesOf(filter: Pick<EntryListFilter, 'customerId' | 'profileId' | 'year'>) {
  return and(
    eq(orders.customerId, filter.customerId),
    eq(orders.status, 'paid'),
    eq(orderItems.participantProfileId, filter.profileId),
    eq(events.year, filter.year),
  );
}

/** An entry is complete once it holds a main file (spec 4, Finalising); the dashboard counts these. */
export const hasMainFile = exists(
  sql`(select 1 from ${orderItemUploads} where ${orderItemUploads.orderItemId} = ${orderItems.id}
       and ${orderItemUploads.uploadType} = 2 and not ${orderItemUploads.isDeleted})`,
);

/** One page of a contestant's paid entries, by due date then code, with the counts the portal shows. */
export async function pageEntries(db: Database, filter: EntryListFilter) {
  const base = entriesOf(filter);
  const matching = filter.search ? and(base, ilike(items.code, likeContains(filter.search))) : base;
  const rows = await db
    .select({ entry: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(matching)
    .orderBy(asc(items.dueDate), asc(items.code), asc(orderItems.id))
    .limit(filter.take)
    .offset(filter.skip);
  const [totals] = await db
    .select({ total: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(matching);
  const [year] = await db
    .select({
      all: count(),
      withdrawn: sql<number>`count(*) filter (where ${orderItems.isCancelled})`,
      // Complete and not withdrawn: what 'X of N complete' counts (decision 028).
      complete: sql<number>`count(*) filter (where ${hasMainFile} and not ${orderItems.isCancelled})`,
      // Finalised and not withdrawn: what 'X of N finalised' counts (decision 043).
      finalised: sql<number>`count(*) filter (where ${orderItems.isSubmittedForMarking} and not ${orderItems.isCancelled})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(base);
  return {
    rows,
    total: Number(totals?.total ?? 0),
    allEntries: Number(year?.all ?? 0),
    withdrawnEntries: Number(year?.withdrawn ?? 0),
    completeEntries: Number(year?.complete ?? 0),
    finalisedEntries: Number(year?.finalised ?? 0),
  };
}

/** The years of the events in which a contestant has paid entries, newest first. */
export async function entryYears(db: Database, customerId: number, profileId: number) {
  const rows = await db
    .selectDistinct({ year: events.year })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.status, 'paid'),
        eq(orderItems.participantProfileId, profileId),
      ),
    )
    .orderBy(desc(events.year));
  return rows.map((r) => r.year);
}

/** An entry with its order, when the order is the customer's (any status). */
export async function findOwnEntry(
  db: Database | Tx,
  customerId: number,
  orderItemId: number,
  lock = false,
): Promise<EntryRow | undefined> {
  const query = db
    .select({ entry: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.customerId, customerId)));
  const [row] = lock ? await query.for('update', { of: orderItems }) : await query;
  return row;
}

/** Runs `work` with the entry's row locked, so finalising, withdrawing and file changes queue. */
export async function withLockedEntry<T>(
  db: Database,
  customerId: number,
  orderItemId: number,
  work: (tx: Tx, row: EntryRow | undefined) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) =>
    work(tx, await findOwnEntry(tx, customerId, orderItemId, true)),
  );
}

export async function setSubmittedForMarking(tx: Tx, orderItemId: number, at: Date) {
  await tx
    .update(orderItems)
    .set({ isSubmittedForMarking: true, submittedForMarkingAt: at })
    .where(eq(orderItems.id, orderItemId));
}

export async function setWithdrawn(tx: Tx, orderItemId: number, at: Date) {
  await tx
    .update(orderItems)
    .set({ isCancelled: true, withdrawnAt: at })
    .where(eq(orderItems.id, orderItemId));
}

export async function setCollectionOfEntry(db: Database | Tx, orderItemId: number, guid: string) {
  await db
    .update(orderItems)
    .set({ externalCollectionId: guid })
    .where(eq(orderItems.id, orderItemId));
}
