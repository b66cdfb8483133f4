import { resultsDayApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { resultsDayKey } from './winners-keys.ts';

/** The release; looked at again every 30 s while it is scheduled, so the panel turns by itself. */
export function useRelease(id: number) {
  return useQuery({
    queryKey: resultsDayKey(id, 'release'),
    queryFn: ({ signal }) => callApi(resultsDayApi.getRelease, { params: { id }, signal }),
    // And while the release may be withdrawn, so the button goes when its time is up.
    refetchInterval: (query) =>
      (query.state.data?.releaseAt && !query.state.data.releasedAt) ||
      query.state.data?.withdrawableUntil
        ? 30_000
        : false,
  });
}
