import { staffApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { markingEntryKey } from './marking-keys.ts';

export function useMarkingEntry(orderItemId: number) {
  return useQuery({
    queryKey: markingEntryKey(orderItemId),
    queryFn: ({ signal }) => callApi(staffApi.markingEntry, { params: { orderItemId }, signal }),
    // The file links inside expire after an hour: fetch again rather than keep them long.
    staleTime: 10 * 60_000,
  });
}
