import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
} from '../../db/schema/index.ts';

/** A family's results page (decision 026). */

/** The family's own contestant; undefined for anyone else's. */
export async function findOwnProfile(db: Database, customerId: number, contestantId: number) {
  const [profile] = await db
    .select({
      id: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
    })
    .from(participantProfiles)
    .where(
      and(eq(participantProfiles.id, contestantId), eq(participantProfiles.customerId, customerId)),
    );
  return profile;
}

/** The contestant's paid entries of the event that were not withdrawn, with their mark. */
export async function findEntries(db: Database, eventId: number, contestantId: number) {
  return db
    .select({
      orderItemId: orderItems.id,
      itemCode: items.code,
      itemTitle: items.shortDescription,
      section: categories.section,
      categoryName: categories.name,
      markId: marks.id,
      total: marks.total,
      comment: marks.comment,
      publishedAt: marks.publishedAt,
      isSubmittedForMarking: orderItems.isSubmittedForMarking,
      dueDate: items.dueDate,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(
      and(
        eq(orderItems.participantProfileId, contestantId),
        eq(orders.status, 'paid'),
        eq(orderItems.isCancelled, false),
        eq(items.eventId, eventId),
      ),
    )
    .orderBy(asc(orderItems.id));
}
