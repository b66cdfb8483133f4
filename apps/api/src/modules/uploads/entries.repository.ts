import { and, asc, count, eq, exists, ilike, inArray, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  events,
  items,
  orderItems,
  orderItemUploads,
  orders,
  videoCollections,
  videoSlots,
} from '../../db/schema/index.ts';
import type { OrderItemRow, OrderRow, Tx } from '../orders/orders.repository.ts';

export type UploadRow = typeof orderItemUploads.$inferSelect;
export type SlotRow = typeof videoSlots.$inferSelect;

export interface EntryRow {
  entry: OrderItemRow;
  order: OrderRow;
}

/** Escapes LIKE wildcards, so a search for 'MU_1' means exactly that. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

const hasMainFile = exists(
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
      complete: sql<number>`count(*) filter (where ${hasMainFile})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(base);
  return {
    rows,
    total: Number(totals?.total ?? 0),
    allEntries: Number(year?.all ?? 0),
    completeEntries: Number(year?.complete ?? 0),
  };
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

/** The live (not deleted) files of entries, oldest first. */
export async function findLiveUploads(db: Database | Tx, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return [];
  return db
    .select()
    .from(orderItemUploads)
    .where(
      and(inArray(orderItemUploads.orderItemId, orderItemIds), not(orderItemUploads.isDeleted)),
    )
    .orderBy(asc(orderItemUploads.id));
}

export async function insertUpload(
  tx: Database | Tx,
  values: typeof orderItemUploads.$inferInsert,
) {
  const [row] = await tx.insert(orderItemUploads).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** An upload with the entry and order it belongs to, when they are the customer's. */
export async function findOwnUpload(db: Database, customerId: number, uploadId: number) {
  const [row] = await db
    .select({ upload: orderItemUploads, entry: orderItems, order: orders })
    .from(orderItemUploads)
    .innerJoin(orderItems, eq(orderItems.id, orderItemUploads.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItemUploads.id, uploadId), eq(orders.customerId, customerId)));
  return row;
}

export async function findUploadById(db: Database, uploadId: number) {
  const [row] = await db.select().from(orderItemUploads).where(eq(orderItemUploads.id, uploadId));
  return row;
}

export async function findLiveUploadByName(db: Database, orderItemId: number, fileName: string) {
  const [row] = await db
    .select()
    .from(orderItemUploads)
    .where(
      and(
        eq(orderItemUploads.orderItemId, orderItemId),
        eq(orderItemUploads.fileName, fileName),
        not(orderItemUploads.isDeleted),
      ),
    );
  return row;
}

export async function findLiveUploadByVideo(db: Database | Tx, videoId: string) {
  const [row] = await db
    .select()
    .from(orderItemUploads)
    .where(and(eq(orderItemUploads.videoId, videoId), not(orderItemUploads.isDeleted)));
  return row;
}

/** Marks an upload deleted; its bytes stay until the entry's files are swept after the event. */
export async function softDeleteUpload(tx: Tx, uploadId: number, at: Date) {
  await tx
    .update(orderItemUploads)
    .set({ isDeleted: true, deletedAt: at })
    .where(eq(orderItemUploads.id, uploadId));
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

// Video collections and slots

export async function findCollections(db: Database, customerId: number, search?: string) {
  return db
    .select()
    .from(videoCollections)
    .where(
      and(
        eq(videoCollections.customerId, customerId),
        search ? ilike(videoCollections.name, likeContains(search)) : undefined,
      ),
    )
    .orderBy(asc(videoCollections.createdAt));
}

export async function findCollection(db: Database | Tx, customerId: number, guid: string) {
  const [row] = await db
    .select()
    .from(videoCollections)
    .where(and(eq(videoCollections.id, guid), eq(videoCollections.customerId, customerId)));
  return row;
}

export async function findCollectionOfEntry(db: Database | Tx, orderItemId: number) {
  const [row] = await db
    .select()
    .from(videoCollections)
    .where(eq(videoCollections.orderItemId, orderItemId));
  return row;
}

export async function insertCollection(tx: Tx, values: typeof videoCollections.$inferInsert) {
  const [row] = await tx.insert(videoCollections).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function countSlots(db: Database, collectionIds: string[]) {
  if (collectionIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: videoSlots.collectionId, n: count() })
    .from(videoSlots)
    .where(inArray(videoSlots.collectionId, collectionIds))
    .groupBy(videoSlots.collectionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function findSlots(db: Database, collectionId: string) {
  return db
    .select()
    .from(videoSlots)
    .where(eq(videoSlots.collectionId, collectionId))
    .orderBy(asc(videoSlots.createdAt));
}

export async function findSlot(db: Database | Tx, videoId: string) {
  const [row] = await db.select().from(videoSlots).where(eq(videoSlots.id, videoId));
  return row;
}

export async function insertSlot(db: Database | Tx, values: typeof videoSlots.$inferInsert) {
  const [row] = await db.insert(videoSlots).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateSlot(
  db: Database | Tx,
  videoId: string,
  values: Partial<typeof videoSlots.$inferInsert>,
) {
  await db.update(videoSlots).set(values).where(eq(videoSlots.id, videoId));
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
