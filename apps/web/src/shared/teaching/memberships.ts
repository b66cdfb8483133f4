import { teachersApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

export const membershipsQueryKey = (customerId: number) => ['memberships', customerId] as const;

/**
 * The account's requests to act for a school and its classes (decision 061): the Teaching page
 * lists them, and the header links to the classes once one is approved.
 */
export function useMemberships(customerId: number) {
  return useQuery({
    queryKey: membershipsQueryKey(customerId),
    queryFn: ({ signal }) => callApi(teachersApi.list, { params: { id: customerId }, signal }),
    enabled: customerId > 0,
  });
}
