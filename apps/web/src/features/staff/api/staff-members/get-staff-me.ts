import { staffApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '../../../../lib/api-client.ts';
import { readStored } from '../../../../lib/storage.ts';

/** The member of staff, or null for a family (the server answers 404). */
export function useStaffMe() {
  return useQuery({
    queryKey: ['staff', 'me', readStored('token')],
    queryFn: async ({ signal }) => {
      try {
        return await callApi(staffApi.me, { signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
