import { UPLOAD_TYPE } from '@eisteddfod/shared';
import { and, asc, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  items,
  marks,
  orderItems,
  orderItemUploads,
  orders,
} from '../../db/schema/index.ts';
import { isMarkable } from '../entries/index.ts';

/** What the gala page reads (decision 026). */

/**
 * Whose marks the gala shows: published ones; `asReleased` adds the submitted ones a release
 * would publish now (the release's preview, decision 033).
 */
const shown = (asReleased: boolean) =>
  asReleased
    ? or(isNotNull(marks.publishedAt), eq(marks.status, 'submitted'))
    : isNotNull(marks.publishedAt);

/** Published marks of the event's entries, per section and total. */
export async function publishedTotals(db: Database, eventId: number, asReleased = false) {
  return db
    .select({ section: categories.section, total: marks.total, n: count() })
    .from(marks)
    .innerJoin(orderItems, eq(orderItems.id, marks.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(isMarkable(eventId), shown(asReleased)))
    .groupBy(categories.section, marks.total);
}

/** The main files of these entries with a copy fit for the public, with their item. */
export async function showcaseFiles(db: Database, orderItemIds: number[], asReleased = false) {
  if (orderItemIds.length === 0) return [];
  return db
    .select({
      upload: orderItemUploads,
      itemCode: items.code,
      itemTitle: items.shortDescription,
      total: marks.total,
    })
    .from(orderItemUploads)
    .innerJoin(orderItems, eq(orderItems.id, orderItemUploads.orderItemId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(
      and(
        inArray(orderItemUploads.orderItemId, orderItemIds),
        eq(orderItemUploads.isDeleted, false),
        eq(orderItemUploads.uploadType, UPLOAD_TYPE.main),
        // The public sees a cleaned copy only (decision 025's rendition, without the
        // original's metadata) or the video host's: never an original, which a file left
        // unchecked or of a type with no cleaner (.doc, .psd) would be served as.
        or(
          and(eq(orderItemUploads.processingState, 'ready'), isNotNull(orderItemUploads.servedKey)),
          isNotNull(orderItemUploads.videoId),
        ),
        shown(asReleased),
      ),
    )
    .orderBy(asc(orderItemUploads.id));
}
