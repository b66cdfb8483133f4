import {
  addDays,
  hasPassedDeadline,
  hasPassedUploadDeadline,
  type ReminderChannel,
  type ReminderKind,
  wallClockInstant,
} from '@eisteddfod/shared';
import { and, asc, desc, eq, exists, inArray, lte, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  customers,
  events,
  items,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  outboxMessages,
  participantProfiles,
  reminderCampaigns,
  reminderDeliveries,
} from '../../db/schema/index.ts';
import type { ContactDetails } from '../accounts/index.ts';

// Who each reminder is for: the one place the audience rules live (decision 022).

export type CampaignRow = typeof reminderCampaigns.$inferSelect;

export interface AudienceEntry {
  orderItemId: number;
  code: string;
  title: string;
  contestant: string;
  dueDate: string;
}

/** One family a reminder is for, with the entries it names. Never another family's data. */
export interface AudienceFamily extends ContactDetails {
  customerId: number;
  firstName: string;
  /** What makes this reminder this one: the same key is never sent twice (event and kind). */
  subjectKey: string;
  entries: AudienceEntry[];
  /** The open order an unpaid-cart reminder is about. */
  orderId?: number;
}

const hasMainFile = exists(
  sql`(select 1 from ${orderItemUploads} where ${orderItemUploads.orderItemId} = ${orderItems.id}
       and ${orderItemUploads.uploadType} = 2 and not ${orderItemUploads.isDeleted})`,
);
const hasPublishedResult = exists(
  sql`(select 1 from ${marks} where ${marks.orderItemId} = ${orderItems.id}
       and ${marks.publishedAt} is not null)`,
);

/** What each kind asks of an entry, besides being the event's and not withdrawn. */
function entryCondition(kind: ReminderKind) {
  const paidOpen = and(eq(orders.status, 'paid'), not(orderItems.isSubmittedForMarking));
  switch (kind) {
    case 'unpaid_cart':
      return inArray(orders.status, ['cart', 'awaiting_payment']);
    case 'no_main_file':
      return and(paidOpen, not(hasMainFile));
    case 'not_finalised':
      return and(paidOpen, hasMainFile);
    case 'results_published':
      return and(eq(orders.status, 'paid'), hasPublishedResult);
  }
}

/**
 * The families a reminder of `kind` is for at the instant `at`, one row each listing their
 * entries concerned: families who turned reminders off, and those already sent this same
 * reminder (same event, kind and subject), are left out.
 *
 * - unpaid_cart: an open cart or an order awaiting payment, with entries, before the end of the
 *   event's registration deadline.
 * - no_main_file: a paid entry, not withdrawn nor finalised, with no main file, before its
 *   upload deadline (the end of the day after the item's due date, in the event's time zone).
 * - not_finalised: the same with a main file (complete), not submitted for marking.
 * - results_published: a paid entry, not withdrawn, whose result is published.
 */
