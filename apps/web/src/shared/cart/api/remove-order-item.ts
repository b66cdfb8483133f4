import { ordersApi, type Order, type OrderItem } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { storedCustomerId } from '../../../lib/storage.ts';
import { cartQueryKey } from './cart.ts';
import { cartText } from '../text.ts';
import { showCartError } from './cart-errors.ts';

/** Removes an item from the cart: 204. */
function removeOrderItem(orderId: number, orderItemId: number) {
  return callApi(ordersApi.removeItem, { params: { id: orderId, orderItemId } });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  const customerId = storedCustomerId();
  return useMutation({
    mutationFn: (orderItem: OrderItem) => removeOrderItem(orderItem.orderId, orderItem.id),
    meta: { handlesErrors: true },
    onSuccess: (_nothing, removed) => {
      toast('success', cartText('itemRemoved'));
      queryClient.setQueryData<Order>(cartQueryKey(customerId), (cart) =>
        cart
          ? {
              ...cart,
              orderItems: cart.orderItems.filter((item) => item.id !== removed.id),
              totalPrice: cart.totalPrice - removed.price,
            }
          : cart,
      );
      return queryClient.invalidateQueries({ queryKey: ['contestants'] });
    },
    onError: (error) => {
      showCartError(error);
      // Checked out in another tab, or already removed: show the cart as the server has it.
      return queryClient.invalidateQueries({ queryKey: cartQueryKey(customerId) });
    },
  });
}
