import { contestantsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { currentCustomerId } from '../../../shared/cart/api/cart.ts';

/**
 * The contestants, under the contestant screens' cache key: the
 * browsing screens name the contestant whose items are being chosen.
 */
function fetchContestants(customerId: number, signal?: AbortSignal) {
  return callApi(contestantsApi.list, { params: { id: customerId }, signal });
}

export function useContestant(participantProfileId: number) {
  const customerId = currentCustomerId();
  return useQuery({
    queryKey: ['contestants', customerId],
    queryFn: ({ signal }) => fetchContestants(customerId, signal),
    enabled: customerId > 0,
    select: (contestants) => contestants.find((c) => c.id === participantProfileId) ?? null,
  });
}
