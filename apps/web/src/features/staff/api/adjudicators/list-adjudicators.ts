import { staffApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { adjudicatorsKey } from './adjudicator-keys.ts';

export function useAdjudicators() {
  return useQuery({
    queryKey: adjudicatorsKey,
    queryFn: ({ signal }) => callApi(staffApi.adjudicators, { signal }),
  });
}
