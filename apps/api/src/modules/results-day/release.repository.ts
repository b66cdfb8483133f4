import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { events, items, marks, orderItems, orders } from '../../db/schema/index.ts';
import { isMarkable } from '../adjudication/adjudication.repository.ts';

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
