import { OTHER_SCHOOL } from '@eisteddfod/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { foldedSql } from '../../db/fold.ts';
import {
  groupParticipants,
  orderItems,
  orders,
  participantProfiles,
  schools,
} from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type GroupMemberRow = typeof groupParticipants.$inferSelect;
export type ProfileSummary = Pick<
  typeof participantProfiles.$inferSelect,
  'id' | 'firstName' | 'surname' | 'grade' | 'school' | 'gender'
>;

export async function findOrder(db: Database, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/**
 * The customer's open order for the event (a cart, or one being paid), made when there is none.
 * The partial unique index settles concurrent first visits: the loser reads the winner's.
 */
export async function findOrCreateCart(
  db: Database,
  customerId: number,
  eventId: number,
): Promise<OrderRow> {
  const open = () =>
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.customerId, customerId),
          eq(orders.eventId, eventId),
          inArray(orders.status, ['cart', 'awaiting_payment']),
        ),
      );
  const [existing] = await open();
  if (existing) return existing;
  await db.insert(orders).values({ customerId, eventId, status: 'cart' }).onConflictDoNothing();
  const [created] = await open();
  if (!created) throw new Error('The cart was not created');
  return created;
}

export async function findItemsOfOrder(
  db: Database | Tx,
  orderId: number,
): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function findOrderItem(
  db: Database,
  orderItemId: number,
): Promise<OrderItemRow | undefined> {
  const [row] = await db.select().from(orderItems).where(eq(orderItems.id, orderItemId));
  return row;
}

/**
 * The group participants of these order items, by order item and position: the one query for
 * group members (carts, the uploads portal, the marking screen, certificates, the CSV export,
 * checkout's price check).
 */
export async function findGroupMembers(
  db: Database | Tx,
  orderItemIds: number[],
): Promise<GroupMemberRow[]> {
  if (orderItemIds.length === 0) return [];
  return db
    .select()
    .from(groupParticipants)
    .where(inArray(groupParticipants.orderItemId, orderItemIds))
    .orderBy(asc(groupParticipants.orderItemId), asc(groupParticipants.position));
}

export async function findProfileSummaries(db: Database, ids: number[]): Promise<ProfileSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      grade: participantProfiles.grade,
      school: participantProfiles.school,
      gender: participantProfiles.gender,
    })
    .from(participantProfiles)
    .where(inArray(participantProfiles.id, ids));
}

/** The customer's own contestants among `ids` (another account's are left out). */
export async function findOwnProfileSummaries(
  db: Database,
  customerId: number,
  ids: number[],
): Promise<ProfileSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      grade: participantProfiles.grade,
      school: participantProfiles.school,
      gender: participantProfiles.gender,
    })
    .from(participantProfiles)
    .where(
      and(
        eq(participantProfiles.customerId, customerId),
        inArray(participantProfiles.id, [...new Set(ids)]),
      ),
    );
}

/**
 * Adds many entries with their group members in two statements (the grid's batch, decision
 * 065). A duplicate fails on the unique index.
 */
export async function insertOrderItems(
  tx: Tx,
  entries: {
    values: typeof orderItems.$inferInsert;
    members: Omit<typeof groupParticipants.$inferInsert, 'orderItemId'>[];
  }[],
): Promise<OrderItemRow[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(orderItems)
    .values(entries.map((e) => e.values))
    .returning();
  // Each inserted row is one (contestant, item, instrument): the unique index's key.
  const key = (r: { participantProfileId: number; itemId: number; instruments?: string }) =>
    `${r.participantProfileId}:${r.itemId}:${r.instruments ?? ''}`;
  const idOf = new Map(rows.map((r) => [key(r), r.id]));
  const members = entries.flatMap((e) =>
    e.members.map((m) => ({ ...m, orderItemId: idOf.get(key(e.values))! })),
  );
  for (let start = 0; start < members.length; start += 1000) {
    await tx.insert(groupParticipants).values(members.slice(start, start + 1000));
  }
  await linkMembersToSchools(
    tx,
    rows.map((r) => r.id),
  );
  return rows;
}

/**
 * The group members of these entries point at the school of the list their typed name is,
 * folded as contestants' are (decision 061); 'Other School' and names the list does not have
 * stay unlinked, for the organiser's Schools page.
 */
