import { resultsDayApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { resultsDayKey } from './winners-keys.ts';

export function useConfirmedWinners(id: number) {
  return useQuery({
    queryKey: resultsDayKey(id, 'winners'),
    queryFn: ({ signal }) => callApi(resultsDayApi.confirmedWinners, { params: { id }, signal }),
    // Certificates are made after the confirmation: look again until each has one.
    refetchInterval: (query) =>
      query.state.data?.winners.some((w) => w.certificate === null) ? 2000 : false,
  });
}
