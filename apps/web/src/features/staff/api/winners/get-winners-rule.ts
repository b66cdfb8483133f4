import { resultsDayApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { resultsDayKey } from './winners-keys.ts';

export function useWinnersRule(id: number) {
  return useQuery({
    queryKey: resultsDayKey(id, 'rule'),
    queryFn: ({ signal }) => callApi(resultsDayApi.getWinnersRule, { params: { id }, signal }),
  });
}
