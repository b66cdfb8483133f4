// Over 350 lines on purpose: the cart's rules (add, remove, group members, item change) share
// one lock and one description of an order item; split, each part would re-read the other.
import {
  CATALOGUE_EDITOR_MESSAGES,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  type UpdateOrderItem,
  formatLongDate,
  haveEntriesOpened,
  duplicateMessage,
  entryKey,
  entryPriceCents,
  gradeProblem,
  isGroupSizeAllowed,
  isIncompleteMember,
  isInstrument,
  needsGroupInformation,
  type AddOrderItem,
  type EventFees,
  type GroupMember,
  type Item,
  type Order,
  type OrderItem,
  type Section,
} from '@eisteddfod/shared';
import type { Database, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ContestantsService } from '../contestants/index.ts';
import { findEarlyEntry } from './early-entries.repository.ts';
import * as repo from './orders.repository.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

const orderNotFound = (id: number) =>
  notFound('ORDER_NOT_FOUND', `There is no order with id ${id}`);
const orderItemNotFound = (id: number) =>
  notFound('ORDER_ITEM_NOT_FOUND', `There is no order item with id ${id}`);

/** "E2025-000123": readable on the phone and in an email, unique through the id. */
export function orderNumber(year: number, id: number): string {
  return `E${year}-${String(id).padStart(6, '0')}`;
}

const toMember = (m: repo.GroupMemberRow): GroupMember => ({
  firstName: m.firstName,
  surname: m.surname,
  school: m.school,
  gender: m.gender,
  grade: m.grade,
});

