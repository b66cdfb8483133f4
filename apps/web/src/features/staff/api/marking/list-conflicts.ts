import { staffApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { conflictsKey } from './marking-keys.ts';

export function useConflicts() {
  return useQuery({
    queryKey: conflictsKey,
    queryFn: ({ signal }) => callApi(staffApi.conflicts, { signal }),
  });
}
