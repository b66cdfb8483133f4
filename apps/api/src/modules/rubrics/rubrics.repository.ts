import { and, asc, eq, sql } from 'drizzle-orm';
import type { Section } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import {
  categories,
  items,
  marks,
  orderItems,
  orders,
  rubricCriteria,
} from '../../db/schema/index.ts';

export type CriterionRow = { section: string; name: string; maxValue: number };

/** Every criterion of the event, by section and position. */
export async function criteriaOf(db: Database, eventId: number): Promise<CriterionRow[]> {
  return db
    .select({
      section: rubricCriteria.section,
      name: rubricCriteria.name,
      maxValue: rubricCriteria.maxValue,
    })
    .from(rubricCriteria)
    .where(eq(rubricCriteria.eventId, eventId))
    .orderBy(asc(rubricCriteria.section), asc(rubricCriteria.position));
}

/** How many marks (draft or submitted) the event's entries have, per section. */
export async function marksPerSection(db: Database, eventId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ section: categories.section, marks: sql<number>`count(*)::int` })
    .from(marks)
    .innerJoin(orderItems, eq(orderItems.id, marks.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(eq(orders.eventId, eventId))
    .groupBy(categories.section);
  return new Map(rows.map((r) => [r.section, r.marks]));
}

/** Replaces a section's criteria, in order. */
export async function replaceCriteria(
  db: Database,
  eventId: number,
  section: Section,
  criteria: { name: string; maxValue: number }[],
): Promise<void> {
  await db
    .delete(rubricCriteria)
    .where(and(eq(rubricCriteria.eventId, eventId), eq(rubricCriteria.section, section)));
  await db
    .insert(rubricCriteria)
    .values(criteria.map((c, position) => ({ eventId, section, position, ...c })));
}
