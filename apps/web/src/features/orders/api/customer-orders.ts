import { OrderSchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const customerOrdersQueryKey = (customerId: number) => ['orders', customerId] as const;

/** GET /api/Customers/{id}/Orders: the orders checked out or paid, newest first. */
export function fetchCustomerOrders(customerId: number, signal?: AbortSignal) {
  return apiRequest(`/api/Customers/${customerId}/Orders`, z.array(OrderSchema), { signal });
}

export function useCustomerOrders(customerId: number) {
  return useQuery({
    queryKey: customerOrdersQueryKey(customerId),
    queryFn: ({ signal }) => fetchCustomerOrders(customerId, signal),
    enabled: customerId > 0,
    staleTime: 0,
  });
}
