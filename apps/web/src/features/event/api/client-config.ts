import { ClientConfigSchema, EventSummarySchema } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest('/api/config', ClientConfigSchema, { signal }),
    staleTime: Infinity,
  });
}

/** The configured event's dates and fees. */
export function useCurrentEvent() {
  const config = useClientConfig();
  const eventId = config.data?.eventId;
  return useQuery({
    queryKey: ['event', eventId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/Eisteddfods/${eventId}`, EventSummarySchema, { signal }),
    enabled: eventId !== undefined,
    staleTime: 5 * 60_000,
  });
}
