import { publicSiteApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** The reference lists (shared with the contestant screens' cache): the school names. */
export function useSchools() {
  return useQuery({
    queryKey: ['reference'],
    queryFn: ({ signal }) => callApi(publicSiteApi.referenceLists, { signal }),
    staleTime: Infinity,
    select: (lists) => lists.schools,
  });
}
