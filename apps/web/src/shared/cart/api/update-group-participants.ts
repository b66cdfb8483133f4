import { ordersApi, type GroupMember, type Order } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { storedCustomerId } from '../../../lib/storage.ts';
import { cartQueryKey } from './cart.ts';
import { cartText } from '../text.ts';
import { showCartError } from './cart-errors.ts';

/** Replaces a group entry's members: every member, in order; 200 OrderItem. */
function updateGroupParticipants(orderItemId: number, members: GroupMember[]) {
  return callApi(ordersApi.updateGroupParticipants, { params: { id: orderItemId }, body: members });
}

export function useUpdateGroupParticipants() {
  const queryClient = useQueryClient();
  const customerId = storedCustomerId();
  return useMutation({
    mutationFn: (change: { orderItemId: number; members: GroupMember[] }) =>
      updateGroupParticipants(change.orderItemId, change.members),
    meta: { handlesErrors: true },
    onSuccess: (updated) => {
      toast('success', cartText('groupUpdated'));
      // The price follows the number of members (spec 9), so the total moves too.
      queryClient.setQueryData<Order>(cartQueryKey(customerId), (cart) => {
        if (!cart) return cart;
        const orderItems = cart.orderItems.map((item) => (item.id === updated.id ? updated : item));
        return {
          ...cart,
          orderItems,
          totalPrice: orderItems.reduce((sum, item) => sum + item.price, 0),
        };
      });
      return queryClient.invalidateQueries({ queryKey: ['contestants'] });
    },
    onError: showCartError,
  });
}
