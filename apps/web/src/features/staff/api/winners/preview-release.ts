import { resultsDayApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { resultsDayKey } from './winners-keys.ts';

/** What "Release now" makes public and who it tells: asked for while its dialog is open. */
export function useReleasePreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: resultsDayKey(id, 'release-preview'),
    queryFn: ({ signal }) => callApi(resultsDayApi.releasePreview, { params: { id }, signal }),
    enabled,
    staleTime: 0,
  });
}
