import { contestantsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
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

export function useContestants(customerId: number) {
  return useQuery({
    queryKey: contestantsQueryKey(customerId),
    queryFn: ({ signal }) => fetchContestants(customerId, signal),
    enabled: customerId > 0,
  });
}
