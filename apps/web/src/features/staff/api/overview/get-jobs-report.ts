import { staffApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** Background jobs, looked at again every 5 s while the page is open. */
export function useJobsReport() {
  return useQuery({
    queryKey: ['staff', 'jobs'],
    queryFn: ({ signal }) => callApi(staffApi.jobs, { signal }),
    refetchInterval: 5000,
  });
}
