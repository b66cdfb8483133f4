import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, erasureRequests } from '../../db/schema/index.ts';

// Families' requests for erasure (decision 024).

export type RequestRow = typeof erasureRequests.$inferSelect;

export async function findPendingRequest(db: Database, customerId: number) {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(and(eq(erasureRequests.customerId, customerId), eq(erasureRequests.status, 'pending')));
  return row;
}

/** A new pending request, or undefined when the family has one already (the unique index). */
export async function insertRequest(
  db: Database,
  customerId: number,
  requestedBy: 'family' | 'organiser',
  at: Date,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .insert(erasureRequests)
    .values({ customerId, requestedBy, requestedAt: at })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function lockRequest(db: Database, id: number) {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.id, id))
    .for('update');
  return row;
}

export async function completeRequest(
  db: Database,
  id: number,
  /** Null for an erasure replayed from the journal (decision 036). */
  organiserId: number | null,
  counts: Record<string, number>,
  at: Date,
) {
  const [row] = await db
    .update(erasureRequests)
    .set({ status: 'done', completedAt: at, completedBy: organiserId, counts })
    .where(eq(erasureRequests.id, id))
    .returning();
  return row!;
}

/** Pending first (oldest first), then done (newest first), with the family as it is now. */
export async function listRequests(db: Database) {
  return db
    .select({
      request: erasureRequests,
      firstName: customers.firstName,
      surname: customers.surname,
      email: customers.email,
      mobileNumber: customers.mobileNumber,
    })
    .from(erasureRequests)
    .innerJoin(customers, eq(customers.id, erasureRequests.customerId))
    .orderBy(
      sql`(${erasureRequests.status} = 'pending') desc`,
      sql`case when ${erasureRequests.status} = 'pending' then ${erasureRequests.requestedAt} end asc`,
      desc(erasureRequests.completedAt),
      desc(erasureRequests.id),
    )
    .limit(500);
}
