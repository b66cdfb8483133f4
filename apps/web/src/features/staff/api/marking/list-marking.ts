import { staffApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { markingListKey } from './marking-keys.ts';

export function useMarkingList() {
  return useQuery({
    queryKey: markingListKey,
    queryFn: ({ signal }) => callApi(staffApi.markingList, { signal }),
  });
}