async function linkMembersToSchools(tx: Tx, orderItemIds: number[]): Promise<void> {
  if (orderItemIds.length === 0) return;
  await tx.execute(sql`
    update ${groupParticipants} g set school_id = s.id
      from ${schools} s
     where g.order_item_id in (${sql.join(orderItemIds, sql`, `)})
       and ${foldedSql(sql`g.school`)} = ${foldedSql(sql`s.name`)}
       and s.name <> ${OTHER_SCHOOL}`);
}

export async function deleteOrderItems(
  tx: Tx,
  orderId: number,
  orderItemIds: number[],
): Promise<number> {
  if (orderItemIds.length === 0) return 0;
  const rows = await tx
    .delete(orderItems)
    .where(and(inArray(orderItems.id, orderItemIds), eq(orderItems.orderId, orderId)))
    .returning({ id: orderItems.id });
  return rows.length;
}

/** A transaction, for the writes that run under a cart's lock. */

/**
 * Runs a change of the cart's contents with the order row locked, so that a change and a
 * checkout (or a payment) never interleave. An order being paid becomes a cart again first, its
 * prices unfrozen, so its old payment link stops crediting. Answers 'not_a_cart' when the order
 * is paid or cancelled by the time the lock is held.
 */
export async function changeCart<T>(
  db: Database,
  orderId: number,
  work: (tx: Tx) => Promise<T>,
): Promise<T | 'not_a_cart'> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (order?.status === 'awaiting_payment') {
      await tx
        .update(orders)
        .set({
          status: 'cart',
          subtotalCents: null,
          surchargeCents: null,
          totalCents: null,
          checkedOutAt: null,
        })
        .where(eq(orders.id, orderId));
      await tx.update(orderItems).set({ priceCents: null }).where(eq(orderItems.orderId, orderId));
    } else if (order?.status !== 'cart') {
      return 'not_a_cart';
    }
    return work(tx);
  });
}

/** Adds the entry with its first group members. A duplicate fails on the unique index. */
export async function insertOrderItem(
  tx: Tx,
  values: typeof orderItems.$inferInsert,
  members: Omit<typeof groupParticipants.$inferInsert, 'orderItemId'>[],
): Promise<OrderItemRow> {
  const [row] = await tx.insert(orderItems).values(values).returning();
  if (!row) throw new Error('The order item was not created');
  if (members.length > 0) {
    await tx.insert(groupParticipants).values(members.map((m) => ({ ...m, orderItemId: row.id })));
    await linkMembersToSchools(tx, [row.id]);
  }
  return row;
}

export async function deleteOrderItem(
  tx: Tx,
  orderId: number,
  orderItemId: number,
): Promise<boolean> {
  const rows = await tx
    .delete(orderItems)
    .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, orderId)))
    .returning({ id: orderItems.id });
  return rows.length === 1;
}

export async function replaceMembers(
  tx: Tx,
  orderItemId: number,
  members: Omit<typeof groupParticipants.$inferInsert, 'orderItemId' | 'position'>[],
): Promise<void> {
  await tx.delete(groupParticipants).where(eq(groupParticipants.orderItemId, orderItemId));
  if (members.length > 0) {
    await tx
      .insert(groupParticipants)
      .values(members.map((m, position) => ({ ...m, orderItemId, position })));
    await linkMembersToSchools(tx, [orderItemId]);
  }
}

/**
 * Points the entry at another item, with the order row locked so that the entries it is checked
 * against stay as read; undefined when `isDuplicate` finds it the same as another entry of the
 * order, or the unique index does.
 */
export async function changeItem(
  db: Database,
  entry: Pick<OrderItemRow, 'id' | 'orderId'>,
  change: { itemId: number; instruments: string },
  isDuplicate: (entered: OrderItemRow[]) => boolean,
): Promise<OrderItemRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, entry.orderId))
        .for('update');
      if (isDuplicate(await findItemsOfOrder(tx, entry.orderId))) return undefined;
      const [row] = await tx
        .update(orderItems)
        .set(change)
        .where(eq(orderItems.id, entry.id))
        .returning();
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export async function setCollectionId(
  db: Database,
  orderItemId: number,
  collectionId: string | null,
) {
  await db
    .update(orderItems)
    .set({ externalCollectionId: collectionId })
    .where(eq(orderItems.id, orderItemId));
}
