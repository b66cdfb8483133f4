import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { writtenTranslations, type CategoryFields, type ItemFields } from '@eisteddfod/shared';
import { categories, items, orderItems, orders } from '../../db/schema/index.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type NewItemRow = typeof items.$inferInsert;
export type ItemChanges = Omit<NewItemRow, 'id' | 'eventId'>;

/**
 * An item's columns from what an organiser set. Grades left out (a page of the previous release
 * sends none) keep what the item had (`before`); a new item is then open to every grade.
 */
export function itemColumns(
  fields: ItemFields,
  retiredAt: Date | null,
  before?: Pick<ItemRow, 'lowestGrade' | 'highestGrade' | 'otherGradesAllowed' | 'translations'>,
): ItemChanges {
  const { retired: _retired, grades, otherGradesAllowed, translations, ...rest } = fields;
  const range =
    grades === undefined
      ? { lowest: before?.lowestGrade ?? null, highest: before?.highestGrade ?? null }
      : { lowest: grades?.lowest ?? null, highest: grades?.highest ?? null };
  return {
    ...rest,
    lowestGrade: range.lowest,
    highestGrade: range.highest,
    otherGradesAllowed: otherGradesAllowed ?? before?.otherGradesAllowed ?? false,
    // Left out (the previous release's page, a sheet without the columns): kept as they were.
    translations:
      translations === undefined ? (before?.translations ?? {}) : writtenTranslations(translations),
    retiredAt,
  };
}

// Correlated with the outer row by name: drizzle writes a column inside sql`` without its table.
const itemCount = sql<number>`(select count(*)::int from ${items} i where i.category_id = "categories"."id")`;
const entries = sql<number>`(select count(*)::int from ${orderItems} oi where oi.item_id = "items"."id")`;
/** Entries in orders paid or being paid: the price families were charged, or are being. */
const paidEntries = sql<number>`(select count(*)::int from ${orderItems} oi
  join ${orders} o on o.id = oi.order_id
  where oi.item_id = "items"."id" and o.status in ('paid', 'awaiting_payment'))`;

export type CountedCategoryRow = CategoryRow & { items: number };
export type CountedItemRow = ItemRow & { entries: number; paidEntries: number };

export async function listCategories(db: Database, eventId: number): Promise<CountedCategoryRow[]> {
  return db
    .select({ ...getTableColumns(categories), items: itemCount })
    .from(categories)
    .where(eq(categories.eventId, eventId))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function listItems(db: Database, eventId: number): Promise<CountedItemRow[]> {
  return db
    .select({ ...getTableColumns(items), entries, paidEntries })
    .from(items)
    .where(eq(items.eventId, eventId))
    .orderBy(asc(items.code));
}

export async function findCategory(
  db: Database,
  eventId: number,
  categoryId: number,
): Promise<CountedCategoryRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(categories), items: itemCount })
    .from(categories)
    .where(and(eq(categories.eventId, eventId), eq(categories.id, categoryId)));
  return row;
}

/** An item of the event with its entries, locked until the transaction ends. */
export async function lockItem(
  db: Database,
  eventId: number,
  itemId: number,
): Promise<CountedItemRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(items), entries, paidEntries })
    .from(items)
    .where(and(eq(items.eventId, eventId), eq(items.id, itemId)))
    .for('update', { of: items });
  return row;
}

export async function insertCategory(
  db: Database,
  eventId: number,
  fields: CategoryFields,
): Promise<number> {
  const [created] = await db
    .insert(categories)
    .values({
      eventId,
      name: fields.name,
      section: fields.section,
      translations: writtenTranslations(fields.translations),
      // Last in the event's order.
      sortOrder: sql`(select coalesce(max(sort_order), -1) + 1 from ${categories} where event_id = ${eventId})`,
    })
    .returning({ id: categories.id });
  if (!created) throw new Error('The category was not created');
  return created.id;
}

export async function updateCategory(
  db: Database,
  categoryId: number,
  fields: CategoryFields,
): Promise<void> {
  const { translations, ...english } = fields;
  // Left out (the previous release's page): the translations stay as they were.
  const set =
    translations === undefined
      ? english
      : { ...english, translations: writtenTranslations(translations) };
  await db.update(categories).set(set).where(eq(categories.id, categoryId));
}

export async function deleteCategory(db: Database, categoryId: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, categoryId));
}

export async function insertItems(
  db: Database,
  eventId: number,
  rows: ItemChanges[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const created = await db
    .insert(items)
    .values(rows.map((row) => ({ ...row, eventId })))
    .returning({ id: items.id });
  return created.map((c) => c.id);
}

export async function updateItem(db: Database, itemId: number, changes: ItemChanges) {
  await db.update(items).set(changes).where(eq(items.id, itemId));
}

/**
 * Many items changed in one statement (codes stay: an import finds items by their code), one
 * that stays retired keeping its first date: an import of thousands of rows is one round trip, not
 * one per row (the import benchmark's 5-second budget).
 */
export async function updateItems(
  db: Database,
  changes: { id: number; row: ItemChanges }[],
): Promise<void> {
  if (changes.length === 0) return;
  const payload = JSON.stringify(
    changes.map(({ id, row }) => ({
      id,
      category_id: row.categoryId,
      code: row.code,
      short_description: row.shortDescription,
      description: row.description,
      price_cents: row.priceCents,
      due_date: row.dueDate,
      is_group_item: row.isGroupItem,
      minimum_participants: row.minimumParticipants,
      maximum_participants: row.maximumParticipants,
      requires_an_instrument: row.requiresAnInstrument,
      main_file_kinds: row.mainFileKinds,
      time_limit_seconds: row.timeLimitSeconds,
      lowest_grade: row.lowestGrade ?? null,
      highest_grade: row.highestGrade ?? null,
      other_grades_allowed: row.otherGradesAllowed ?? false,
      translations: row.translations ?? {},
      retired_at: row.retiredAt instanceof Date ? row.retiredAt.toISOString() : row.retiredAt,
    })),
  );
  await db.execute(sql`
    update ${items} set
      category_id = c.category_id, code = c.code, short_description = c.short_description,
      description = c.description, price_cents = c.price_cents, due_date = c.due_date,
      is_group_item = c.is_group_item, minimum_participants = c.minimum_participants,
      maximum_participants = c.maximum_participants,
      requires_an_instrument = c.requires_an_instrument, main_file_kinds = c.main_file_kinds,
      time_limit_seconds = c.time_limit_seconds,
      lowest_grade = c.lowest_grade, highest_grade = c.highest_grade,
      other_grades_allowed = c.other_grades_allowed, translations = c.translations,
      -- Still retired: since the first time, not since this import.
      retired_at = case when c.retired_at is null then null
                        else coalesce("items"."retired_at", c.retired_at) end
    from jsonb_to_recordset(${payload}::jsonb) as c(
      id int, category_id int, code text, short_description text, description text,
      price_cents int, due_date date, is_group_item boolean, minimum_participants int,
      maximum_participants int, requires_an_instrument boolean, main_file_kinds text[],
      time_limit_seconds int, lowest_grade text, highest_grade text,
      other_grades_allowed boolean, translations jsonb, retired_at timestamptz)
    where "items"."id" = c.id`);
}

export async function deleteItem(db: Database, itemId: number): Promise<void> {
  await db.delete(items).where(eq(items.id, itemId));
}

/** Locks the event's items for an import: no organiser edits one half-way through. */
export async function lockItemsOf(db: Database, eventId: number): Promise<void> {
  await db.execute(sql`select 1 from ${items} where event_id = ${eventId} for update`);
}
