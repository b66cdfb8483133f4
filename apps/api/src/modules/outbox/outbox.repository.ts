import { and, desc, eq, like, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = typeof outboxMessages.$inferInsert;

const MAX_DELIVERY_ATTEMPTS = 5;

export async function insertMessage(db: Database, row: NewOutboxRow): Promise<OutboxRow> {
  const [created] = await db.insert(outboxMessages).values(row).returning();
  if (!created) throw new Error('The message was not stored');
  return created;
}

/**
 * Claims up to `limit` messages waiting for a transport and hands them to `send` one by one,
 * inside a transaction whose row locks keep other instances off the same messages.
 */
export async function deliverWaiting(
  db: Database,
  limit: number,
  send: (row: OutboxRow) => Promise<void>,
  /** Only messages never tried and written before this (the sweep's lost deliveries). */
  untriedBefore?: Date,
): Promise<{ claimed: number; failed: number }> {
  return db.transaction(async (tx) => {
    let failed = 0;
    const rows = await tx
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.status, 'pending'),
          lt(outboxMessages.attempts, MAX_DELIVERY_ATTEMPTS),
          untriedBefore
            ? and(eq(outboxMessages.attempts, 0), lt(outboxMessages.createdAt, untriedBefore))
            : undefined,
        ),
      )
      .orderBy(outboxMessages.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      try {
        await send(row);
        await tx
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
          .where(eq(outboxMessages.id, row.id));
      } catch (err) {
        failed += 1;
        const attempts = row.attempts + 1;
        await tx
          .update(outboxMessages)
          .set({
            attempts,
            status: attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending',
            lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
          })
          .where(eq(outboxMessages.id, row.id));
      }
    }
    return { claimed: rows.length, failed };
  });
}

/** Messages to an address or number, newest first; a mobile matches on its last digits. */
export async function findByRecipient(db: Database, to: string, limit = 50): Promise<OutboxRow[]> {
  const digits = to.replace(/\D/g, '').replace(/^0+/, '');
  const isNumber = /^[\d\s+()-]+$/.test(to) && digits.length >= 6;
  const match = isNumber
    ? like(outboxMessages.recipient, `%${digits}`)
    : eq(sql`lower(${outboxMessages.recipient})`, to.trim().toLowerCase());
  return db
    .select()
    .from(outboxMessages)
    .where(match)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}

export async function findRecent(db: Database, limit = 50): Promise<OutboxRow[]> {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
}
