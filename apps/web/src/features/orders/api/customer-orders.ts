import { paymentsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

const customerOrdersQueryKey = (customerId: number) => ['orders', customerId] as const;

/** The orders checked out or paid, newest first. */
function fetchCustomerOrders(customerId: number, signal?: AbortSignal) {
  return callApi(paymentsApi.customerOrders, { params: { id: customerId }, signal });
}

export function useCustomerOrders(customerId: number) {
  return useQuery({
    queryKey: customerOrdersQueryKey(customerId),
    queryFn: ({ signal }) => fetchCustomerOrders(customerId, signal),
    enabled: customerId > 0,
    staleTime: 0,
  });
}
