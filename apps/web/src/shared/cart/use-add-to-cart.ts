import type { Order, OrderItem } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeStored } from '../../lib/storage.ts';
import { toast } from '../../lib/toasts.ts';
import { addOrderItem } from './api/add-order-item.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { cartQuery, cartQueryKey, openCart } from './api/cart.ts';
import { isNotACart, showCartError } from './api/cart-errors.ts';
import { entryInstrument, findAddProblem, type NewEntry } from './cart-checks.ts';

/**
 * Adds an item for a contestant to the cart (spec 4 and 5). The rules are checked first, without
 * a request; a cart checked out meanwhile (409 NOT_A_CART) is re-opened and the add tried once
 * more; the server's refusals show as warnings.
 *
 * The cart is read when a parent taps, not watched: every item card has this hook, and a card
 * watching the cart was drawn again for every change of it (issue 32).
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const customerId = storedCustomerId();
  const cartNow = () => queryClient.getQueryData<Order>(cartQueryKey(customerId));

  const mutation = useMutation({
    meta: { handlesErrors: true },
    mutationFn: async (entry: NewEntry): Promise<OrderItem> => {
      const body = {
        itemId: entry.item.id,
        participantProfileId: entry.participantProfileId,
        instruments: entryInstrument(entry),
      };
      const order = cartNow() ?? (await queryClient.fetchQuery(cartQuery(customerId)));
      try {
        return await addOrderItem(order.id, body);
      } catch (error) {
        if (!isNotACart(error)) throw error;
        removeStored('cart');
        const reopened = await openCart(customerId);
        queryClient.setQueryData(cartQueryKey(customerId), reopened);
        return addOrderItem(reopened.id, body);
      }
    },
    onSuccess: (added) => {
      queryClient.setQueryData<Order>(cartQueryKey(customerId), (order) =>
        order && order.id === added.orderId
          ? {
              ...order,
              orderItems: [...order.orderItems, added],
              totalPrice: order.totalPrice + added.price,
            }
          : order,
      );
      return queryClient.invalidateQueries({ queryKey: ['contestants'] });
    },
    onError: showCartError,
  });

  /** Checks, then adds; `onAdded` runs once the server has the item. */
  function add(entry: NewEntry, onAdded?: (added: OrderItem) => void): void {
    const problem = findAddProblem(cartNow(), entry);
    if (problem) {
      toast('warning', problem);
      return;
    }
    mutation.mutate(entry, { onSuccess: onAdded });
  }

  return { add, isAdding: mutation.isPending };
}
