import { accountsApi, type UpdateCustomer } from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { customerQueryKey } from './customer.ts';

/** Names and country; email and mobile number never change (spec 6). */
function updateCustomer(customerId: number, changes: UpdateCustomer) {
  return callApi(accountsApi.updateCustomer, { params: { id: customerId }, body: changes });
}

export function useUpdateCustomer(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCustomer) => updateCustomer(customerId, changes),
    onSuccess: (customer) => queryClient.setQueryData(customerQueryKey(customerId), customer),
  });
}
