import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  groupParticipants,
  orderItems,
  orders,
  participantProfiles,
} from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type MemberRow = typeof groupParticipants.$inferSelect;
export type ProfileSummary = Pick<
  typeof participantProfiles.$inferSelect,
  'id' | 'firstName' | 'surname' | 'grade' | 'school' | 'gender'
>;

export async function findOrder(db: Database, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/**
 * The customer's open cart for the event, made when there is none. The partial unique index
 * (one cart per customer and event) settles concurrent first visits: the loser reads the winner's.
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
          eq(orders.status, 'cart'),
        ),
      );
  const [existing] = await open();
  if (existing) return existing;
  await db.insert(orders).values({ customerId, eventId, status: 'cart' }).onConflictDoNothing();
  const [created] = await open();
  if (!created) throw new Error('The cart was not created');
  return created;
}

export async function findItemsOfOrder(db: Database, orderId: number): Promise<OrderItemRow[]> {
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

export async function findMembers(db: Database, orderItemIds: number[]): Promise<MemberRow[]> {
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

/**
 * Adds the entry with its first group members; undefined when the same entry exists already
 * (the unique index decides, so twenty simultaneous clicks leave one).
 */
export async function insertOrderItem(
  db: Database,
  values: typeof orderItems.$inferInsert,
  members: Omit<typeof groupParticipants.$inferInsert, 'orderItemId'>[],
): Promise<OrderItemRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(orderItems).values(values).returning();
      if (!row) throw new Error('The order item was not created');
      if (members.length > 0) {
        await tx
          .insert(groupParticipants)
          .values(members.map((m) => ({ ...m, orderItemId: row.id })));
      }
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export async function deleteOrderItem(
  db: Database,
  orderId: number,
  orderItemId: number,
): Promise<boolean> {
  const rows = await db
    .delete(orderItems)
    .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, orderId)))
    .returning({ id: orderItems.id });
  return rows.length === 1;
}

export async function replaceMembers(
  db: Database,
  orderItemId: number,
  members: Omit<typeof groupParticipants.$inferInsert, 'orderItemId' | 'position'>[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(groupParticipants).where(eq(groupParticipants.orderItemId, orderItemId));
    if (members.length > 0) {
      await tx
        .insert(groupParticipants)
        .values(members.map((m, position) => ({ ...m, orderItemId, position })));
    }
  });
}
