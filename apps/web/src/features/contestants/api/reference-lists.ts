import { publicSiteApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** The reference lists: schools, grades and the other lists; they change once a year at most. */
export function useReferenceLists() {
  return useQuery({
    queryKey: ['reference'],
    queryFn: ({ signal }) => callApi(publicSiteApi.referenceLists, { signal }),
    staleTime: Infinity,
  });
}
