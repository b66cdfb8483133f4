import { ParticipantProfileSchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentCustomerId } from '../../cart/api/cart.ts';

/**
 * GET /api/Customers/{id}/participant-profiles, under the contestant screens' cache key: the
 * browsing screens name the contestant whose items are being chosen.
 */
export function fetchContestants(customerId: number, signal?: AbortSignal) {
  return apiRequest(
    `/api/Customers/${customerId}/participant-profiles`,
    z.array(ParticipantProfileSchema),
    { signal },
  );
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
