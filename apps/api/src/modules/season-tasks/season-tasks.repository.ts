import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  conflictsOfInterest,
  customers,
  categories,
  events,
  items,
  orderItems,
  orderItemUploads,
  orders,
  participantProfiles,
} from '../../db/schema/index.ts';

// The task list's own reads (issue 34): what no other module already counts. Each is one query
// of the live event's rows; the rest of the list comes from the modules that own the rules.

/** The live event's name, dates and release, for its phase of the season. */
export async function findEvent(db: Database, eventId: number) {
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      timeZone: events.timeZone,
      registrationOpens: events.registrationOpens,
      registrationCloses: events.registrationCloses,
      submissionEnds: events.submissionEnds,
      visualArtsDue: events.visualArtsDue,
      resultsReleasedAt: events.resultsReleasedAt,
      winnersConfirmedAt: events.winnersConfirmedAt,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return event;
}

/** Entry files whose processing gave up, of the event's live entries: the first five and how many. */
export async function findFailedFiles(db: Database, eventId: number) {
  const where = and(
    eq(orderItemUploads.processingState, 'failed'),
    eq(orderItemUploads.isDeleted, false),
    eq(orderItems.isCancelled, false),
    eq(items.eventId, eventId),
  );
  const rows = await db
    .select({
      customerId: orders.customerId,
      fileName: orderItemUploads.originalFileName,
      itemCode: items.code,
      contestant: sql<string>`${participantProfiles.firstName} || ' ' || ${participantProfiles.surname}`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(orderItemUploads)
    .innerJoin(orderItems, eq(orderItems.id, orderItemUploads.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .where(where)
    .orderBy(asc(orderItemUploads.createdAt))
    .limit(5);
  return { total: rows[0]?.total ?? 0, first: rows };
}

/** Conflicts of interest declared by active adjudicators, newest first: the first five and how many. */
export async function findConflicts(db: Database) {
  const rows = await db
    .select({
      adjudicator: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
      label: conflictsOfInterest.label,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(conflictsOfInterest)
    .innerJoin(customers, eq(customers.id, conflictsOfInterest.adjudicatorId))
    .where(isNull(customers.deactivatedAt))
    .orderBy(sql`${conflictsOfInterest.createdAt} desc`)
    .limit(5);
  return { total: rows[0]?.total ?? 0, first: rows };
}

/** The organisers' words of an event and their translations: the site's and the catalogue's. */
export async function findOrganisersWords(db: Database, eventId: number) {
  const [event] = await db
    .select({ content: events.content })
    .from(events)
    .where(eq(events.id, eventId));
  const [categoryRows, itemRows] = await Promise.all([
    db
      .select({ name: categories.name, translations: categories.translations })
      .from(categories)
      .where(eq(categories.eventId, eventId))
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({
        code: items.code,
        shortDescription: items.shortDescription,
        description: items.description,
        retired: sql<boolean>`${items.retiredAt} is not null`,
        translations: items.translations,
      })
      .from(items)
      .where(eq(items.eventId, eventId))
      .orderBy(asc(items.code)),
  ]);
  return { content: event?.content, categories: categoryRows, items: itemRows };
}
