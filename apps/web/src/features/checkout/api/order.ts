import { useQuery } from '@tanstack/react-query';
import { fetchOrder } from '../../../shared/cart/api/cart.ts';

const orderQueryKey = (orderId: number) => ['order', orderId] as const;

const POLL_MS = 2000;
export const POLL_FOR_MS = 2 * 60_000;

/**
 * GET /api/Orders/{id} on the confirmation screen: its real state. While the provider has not
 * confirmed the payment it asks again every 2 s, for at most `POLL_FOR_MS` after `since`.
 */
export function useConfirmedOrder(orderId: number, since: number) {
  return useQuery({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    enabled: orderId > 0,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'awaiting_payment' && Date.now() - since < POLL_FOR_MS
        ? POLL_MS
        : false,
  });
}
