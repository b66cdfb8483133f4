import { and, desc, eq, inArray, isNull, like, lt, ne, or, sql } from 'drizzle-orm';
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
 * Writes many messages in few statements (a publication tells thousands of families); answers
 * their ids and states, in the order given.
 */
export async function insertMessages(
  db: Database,
  rows: NewOutboxRow[],
): Promise<{ id: number; status: string }[]> {
  const written: { id: number; status: string }[] = [];
  for (let i = 0; i < rows.length; i += 1000)
    written.push(
      ...(await db
        .insert(outboxMessages)
        .values(rows.slice(i, i + 1000))
        .returning({ id: outboxMessages.id, status: outboxMessages.status })),
    );
  return written;
}

/** How long a delivery may hold a message before another may try it (past every send's time limit). */
const CLAIM_SECONDS = 5 * 60;
/** After a failed attempt n, the message waits 30 s · 2^(n-1) (30 s, 1, 2 and 4 minutes). */
const RETRY_DELAY_SECONDS = 30;

/**
 * Claims up to `limit` messages waiting for a transport, in one statement: each gets a lease
 * and its attempt counted, so other deliveries, on any instance, pass it by while it is sent.
 * `claimed_until` is when the message may next be tried: the end of a sender's lease, or of a
 * failed attempt's back-off. `lost` takes what no delivery job will take: never tried and
 * written before that time (its job was never queued), or whose time has come (a lease that
 * ran out because its sender died, or a back-off over), including a last attempt that never
 * finished, which the caller marks failed.
 */
export async function claimWaiting(
  db: Database,
  limit: number,
  lost?: { untriedForSeconds: number },
): Promise<OutboxRow[]> {
  const m = outboxMessages;
  const due = lt(m.claimedUntil, sql`now()`);
  const claimable = db
    .select({ id: m.id })
    .from(m)
    .where(
      and(
        eq(m.status, 'pending'),
        lost
          ? or(
              and(
                eq(m.attempts, 0),
                isNull(m.claimedUntil),
                lt(m.createdAt, sql`now() - make_interval(secs => ${lost.untriedForSeconds})`),
              ),
              due,
            )
          : and(lt(m.attempts, MAX_DELIVERY_ATTEMPTS), or(isNull(m.claimedUntil), due)),
      ),
    )
    // Pins first: a family waits at the screen for one, and on results night thousands of
    // results emails wait ahead of it (issue 31: a pin waited 22 s behind them). Any delivery
    // job takes the pins waiting before anything else, whichever job it is.
    .orderBy(desc(m.holdsPin), m.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(m)
    .set({
      attempts: sql`${m.attempts} + 1`,
      claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
    })
    .where(inArray(m.id, claimable))
    .returning();
}

/** Whether the row's attempts are spent: its claim is past the last one (a sender that died). */
export const isPastLastAttempt = (row: OutboxRow) => row.attempts > MAX_DELIVERY_ATTEMPTS;

/**
 * Only while the claim that read `row` still holds: its attempt is the message's latest. A
 * sender slower than its lease finds the message claimed again and leaves it to the newer claim.
 */
const stillClaimed = (row: OutboxRow) =>
  and(
    eq(outboxMessages.id, row.id),
    eq(outboxMessages.attempts, row.attempts),
    eq(outboxMessages.status, 'pending'),
  );

/** The mark a blanked pin leaves in a message's text. */
export const BLANKED_PIN = '••••••';

/**
 * A pin message's text and payload with the pin blanked (decision 031): six digits in a row are
 * a pin in these messages, which carry no other number that long.
 */
const blankPin = {
  body: sql`regexp_replace(${outboxMessages.body}, '[0-9]{6}', ${BLANKED_PIN}, 'g')`,
  payload: sql`${outboxMessages.payload} - 'code'`,
  bodyClearedAt: sql`now()`,
};

/** A claimed message went out; a pin in it is blanked at once, never to be read again. */
export async function markSent(db: Database, row: OutboxRow): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: new Date(),
      lastError: null,
      claimedUntil: null,
      ...(row.holdsPin ? blankPin : {}),
    })
    .where(stillClaimed(row));
}

/**
 * A claimed message failed: it waits out its back-off before the next try, or is failed for
 * good after the last.
 */
export async function markNotSent(db: Database, row: OutboxRow, error: unknown): Promise<void> {
  const last = row.attempts >= MAX_DELIVERY_ATTEMPTS;
  const backOff = RETRY_DELAY_SECONDS * 2 ** Math.max(0, row.attempts - 1);
  await db
    .update(outboxMessages)
    .set({
      status: last ? 'failed' : 'pending',
      // A last attempt that never finished was claimed once more to be failed: not an attempt.
      attempts: Math.min(row.attempts, MAX_DELIVERY_ATTEMPTS),
      lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
      claimedUntil: last ? null : sql`now() + make_interval(secs => ${backOff})`,
      // A pin that will not be tried again is of no use to anyone.
      ...(last && row.holdsPin ? blankPin : {}),
    })
    .where(stillClaimed(row));
}

/**
 * Blanks every pin written more than `minutes` ago whatever became of it: held (a local run),
 * never delivered, or from before pins were blanked on delivery. One still waiting is failed:
 * it could no longer be used.
 */
export async function blankExpiredPins(db: Database, minutes: number): Promise<number> {
  const m = outboxMessages;
  const rows = await db
    .update(m)
    .set({
      ...blankPin,
      status: sql`case when ${m.status} = 'pending' then 'failed' else ${m.status} end`,
      lastError: sql`case when ${m.status} = 'pending' then 'The pin expired before it was sent' else ${m.lastError} end`,
      claimedUntil: null,
    })
    .where(
      and(
        m.holdsPin,
        isNull(m.bodyClearedAt),
        lt(m.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .returning({ id: m.id });
  return rows.length;
}

/**
 * Clears the text and payload of messages delivered, failed or held more than `days` ago; who,
 * when, the subject and the outcome stay (the family desk, the campaigns' figures, an archive).
 */
export async function clearOldBodies(db: Database, days: number): Promise<number> {
  const m = outboxMessages;
  const rows = await db
    .update(m)
    .set({ body: '', payload: {}, bodyClearedAt: sql`now()` })
    .where(
      and(
        isNull(m.bodyClearedAt),
        ne(m.status, 'pending'),
        lt(sql`coalesce(${m.sentAt}, ${m.createdAt})`, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .returning({ id: m.id });
  return rows.length;
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

/**
 * Messages waiting for a transport, per channel, with the age of the oldest (GET /metrics):
 * read on the index of pending messages.
 */
export async function findBacklog(
  db: Database,
): Promise<{ channel: string; waiting: number; oldestSeconds: number }[]> {
  const m = outboxMessages;
  return db
    .select({
      channel: m.channel,
      waiting: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`extract(epoch from now() - min(${m.createdAt}))::float8`,
    })
    .from(m)
    .where(eq(m.status, 'pending'))
    .groupBy(m.channel);
}
