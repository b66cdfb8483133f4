import { dataRightsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** Families' requests for erasure (decision 024; dataRightsApi in packages/shared). */
export function useDataRequests() {
  return useQuery({
    queryKey: ['staff', 'data-requests'],
    queryFn: ({ signal }) => callApi(dataRightsApi.list, { signal }),
  });
}
