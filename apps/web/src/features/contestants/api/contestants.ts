import { ParticipantProfileSchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { readStored } from '../../../lib/storage.ts';

/** The logged-in customer's id, as stored at login (spec 3, browser storage keys). */
export function storedCustomerId(): number {
  const id = Number(readStored('customerId'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export const contestantsQueryKey = (customerId: number) => ['contestants', customerId] as const;

/** GET /api/Customers/{id}/participant-profiles: the contestants, with pictures and items. */
export function fetchContestants(customerId: number, signal?: AbortSignal) {
  return apiRequest(
    `/api/Customers/${customerId}/participant-profiles`,
    z.array(ParticipantProfileSchema),
    { signal },
  );
}

export function useContestants(customerId: number) {
  return useQuery({
    queryKey: contestantsQueryKey(customerId),
    queryFn: ({ signal }) => fetchContestants(customerId, signal),
    enabled: customerId > 0,
  });
}
