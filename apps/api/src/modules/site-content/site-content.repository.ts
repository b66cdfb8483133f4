import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';

/** The event's public-site content (jsonb), locked until the transaction ends. */
export async function lockContent(db: Database, eventId: number): Promise<unknown> {
  const [row] = await db
    .select({ content: events.content })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  return row?.content;
}

export async function findContent(db: Database, eventId: number): Promise<unknown> {
  const [row] = await db
    .select({ content: events.content })
    .from(events)
    .where(eq(events.id, eventId));
  return row?.content;
}

export async function saveContent(db: Database, eventId: number, content: object) {
  await db.update(events).set({ content }).where(eq(events.id, eventId));
}
