import { accountsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

export const customerQueryKey = (customerId: number) => ['customer', customerId] as const;

/** The logged-in customer's own record. */
function fetchCustomer(customerId: number, signal?: AbortSignal) {
  return callApi(accountsApi.getCustomer, { params: { id: customerId }, signal });
}

export function useCustomer(customerId: number) {
  return useQuery({
    queryKey: customerQueryKey(customerId),
    queryFn: ({ signal }) => fetchCustomer(customerId, signal),
    enabled: customerId > 0,
  });
}