/** Issue 32: the contestant and every group member within the item's grades, or a 400. */
function refuseOutsideGrades(
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
function duplicateOf(
  entry: { id?: number; participantProfileId: number; itemId: number; instruments: string },
  section: Section,
) {
  const key = entryKey(entry, section);
  return (entered: repo.OrderItemRow[]) =>
    entered.some((other) => other.id !== entry.id && entryKey(other, section) === key);
}

/** Carts and orders (spec 4 "Cart"; issue 5). The server decides prices and every rule. */
export function createOrdersService(deps: {
  db: Database;
  catalogue: CatalogueService;
  contestants: ContestantsService;
  now: () => number;
}) {
  const { db, catalogue, contestants } = deps;

  async function requireOwnOrder(customerId: number, orderId: number): Promise<repo.OrderRow> {
    const order = await repo.findOrder(db, orderId);
    if (!order || order.customerId !== customerId) throw orderNotFound(orderId);
    return order;
  }

  const notACart = () => new AppError(409, 'NOT_A_CART', CART_MESSAGES.notACart);

  /** An order whose items may change: a cart, or one being paid (it becomes a cart again). */
  /** An item an organiser retired joins no new cart and replaces no entry (issue 16). */
  async function refuseRetired(eventId: number, itemId: number): Promise<void> {
    if (await catalogue.isRetired(eventId, itemId))
      throw new AppError(409, 'ITEM_RETIRED', CATALOGUE_EDITOR_MESSAGES.itemRetired);
  }

  /**
   * Before the event's registration opens, no entries (decision 041): the browser's dates were
   * the only check, and a family paid next year's event a year early. An organiser can let a
   * family in from the family desk.
   */
  async function refuseBeforeOpening(eventId: number, customerId: number): Promise<void> {
    const event = await catalogue.getEvent(eventId);
    const opens = event.dates.registrationOpens;
    if (haveEntriesOpened(opens, new Date(deps.now()), event.timeZone)) return;
    if (await findEarlyEntry(db, eventId, customerId)) return;
    throw badRequest('ENTRIES_NOT_OPEN', CART_MESSAGES.notOpenYet(formatLongDate(opens)));
  }

  async function requireOwnCart(customerId: number, orderId: number): Promise<repo.OrderRow> {
    const order = await requireOwnOrder(customerId, orderId);
    if (order.status !== 'cart' && order.status !== 'awaiting_payment') throw notACart();
    return order;
  }

  /** Applies a change under the cart's lock (repo.changeCart); a paid order refuses it. */
  async function changeCart<T>(orderId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await repo.changeCart(db, orderId, work);
    if (result === 'not_a_cart') throw notACart();
    return result;
  }

  async function describeItems(
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

  async function describeOrder(order: repo.OrderRow): Promise<Order> {
    const event = await catalogue.getEvent(order.eventId);
    const orderItems = await describeItems(order, await repo.findItemsOfOrder(db, order.id));
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

  async function describeOne(order: repo.OrderRow, row: repo.OrderItemRow): Promise<OrderItem> {
    const [described] = await describeItems(order, [row]);
    if (!described) throw orderItemNotFound(row.id);
    return described;
  }

  return {
    describeOrder,
    requireOwnOrder,
    refuseBeforeOpening,

    /** POST /api/Orders: the open cart of the customer for the event, made if there is none. */
    async openCart(customerId: number, eventId: number): Promise<Order> {
      await catalogue.getEvent(eventId);
      return describeOrder(await repo.findOrCreateCart(db, customerId, eventId));
    },

    async getOrder(customerId: number, orderId: number): Promise<Order> {
      return describeOrder(await requireOwnOrder(customerId, orderId));
    },

    /** Spec 5, add item to cart, checked here whatever the browser did. */
    async addItemToCart(
      customerId: number,
      orderId: number,
      input: AddOrderItem,
    ): Promise<OrderItem> {
      const order = await requireOwnCart(customerId, orderId);
      await refuseBeforeOpening(order.eventId, customerId);
      const profile = await contestants.requireOwnContestant(
        customerId,
        input.participantProfileId,
      );
      const item = await catalogue.findItem(order.eventId, input.itemId);
      if (!item) throw notFound('ITEM_NOT_FOUND', `There is no item with id ${input.itemId}`);
      await refuseRetired(order.eventId, item.id);
      if (item.deadlinePassed) throw badRequest('DEADLINE_PASSED', CART_MESSAGES.lateItem);
      refuseOutsideGrades(item, profile);
      const instrument = input.instruments?.trim() ?? '';
      if (item.requiresAnInstrument && !isInstrument(instrument)) {
        throw badRequest('INSTRUMENT_REQUIRED', CART_MESSAGES.selectInstrument);
      }
      // The contestant entering a group item is its first member.
      const members = item.isGroupItem
        ? [
            {
              position: 0,
              firstName: profile.firstName,
              surname: profile.surname,
              school: profile.school,
              gender: profile.gender ?? '',
              grade: profile.grade,
            },
          ]
        : [];
      const values = {
        orderId,
        itemId: item.id,
        participantProfileId: profile.id,
        groupName: item.isGroupItem ? input.groupName || null : null,
        // Only an item that asks for an instrument keeps one, so the duplicate rule holds.
        instruments: item.requiresAnInstrument ? instrument : '',
      };
      try {
        const row = await changeCart(orderId, async (tx) => {
          // Spec 5's duplicate rule, the cart screen's own (entryKey), checked under the cart's
          // lock; the unique index stays as the last word on simultaneous adds.
          const section = item.category.section;
          if (duplicateOf(values, section)(await repo.findItemsOfOrder(tx, orderId))) {
            throw new AppError(409, 'DUPLICATE_ENTRY', duplicateMessage(section));
          }
          return repo.insertOrderItem(tx, values, members);
        });
        return describeOne(order, row);
      } catch (err) {
        // The unique index decides, so twenty simultaneous clicks leave one entry.
        if (isUniqueViolation(err)) {
          throw new AppError(409, 'DUPLICATE_ENTRY', duplicateMessage(item.category.section));
        }
        throw err;
      }
    },

    async removeItemFromCart(
      customerId: number,
      orderId: number,
      orderItemId: number,
    ): Promise<void> {
      await requireOwnCart(customerId, orderId);
      const deleted = await changeCart(orderId, (tx) =>
        repo.deleteOrderItem(tx, orderId, orderItemId),
      );
      if (!deleted) throw orderItemNotFound(orderItemId);
    },

    /**
     * PUT /api/OrderItems/{id} from View Order: another item code of the same section and kind,
     * until the end of the due date, at the same fee (docs/decisions/006-payments.md). An
     * organiser at the family desk (`byOrganiser`, decision 021) may change it after the due
     * dates, under every other rule; the audit entry is then theirs, with their details.
     */
    async changeEntryItem(
      customerId: number,
      orderItemId: number,
      change: UpdateOrderItem,
      byOrganiser?: { organiserId: number; details: Record<string, unknown> },
    ): Promise<OrderItem> {
      const row = await repo.findOrderItem(db, orderItemId);
      const order = row && (await repo.findOrder(db, row.orderId));
      if (!row || !order || order.customerId !== customerId) throw orderItemNotFound(orderItemId);
      if (change.externalCollectionId !== undefined) {
        await repo.setCollectionId(db, row.id, change.externalCollectionId ?? null);
      }
      if (change.itemId === undefined || change.itemId === row.itemId)
        return describeOne(order, row);
      if (row.isSubmittedForMarking || row.isCancelled) {
        throw new AppError(
          409,
          'ENTRY_CLOSED',
          'This entry is finalised or withdrawn and cannot be changed.',
        );
      }
      const current = await catalogue.findItem(order.eventId, row.itemId);
      if (!current || (current.deadlinePassed && !byOrganiser)) {
        throw badRequest('DEADLINE_PASSED', CHECKOUT_MESSAGES.editDeadline);
      }
      const next = await catalogue.findItem(order.eventId, change.itemId);
      if (!next) throw notFound('ITEM_NOT_FOUND', `There is no item with id ${change.itemId}`);
      await refuseRetired(order.eventId, next.id);
      if (
        next.category.section !== current.category.section ||
        next.isGroupItem !== current.isGroupItem
      ) {
        throw badRequest(
          'ITEM_NOT_COMPARABLE',
          'Choose an item of the same section and the same kind (group or individual).',
        );
      }
      if (next.deadlinePassed && !byOrganiser)
        throw badRequest('DEADLINE_PASSED', CART_MESSAGES.lateItem);
      const members = (await repo.findGroupMembers(db, [row.id])).map(toMember);
      const [contestant] = await repo.findProfileSummaries(db, [row.participantProfileId]);
      if (contestant) refuseOutsideGrades(next, contestant, members);
      if (
        next.isGroupItem &&
        !isGroupSizeAllowed(members.length, next.minimumParticipants, next.maximumParticipants)
      ) {
        throw badRequest(
          'GROUP_SIZE',
          CART_MESSAGES.groupCount(next.minimumParticipants, next.maximumParticipants),
        );
      }
      const instrument = next.requiresAnInstrument ? row.instruments : '';
      if (next.requiresAnInstrument && !isInstrument(instrument)) {
        throw badRequest('INSTRUMENT_REQUIRED', CART_MESSAGES.selectInstrument);
      }
      const event = await catalogue.getEvent(order.eventId);
      const paid = row.priceCents ?? entryPriceCents(current, members.length, event.fees);
      if (entryPriceCents(next, members.length, event.fees) !== paid) {
        throw new AppError(
          409,
          'PRICE_DIFFERS',
          'This item has a different fee. Please contact the organisers to change it.',
        );
      }
      // The same duplicate rule as adding an item (duplicateOf), under the order's lock.
      const moved = { itemId: next.id, instruments: instrument };
      const updated = await repo.changeItem(
        db,
        row,
        moved,
        duplicateOf({ ...row, ...moved }, next.category.section),
      );
      if (!updated)
        throw new AppError(409, 'DUPLICATE_ENTRY', duplicateMessage(next.category.section));
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
      return describeOne(order, updated);
    },

    /** Spec 5, group participants: the whole list, within the item's minimum and maximum. */
    async updateGroupParticipants(
      customerId: number,
      orderItemId: number,
      members: GroupMember[],
    ): Promise<OrderItem> {
      const row = await repo.findOrderItem(db, orderItemId);
      const owned = row && (await repo.findOrder(db, row.orderId));
      if (!row || !owned || owned.customerId !== customerId) throw orderItemNotFound(orderItemId);
      const order = await requireOwnCart(customerId, owned.id);
      const item = await catalogue.findItem(order.eventId, row.itemId);
      if (!item?.isGroupItem)
        throw badRequest('NOT_A_GROUP_ITEM', 'This item is not a group item.');
      if (!isGroupSizeAllowed(members.length, item.minimumParticipants, item.maximumParticipants)) {
        throw badRequest(
          'GROUP_SIZE',
          CART_MESSAGES.groupCount(item.minimumParticipants, item.maximumParticipants),
        );
      }
      if (members.some(isIncompleteMember))
        throw badRequest('GROUP_INCOMPLETE', CART_MESSAGES.groupDetails);
      const [contestant] = await repo.findProfileSummaries(db, [row.participantProfileId]);
      if (contestant) refuseOutsideGrades(item, contestant, members);
      await changeCart(order.id, (tx) => repo.replaceMembers(tx, row.id, members));
      return describeOne(order, row);
    },
  };
}
