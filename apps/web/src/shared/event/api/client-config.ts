import { catalogueApi, publicSiteApi } from '@eisteddfod/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** The served event's settings (GET /api/config), fetched once per visit. */
export const clientConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => callApi(publicSiteApi.clientConfig, { signal }),
  staleTime: Infinity,
});

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}

/** The configured event's dates and fees. */
export function useCurrentEvent() {
  const config = useClientConfig();
  const eventId = config.data?.eventId;
  return useQuery({
    queryKey: ['event', eventId],
    queryFn: ({ signal }) => callApi(catalogueApi.event, { params: { id: eventId ?? 0 }, signal }),
    enabled: eventId !== undefined,
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether the configured event has answered, or is not to be asked for (the configuration names
 * none, or could not be loaded): a screen that shows its fees draws once it is settled.
 */
export function useCurrentEventSettled(): boolean {
  const config = useClientConfig();
  const event = useCurrentEvent();
  return !event.isPending || (!config.isPending && event.fetchStatus === 'idle');
}
