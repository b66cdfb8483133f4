import {
  CART_TEXT,
  groupCountMessage,
  CHECKOUT_TEXT,
  duplicateMessage,
  entryPriceCents,
  isGroupSizeAllowed,
  isInstrument,
  type GroupMember,
  type Item,
  type OrderItem,
  type UpdateOrderItem,
} from '@eisteddfod/shared';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { describeOne, toMember } from './orders.describe.ts';
import * as repo from './orders.repository.ts';
import {
  duplicateOf,
  orderItemNotFound,
  refuseOutsideGrades,
  refuseRetired,
} from './orders.rules.ts';
import type { OrdersDependencies } from './orders.service.ts';

type ByOrganiser = { organiserId: number; details: Record<string, unknown> };

/**
 * The item an entry moves to, checked against the one it leaves: open (unless an organiser
 * moves it), not retired, of the same section and kind.
 */
async function requireComparableItem(
  deps: OrdersDependencies,
  eventId: number,
  row: repo.OrderItemRow,
  itemId: number,
  byOrganiser: ByOrganiser | undefined,
): Promise<{ current: Item; next: Item }> {
  const current = await deps.catalogue.findItem(eventId, row.itemId);
  if (!current || (current.deadlinePassed && !byOrganiser)) {
    throw badRequest('DEADLINE_PASSED', CHECKOUT_TEXT.say('editDeadline'));
  }
  const next = await deps.catalogue.findItem(eventId, itemId);
  if (!next) throw notFound('ITEM_NOT_FOUND', CART_TEXT.say('noItem', { id: String(itemId) }));
  await refuseRetired(deps, eventId, next.id);
  if (
    next.category.section !== current.category.section ||
    next.isGroupItem !== current.isGroupItem
  ) {
    throw badRequest('ITEM_NOT_COMPARABLE', CART_TEXT.say('notComparable'));
  }
  if (next.deadlinePassed && !byOrganiser)
    throw badRequest('DEADLINE_PASSED', CART_TEXT.say('lateItem'));
  return { current, next };
}

/** The entry's grades, group size, instrument and fee, as the new item would have them. */
async function refuseUnfitEntry(
  deps: OrdersDependencies,
  eventId: number,
  row: repo.OrderItemRow,
  { current, next }: { current: Item; next: Item },
): Promise<{ members: GroupMember[]; instrument: string }> {
  const members = (await repo.findGroupMembers(deps.db, [row.id])).map(toMember);
  const [contestant] = await repo.findProfileSummaries(deps.db, [row.participantProfileId]);
  if (contestant) refuseOutsideGrades(next, contestant, members);
  if (
    next.isGroupItem &&
    !isGroupSizeAllowed(members.length, next.minimumParticipants, next.maximumParticipants)
  ) {
    throw badRequest(
      'GROUP_SIZE',
      groupCountMessage(next.minimumParticipants, next.maximumParticipants),
    );
  }
  const instrument = next.requiresAnInstrument ? row.instruments : '';
  if (next.requiresAnInstrument && !isInstrument(instrument)) {
    throw badRequest('INSTRUMENT_REQUIRED', CART_TEXT.say('selectInstrument'));
  }
  const event = await deps.catalogue.getEvent(eventId);
  const paid = row.priceCents ?? entryPriceCents(current, members.length, event.fees);
  if (entryPriceCents(next, members.length, event.fees) !== paid) {
    throw new AppError(409, 'PRICE_DIFFERS', CART_TEXT.say('otherFee'));
  }
  return { members, instrument };
}

/**
 * PUT /api/OrderItems/{id} from View Order: another item code of the same section and kind,
 * until the end of the due date, at the same fee (docs/decisions/006-payments.md). An
 * organiser at the family desk (`byOrganiser`, decision 021) may change it after the due
 * dates, under every other rule; the audit entry is then theirs, with their details.
 */
export async function changeEntryItem(
  deps: OrdersDependencies,
  customerId: number,
  orderItemId: number,
  change: UpdateOrderItem,
  byOrganiser?: ByOrganiser,
): Promise<OrderItem> {
  const { db } = deps;
  const row = await repo.findOrderItem(db, orderItemId);
  const order = row && (await repo.findOrder(db, row.orderId));
  if (!row || !order || order.customerId !== customerId) throw orderItemNotFound(orderItemId);
  if (change.externalCollectionId !== undefined) {
    await repo.setCollectionId(db, row.id, change.externalCollectionId ?? null);
  }
  if (change.itemId === undefined || change.itemId === row.itemId)
    return describeOne(deps, order, row);
  if (row.isSubmittedForMarking || row.isCancelled) {
    throw new AppError(409, 'ENTRY_CLOSED', CART_TEXT.say('entryClosed'));
  }
  const items = await requireComparableItem(deps, order.eventId, row, change.itemId, byOrganiser);
  const { current, next } = items;
  const { instrument } = await refuseUnfitEntry(deps, order.eventId, row, items);
  // The same duplicate rule as adding an item (duplicateOf), under the order's lock.
  const moved = { itemId: next.id, instruments: instrument };
  const updated = await repo.changeItem(
    db,
    row,
    moved,
    duplicateOf({ ...row, ...moved }, next.category.section),
  );
  if (!updated) throw new AppError(409, 'DUPLICATE_ENTRY', duplicateMessage(next.category.section));
  await audit(db, {
    actorCustomerId: byOrganiser?.organiserId ?? customerId,
    action: byOrganiser ? 'family_desk.item_changed' : 'order_item.item_changed',
    entityType: 'order_item',
    entityId: row.id,
    details: {
      from: current.code,
      to: next.code,
      ...(byOrganiser && {
        ...byOrganiser.details,
        familyId: customerId,
        before: { itemId: current.id, itemCode: current.code },
        after: { itemId: next.id, itemCode: next.code },
      }),
    },
  });
  return describeOne(deps, order, updated);
}
