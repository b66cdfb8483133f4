import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  items,
  learnerParentContacts,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  participantProfiles,
  storedFiles,
  videoCollections,
  videoSlots,
} from '../../db/schema/index.ts';

/**
 * A school child's entries as their linked parent reads them, and the moves of taking the child
 * over or leaving (decision 063). Every read names the learners it may: never a class's others.
 */

/** The entries of these learners in orders that are not cancelled. */
export async function findChildEntries(db: Database, learnerIds: number[]) {
  if (learnerIds.length === 0) return [];
  return db
    .select({
      learnerId: orderItems.participantProfileId,
      orderItemId: orderItems.id,
      itemCode: items.code,
      itemTitle: items.shortDescription,
      orderStatus: orders.status,
      isCancelled: orderItems.isCancelled,
      finalised: orderItems.isSubmittedForMarking,
      files: sql<number>`(select count(*)::int from ${orderItemUploads} u
        where u.order_item_id = ${orderItems.id} and not u.is_deleted)`,
      total: sql<number | null>`(select ${marks.total} from ${marks}
        where ${marks.orderItemId} = ${orderItems.id} and ${isNotNull(marks.publishedAt)} limit 1)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(
      and(
        inArray(orderItems.participantProfileId, learnerIds),
        sql`${orders.status} <> 'cancelled'`,
      ),
    )
    .orderBy(asc(items.code));
}
export type ChildEntry = Awaited<ReturnType<typeof findChildEntries>>[number];

/** Locks the learner's row: a take over, a leave and the teacher's changes take turns. */
export async function lockLearner(tx: Database, learnerId: number) {
  const [row] = await tx
    .select({ customerId: participantProfiles.customerId })
    .from(participantProfiles)
    .where(eq(participantProfiles.id, learnerId))
    .for('update');
  return row;
}

/** Whether the learner is the contestant of a group entry not withdrawn, in any open order. */
export async function leadsGroup(tx: Database, learnerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(
      and(
        eq(orderItems.participantProfileId, learnerId),
        eq(orderItems.isCancelled, false),
        eq(items.isGroupItem, true),
        sql`${orders.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Removes the learner's entries from the teacher's cart (never paid, so nothing to refund). */
export async function removeFromCart(tx: Database, learnerId: number): Promise<number[]> {
  const rows = await tx
    .delete(orderItems)
    .where(
      and(
        eq(orderItems.participantProfileId, learnerId),
        sql`${orderItems.orderId} in (select id from ${orders} where status = 'cart')`,
      ),
    )
    .returning({ id: orderItems.id });
  return rows.map((r) => r.id);
}

/** Withdraws the learner's paid entries not finalised (spec 4, Withdrawing); their ids. */
export async function withdrawPaid(tx: Database, learnerId: number, at: Date): Promise<number[]> {
  const rows = await tx
    .update(orderItems)
    .set({ isCancelled: true, withdrawnAt: at })
    .where(
      and(
        eq(orderItems.participantProfileId, learnerId),
        eq(orderItems.isCancelled, false),
        eq(orderItems.isSubmittedForMarking, false),
        sql`${orderItems.orderId} in (select id from ${orders} where status = 'paid')`,
      ),
    )
    .returning({ id: orderItems.id });
  return rows.map((r) => r.id);
}

/**
 * Moves the learner and their paid entries into the parent's account: one paid order per event,
 * of nothing owed (the school paid), holding the entries; their files follow.
 */
export async function moveToParent(tx: Database, learnerId: number, parentId: number, at: Date) {
  const paid = await tx
    .select({ id: orderItems.id, eventId: orders.eventId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.participantProfileId, learnerId), eq(orders.status, 'paid')));
  const byEvent = new Map<number, number[]>();
  for (const p of paid) byEvent.set(p.eventId, [...(byEvent.get(p.eventId) ?? []), p.id]);
  for (const [eventId, ids] of byEvent) {
    const [order] = await tx
      .insert(orders)
      .values({
        customerId: parentId,
        eventId,
        status: 'paid',
        subtotalCents: 0,
        surchargeCents: 0,
        totalCents: 0,
        checkedOutAt: at,
        completedAt: at,
      })
      .returning({ id: orders.id });
    await tx.update(orderItems).set({ orderId: order!.id }).where(inArray(orderItems.id, ids));
    await tx
      .update(videoCollections)
      .set({ customerId: parentId })
      .where(inArray(videoCollections.orderItemId, ids));
    await tx
      .update(videoSlots)
      .set({ customerId: parentId })
      .where(
        sql`${videoSlots.collectionId} in (select id from ${videoCollections} where ${inArray(videoCollections.orderItemId, ids)})`,
      );
  }
  await tx
    .update(storedFiles)
    .set({ customerId: parentId })
    .where(eq(storedFiles.participantProfileId, learnerId));
  await tx
    .update(participantProfiles)
    .set({ customerId: parentId, schoolMembershipId: null, updatedAt: at })
    .where(eq(participantProfiles.id, learnerId));
  // The teacher's note of the parent's address goes: the child is the parent's own now.
  await tx
    .delete(learnerParentContacts)
    .where(eq(learnerParentContacts.participantProfileId, learnerId));
  return paid.map((p) => p.id);
}

/** Whether a payment of the learner's entries is under way (the school at the pay page). */
export async function hasPaymentUnderWay(tx: Database, learnerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(eq(orderItems.participantProfileId, learnerId), eq(orders.status, 'awaiting_payment')),
    )
    .limit(1);
  return row !== undefined;
}
