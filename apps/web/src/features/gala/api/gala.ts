import { resultsDayApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/**
 * The live event's gala (GET /api/Gala, public). Before the release it says when; the page
 * looks again each minute then (the server caches a minute), so it opens by itself at the time.
 */
export function useGala() {
  return useQuery({
    queryKey: ['gala'],
    queryFn: ({ signal }) => callApi(resultsDayApi.gala, { signal }),
    refetchInterval: (query) => (query.state.data && !query.state.data.released ? 60_000 : false),
  });
}
