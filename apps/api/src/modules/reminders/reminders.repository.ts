import {
  hasPassedDeadline,
  hasPassedUploadDeadline,
  type Locale,
  type ReminderAudience,
  type ReminderChannel,
  type ReminderKind,
} from '@eisteddfod/shared';
import { and, asc, eq, exists, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  customers,
  events,
  items,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  participantProfiles,
  reminderDeliveries,
} from '../../db/schema/index.ts';
import { readLanguage, type ContactDetails } from '../accounts/index.ts';
import type { CampaignRow } from './reminder-campaigns.repository.ts';

// Who each reminder is for: the one place the audience rules live (decision 022).

export interface AudienceEntry {
  orderItemId: number;
  code: string;
  title: string;
  contestant: string;
  dueDate: string;
  /** The contestant is a learner of a teacher's class (decision 061): the teacher is told. */
  learner: boolean;
}

/** One family a reminder is for, with the entries it names. Never another family's data. */
export interface AudienceFamily extends ContactDetails {
  customerId: number;
  firstName: string;
  /** The language the family reads: its reminders are written in it (decision 069). */
  language: Locale;
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

/** The entries a campaign's audience takes: learners' (teachers'), children's, or both. */
function audienceCondition(audience: ReminderAudience) {
  if (audience === 'teachers') return isNotNull(participantProfiles.schoolMembershipId);
  if (audience === 'families') return isNull(participantProfiles.schoolMembershipId);
  return undefined;
}

/** Which of the event's entries: of items due on a day (decision 044), and for whom. */
export interface AudienceScope {
  /** Only the entries of items due on this day (an automatic reminder); null: every one. */
  dueDate?: string | null;
  audience?: ReminderAudience;
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
  scope: AudienceScope = {},
): Promise<AudienceFamily[]> {
  const families = await findConcerned(db, eventId, kind, at, scope);
  const sent = await sentKeys(db, eventId, kind, [...families.keys()]);
  return [...families.values()].filter((f) => !sent.has(`${f.customerId}|${f.subjectKey}`));
}

/**
 * Every family whose entries a reminder of `kind` is about at `at`, reminded already or not:
 * the organiser's task list counts them (issue 34), the reminder sends to those not yet told.
 */
export async function findConcerned(
  db: Database,
  eventId: number,
  kind: ReminderKind,
  at: Date,
  scope: AudienceScope = {},
): Promise<Map<number, AudienceFamily>> {
  const [event] = await db
    .select({ timeZone: events.timeZone, registrationCloses: events.registrationCloses })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return new Map();
  if (kind === 'unpaid_cart' && hasPassedDeadline(event.registrationCloses, at, event.timeZone))
    return new Map();
  const rows = await audienceRows(db, eventId, kind, scope);
  return byFamily(kind, rows, (dueDate) =>
    kind !== 'no_main_file' && kind !== 'not_finalised'
      ? true
      : !hasPassedUploadDeadline(dueDate, at, event.timeZone),
  );
}

/** The event's entries a reminder of `kind` is for, with their families, in families' order. */
function audienceRows(db: Database, eventId: number, kind: ReminderKind, scope: AudienceScope) {
  const { dueDate = null, audience = 'all' } = scope;
  return db
    .select({
      customerId: customers.id,
      firstName: customers.firstName,
      language: customers.language,
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
      learner: sql<boolean>`${participantProfiles.schoolMembershipId} is not null`,
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
        audienceCondition(audience),
      ),
    )
    .orderBy(asc(customers.id), asc(items.dueDate), asc(items.code), asc(orderItems.id));
}

type AudienceRow = Awaited<ReturnType<typeof audienceRows>>[number];

/** The audience's rows, one a family with its entries, those whose deadline is `open`. */
function byFamily(
  kind: ReminderKind,
  rows: AudienceRow[],
  open: (dueDate: string) => boolean,
): Map<number, AudienceFamily> {
  const families = new Map<number, AudienceFamily>();
  for (const row of rows) {
    if (!open(row.dueDate)) continue;
    let family = families.get(row.customerId);
    if (!family) {
      family = {
        customerId: row.customerId,
        firstName: row.firstName,
        language: readLanguage(row.language),
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
      learner: row.learner,
    });
  }
  for (const family of families.values()) family.subjectKey = subjectKeyOf(kind, family);
  return families;
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
