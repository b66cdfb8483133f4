import { resultsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** Scores, total, medal, comment and certificates. */
export function useEntryResult(orderItemId: number | null) {
  return useQuery({
    queryKey: ['entry-result', orderItemId],
    queryFn: ({ signal }) =>
      callApi(resultsApi.entryResult, { params: { id: orderItemId ?? 0 }, signal }),
    enabled: orderItemId !== null,
    // The modal says 'Error fetching results' itself (spec 8).
    meta: { handlesErrors: true },
    retry: false,
    staleTime: 60_000,
  });
}
