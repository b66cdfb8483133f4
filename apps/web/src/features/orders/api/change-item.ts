import { ordersApi } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { isCartRefusal } from '../../../shared/cart/api/cart-errors.ts';
import { checkoutText } from '../../../shared/checkout/text.ts';
import { handleHttpError } from '../../../lib/http-errors.ts';
import { viewOrderQueryKey } from './order.ts';
import { text } from '../text.ts';

/** Changes an entry's item: 200 with the changed entry. */
function changeOrderItem(orderItemId: number, itemId: number) {
  return callApi(ordersApi.updateItem, { params: { id: orderItemId }, body: { itemId } });
}

/**
 * Changes an entry's item (View Order). The server's refusals (deadline, another section or
 * kind, another fee, a duplicate) show its own words as warnings; success reloads the order.
 */
export function useChangeItem(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { orderItemId: number; itemId: number }) =>
      changeOrderItem(change.orderItemId, change.itemId),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      toast('success', checkoutText('itemUpdated'), text('success'));
      await queryClient.invalidateQueries({ queryKey: viewOrderQueryKey(orderId) });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) => {
      if (!isCartRefusal(error)) {
        handleHttpError(error);
        return;
      }
      const deadline = error.body?.code === 'DEADLINE_PASSED';
      toast('warning', messageOf(error), deadline ? checkoutText('editDeadlineTitle') : undefined);
    },
  });
}
