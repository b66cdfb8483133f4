import type { SignInEventReason } from '@eisteddfod/shared';
import { and, count, countDistinct, desc, gte, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInEvents } from '../../db/schema/index.ts';

export interface NewSignInEvent {
  at: Date;
  customerId: number | null;
  identifier: string | null;
  ip: string;
  reason: SignInEventReason;
}

export async function insertEvent(db: Database, event: NewSignInEvent): Promise<void> {
  await db.insert(signInEvents).values({
    createdAt: event.at,
    customerId: event.customerId,
    identifier: event.identifier,
    ip: event.ip,
    reason: event.reason,
  });
}

/** Events since `since` (the index on created_at answers it). */
export async function countSince(db: Database, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signInEvents)
    .where(gte(signInEvents.createdAt, since));
  return row?.n ?? 0;
}

export const countByReasonSince = (db: Database, since: Date) =>
  db
    .select({ reason: signInEvents.reason, events: count() })
    .from(signInEvents)
    .where(gte(signInEvents.createdAt, since))
    .groupBy(signInEvents.reason);

/** The accounts with the most events since `since`, with their latest masked address. */
export const topAccountsSince = (db: Database, since: Date, limit: number) =>
  db
    .select({
      customerId: sql<number>`${signInEvents.customerId}`,
      identifier: sql<
        string | null
      >`(array_agg(${signInEvents.identifier} order by ${signInEvents.id} desc))[1]`,
      events: count(),
      addresses: countDistinct(signInEvents.ip),
      lastAt: max(signInEvents.createdAt),
    })
    .from(signInEvents)
    .where(and(gte(signInEvents.createdAt, since), isNotNull(signInEvents.customerId)))
    .groupBy(signInEvents.customerId)
    .orderBy(desc(count()), desc(max(signInEvents.createdAt)))
    .limit(limit);

/** The client addresses with the most events since `since`. */
export const topAddressesSince = (db: Database, since: Date, limit: number) =>
  db
    .select({
      ip: signInEvents.ip,
      events: count(),
      accounts: countDistinct(signInEvents.customerId),
      lastAt: max(signInEvents.createdAt),
    })
    .from(signInEvents)
    .where(gte(signInEvents.createdAt, since))
    .groupBy(signInEvents.ip)
    .orderBy(desc(count()), desc(max(signInEvents.createdAt)))
    .limit(limit);

export const latestEvents = (db: Database, limit: number) =>
  db
    .select({
      id: signInEvents.id,
      at: signInEvents.createdAt,
      customerId: signInEvents.customerId,
      identifier: signInEvents.identifier,
      ip: signInEvents.ip,
      reason: signInEvents.reason,
    })
    .from(signInEvents)
    .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
    .limit(limit);

/** Deletes the events older than `before`; returns how many. */
export async function deleteBefore(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(signInEvents)
    .where(lt(signInEvents.createdAt, before))
    .returning({ id: signInEvents.id });
  return rows.length;
}
