import type { Section } from '@eisteddfod/shared';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  customers,
  events,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
  sectionWinners,
} from '../../db/schema/index.ts';
import { isMarkable } from '../entries/index.ts';

/** Publication and the families' view of results (decision 008). */

/** The customer's own order item with its item code; undefined for anyone else's. */
export async function findOwnOrderItem(db: Database, customerId: number, orderItemId: number) {
  const [row] = await db
    .select({ id: orderItems.id, itemCode: items.code })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.customerId, customerId)));
  return row;
}

/** The entry's mark once its result is published. */
export async function findPublishedMark(db: Database, orderItemId: number) {
  const [mark] = await db
    .select()
    .from(marks)
    .where(and(eq(marks.orderItemId, orderItemId), isNotNull(marks.publishedAt)));
  return mark;
}

/** The submitted, unpublished marks of the markable entries of the event (of one section, or all). */
function publishable(db: Database, eventId: number, section: Section | undefined) {
  const eligible = db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(isMarkable(eventId), section ? eq(categories.section, section) : undefined));
  return and(
    eq(marks.status, 'submitted'),
    isNull(marks.publishedAt),
    inArray(marks.orderItemId, eligible),
  );
}

/** The order items a publication of the section (or all) would publish now, nothing changed. */
export async function findPublishableMarks(
  db: Database,
  eventId: number,
  section: Section | undefined,
): Promise<number[]> {
  const rows = await db
    .select({ orderItemId: marks.orderItemId })
    .from(marks)
    .where(publishable(db, eventId, section));
  return rows.map((r) => r.orderItemId);
}

/**
 * Publishes at `at` the submitted, unpublished marks of the markable entries of the event (of
 * one section, or all): the order items published now.
 */
export async function publishSubmittedMarks(
  db: Database,
  eventId: number,
  section: Section | undefined,
  at: Date,
): Promise<number[]> {
  const published = await db
    .update(marks)
    .set({ publishedAt: at })
    .where(publishable(db, eventId, section))
    .returning({ orderItemId: marks.orderItemId });
  return published.map((p) => p.orderItemId);
}

/** Who to tell about these entries' results: each entry with its family's addresses. */
export async function findResultRecipients(db: Database, orderItemIds: number[]) {
  return db
    .select({
      customerId: orders.customerId,
      contestantId: orderItems.participantProfileId,
      confirmationEmail: orders.confirmationEmail,
      whatsApp: orders.sendWhatsAppConfirmation,
      email: customers.email,
      emailVerifiedAt: customers.emailVerifiedAt,
      mobileNumber: customers.mobileNumber,
      mobileVerifiedAt: customers.mobileVerifiedAt,
      country: customers.country,
      firstName: customers.firstName,
      language: customers.language,
      itemCode: items.code,
      itemTitle: items.shortDescription,
      contestant: sql<string>`${participantProfiles.firstName} || ' ' || ${participantProfiles.surname}`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .where(inArray(orderItems.id, orderItemIds))
    .orderBy(asc(orders.customerId), asc(orderItems.id));
}

/**
 * The day, in the event's time zone, on which files of entries published at `at` are deleted:
 * the event's retention period later (the retention sweep, decision 024).
 */
export async function filesDeletedOn(db: Database, eventId: number, at: Date): Promise<string> {
  const [event] = await db
    .select({ days: events.fileRetentionDays, timeZone: events.timeZone })
    .from(events)
    .where(eq(events.id, eventId));
  const when = new Date(at.getTime() + (event?.days ?? 365) * 86_400_000);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: event?.timeZone ?? 'UTC' }).format(when);
}

/**
 * Claims the event's release at `at` (decision 026): true for the one caller that set
 * results_released_at, false once it is set. Two callers at once: the second waits for the
 * first's row lock, then finds it set.
 */
export async function claimRelease(db: Database, eventId: number, at: Date): Promise<boolean> {
  const claimed = await db
    .update(events)
    .set({ resultsReleasedAt: at })
    .where(and(eq(events.id, eventId), isNull(events.resultsReleasedAt)))
    .returning({ id: events.id });
  return claimed.length > 0;
}

/** The event's confirmed Section Winners with their families, told at the release (decision 026). */
export async function findWinnerTitles(db: Database, eventId: number) {
  return db
    .select({
      customerId: participantProfiles.customerId,
      email: customers.email,
      emailVerifiedAt: customers.emailVerifiedAt,
      mobileNumber: customers.mobileNumber,
      mobileVerifiedAt: customers.mobileVerifiedAt,
      country: customers.country,
      firstName: customers.firstName,
      language: customers.language,
      contestantId: participantProfiles.id,
      contestant: sql<string>`${participantProfiles.firstName} || ' ' || ${participantProfiles.surname}`,
      section: sectionWinners.section,
      bandLabel: sectionWinners.bandLabel,
    })
    .from(sectionWinners)
    .innerJoin(participantProfiles, eq(participantProfiles.id, sectionWinners.participantProfileId))
    .innerJoin(customers, eq(customers.id, participantProfiles.customerId))
    .where(and(eq(sectionWinners.eventId, eventId), isNull(sectionWinners.supersededAt)))
    .orderBy(asc(sectionWinners.id));
}
