import { asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  events,
  items,
  marks,
  orderItems,
  orders,
  rubricCriteria,
} from '../../db/schema/index.ts';

export type EventRow = typeof events.$inferSelect;
type NewEventRow = typeof events.$inferInsert;

// Correlated with the outer row by name: drizzle writes a column inside sql`` without its table.
const counted = {
  categories: sql<number>`(select count(*)::int from ${categories} c where c.event_id = "events"."id")`,
  items: sql<number>`(select count(*)::int from ${items} i where i.event_id = "events"."id")`,
  orders: sql<number>`(select count(*)::int from ${orders} o where o.event_id = "events"."id")`,
  /** Finalised entries whose results are not published yet: marking still to finish. */
  unpublished: sql<number>`(select count(*)::int from ${orderItems} oi
    join ${orders} o on o.id = oi.order_id
    left join ${marks} m on m.order_item_id = oi.id
    where o.event_id = "events"."id" and o.status = 'paid' and oi.is_submitted_for_marking
      and not oi.is_cancelled and m.published_at is null)`,
};
export type CountedEventRow = EventRow & {
  categories: number;
  items: number;
  orders: number;
  unpublished: number;
};

/** Every event, newest first, with how much each holds. */
export async function listEvents(db: Database): Promise<CountedEventRow[]> {
  return db
    .select({ ...getTableColumns(events), ...counted })
    .from(events)
    .orderBy(desc(events.year), desc(events.id));
}

export async function findEvent(db: Database, id: number): Promise<CountedEventRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(events), ...counted })
    .from(events)
    .where(eq(events.id, id));
  return row;
}

/**
 * Every change to events takes turns, cluster-wide, until its transaction ends: two organisers
 * making two events live at once, or copying into one year, would otherwise meet at the unique
 * indexes (one live event, one event a year) as a database error.
 */
export async function takeTurn(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`);
}
/** The advisory lock's key: 'E16' in hex (decision 014). */
const EVENTS_LOCK = 0xe16;

/** How many events there are (a new site has none). */
export async function countEvents(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events);
  return row?.n ?? 0;
}

/** Whether another event has this year (families' entry lists are kept by year). */
export async function yearTaken(db: Database, year: number, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.year, year));
  return rows.some((r) => r.id !== exceptId);
}

/** The live event's id, in the caller's transaction. */
export async function findLiveId(db: Database): Promise<number | undefined> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.isLive, true));
  return row?.id;
}

/** Locks an event's row for the rest of the transaction (two organisers saving at once). */
export async function lockEvent(db: Database, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).for('update');
  return row;
}

export async function updateEvent(
  db: Database,
  id: number,
  changes: Partial<NewEventRow>,
): Promise<void> {
  await db.update(events).set(changes).where(eq(events.id, id));
}

/** Moves every item's due date of the event by `days`. */
export async function shiftItemDueDates(db: Database, eventId: number, days: number) {
  await db
    .update(items)
    .set({ dueDate: sql`${items.dueDate} + ${days}::int` })
    .where(eq(items.eventId, eventId));
}

/**
 * A new event as a copy of `fromId`: its row with `changes`, its categories, items (due dates
 * moved by `shiftDays`) and rubrics, in the caller's transaction. Returns the new event's id.
 */
export async function copyEvent(
  db: Database,
  fromId: number,
  changes: Partial<NewEventRow>,
  shiftDays: number,
): Promise<number> {
  const [from] = await db.select().from(events).where(eq(events.id, fromId));
  if (!from) throw new Error(`No event ${fromId}`);
  const { id: _id, createdAt: _createdAt, ...copied } = from;
  const [created] = await db
    .insert(events)
    // The winners rule is copied; this year's results are not: the copy has not confirmed
    // winners nor released anything. Nor is the release time: with dates moved back it could
    // lie in the past, and the sweep would release the copy at once (decision 026).
    .values({
      ...copied,
      ...changes,
      isLive: false,
      winnersConfirmedAt: null,
      resultsReleaseTime: null,
      resultsReleasedAt: null,
    })
    .returning({ id: events.id });
  if (!created) throw new Error('The event was not created');
  const to = created.id;
  // Categories keep their names (with their translations) and order; items follow them by name
  // (unique in an event).
  await db.execute(sql`
    insert into ${categories} (event_id, name, section, sort_order, translations)
    select ${to}, name, section, sort_order, translations from ${categories}
     where event_id = ${fromId}`);
  await db.execute(sql`
    insert into ${items} (event_id, category_id, code, short_description, description,
                          price_cents, due_date, is_group_item, minimum_participants,
                          maximum_participants, requires_an_instrument, main_file_kinds,
                          time_limit_seconds, retired_at, lowest_grade, highest_grade,
                          other_grades_allowed, translations)
    select ${to}, nc.id, i.code, i.short_description, i.description, i.price_cents,
           i.due_date + ${shiftDays}::int, i.is_group_item, i.minimum_participants,
           i.maximum_participants, i.requires_an_instrument, i.main_file_kinds,
           i.time_limit_seconds, i.retired_at, i.lowest_grade, i.highest_grade,
           i.other_grades_allowed, i.translations
      from ${items} i
      join ${categories} oc on oc.id = i.category_id
      join ${categories} nc on nc.event_id = ${to} and nc.name = oc.name
     where i.event_id = ${fromId}`);
  await db.execute(sql`
    insert into ${rubricCriteria} (event_id, section, position, name, max_value)
    select ${to}, section, position, name, max_value from ${rubricCriteria}
     where event_id = ${fromId}`);
  return to;
}

/** Makes `id` the live event and no other, in the caller's transaction. */
export async function makeLive(db: Database, id: number): Promise<void> {
  // Off first: the unique index allows one live event at any moment of the statement order.
  await db.update(events).set({ isLive: false }).where(eq(events.isLive, true));
  await db.update(events).set({ isLive: true }).where(eq(events.id, id));
}

/** An event's family-facing words beyond its row: categories, items and rubric criteria. */
export async function findEventTexts(db: Database, eventId: number) {
  const [categoryRows, itemRows, criteria] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.eventId, eventId))
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({
        id: items.id,
        code: items.code,
        shortDescription: items.shortDescription,
        description: items.description,
      })
      .from(items)
      .where(eq(items.eventId, eventId))
      .orderBy(asc(items.code)),
    db
      .select({
        section: rubricCriteria.section,
        position: rubricCriteria.position,
        name: rubricCriteria.name,
      })
      .from(rubricCriteria)
      .where(eq(rubricCriteria.eventId, eventId))
      .orderBy(asc(rubricCriteria.section), asc(rubricCriteria.position)),
  ]);
  return { categories: categoryRows, items: itemRows, criteria };
}

export async function updateItemTexts(
  db: Database,
  id: number,
  texts: { shortDescription: string; description: string },
): Promise<void> {
  await db.update(items).set(texts).where(eq(items.id, id));
}
