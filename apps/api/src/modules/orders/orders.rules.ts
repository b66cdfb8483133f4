import {
  CART_TEXT,
  entryKey,
  formatLongDate,
  gradeProblem,
  haveEntriesOpened,
  type GroupMember,
  type Item,
  type Section,
} from '@eisteddfod/shared';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { findEarlyEntry } from './early-entries.repository.ts';
import * as repo from './orders.repository.ts';
import type { OrdersDependencies } from './orders.service.ts';

// The rules every change to a cart checks: whose order it is, whether it is still a cart, the
// event's opening, retired items, grades and duplicates.

const orderNotFound = (id: number) =>
  notFound('ORDER_NOT_FOUND', CART_TEXT.say('noOrder', { id: String(id) }));
export const orderItemNotFound = (id: number) =>
  notFound('ORDER_ITEM_NOT_FOUND', CART_TEXT.say('noOrderItem', { id: String(id) }));
const notACart = () => new AppError(409, 'NOT_A_CART', CART_TEXT.say('notACart'));

/** Issue 32: the contestant and every group member within the item's grades, or a 400. */
export function refuseOutsideGrades(
  item: Item,
  contestant: { firstName: string; grade: string },
  members: GroupMember[] = [],
) {
  const problem = gradeProblem(item, contestant, members);
  if (problem) throw badRequest('WRONG_GRADE', problem);
}

/**
 * Spec 5's duplicate rule, the cart screen's own (packages/shared entryKey): whether another of
 * the order's entries is the same as `entry` would be as an entry of an item of `section`.
 */
export function duplicateOf(
  entry: { id?: number; participantProfileId: number; itemId: number; instruments: string },
  section: Section,
) {
  const key = entryKey(entry, section);
  return (entered: repo.OrderItemRow[]) =>
    entered.some((other) => other.id !== entry.id && entryKey(other, section) === key);
}

export async function requireOwnOrder(
  { db }: OrdersDependencies,
  customerId: number,
  orderId: number,
): Promise<repo.OrderRow> {
  const order = await repo.findOrder(db, orderId);
  if (!order || order.customerId !== customerId) throw orderNotFound(orderId);
  return order;
}

/** An item an organiser retired joins no new cart and replaces no entry (issue 16). */
export async function refuseRetired(
  { catalogue }: OrdersDependencies,
  eventId: number,
  itemId: number,
): Promise<void> {
  if (await catalogue.isRetired(eventId, itemId))
    throw new AppError(409, 'ITEM_RETIRED', CART_TEXT.say('itemRetired'));
}

/**
 * Before the event's registration opens, no entries (decision 041): the browser's dates were
 * the only check, and a family paid next year's event a year early. An organiser can let a
 * family in from the family desk.
 */
export async function refuseBeforeOpening(
  deps: OrdersDependencies,
  eventId: number,
  customerId: number,
): Promise<void> {
  const event = await deps.catalogue.getEvent(eventId);
  const opens = event.dates.registrationOpens;
  if (haveEntriesOpened(opens, new Date(deps.now()), event.timeZone)) return;
  if (await findEarlyEntry(deps.db, eventId, customerId)) return;
  throw badRequest(
    'ENTRIES_NOT_OPEN',
    CART_TEXT.say('notOpenYet', { opens: formatLongDate(opens) }),
  );
}

/** An order whose items may change: a cart, or one being paid (it becomes a cart again). */
export async function requireOwnCart(
  deps: OrdersDependencies,
  customerId: number,
  orderId: number,
): Promise<repo.OrderRow> {
  const order = await requireOwnOrder(deps, customerId, orderId);
  if (order.status !== 'cart' && order.status !== 'awaiting_payment') throw notACart();
  return order;
}

/** Applies a change under the cart's lock (repo.changeCart); a paid order refuses it. */
export async function changeCart<T>(
  { db }: OrdersDependencies,
  orderId: number,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const result = await repo.changeCart(db, orderId, work);
  if (result === 'not_a_cart') throw notACart();
  return result;
}
