import { and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { videoCollections, videoSlots } from '../../db/schema/index.ts';
import { likeContains } from '../../lib/like.ts';

/** Entries' video collections and the slots a video is uploaded into. */

export type SlotRow = typeof videoSlots.$inferSelect;

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

/**
 * Videos being sent over tus now, on any instance: a slot whose upload began and has not
 * finished, begun within the time an unfinished upload is kept (GET /metrics).
 */
export async function countUploadsInProgress(db: Database, keptHours: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(videoSlots)
    .where(
      and(
        isNotNull(videoSlots.uploadId),
        isNull(videoSlots.completedAt),
        gt(videoSlots.createdAt, sql`now() - make_interval(hours => ${keptHours})`),
      ),
    );
  return row?.n ?? 0;
}
