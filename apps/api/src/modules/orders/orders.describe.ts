import {
  entryPriceCents,
  gradeProblem,
  needsGroupInformation,
  type EventFees,
  type GroupMember,
  type Item,
  type Order,
  type OrderItem,
} from '@eisteddfod/shared';
import * as repo from './orders.repository.ts';
import { orderItemNotFound } from './orders.rules.ts';
import type { OrdersDependencies } from './orders.service.ts';

// An order and its items as the cart, checkout and View Order show them (spec 4).

/** "E2025-000123": readable on the phone and in an email, unique through the id. */
export function orderNumber(year: number, id: number): string {
  return `E${year}-${String(id).padStart(6, '0')}`;
}

export const toMember = (m: repo.GroupMemberRow): GroupMember => ({
  firstName: m.firstName,
  surname: m.surname,
  school: m.school,
  gender: m.gender,
  grade: m.grade,
});

async function describeItems(
  { db, catalogue }: OrdersDependencies,
  order: repo.OrderRow,
  rows: repo.OrderItemRow[],
): Promise<OrderItem[]> {
  const event = await catalogue.getEvent(order.eventId);
  const [members, profiles, items] = await Promise.all([
    repo.findGroupMembers(
      db,
      rows.map((r) => r.id),
    ),
    repo.findProfileSummaries(db, [...new Set(rows.map((r) => r.participantProfileId))]),
    Promise.all(rows.map((r) => catalogue.findItem(order.eventId, r.itemId))),
  ]);
  return rows.flatMap((row, index) => {
    const item = items[index];
    const profile = profiles.find((p) => p.id === row.participantProfileId);
    if (!item || !profile) return [];
    return [
      describeItem(
        row,
        item,
        profile,
        members.filter((m) => m.orderItemId === row.id).map(toMember),
        event.fees,
      ),
    ];
  });
}

function describeItem(
  row: repo.OrderItemRow,
  item: Item,
  profile: repo.ProfileSummary,
  members: GroupMember[],
  fees: EventFees,
): OrderItem {
  return {
    id: row.id,
    orderId: row.orderId,
    itemId: row.itemId,
    participantProfileId: row.participantProfileId,
    participantProfile: {
      id: profile.id,
      firstName: profile.firstName,
      surname: profile.surname,
      grade: profile.grade,
      school: profile.school,
    },
    participantFirstName: profile.firstName,
    participantSurname: profile.surname,
    groupName: row.groupName,
    instruments: row.instruments,
    groupParticipants: members,
    itemCode: item.code,
    itemShortDescription: item.shortDescription,
    // A checked-out order keeps the price it was sold at; a cart follows the rules of today.
    price: row.priceCents ?? entryPriceCents(item, members.length, fees),
    itemDueDate: item.dueDate,
    itemCategoryId: item.category.id,
    isGroupItem: item.isGroupItem,
    minimumParticipants: item.minimumParticipants,
    maximumParticipants: item.maximumParticipants,
    deadlinePassed: item.deadlinePassed,
    groupInformationNeeded:
      item.isGroupItem && needsGroupInformation(members, item.minimumParticipants),
    gradeProblem: gradeProblem(item, profile, members),
    isCancelled: row.isCancelled,
    isSubmittedForMarking: row.isSubmittedForMarking,
    item: {
      code: item.code,
      shortDescription: item.shortDescription,
      description: item.description,
      dueDate: item.dueDate,
      categoryId: item.category.id,
      isGroupItem: item.isGroupItem,
      requiresAnInstrument: item.requiresAnInstrument,
      category: item.category,
    },
  };
}

export async function describeOrder(
  deps: OrdersDependencies,
  order: repo.OrderRow,
): Promise<Order> {
  const event = await deps.catalogue.getEvent(order.eventId);
  const orderItems = await describeItems(
    deps,
    order,
    await repo.findItemsOfOrder(deps.db, order.id),
  );
  return {
    id: order.id,
    orderNumber: orderNumber(event.year, order.id),
    customerId: order.customerId,
    eventId: order.eventId,
    status: order.status,
    sendWhatsAppConfirmation: order.sendWhatsAppConfirmation,
    isImported: order.isImported,
    totalPrice: order.totalCents ?? orderItems.reduce((sum, i) => sum + i.price, 0),
    completedDateTime: order.completedAt?.toISOString() ?? null,
    orderItems,
  };
}

export async function describeOne(
  deps: OrdersDependencies,
  order: repo.OrderRow,
  row: repo.OrderItemRow,
): Promise<OrderItem> {
  const [described] = await describeItems(deps, order, [row]);
  if (!described) throw orderItemNotFound(row.id);
  return described;
}
