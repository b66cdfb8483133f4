import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pinChallenges } from '../../db/schema/index.ts';
import type { Executor } from './accounts.repository.ts';

// The one-time pins (decision 004): a new one replaces the last, each has its tries, and a
// verified login pin becomes a session once.

type ChallengeRow = typeof pinChallenges.$inferSelect;
/** A 'login' pin becomes a session; a 'contact' pin only proves a contact detail (decision 031). */
export type PinPurpose = 'login' | 'contact';

export async function latestChallenge(
  db: Executor,
  customerId: number,
  purpose: PinPurpose,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(pinChallenges)
    .where(and(eq(pinChallenges.customerId, customerId), eq(pinChallenges.purpose, purpose)))
    .orderBy(desc(pinChallenges.createdAt), desc(pinChallenges.id))
    .limit(1);
  return row;
}

/** A new pin replaces every earlier one of its purpose still open. */
export async function replaceChallenge(
  db: Executor,
  challenge: typeof pinChallenges.$inferInsert & { purpose: PinPurpose },
): Promise<ChallengeRow> {
  await db
    .update(pinChallenges)
    .set({ supersededAt: challenge.createdAt ?? new Date() })
    .where(
      and(
        eq(pinChallenges.customerId, challenge.customerId),
        eq(pinChallenges.purpose, challenge.purpose),
        isNull(pinChallenges.consumedAt),
        isNull(pinChallenges.supersededAt),
      ),
    );
  const [row] = await db.insert(pinChallenges).values(challenge).returning();
  if (!row) throw new Error('The pin was not stored');
  return row;
}

/** The one pin that may still be tried: newest, unused, not replaced, not expired, tries left. */
async function findOpenChallenge(
  db: Database,
  customerId: number,
  purpose: PinPurpose,
  now: Date,
  maxWrongTries: number,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(pinChallenges)
    .where(
      and(
        eq(pinChallenges.customerId, customerId),
        eq(pinChallenges.purpose, purpose),
        isNull(pinChallenges.consumedAt),
        isNull(pinChallenges.supersededAt),
        gt(pinChallenges.expiresAt, now),
        lt(pinChallenges.failedAttempts, maxWrongTries),
      ),
    )
    .orderBy(desc(pinChallenges.id))
    .limit(1);
  return row;
}

/**
 * Spends one try of the open pin before it is compared, in one statement, so that guesses sent
 * all at once still get five comparisons in all. Returns the pin's row, or undefined when no
 * tries are left (or no pin is open).
 */
export async function spendTry(
  db: Database,
  customerId: number,
  purpose: PinPurpose,
  now: Date,
  maxTries: number,
): Promise<ChallengeRow | undefined> {
  const open = await findOpenChallenge(db, customerId, purpose, now, maxTries);
  if (!open) return undefined;
  const [row] = await db
    .update(pinChallenges)
    .set({ failedAttempts: sql`${pinChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(pinChallenges.id, open.id),
        lt(pinChallenges.failedAttempts, maxTries),
        isNull(pinChallenges.consumedAt),
        isNull(pinChallenges.supersededAt),
      ),
    )
    .returning();
  return row;
}

/** Marks the pin used, giving back the try it spent; false when another request used it first. */
export async function consumeChallenge(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(pinChallenges)
    .set({ consumedAt: now, failedAttempts: sql`${pinChallenges.failedAttempts} - 1` })
    .where(and(eq(pinChallenges.id, id), isNull(pinChallenges.consumedAt)))
    .returning({ id: pinChallenges.id });
  return rows.length === 1;
}

/** Turns a verified pin into a session once; false when it was used already. */
export async function useGrant(
  db: Database,
  challengeId: number,
  customerId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(pinChallenges)
    .set({ grantUsedAt: now })
    .where(
      and(
        eq(pinChallenges.id, challengeId),
        eq(pinChallenges.customerId, customerId),
        isNotNull(pinChallenges.consumedAt),
        isNull(pinChallenges.grantUsedAt),
      ),
    )
    .returning({ id: pinChallenges.id });
  return rows.length === 1;
}
