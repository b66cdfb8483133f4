import {
  CART_TEXT,
  groupCountMessage,
  duplicateMessage,
  isGroupSizeAllowed,
  isIncompleteMember,
  isInstrument,
  type AddOrderItem,
  type GroupMember,
  type Item,
  type OrderItem,
  type Section,
} from '@eisteddfod/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { describeOne } from './orders.describe.ts';
import * as repo from './orders.repository.ts';
import {
  changeCart,
  duplicateOf,
  orderItemNotFound,
  refuseBeforeOpening,
  refuseOutsideGrades,
  requireOwnCart,
} from './orders.rules.ts';
import type { OrdersDependencies } from './orders.service.ts';

// Spec 5's cart: adding an item, removing it, and a group item's members.

/** An entry about to join a cart: its row and its first group members. */
export interface NewEntry {
  values: {
    orderId: number;
    itemId: number;
    participantProfileId: number;
    groupName: string | null;
    instruments: string;
  };
  members: (GroupMember & { position: number })[];
  section: Section;
}

/**
 * Spec 5's checks of one new entry that need no lock: the item exists and is not retired, its
 * deadline has not passed, the contestant's grade, the instrument. The one-at-a-time add and the
 * batch (orders.cart-batch.ts) both ask it, so a row of the grid meets the cart's own rules.
 */
export function checkNewEntry(
  orderId: number,
  found: { item: Item | undefined; retired: boolean },
  profile: repo.ProfileSummary,
  input: AddOrderItem,
): NewEntry {
  const { item } = found;
  if (!item)
    throw notFound('ITEM_NOT_FOUND', CART_TEXT.say('noItem', { id: String(input.itemId) }));
  if (found.retired) throw new AppError(409, 'ITEM_RETIRED', CART_TEXT.say('itemRetired'));
  if (item.deadlinePassed) throw badRequest('DEADLINE_PASSED', CART_TEXT.say('lateItem'));
  refuseOutsideGrades(item, profile);
  const instrument = input.instruments?.trim() ?? '';
  if (item.requiresAnInstrument && !isInstrument(instrument)) {
    throw badRequest('INSTRUMENT_REQUIRED', CART_TEXT.say('selectInstrument'));
  }
  // The contestant entering a group item is its first member.
  const members = item.isGroupItem ? [{ position: 0, ...asMember(profile) }] : [];
  const values = {
    orderId,
    itemId: item.id,
    participantProfileId: profile.id,
    groupName: item.isGroupItem ? input.groupName || null : null,
    // Only an item that asks for an instrument keeps one, so the duplicate rule holds.
    instruments: item.requiresAnInstrument ? instrument : '',
  };
  return { values, members, section: item.category.section };
}

/** A contestant as a group member row. */
export const asMember = (profile: repo.ProfileSummary): GroupMember => ({
  firstName: profile.firstName,
  surname: profile.surname,
  school: profile.school,
  gender: profile.gender ?? '',
  grade: profile.grade,
});

/** Spec 5, add item to cart, checked here whatever the browser did. */
export async function addItemToCart(
  deps: OrdersDependencies,
  customerId: number,
  orderId: number,
  input: AddOrderItem,
): Promise<OrderItem> {
  const order = await requireOwnCart(deps, customerId, orderId);
  await refuseBeforeOpening(deps, order.eventId, customerId);
  const profile = await deps.contestants.requireOwnContestant(
    customerId,
    input.participantProfileId,
  );
  const item = await deps.catalogue.findItem(order.eventId, input.itemId);
  const retired = item ? await deps.catalogue.isRetired(order.eventId, item.id) : false;
  const { values, members, section } = checkNewEntry(orderId, { item, retired }, profile, input);
  try {
    const row = await changeCart(deps, orderId, async (tx) => {
      // Spec 5's duplicate rule, the cart screen's own (entryKey), checked under the cart's
      // lock; the unique index stays as the last word on simultaneous adds.
      if (duplicateOf(values, section)(await repo.findItemsOfOrder(tx, orderId))) {
        throw new AppError(409, 'DUPLICATE_ENTRY', duplicateMessage(section));
      }
      return repo.insertOrderItem(tx, values, members);
    });
    return describeOne(deps, order, row);
  } catch (err) {
    // The unique index decides, so twenty simultaneous clicks leave one entry.
    if (isUniqueViolation(err)) {
      throw new AppError(409, 'DUPLICATE_ENTRY', duplicateMessage(section));
    }
    throw err;
  }
}

export async function removeItemFromCart(
  deps: OrdersDependencies,
  customerId: number,
  orderId: number,
  orderItemId: number,
): Promise<void> {
  await requireOwnCart(deps, customerId, orderId);
  const deleted = await changeCart(deps, orderId, (tx) =>
    repo.deleteOrderItem(tx, orderId, orderItemId),
  );
  if (!deleted) throw orderItemNotFound(orderItemId);
}

/** Spec 5, group participants: the whole list, within the item's minimum and maximum. */
export async function updateGroupParticipants(
  deps: OrdersDependencies,
  customerId: number,
  orderItemId: number,
  members: GroupMember[],
): Promise<OrderItem> {
  const { db } = deps;
  const row = await repo.findOrderItem(db, orderItemId);
  const owned = row && (await repo.findOrder(db, row.orderId));
  if (!row || !owned || owned.customerId !== customerId) throw orderItemNotFound(orderItemId);
  const order = await requireOwnCart(deps, customerId, owned.id);
  const item = await deps.catalogue.findItem(order.eventId, row.itemId);
  if (!item?.isGroupItem) throw badRequest('NOT_A_GROUP_ITEM', CART_TEXT.say('notAGroupItem'));
  if (!isGroupSizeAllowed(members.length, item.minimumParticipants, item.maximumParticipants)) {
    throw badRequest(
      'GROUP_SIZE',
      groupCountMessage(item.minimumParticipants, item.maximumParticipants),
    );
  }
  if (members.some(isIncompleteMember))
    throw badRequest('GROUP_INCOMPLETE', CART_TEXT.say('groupDetails'));
  const [contestant] = await repo.findProfileSummaries(db, [row.participantProfileId]);
  if (contestant) refuseOutsideGrades(item, contestant, members);
  await changeCart(deps, order.id, (tx) => repo.replaceMembers(tx, row.id, members));
  return describeOne(deps, order, row);
}
