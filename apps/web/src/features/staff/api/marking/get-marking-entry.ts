import { staffApi } from '@eisteddfod/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { fetchedAhead } from '../../../../lib/query-client.ts';
import { markingEntryKey } from './marking-keys.ts';

const markingEntryQuery = (orderItemId: number) => ({
  queryKey: markingEntryKey(orderItemId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(staffApi.markingEntry, { params: { orderItemId }, signal }),
  // The file links inside expire after an hour: fetch again rather than keep them long.
  staleTime: 10 * 60_000,
});

export function useMarkingEntry(orderItemId: number) {
  return useQuery(markingEntryQuery(orderItemId));
}

/** The next entry's data fetched ahead, so Submit & next shows it at once (decision 058). */
export function prefetchMarkingEntry(queryClient: QueryClient, orderItemId: number) {
  void queryClient.prefetchQuery(fetchedAhead(markingEntryQuery(orderItemId)));
}
