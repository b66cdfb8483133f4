import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, events, items } from '../../db/schema/index.ts';

export type EventRow = typeof events.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ItemRow = typeof items.$inferSelect;

export async function findEvent(db: Database, eventId: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  return row;
}

/** The event families see: the one an organiser made live. */
export async function findLiveEventId(db: Database): Promise<number | undefined> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.isLive, true));
  return row?.id;
}

export async function findCategories(db: Database, eventId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(eq(categories.eventId, eventId))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function findItems(db: Database, eventId: number): Promise<ItemRow[]> {
  return db.select().from(items).where(eq(items.eventId, eventId)).orderBy(asc(items.code));
}
