import { resultsDayApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { resultsDayKey } from './winners-keys.ts';

/** Asked for when the organiser presses Preview, never on its own: it ranks every mark. */
export function useWinnersPreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: resultsDayKey(id, 'preview'),
    queryFn: ({ signal }) => callApi(resultsDayApi.previewWinners, { params: { id }, signal }),
    enabled,
    staleTime: Infinity,
  });
}
