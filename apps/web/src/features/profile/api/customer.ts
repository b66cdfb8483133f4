import { CustomerSchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const customerQueryKey = (customerId: number) => ['customer', customerId] as const;

/** GET /api/Customers/{id}: the logged-in customer's own record. */
export function fetchCustomer(customerId: number, signal?: AbortSignal) {
  return apiRequest(`/api/Customers/${customerId}`, CustomerSchema, { signal });
}

export function useCustomer(customerId: number) {
  return useQuery({
    queryKey: customerQueryKey(customerId),
    queryFn: ({ signal }) => fetchCustomer(customerId, signal),
    enabled: customerId > 0,
  });
}
