import { and, count, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { events, items, marks, orderItems, orders } from '../../db/schema/index.ts';
import { isMarkable } from '../entries/index.ts';

/** Submitted marks of the event's markable entries not yet published: what a release publishes. */
export async function countUnpublishedMarks(db: Database, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(marks)
    .innerJoin(orderItems, eq(orderItems.id, marks.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(and(isMarkable(eventId), eq(marks.status, 'submitted'), isNull(marks.publishedAt)));
  return row?.n ?? 0;
}

export async function setReleaseTime(db: Database, eventId: number, releaseTime: string | null) {
  await db.update(events).set({ resultsReleaseTime: releaseTime }).where(eq(events.id, eventId));
}

/** Events with a release time that have not been released. */
export async function findScheduledReleases(db: Database) {
  return db
    .select({
      id: events.id,
      galaAwards: events.galaAwards,
      resultsReleaseTime: events.resultsReleaseTime,
      timeZone: events.timeZone,
    })
    .from(events)
    .where(and(isNotNull(events.resultsReleaseTime), isNull(events.resultsReleasedAt)));
}

/**
 * Markable entries of the event without a submitted mark (none yet, or a draft): their results
 * would be neither published nor counted at the release (decision 033).
 */
export async function countUnmarkedEntries(db: Database, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(and(isMarkable(eventId), or(isNull(marks.id), ne(marks.status, 'submitted'))));
  return row?.n ?? 0;
}

/**
 * Takes the gala page back from public view (decision 033): unsets the release made at
 * `releasedAt` (only that one: a release made again since is left alone), and clears the
 * scheduled time when `clearTime` (its instant has passed: the sweep would release again).
 * True when this call withdrew it.
 */
export async function withdrawRelease(
  db: Database,
  eventId: number,
  releasedAt: Date,
  clearTime: boolean,
): Promise<boolean> {
  const rows = await db
    .update(events)
    .set({ resultsReleasedAt: null, ...(clearTime ? { resultsReleaseTime: null } : {}) })
    .where(and(eq(events.id, eventId), eq(events.resultsReleasedAt, releasedAt)))
    .returning({ id: events.id });
  return rows.length > 0;
}
