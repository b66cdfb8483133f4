import {
  addDays,
  hasPassedUploadDeadline,
  type ReminderChannel,
  wallClockInstant,
} from '@eisteddfod/shared';
import { and, desc, eq, exists, inArray, lte, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  customers,
  events,
  items,
  outboxMessages,
  reminderCampaigns,
  reminderDeliveries,
} from '../../db/schema/index.ts';

// The reminder campaigns (decision 022): planned automatically or by an organiser, claimed by
// one sender at a time, and listed with their messages' states.

export type CampaignRow = typeof reminderCampaigns.$inferSelect;

/**
 * When the reminder before a due date goes out (decision 044): at 09:00 in the event's time zone,
 * two days before the day (the upload deadline is the end of the day after it, so a family has
 * three and a half days to finalise).
 */
const AUTOMATIC_REMINDER = { kind: 'not_finalised', daysBefore: 2, hour: 9 } as const;

/**
 * Plans, once per due date of the live event (never a copied or rehearsal event's), the reminder
 * before that deadline for every family with a complete entry not finalised (decision 044).
 * Every due date whose upload deadline has not passed gets one; one planned late (an item added,
 * a date moved) goes out at once. A plan that exists, even cancelled by an organiser, is kept:
 * the unique index makes a second plan, from this sweep or another instance's, do nothing.
 */
export async function planAutomatic(db: Database, eventId: number, at: Date): Promise<void> {
  const days = await db
    .selectDistinct({ eventId: items.eventId, dueDate: items.dueDate, timeZone: events.timeZone })
    .from(items)
    .innerJoin(events, eq(events.id, items.eventId))
    .where(
      and(
        eq(items.eventId, eventId),
        // Two days of margin for the time zone: the shared rule decides below.
        sql`${items.dueDate} >= (${at.toISOString()}::timestamptz at time zone 'UTC')::date - 2`,
        not(
          exists(
            db
              .select({ one: sql`1` })
              .from(reminderCampaigns)
              .where(
                and(
                  eq(reminderCampaigns.automatic, true),
                  eq(reminderCampaigns.eventId, items.eventId),
                  eq(reminderCampaigns.kind, AUTOMATIC_REMINDER.kind),
                  eq(reminderCampaigns.dueDate, items.dueDate),
                ),
              ),
          ),
        ),
      ),
    );
  const plans = days
    .filter((d) => !hasPassedUploadDeadline(d.dueDate, at, d.timeZone))
    // In one order on every instance: two plans at once take the index's locks alike.
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
    .map((d) => {
      const planned = wallClockInstant(
        addDays(d.dueDate, -AUTOMATIC_REMINDER.daysBefore),
        d.timeZone,
        [AUTOMATIC_REMINDER.hour],
      );
      return {
        eventId: d.eventId,
        kind: AUTOMATIC_REMINDER.kind,
        channels: ['email'] as ReminderChannel[],
        sendAt: planned > at ? planned : at,
        automatic: true,
        dueDate: d.dueDate,
      };
    });
  if (plans.length > 0) await db.insert(reminderCampaigns).values(plans).onConflictDoNothing();
}

export async function insertCampaign(
  db: Database,
  values: typeof reminderCampaigns.$inferInsert,
): Promise<CampaignRow> {
  const [row] = await db.insert(reminderCampaigns).values(values).returning();
  if (!row) throw new Error('The campaign was not stored');
  return row;
}

export async function findCampaign(db: Database, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(reminderCampaigns).where(eq(reminderCampaigns.id, id));
  return row;
}

/** While a job sends a campaign; another takes it over only after (its sender died). */
const CLAIM_SECONDS = 10 * 60;

/**
 * Claims campaigns to send, atomically, in one statement: scheduled ones due by `at`, and
 * 'sending' ones whose sender's claim ran out. With `id` (the send-now job), that campaign only,
 * whatever its time: the organiser asked for it now, and another instance's clock may be a
 * little behind the one that set its time. Rows another transaction is claiming are passed by
 * (SKIP LOCKED), so two sweeps on two instances never take the same one.
 */
export async function claimDue(db: Database, at: Date, id?: number): Promise<CampaignRow[]> {
  const c = reminderCampaigns;
  const claimable = db
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        id === undefined ? undefined : eq(c.id, id),
        or(
          and(eq(c.status, 'scheduled'), id === undefined ? lte(c.sendAt, at) : undefined),
          and(eq(c.status, 'sending'), lte(c.claimedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(c.sendAt, c.id)
    .limit(20)
    .for('update', { skipLocked: true });
  return db
    .update(c)
    .set({
      status: 'sending',
      claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
    })
    .where(inArray(c.id, claimable))
    .returning();
}

/** The campaign is sent: how many families it reached, whatever instance did the work. */
export async function markSent(db: Database, id: number, at: Date): Promise<void> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reminderDeliveries)
    .where(eq(reminderDeliveries.campaignId, id));
  await db
    .update(reminderCampaigns)
    .set({ status: 'sent', finishedAt: at, claimedUntil: null, families: count?.n ?? 0 })
    .where(and(eq(reminderCampaigns.id, id), eq(reminderCampaigns.status, 'sending')));
}

/**
 * Changes a scheduled campaign (cancel, or send now: its time brought forward), only while it
 * is scheduled; answers the row changed, or undefined when it was not scheduled any more.
 */
export async function updateScheduled(
  db: Database,
  id: number,
  set: Partial<Pick<CampaignRow, 'status' | 'sendAt' | 'finishedAt'>>,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(reminderCampaigns)
    .set(set)
    .where(and(eq(reminderCampaigns.id, id), eq(reminderCampaigns.status, 'scheduled')))
    .returning();
  return row;
}

const creator = alias(customers, 'creator');
const emailMessage = alias(outboxMessages, 'email_message');
const whatsappMessage = alias(outboxMessages, 'whatsapp_message');

/** Per channel: messages waiting (pending or held), sent, failed. */
const figures = (m: typeof emailMessage | typeof whatsappMessage) => ({
  queued: sql<number>`count(${m.id}) filter (where ${m.status} in ('pending', 'held'))::int`,
  sent: sql<number>`count(${m.id}) filter (where ${m.status} = 'sent')::int`,
  failed: sql<number>`count(${m.id}) filter (where ${m.status} = 'failed')::int`,
});

/** Every campaign, newest first, with its event, its author and its messages' states. */
export async function listCampaigns(db: Database, id?: number) {
  const c = reminderCampaigns;
  const e = figures(emailMessage);
  const w = figures(whatsappMessage);
  return db
    .select({
      campaign: c,
      eventName: events.name,
      creatorFirstName: creator.firstName,
      creatorSurname: creator.surname,
      emailQueued: e.queued,
      emailSent: e.sent,
      emailFailed: e.failed,
      whatsappQueued: w.queued,
      whatsappSent: w.sent,
      whatsappFailed: w.failed,
    })
    .from(c)
    .innerJoin(events, eq(events.id, c.eventId))
    .leftJoin(creator, eq(creator.id, c.createdBy))
    .leftJoin(reminderDeliveries, eq(reminderDeliveries.campaignId, c.id))
    .leftJoin(emailMessage, eq(emailMessage.id, reminderDeliveries.emailMessageId))
    .leftJoin(whatsappMessage, eq(whatsappMessage.id, reminderDeliveries.whatsappMessageId))
    .where(id === undefined ? undefined : eq(c.id, id))
    .groupBy(c.id, events.name, creator.firstName, creator.surname)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(200);
}

export type CampaignListRow = Awaited<ReturnType<typeof listCampaigns>>[number];
