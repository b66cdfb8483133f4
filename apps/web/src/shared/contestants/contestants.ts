import { contestantsApi } from '@eisteddfod/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

export const contestantsQueryKey = (customerId: number) => ['contestants', customerId] as const;

/** The contestants, with pictures and items. */
function fetchContestants(customerId: number, signal?: AbortSignal) {
  return callApi(contestantsApi.list, { params: { id: customerId }, signal });
}

/** The contestants' query, for the screens that show them and those that fetch them ahead. */
export function contestantsQuery(customerId: number) {
  return queryOptions({
    queryKey: contestantsQueryKey(customerId),
    queryFn: ({ signal }) => fetchContestants(customerId, signal),
    enabled: customerId > 0,
  });
}

export function useContestants(customerId: number) {
  return useQuery(contestantsQuery(customerId));
}
