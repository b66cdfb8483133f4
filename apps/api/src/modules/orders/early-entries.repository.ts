import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { customers, earlyEntries } from '../../db/schema/index.ts';

/**
 * Families an organiser let in before their event's registration opens (decision 041): who let
 * this family in for this event, and when; undefined when nobody did.
 */
export async function findEarlyEntry(
  db: Database | Tx,
  eventId: number,
  customerId: number,
): Promise<{ by: string; at: Date } | undefined> {
  const [row] = await db
    .select({
      firstName: customers.firstName,
      surname: customers.surname,
      at: earlyEntries.grantedAt,
    })
    .from(earlyEntries)
    .innerJoin(customers, eq(customers.id, earlyEntries.grantedBy))
    .where(and(eq(earlyEntries.eventId, eventId), eq(earlyEntries.customerId, customerId)));
  return row && { by: `${row.firstName} ${row.surname}`, at: row.at };
}

/** Lets the family in early; false when it already was (the first organiser's stays). */
export async function letInEarly(
  tx: Tx,
  entry: { eventId: number; customerId: number; grantedBy: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(earlyEntries)
    .values(entry)
    .onConflictDoNothing()
    .returning({ eventId: earlyEntries.eventId });
  return inserted.length > 0;
}
