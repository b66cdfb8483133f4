import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { EntryScope } from '../../plugins/scope.ts';
import { entriesIn } from '../entries/index.ts';
import {
  categories,
  customers,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
} from '../../db/schema/index.ts';

/**
 * One page of the entries export: the entries of the event's paid and awaiting-payment orders
 * in `scope` after order item `after`, by order item, with their contestant, mark and adjudicator.
 */
export async function findEntriesPage(
  db: Database,
  scope: EntryScope,
  eventId: number,
  after: number,
  limit: number,
) {
  return db
    .select({
      id: orderItems.id,
      orderId: orders.id,
      orderStatus: orders.status,
      itemCode: items.code,
      itemTitle: items.shortDescription,
      categoryName: categories.name,
      section: categories.section,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      school: participantProfiles.school,
      grade: participantProfiles.grade,
      groupName: orderItems.groupName,
      isCancelled: orderItems.isCancelled,
      isSubmittedForMarking: orderItems.isSubmittedForMarking,
      markId: marks.id,
      markStatus: marks.status,
      markTotal: marks.total,
      publishedAt: marks.publishedAt,
      adjudicator: sql<
        string | null
      >`(select ${customers.firstName} || ' ' || ${customers.surname} from ${customers} where ${customers.id} = ${marks.adjudicatorId})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(
      and(
        eq(items.eventId, eventId),
        inArray(orders.status, ['paid', 'awaiting_payment']),
        gt(orderItems.id, after),
        entriesIn(scope, eventId),
      ),
    )
    .orderBy(asc(orderItems.id))
    .limit(limit);
}
