import {
  CART_TEXT,
  duplicateMessage,
  groupCountMessage,
  isGroupSizeAllowed,
  isIncompleteMember,
  type AddOrderItem,
  type GroupMember,
  type Item,
} from '@eisteddfod/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { profileNotFound } from '../contestants/index.ts';
import { checkNewEntry, type NewEntry } from './orders.cart.ts';
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

// Many changes of a cart in one go (the teachers' grid, decision 065): every row meets exactly
// the rules of addItemToCart and removeItemFromCart (orders.cart.ts), all under the cart's lock
// in one transaction, and either every row is written or none is.

/** A row to add; a group item's members after its contestant, when the row names them. */
export interface BatchEntry extends AddOrderItem {
  groupMembers?: GroupMember[] | undefined;
}

export interface BatchRefusal {
  kind: 'add' | 'remove';
  /** The row's index in `add` or `remove`. */
  row: number;
  error: AppError;
}

export interface BatchResult {
  added: repo.OrderItemRow[];
  removed: number;
  /** Non-empty: nothing was written. */
  refused: BatchRefusal[];
}

const refusal = (kind: BatchRefusal['kind'], row: number, err: unknown): BatchRefusal => {
  if (err instanceof AppError) return { kind, row, error: err };
  throw err;
};

/** A group row's members: its contestant first, then the ones it names, by the cart's rules. */
function withGroupMembers(entry: NewEntry, item: Item | undefined, input: BatchEntry): NewEntry {
  if (input.groupMembers === undefined || input.groupMembers.length === 0) return entry;
  if (!item?.isGroupItem) throw badRequest('NOT_A_GROUP_ITEM', CART_TEXT.say('notAGroupItem'));
  const members = [
    ...entry.members,
    ...input.groupMembers.map((m, i) => ({ ...m, position: i + 1 })),
  ];
  if (!isGroupSizeAllowed(members.length, item.minimumParticipants, item.maximumParticipants)) {
    throw badRequest(
      'GROUP_SIZE',
      groupCountMessage(item.minimumParticipants, item.maximumParticipants),
    );
  }
  if (members.some(isIncompleteMember))
    throw badRequest('GROUP_INCOMPLETE', CART_TEXT.say('groupDetails'));
  const [first] = members;
  if (first) refuseOutsideGrades(item, first, members);
  return { ...entry, members };
}

/** Every row's checks that need no lock; the rows refused, or the entries to write. */
async function checkRows(
  deps: OrdersDependencies,
  customerId: number,
  order: repo.OrderRow,
  add: BatchEntry[],
) {
  const profiles = new Map(
    (
      await repo.findOwnProfileSummaries(
        deps.db,
        customerId,
        add.map((r) => r.participantProfileId),
      )
    ).map((p) => [p.id, p]),
  );
  const found = new Map<number, { item: Item | undefined; retired: boolean }>();
  for (const itemId of new Set(add.map((r) => r.itemId))) {
    const item = await deps.catalogue.findItem(order.eventId, itemId);
    const retired = item ? await deps.catalogue.isRetired(order.eventId, itemId) : false;
    found.set(itemId, { item, retired });
  }
  const refused: BatchRefusal[] = [];
  const entries: NewEntry[] = [];
  add.forEach((input, row) => {
    try {
      const profile = profiles.get(input.participantProfileId);
      // The same answer as requireOwnContestant: another account's contestant is not found.
      if (!profile) throw profileNotFound(input.participantProfileId);
      const itemFound = found.get(input.itemId)!;
      const entry = checkNewEntry(order.id, itemFound, profile, input);
      entries.push(withGroupMembers(entry, itemFound.item, input));
    } catch (err) {
      refused.push(refusal('add', row, err));
    }
  });
  return { refused, entries };
}

/** Spec 5's duplicate rule over the cart as it will be: what it keeps, then the rows before. */
function refuseDuplicates(kept: repo.OrderItemRow[], entries: NewEntry[]): BatchRefusal[] {
  const refused: BatchRefusal[] = [];
  const taken = new Set<string>();
  const keyOf = (
    e: { participantProfileId: number; itemId: number; instruments: string },
    music: boolean,
  ) => `${e.participantProfileId}:${e.itemId}:${music ? e.instruments : ''}`;
  entries.forEach((entry, row) => {
    const music = entry.section === 'Music';
    const key = keyOf(entry.values, music);
    if (taken.has(key) || duplicateOf(entry.values, entry.section)(kept)) {
      refused.push({
        kind: 'add',
        row,
        error: new AppError(409, 'DUPLICATE_ENTRY', duplicateMessage(entry.section)),
      });
    }
    taken.add(key);
  });
  return refused;
}

/**
 * Adds `add` to the customer's cart and removes `remove` (entries of that cart), all or
 * nothing. A problem of the whole call (not the caller's cart, entries not open yet) throws as
 * the one-at-a-time calls do; a row's problem is answered with the row, and nothing is written.
 */
export async function changeCartInBatch(
  deps: OrdersDependencies,
  customerId: number,
  orderId: number,
  change: { add: BatchEntry[]; remove: number[] },
): Promise<BatchResult> {
  const order = await requireOwnCart(deps, customerId, orderId);
  if (change.add.length > 0) await refuseBeforeOpening(deps, order.eventId, customerId);
  const checked = await checkRows(deps, customerId, order, change.add);
  if (checked.refused.length > 0) return { added: [], removed: 0, refused: checked.refused };
  try {
    return await changeCart(deps, orderId, async (tx) => {
      const current = await repo.findItemsOfOrder(tx, orderId);
      const ids = new Set(current.map((r) => r.id));
      const refused: BatchRefusal[] = [];
      change.remove.forEach((id, row) => {
        if (!ids.has(id)) refused.push({ kind: 'remove', row, error: orderItemNotFound(id) });
      });
      const removing = new Set(change.remove);
      const kept = current.filter((r) => !removing.has(r.id));
      refused.push(...refuseDuplicates(kept, checked.entries));
      if (refused.length > 0) return { added: [], removed: 0, refused };
      const removed = await repo.deleteOrderItems(tx, orderId, [...removing]);
      const added = await repo.insertOrderItems(tx, checked.entries);
      return { added, removed, refused };
    });
  } catch (err) {
    // Another add at the same moment: the unique index decides, and this batch writes nothing.
    if (isUniqueViolation(err))
      throw new AppError(409, 'DUPLICATE_ENTRY', CART_TEXT.say('duplicate'));
    throw err;
  }
}
