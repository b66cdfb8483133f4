import { and, asc, inArray, not } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { orderItemUploads } from '../../db/schema/index.ts';

/** The files of entries: images, documents and finished videos (order_item_uploads). */

export type UploadRow = typeof orderItemUploads.$inferSelect;

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
