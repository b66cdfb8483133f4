import { EntryResultSchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/OrderItems/{id}/Result: scores, total, medal, comment and certificates. */
export function useEntryResult(orderItemId: number | null) {
  return useQuery({
    queryKey: ['entry-result', orderItemId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/OrderItems/${orderItemId}/Result`, EntryResultSchema, { signal }),
    enabled: orderItemId !== null,
    // The modal says 'Error fetching results' itself (spec 8).
    meta: { handlesErrors: true },
    retry: false,
    staleTime: 60_000,
  });
}
