import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { FileDeletion } from './file-deletions.repository.ts';
import {
  events,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  videoSlots,
} from '../../db/schema/index.ts';
import { anyOf } from './data-rights.repository.ts';

// Entries' files: where they are, and their deletion after their event's retention (decision 024).

/**
 * Where an entry file's bytes are: our files, our video store (with tus's info), or Bunny; and
 * what processing made of it (its rendition or clean copy, its poster, an image's thumbnail;
 * decisions 025 and 047).
 */
export function uploadFiles(
  u: Pick<
    typeof orderItemUploads.$inferSelect,
    'storageKey' | 'videoId' | 'servedKey' | 'posterKey' | 'thumbnailKey'
  >,
): FileDeletion[] {
  const made: FileDeletion[] = [u.servedKey, u.posterKey, u.thumbnailKey].flatMap((key) =>
    key ? [{ store: 'files' as const, key }] : [],
  );
  if (!u.videoId) return [{ store: 'files', key: u.storageKey }, ...made];
  if (u.storageKey.startsWith('bunny:')) return [{ store: 'video-host', key: u.videoId }, ...made];
  return [...videoStoreFiles(u.storageKey), ...made];
}

export function slotFiles(s: typeof videoSlots.$inferSelect): FileDeletion[] {
  const files: FileDeletion[] = [{ store: 'video-host', key: s.id }];
  const key = s.storageKey ?? s.uploadId;
  if (key) files.push(...videoStoreFiles(key));
  return files;
}

/** A tus upload: its bytes, and the info file the store keeps beside them (.json on disk, .info on S3). */
const videoStoreFiles = (key: string): FileDeletion[] =>
  ['', '.json', '.info'].map((suffix) => ({ store: 'videos' as const, key: `${key}${suffix}` }));
/**
 * Live uploads of entries whose results were published more than their event's retention
 * period before `at`, with the event they belong to.
 */
export async function findExpiredUploads(db: Database, at: Date, limit: number) {
  return db
    .select({
      id: orderItemUploads.id,
      orderItemId: orderItemUploads.orderItemId,
      storageKey: orderItemUploads.storageKey,
      videoId: orderItemUploads.videoId,
      servedKey: orderItemUploads.servedKey,
      posterKey: orderItemUploads.posterKey,
      thumbnailKey: orderItemUploads.thumbnailKey,
      eventId: events.id,
      days: events.fileRetentionDays,
    })
    .from(orderItemUploads)
    .innerJoin(marks, eq(marks.orderItemId, orderItemUploads.orderItemId))
    .innerJoin(orderItems, eq(orderItems.id, orderItemUploads.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(
      and(
        eq(orderItemUploads.isDeleted, false),
        sql`${marks.publishedAt} < ${at.toISOString()}::timestamptz - make_interval(days => ${events.fileRetentionDays})`,
      ),
    )
    .orderBy(asc(orderItemUploads.id))
    .limit(limit);
}

/** Marks uploads deleted (their files are queued by the caller); the ids that were still live. */
export async function markUploadsDeleted(db: Database, uploadIds: number[], at: Date) {
  const rows = await db
    .update(orderItemUploads)
    .set({ isDeleted: true, deletedAt: at })
    .where(and(anyOf(orderItemUploads.id, uploadIds), eq(orderItemUploads.isDeleted, false)))
    .returning({ id: orderItemUploads.id });
  return rows.map((r) => r.id);
}

/** The video slots of these entries (their finished or abandoned videos), removed. */
export async function deleteSlotsOf(db: Database, orderItemIds: number[]) {
  const rows = await db
    .delete(videoSlots)
    .where(anyOf(videoSlots.orderItemId, orderItemIds))
    .returning();
  return rows.flatMap(slotFiles);
}
