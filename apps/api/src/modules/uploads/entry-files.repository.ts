import { and, eq, not } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { orderItems, orderItemUploads, orders } from '../../db/schema/index.ts';

/**
 * Writes and owners' reads of entries' files (order_item_uploads). Which files an entry has is
 * the entries module's read; it is named here again so that this module reads as one.
 */
export { findLiveUploads, type UploadRow } from '../entries/index.ts';

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
