import { contestantsApi } from '@eisteddfod/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { readStored } from '../../lib/storage.ts';

/** The logged-in customer's id, as stored at login (spec 3, browser storage keys). */
export function storedCustomerId(): number {
  const id = Number(readStored('customerId'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

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
