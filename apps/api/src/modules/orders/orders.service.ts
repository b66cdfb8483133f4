import type { AddOrderItem, GroupMember, Order, UpdateOrderItem } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ContestantsService } from '../contestants/index.ts';
import { changeCartInBatch, type BatchEntry } from './orders.cart-batch.ts';
import { addItemToCart, removeItemFromCart, updateGroupParticipants } from './orders.cart.ts';
import { changeEntryItem } from './orders.change-item.ts';
import { describeOrder } from './orders.describe.ts';
import * as repo from './orders.repository.ts';
import { refuseBeforeOpening, requireOwnOrder } from './orders.rules.ts';

export { orderNumber } from './orders.describe.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

export interface OrdersDependencies {
  db: Database;
  catalogue: CatalogueService;
  contestants: ContestantsService;
  now: () => number;
}

/**
 * Carts and orders (spec 4 "Cart"; issue 5). The server decides prices and every rule: those
 * every change checks (orders.rules.ts), the cart's (orders.cart.ts) and an entry's change of
 * item (orders.change-item.ts); orders.describe.ts shows an order as the screens read it.
 */
export function createOrdersService(deps: OrdersDependencies) {
  const { db } = deps;
  return {
    describeOrder: (order: repo.OrderRow) => describeOrder(deps, order),
    requireOwnOrder: (customerId: number, orderId: number) =>
      requireOwnOrder(deps, customerId, orderId),
    refuseBeforeOpening: (eventId: number, customerId: number) =>
      refuseBeforeOpening(deps, eventId, customerId),

    /** POST /api/Orders: the open cart of the customer for the event, made if there is none. */
    async openCart(customerId: number, eventId: number): Promise<Order> {
      await deps.catalogue.getEvent(eventId);
      return describeOrder(deps, await repo.findOrCreateCart(db, customerId, eventId));
    },

    /** The id of the customer's open cart for the event, made if there is none. */
    async openCartId(customerId: number, eventId: number): Promise<number> {
      return (await repo.findOrCreateCart(db, customerId, eventId)).id;
    },

    async getOrder(customerId: number, orderId: number): Promise<Order> {
      return describeOrder(deps, await requireOwnOrder(deps, customerId, orderId));
    },

    addItemToCart: (customerId: number, orderId: number, input: AddOrderItem) =>
      addItemToCart(deps, customerId, orderId, input),

    /** Many adds and removals of one cart, all or nothing (the teachers' grid, decision 065). */
    changeCartInBatch: (
      customerId: number,
      orderId: number,
      change: { add: BatchEntry[]; remove: number[] },
    ) => changeCartInBatch(deps, customerId, orderId, change),

    removeItemFromCart: (customerId: number, orderId: number, orderItemId: number) =>
      removeItemFromCart(deps, customerId, orderId, orderItemId),

    changeEntryItem: (
      customerId: number,
      orderItemId: number,
      change: UpdateOrderItem,
      byOrganiser?: { organiserId: number; details: Record<string, unknown> },
    ) => changeEntryItem(deps, customerId, orderItemId, change, byOrganiser),

    updateGroupParticipants: (customerId: number, orderItemId: number, members: GroupMember[]) =>
      updateGroupParticipants(deps, customerId, orderItemId, members),
  };
}
