import { useQuery } from '@tanstack/react-query';
import { fetchOrder } from '../../../shared/cart/api/cart.ts';

export const viewOrderQueryKey = (orderId: number) => ['order', orderId] as const;

/** GET /api/Orders/{id}: one order with its entries (View Order). */
export function useOrder(orderId: number) {
  return useQuery({
    queryKey: viewOrderQueryKey(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    enabled: orderId > 0,
  });
}