export async function findAudience(
  db: Database,
  eventId: number,
  kind: ReminderKind,
  at: Date,
  /** Only the entries of items due on this day (an automatic reminder, decision 044). */
  dueDate: string | null = null,
): Promise<AudienceFamily[]> {
  const [event] = await db
    .select({ timeZone: events.timeZone, registrationCloses: events.registrationCloses })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return [];
  if (kind === 'unpaid_cart' && hasPassedDeadline(event.registrationCloses, at, event.timeZone))
    return [];
  const rows = await db
    .select({
      customerId: customers.id,
      firstName: customers.firstName,
      email: customers.email,
      emailVerifiedAt: customers.emailVerifiedAt,
      mobileNumber: customers.mobileNumber,
      mobileVerifiedAt: customers.mobileVerifiedAt,
      country: customers.country,
      orderId: orders.id,
      orderItemId: orderItems.id,
      code: items.code,
      title: items.shortDescription,
      dueDate: items.dueDate,
      contestantFirstName: participantProfiles.firstName,
      contestantSurname: participantProfiles.surname,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .where(
      and(
        eq(orders.eventId, eventId),
        not(orderItems.isCancelled),
        not(customers.remindersOptOut),
        entryCondition(kind),
        dueDate === null ? undefined : eq(items.dueDate, dueDate),
      ),
    )
    .orderBy(asc(customers.id), asc(items.dueDate), asc(items.code), asc(orderItems.id));

  const open = (dueDate: string) =>
    kind !== 'no_main_file' && kind !== 'not_finalised'
      ? true
      : !hasPassedUploadDeadline(dueDate, at, event.timeZone);
  const families = new Map<number, AudienceFamily>();
  for (const row of rows) {
    if (!open(row.dueDate)) continue;
    let family = families.get(row.customerId);
    if (!family) {
      family = {
        customerId: row.customerId,
        firstName: row.firstName,
        email: row.email,
        emailVerifiedAt: row.emailVerifiedAt,
        mobileNumber: row.mobileNumber,
        mobileVerifiedAt: row.mobileVerifiedAt,
        country: row.country,
        subjectKey: '',
        entries: [],
        ...(kind === 'unpaid_cart' ? { orderId: row.orderId } : {}),
      };
      families.set(row.customerId, family);
    }
    family.entries.push({
      orderItemId: row.orderItemId,
      code: row.code,
      title: row.title,
      contestant: `${row.contestantFirstName} ${row.contestantSurname}`,
      dueDate: row.dueDate,
    });
  }
  for (const family of families.values()) family.subjectKey = subjectKeyOf(kind, family);

  const sent = await sentKeys(db, eventId, kind, [...families.keys()]);
  return [...families.values()].filter((f) => !sent.has(`${f.customerId}|${f.subjectKey}`));
}

/**
 * What makes two reminders the same: the entries named (a family reminded of three entries is
 * reminded again only about a different set), the open order, or the kind itself for results.
 */
function subjectKeyOf(kind: ReminderKind, family: AudienceFamily): string {
  if (kind === 'results_published') return 'results';
  if (kind === 'unpaid_cart') return `order:${family.orderId}`;
  const ids = family.entries.map((e) => e.orderItemId).sort((a, b) => a - b);
  return `entries:${ids.join(',')}`;
}

async function sentKeys(db: Database, eventId: number, kind: ReminderKind, ids: number[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ customerId: reminderDeliveries.customerId, key: reminderDeliveries.subjectKey })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.eventId, eventId),
        eq(reminderDeliveries.kind, kind),
        inArray(reminderDeliveries.customerId, ids),
      ),
    );
  return new Set(rows.map((r) => `${r.customerId}|${r.key}`));
}

/**
 * Records that `family` gets this reminder, once: answers the delivery's id, or undefined when
 * it was recorded already (a job run twice, another instance, an earlier campaign) or the
 * family has just turned reminders off. Within the transaction that writes its messages; the
 * customer row is read FOR SHARE, so an opt-out committing meanwhile is seen or waits.
 */
export async function recordDelivery(
  tx: Database,
  campaign: CampaignRow,
  family: AudienceFamily,
): Promise<number | undefined> {
  const [customer] = await tx
    .select({ optOut: customers.remindersOptOut })
    .from(customers)
    .where(eq(customers.id, family.customerId))
    .for('share');
  if (!customer || customer.optOut) return undefined;
  const [row] = await tx
    .insert(reminderDeliveries)
    .values({
      campaignId: campaign.id,
      eventId: campaign.eventId,
      kind: campaign.kind,
      customerId: family.customerId,
      subjectKey: family.subjectKey,
    })
    .onConflictDoNothing()
    .returning({ id: reminderDeliveries.id });
  return row?.id;
}

export async function setDeliveryMessages(
  tx: Database,
  deliveryId: number,
  ids: Partial<Record<ReminderChannel, number>>,
): Promise<void> {
  await tx
    .update(reminderDeliveries)
    .set({ emailMessageId: ids.email ?? null, whatsappMessageId: ids.whatsapp ?? null })
    .where(eq(reminderDeliveries.id, deliveryId));
}

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

export async function findEvent(db: Database, eventId: number) {
  const [row] = await db
    .select({ name: events.name, registrationCloses: events.registrationCloses })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

export async function readOptOut(db: Database, customerId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ optOut: customers.remindersOptOut })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.optOut;
}

export async function writeOptOut(db: Database, customerId: number, optOut: boolean, at: Date) {
  await db
    .update(customers)
    .set({ remindersOptOut: optOut, updatedAt: at })
    .where(eq(customers.id, customerId));
}
